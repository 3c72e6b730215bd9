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
    got = _decide([("ott", "kitty: maybe €900 all in for the chalet and meals. ok?"),
                   ("ott", "right €900, trains up to 200 each. locking it: Ysella, June 8-11, €900")])
    assert [v for v, _, _ in got] == ["Ysella, June 8-11, €900"]


def test_done_closes_a_listed_plan_not_a_task() -> None:
    got = _decide([("ott", "locking it: Ysella, June 8-11, €900"),
                   ("sefa", "done: Jihlava, June 15-18, €600. updating the doc")])
    assert [v for v, _, _ in got] == ["Ysella, June 8-11, €900", "Jihlava, June 15-18, €600"]
    assert _decide([("sefa", "done: sent the invoices to the printer")]) == []


def test_a_value_said_to_be_the_new_one_of_a_matter() -> None:
    got = _decide([("ott", "hm fair. ok, €600 is the new retreat budget, we will manage")])
    assert [(v, m) for v, _, m in got] == [("€600", "retreat budget")]
    got = _decide([("sefa", "Thursday is the new quiz night")])
    assert [(v, m) for v, _, m in got] == [("Thursday", "quiz night")]


@pytest.mark.parametrize("line", ["is Friday the new quiz night?", "Thursday is not the new quiz night"])
def test_no_new_value_asked_or_denied(line: str) -> None:
    assert _decide([("sefa", line)]) == []


def test_a_noun_that_only_dates_the_talk_names_no_matter() -> None:
    c = Chain("", context="dates: June 8-11? after the audit, before the school break. June 8-11 fine")
    assert "audit" not in c.keywords()


def test_an_animal_named_in_the_talk_is_no_group_decision() -> None:
    talk = [("ott", "re Quillmarsh: the free tier caps you. I suggest Brackwater, no cost and no signal needed"),
            ("sefa", "brackwater is good"), ("tobiah", "fine, we go over to Brackwater, I'll set it up"),
            ("ott", "also a stray kitten moved in with me, ginger, nameless so far. my pick: Pellham"),
            ("sefa", "too grand for such a tiny thing, call her Tansy"), ("tobiah", "Tansy +1"),
            ("ott", "ok ok Tansy it is. Pellham can be a boat one day")]
    assert [v for v, _, _ in _decide(talk)] == ["Brackwater"]
    assert [v for v, _, _ in _decide([("ott", "the pub for friday? ok ok the Pellham Arms it is")])] == [
        "the Pellham Arms"]


def test_dates_asked_after_an_abbreviation_stop() -> None:
    from polymem.language.consensus import proposal_in_question

    text = ("also my new post begins March 3 with a trial period to June, no holidays allowed in the early part "
            "of Sept. could we do Oct 3-9 instead?")
    assert proposal_in_question(text) == ("Oct 3-9", None)
