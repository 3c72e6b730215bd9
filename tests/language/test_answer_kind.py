"""What kind of thing a question asks for, and whether a message holds one (sentences in no data set)."""

from __future__ import annotations

import pytest

from polymem.language.answer_kind import Focus, asked_focus, holds
from polymem.language.models import parsed

MEMBERS = {"hedda", "ruaridh"}


def _holds(question: str, message: str) -> bool:
    focus = asked_focus(parsed(question))
    assert focus is not None, question
    asked = {w for t in parsed(question) for w in (t.lower_, t.lemma_.lower())}
    return holds(focus, parsed(message), asked, lambda w: w.lower() in MEMBERS)


@pytest.mark.parametrize(("question", "focus"), [
    ("Which ferry company did Hedda sail with?", Focus("company", True)),
    ("What's the name of the bakery Hedda runs?", Focus("bakery", True)),
    ("what breed is the puppy?", Focus("breed", False)),
    ("What kind of tree did they plant?", Focus("tree", False)),
    ("What colour scheme did they go for?", Focus("colour_scheme", False)),
])
def test_the_asked_noun(question: str, focus: Focus) -> None:
    assert asked_focus(parsed(question)) == focus


def test_a_name_asked_is_answered_by_a_name() -> None:
    focus = asked_focus(parsed("what's ruaridh's middle name"))
    assert focus is not None and focus.named


@pytest.mark.parametrize("question", [
    "Who booked the ferry?",  # a person
    "What time does the ferry leave?",  # a time
    "What did Hedda think of the ferry?",  # no noun asked
    "Which one did they pick?",  # a light noun
])
def test_questions_that_ask_for_no_kind_of_thing(question: str) -> None:
    assert asked_focus(parsed(question)) is None


def test_a_named_kind_is_answered_by_a_name_not_a_member_or_a_place() -> None:
    q = "Which ferry company did Hedda sail with?"
    assert _holds(q, "went with Northlink in the end, calm crossing")
    assert not _holds(q, "the ferry to Orkney was rough, Hedda was green")  # a place, a member: no company
    assert not _holds(q, "the ferry company lost my bag")  # the asked noun itself, unspecified
    assert _holds("Which gate does the coach leave from?", "coaches go from gate 9 now")  # a number names it


def test_a_kind_of_animal_answers_a_breed() -> None:
    assert _holds("what breed is the puppy?", "she's a beagle, obviously, look at those ears")
    assert _holds("what breed is the puppy?", "typical sprocker behaviour tbh")  # a word no dictionary has
    assert not _holds("what breed is the puppy?", "the puppy chewed my shoe again")
    assert not _holds("what breed is the puppy?", "the puppy may have eaten one")  # a number is no breed


def test_a_role_any_thing_can_fill_is_not_checked() -> None:
    # "what gift", "what colour scheme", "her view": WordNet's kinds do not say what may fill them
    assert _holds("What gift did they settle on?", "the framed map of the valley, final answer")
    assert _holds("What colour scheme did they go for?", "the colour scheme is still being argued about")
    assert _holds("what's the name of ruaridh's ferret", "introducing... crumble")  # chat names animals anyhow


@pytest.mark.parametrize(("value", "noun", "holds"), [
    ("dark olive", "colour", True),  # the British spelling has the senses of "color"
    ("crimson", "color", True),
    ("the mock-up in the shared folder", "colour", False),
    ("a minibus from the depot", "transport", True),
])
def test_a_value_names_a_thing_of_the_asked_kind(value: str, noun: str, holds: bool) -> None:
    from polymem.language.answer_kind import names_kind

    assert names_kind(value, noun) is holds
