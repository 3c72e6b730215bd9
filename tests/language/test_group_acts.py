"""The group act a line performs (language.group.read): proposals however the parser hangs "how about", and no
group decision where the line only says when people are paid. Sentences written for these tests."""

from __future__ import annotations

import pytest

from polymem.language import group


@pytest.mark.parametrize("text,value", [
    ("how about thursday night this time, everyone gets paid on thursdays", "thursday night"),
    ("How about the lighthouse for the walk?", "the lighthouse"),
    ("what about the quarry, it has shade", "the quarry"),
])
def test_how_about_is_a_proposal(text: str, value: str) -> None:
    acts = [(a.act, a.value) for a in group.read(text)]
    assert acts and acts[0][0] == "proposal" and acts[0][1].lower().startswith(value), acts


def test_what_a_member_is_now_is_their_news_not_a_group_decision() -> None:
    from polymem.language.group import member_news

    def member(w: str) -> bool:
        return w.lower() in ("bryn", "brynny")

    assert member_news("update: brynny is officially a Swansea boy now", member)
    assert not member_news("Bryn booked it, the boathouse for the party", member)  # acting for the group
    assert not member_news("the party is at the boathouse now", member)


def test_a_plural_name_read_as_a_matter_is_still_a_member() -> None:
    from polymem.retrieval.decisions import assigned_chains

    # the parser lemmatises "jakes" as "jake": the matter is still the member called Jakes
    msgs = [{"id": "m1", "text": "update: jakes is officially a Swansea boy now", "time": None, "seq": 1}]
    assert assigned_chains(msgs, ["jake"], {"Jakes"}) == []
    assert assigned_chains(msgs, ["jake"], {"Bryn"}) != []  # (not a member: the assertion is read)
