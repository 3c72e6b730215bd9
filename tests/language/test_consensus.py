"""Decisions made by assent: a proposal two other members agree to (replies written for this test, in no data set)."""

from __future__ import annotations

import pytest

from polymem.language.consensus import assents, concrete, objects, proposal_in_question
from polymem.language.decisions import DecisionTracker


@pytest.mark.parametrize("text", [
    "fine by me", "works for me!", "yep the 3rd works", "suits me", "sounds good to me", "that's very reasonable",
    "do it", "go for it", "I'm in", "same here", "no objection from me", "okkk", "perfect",
])
def test_short_replies_that_assent(text: str) -> None:
    assert assents(text) and not objects(text)


@pytest.mark.parametrize("text", [
    "nope, can't do that weekend", "not for me tbh", "I can't make the 3rd",
])
def test_short_replies_that_turn_it_down(text: str) -> None:
    assert objects(text) and not assents(text)


@pytest.mark.parametrize("text", ["no worries", "I don't mind", "can't wait!"])
def test_a_negated_objection_is_no_refusal(text: str) -> None:
    assert not objects(text)


@pytest.mark.parametrize("text", [
    "I work at the garden centre", "the soup was good", "is that ok?", "ok so the boiler guy never showed up and now "
    "the whole flat is freezing and I have a meeting at nine", "haha", "the works on the bridge are loud",
    "good morning", "good luck!", "perfect timing", "the heating finally works", "need suits for the wedding",
    "sounds good but I can't do friday", "sooo tired",
])
def test_other_lines_neither_assent_nor_object(text: str) -> None:
    assert not assents(text)


@pytest.mark.parametrize(("text", "value"), [
    ("should we go for the boathouse?", "the boathouse"),
    ("would anyone mind bumping the kitty up to £40?", "£40"),
    ("could we push it to the 19th?", "the 19th"),
    ("i was thinking sat 4 to mon 6 october?", "sat 4 to mon 6 october"),
    ("can we talk tomorrow?", None),
    ("is your flight on 12 June?", None),  # asked of the listener
    ("did you move the car to the garage?", None),
    ("what time is it?", None),
])
def test_the_value_a_question_puts_forward(text: str, value: str | None) -> None:
    assert (proposal_in_question(text) or (None,))[0] == value


def test_an_option_is_more_than_a_word_for_the_matter() -> None:
    assert concrete("the boathouse") and concrete("£40") and concrete("Thursdays") and concrete("Ravenhill")
    assert not concrete("budget") and not concrete("the amount") and not concrete("a question")


def _decide(lines: list[tuple[str, str]]) -> list[tuple[str, str, list[str]]]:
    t = DecisionTracker()
    return [(d.value, d.message_id, d.support) for i, (who, text) in enumerate(lines)
            for d in t.feed(text, f"m{i}", who, None)]


def test_a_proposal_two_others_assent_to_is_decided_at_the_second_assent() -> None:
    lines = [("ana", "right, the allotment party. should we go for the boathouse?"),
             ("bo", "fine by me"),
             ("ana", "great"),  # the proposer's own word counts for nothing
             ("cy", "works for me!")]
    assert _decide(lines) == [("the boathouse", "m3", ["m0", "m1"])]
    assert _decide(lines[:3]) == []  # one assent is not yet the group's


def test_a_refusal_before_the_second_assent_leaves_it_open() -> None:
    assert _decide([("ana", "should we go for the boathouse?"), ("bo", "fine by me"),
                    ("cy", "nope, can't do the boathouse, it's miles away"), ("dee", "sounds good")]) == []


def test_a_later_proposal_agreed_on_changes_the_earlier_decision() -> None:
    t = DecisionTracker()
    lines = [("ana", "would anyone mind setting the kitty at £30?"), ("bo", "suits me"), ("cy", "same here"),
             ("dee", "flights went up, could we bump the kitty to £45?"), ("bo", "yep fine"), ("ana", "do it")]
    out = [(d.value, d.reverses) for i, (who, text) in enumerate(lines) for d in t.feed(text, f"m{i}", who, None)]
    assert out == [("£30", None), ("£45", "£30")]


def test_a_yes_on_a_condition_decides_nothing() -> None:
    """"works if ...", "fine unless ...": a condition, not yet a yes (nor an approval naming the option)."""
    from polymem.language.consensus import _approves_named, assents
    from polymem.language.decisions import DecisionTracker

    assert not assents("works if my shift swap goes through")
    assert not assents("fine by me unless it rains")
    assert not _approves_named("the 19th works only if we start after six", "the 19th")
    assert assents("works for me")  # (the plain yes still counts)
    tr = DecisionTracker()
    lines = [("ana", "we could do the 19th"), ("ben", "the 19th works if my shift swap goes through"),
             ("cal", "the 19th works only if we start after six")]
    got = [d.value for n, (who, text) in enumerate(lines) for d in tr.feed(text, f"x{n}", who, None)]
    assert got == []
