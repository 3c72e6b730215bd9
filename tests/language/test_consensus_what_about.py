"""A proposal made with "what about X" or "how about X" whatever its punctuation, settled when two others assent.
Sentences written for these tests."""

from __future__ import annotations

from polymem.language import consensus
from polymem.language.decisions import DecisionTracker


def test_what_about_without_a_question_mark_puts_a_thing_forward() -> None:
    assert consensus.proposal_in_question("what about northern lights. sounds cold but pretty") == \
        ("northern lights", None)
    assert consensus.proposal_in_question("how about the corn exchange") == ("the corn exchange", None)
    for text in ("what about you", "what about the caretaker", "what about tomorrow, are you free"):
        assert consensus.proposal_in_question(text) is None, text


def test_a_name_put_forward_that_way_is_settled_by_two_assents() -> None:
    tr = DecisionTracker()
    lines = ["the jam needs a new name, someone took ours", "what about midnight rambler. sounds a bit wild",
             "ooh midnight rambler is great", "midnight rambler, agreed"]
    out = [[d.value for d in tr.feed(t, f"x{i}", f"p{i}", None)] for i, t in enumerate(lines)]
    assert out[3] and "midnight rambler" in out[3][0].lower()


def test_a_concern_pointed_to_is_no_option() -> None:
    for text in ("what about the wasps", "what about food tho", "what about the weather"):
        assert consensus.proposal_in_question(text) is None, text
    assert consensus.proposal_in_question("how about the Rose and Crown") == ("the Rose and Crown", None)
