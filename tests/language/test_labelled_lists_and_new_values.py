"""Decisions read in the forty-seventh pass: a plan fixed under a progressive label ("locking it: ...") or closed
by "done:" with a list of values, a value said to be "the new <matter>", and a matter never named after a noun
that only dates the talk ("after the launch"). Lines written for these tests (no data set's words, names or
values)."""

from __future__ import annotations

import pytest

from polymem.language.chains import Chain
from polymem.language.decisions import DecisionTracker


def _decide(lines: list[tuple[str, str]]) -> list[tuple[str, str | None, str]]:
    """(value, the value it reverses, its chain's matter) for each decision the lines make."""
    t = DecisionTracker()
    out = []
    for i, (who, text) in enumerate(lines):
        for d in t.feed(text, f"m{i}", who, None):
            out.append((d.value, d.reverses, t.chain_of(d).topic))
    return out


def test_a_plan_locked_under_a_progressive_label() -> None:
    got = _decide([("ott", "kitty: thinking €900 total for the cabin and food. sane?"),
                   ("ott", "ok €900, travel capped at 200 each. locking it: Ysella, June 8-11, €900")])
    assert [v for v, _, _ in got] == ["Ysella, June 8-11, €900"]


def test_done_closes_a_listed_plan_not_a_task() -> None:
    got = _decide([("ott", "locking it: Ysella, June 8-11, €900"),
                   ("sefa", "done: Jihlava, June 15-18, €600. updating the doc")])
    assert [v for v, _, _ in got] == ["Ysella, June 8-11, €900", "Jihlava, June 15-18, €600"]
    assert _decide([("sefa", "done: sent the invoices to the printer")]) == []


def test_a_value_said_to_be_the_new_one_of_a_matter() -> None:
    got = _decide([("ott", "ugh fair. ok, €600 is the new retreat budget, we figure out the rest")])
    assert [(v, m) for v, _, m in got] == [("€600", "retreat budget")]
    got = _decide([("sefa", "Thursday is the new quiz night")])
    assert [(v, m) for v, _, m in got] == [("Thursday", "quiz night")]


@pytest.mark.parametrize("line", ["is Friday the new quiz night?", "Thursday is not the new quiz night"])
def test_no_new_value_asked_or_denied(line: str) -> None:
    assert _decide([("sefa", line)]) == []


def test_a_noun_that_only_dates_the_talk_names_no_matter() -> None:
    c = Chain("", context="dates: June 8-11? after launch, before the summer holidays. June 8-11 works")
    assert "launch" not in c.keywords()


def test_an_animal_named_in_the_talk_is_no_group_decision() -> None:
    talk = [("ott", "about Quillmarsh: the free version limits you. I suggest Brackwater, it's free and works offline"),
            ("sefa", "brackwater is good"), ("tobiah", "ok we switch to Brackwater, I'll make the group"),
            ("ott", "also, unrelated, a kitten has adopted me. grey tabby. she needs a name. my vote: Pellham"),
            ("sefa", "that's too long for a kitten, call her Tansy"), ("tobiah", "Tansy +1"),
            ("ott", "ok ok Tansy it is. Pellham can be a bun instead")]
    assert [v for v, _, _ in _decide(talk)] == ["Brackwater"]
    assert [v for v, _, _ in _decide([("ott", "the pub for friday? ok ok the Pellham Arms it is")])] == [
        "the Pellham Arms"]


def test_dates_asked_after_an_abbreviation_stop() -> None:
    from polymem.language.consensus import proposal_in_question

    text = ("other thing: new post starts March 3 and I'm on probation till the end of June, no leave in the first "
            "half of Sept. could we do Sept 19-27 instead?")
    assert proposal_in_question(text) == ("Sept 19-27", None)
