"""The writer's opinions, forty-seventh pass: a member judged through what is theirs ("<member>'s deadlines are
optimistic"), and a member's news in a line that judges someone else by pronoun is no opinion of the member named.
Lines written for these tests (no data set's words, names or values)."""

from __future__ import annotations

import pytest

from polymem.ingest.writer.extract import Extractor
from polymem.ingest.writer.window import Window, WindowMessage
from polymem.schema.models import Participant

ROSTER = [Participant(id="ysella", name="Ysella Penzeth", aliases=["Ysella"]),
          Participant(id="tobiah", name="Tobiah Quillmarsh", aliases=["Tobiah"]),
          Participant(id="sefa", name="Sefa Brackwater", aliases=["Sefa"])]


def _opinions(speaker: str, text: str) -> list[tuple[str, str]]:
    ex = Extractor(Window(space="probe", messages=[], roster=ROSTER))
    return [(f.owner, f.value or "") for f in ex.facts(WindowMessage(id="x", text=text, speaker=speaker))
            if f.attribute == "opinion"]


@pytest.mark.parametrize(("text", "owner", "word"), [
    ("Just saying, Sefa's estimates are always wildly hopeful. March was a fantasy", "sefa", "hopeful"),
    ("honestly I prefer the slow build. Tobiah's code is the sturdiest part of the whole app", "tobiah", "sturdiest"),
])
def test_a_member_judged_through_what_is_theirs(text: str, owner: str, word: str) -> None:
    got = _opinions("ysella", text)
    assert [o for o, _ in got] == [owner] and word in got[0][1]


def test_news_of_a_member_is_no_opinion_of_them() -> None:
    text = "btw Sefa touched down in Olomouc on monday, she's on Central European time so don't ring her at dawn"
    assert _opinions("ysella", text) == []


def test_a_members_belonging_placed_is_no_opinion() -> None:
    assert _opinions("ysella", "Sefa's bike is in the shed") == []


def _promises(lines: list[tuple[str, str, list[str]]]) -> list[tuple[str, str]]:
    """(promiser, requester) of each promise the writer reads in lines of (speaker, text, reply_to)."""
    msgs = [WindowMessage(id=f"m{i}", text=t, speaker=s, reply_to=tuple(r)) for i, (s, t, r) in enumerate(lines)]
    ex = Extractor(Window(space="probe", messages=msgs, roster=ROSTER))
    return [(f.source, f.involves[0]) for m in msgs for f in ex.facts(m) if f.attribute == "promise"]


def test_a_member_steps_in_for_one_who_turned_the_request_down() -> None:
    got = _promises([("ysella", "other topic: the flood in the cellar. Tobiah, could you do a short summary of it?", []),
                     ("tobiah", "would be glad to but exams all week, cannot commit to anything, apologies", ["m0"]),
                     ("sefa", "no worries, I'll handle it. my pipe caused it anyway", [])])
    assert got == [("sefa", "ysella")]


def test_no_stepping_in_while_the_one_asked_has_not_turned_it_down() -> None:
    got = _promises([("ysella", "Tobiah, could you do a short summary of it?", []),
                     ("tobiah", "on the train, back later", ["m0"]),
                     ("sefa", "I'll do it", [])])
    assert got == []
