"""A choice stated while asking the others to confirm it, what a matter is said to be right after the word that
settles it, and a value turned down with "no": read from the parse, on sentences written for this test (no data
set's words, names or values)."""

from __future__ import annotations

from polymem.language.decision_clauses import turned_down
from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed


def _run(lines: list[str]) -> tuple[DecisionTracker, list[list[tuple[str | None, str, str | None]]]]:
    tr = DecisionTracker()
    out = []
    for i, text in enumerate(lines):
        out.append([(d.topic, d.value, d.reverses) for d in tr.feed(text, f"y{i}", "someone", None)])
    return tr, out


def test_a_choice_stated_after_a_question_of_confirming_it_is_decided() -> None:
    # (the sentence splitter joins "No trouble, Dad. Settled then?" into one sentence)
    _, out = _run(["No trouble, Dad. Settled then? Ghent, 4 October"])
    assert out[0] and out[0][0][1] == "Ghent, 4 October"


def test_an_open_question_still_decides_nothing() -> None:
    _, out = _run(["Settled then? Or should we wait for Ines to reply?", "are we going with Ghent?"])
    assert out == [[], []]


def test_what_a_matter_is_said_to_be_after_the_settling_word_is_its_whole_value() -> None:
    tr, out = _run([
        "Agreed: Ghent, 4 October.",
        "Right, final: no Ghent. Grandad's 90th is a barge lunch on the canal out of Bruges, 11 October",
    ])
    assert out[1] and out[1][0][1] == "a barge lunch on the canal out of Bruges, 11 October"
    assert out[1][0][2] == "Ghent, 4 October"  # it overturns the first choice: one matter, two versions
    assert [[d.value for d in c.decisions] for c in tr.chains] == [
        ["Ghent, 4 October", "a barge lunch on the canal out of Bruges, 11 October"]]


def test_what_is_turned_down_with_no_is_named_without_it() -> None:
    assert [v for v, _ in turned_down(parsed("Fine, no Ghent then."))] == ["Ghent"]
    assert [v for v, _ in turned_down(parsed("ok so no barge, the weather looks awful"))] == ["barge"]


def test_the_day_a_change_starts_from_is_not_the_day_settled_on() -> None:
    _, out = _run(["right, choir practice moves to thursdays from 3 March. sorry Ines"])
    assert out[0] and out[0][0][1] == "thursdays"
    _, out = _run(["decided: the quiz is at the Otter Lounge from 3 March"])  # a place keeps the date it starts on
    assert out[0] and "3 March" in out[0][0][1]


def test_a_person_asked_after_a_question_of_deciding_is_no_choice() -> None:
    _, out = _run(["Settled then? Ines, your call", "Agreed? Bram, thoughts"])
    assert out == [[], []]


def test_a_judgement_of_the_occasion_is_no_value_and_repeated_no_is_stripped() -> None:
    _, out = _run(["Agreed: Ghent, 4 October.", "Right, final: no Ghent. Grandad's 90th is a headache to organise"])
    assert out[1] == []
    assert [v for v, _ in turned_down(parsed("no no no Ghent."))] == ["Ghent"]
