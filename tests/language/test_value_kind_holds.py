"""An answer holds the kind of value its question asks for, or it is no answer (sentences in no data set)."""

from __future__ import annotations

import pytest

from polymem.language.value_kind import asked_kind, holds


@pytest.mark.parametrize(("question", "answer", "ok"), [
    ("How much did the new kayak rack cost?", "Ines: the kayak rack finally arrived, it's in the shed", False),
    ("How much did the new kayak rack cost?", "Ines: rack was 85 quid in the end", True),
    ("How much did the new kayak rack cost?", "about forty euros", True),
    ("What price did the club settle on for membership?", "the boathouse by the weir", False),
    ("What price did the club settle on for membership?", "£12 a month", True),
    ("When is the regatta now?", "the boathouse by the weir", False),
    ("When is the regatta now?", "Saturday the 14th", True),
    ("What time does the minibus leave?", "Ola: the minibus leaves at 6.45am sharp", True),
    ("Where is the regatta now?", "the boathouse by the weir", True),  # a thing: nothing closed to check
    ("What did the club decide?", "anything at all", True),  # no kind asked
])
def test_an_answer_holds_the_asked_kind(question: str, answer: str, ok: bool) -> None:
    assert holds(asked_kind(question), answer) is ok


def test_a_count_is_not_answered_by_a_sum_of_money() -> None:
    from polymem.language.value_kind import answers

    assert not answers("How many guests came to the open day?", "£2,400")
    assert answers("How many guests came to the open day?", "about 120 guests")
    assert answers("how many euros each?", "€35 each")  # a count of money is a sum
    assert answers("How many nights is the stay?", "3 nights, $450")


def test_a_weekday_with_only_function_words_around_it_is_a_date() -> None:
    from polymem.language.value_kind import value_kind

    assert value_kind("saturday 10am from now on") == "date"
    assert value_kind("the first Monday of the month") == "date"
    assert value_kind("saturday brunch at the Anchor") == "thing"


def test_a_weekday_in_the_plural_holds_a_date() -> None:
    assert holds("date", "Ana: can we go back to saturdays like before")


def test_how_before_an_adjective_of_measure_asks_for_an_amount() -> None:
    from polymem.language.value_kind import answers, asked_kind

    assert asked_kind("How old is the tortoise?") == "amount"
    assert asked_kind("how far is the new flat from the station?") == "amount"
    assert asked_kind("How was the tortoise's trip to the vet?") is None  # a manner, no measure
    assert asked_kind("How big is the new flat?") is None  # answered by a word as often as a number ("tiny")
    assert not answers("How old is the tortoise?", "Ana: the tortoise hates the vet, never again")
    assert answers("How old is the tortoise?", "Ana: she turned sixty last spring, older than my gran")


def test_the_digits_of_a_date_are_no_amount() -> None:
    from polymem.language.value_kind import answers

    assert not answers("How much did the retreat cost?", "Bo: the retreat is now in Ghent, 14–16 October")
    assert answers("How much did the retreat cost?", "Bo: 1,900 euros all in, 14–16 October")


def test_a_name_owning_a_thing_does_not_say_where() -> None:
    from polymem.language.value_kind import compatible

    # "Ines's glass vase" is a vase, whoever made it; a name heading its phrase is a place's
    assert not compatible("place", "Ines's glass vase")
    assert compatible("place", "the Anchor") and compatible("place", "drinks at Casa Ruiz")
    assert compatible("place", "the boathouse at Kelling Pond")


@pytest.mark.parametrize(("value", "where"), [
    ("brygga", True),  # a name in lower case: no dictionary knows it
    ("the skelmor loop", True),  # a lower-case name naming its noun
    ("a campervan", False),  # "a" goes only with a common noun
    ("bbq", False),
    ("the spotify playlist", False),  # a made-up name on a noun of no place or thing made
])
def test_a_lower_case_name_can_say_where(value: str, where: bool) -> None:
    from polymem.language.value_kind import compatible

    assert compatible("place", value) is where


def test_a_month_matches_its_short_form() -> None:
    from polymem.retrieval.extract_base import coverage

    assert coverage(["october", "walk"], "locked: the ridge walk, sun 3 oct") == 1.0
    assert coverage(["october"], "the octopus stall") == 0.0


def test_a_counted_coinage_says_no_where() -> None:
    from polymem.language.value_kind import compatible

    assert not compatible("place", "the 9 seater")  # a coined common noun, counted
    from polymem.language.value_kind import placeish as _placeish

    assert _placeish("brygga, 7am sharp")  # the name's own phrase has no number
