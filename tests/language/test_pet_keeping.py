"""Who keeps a particular animal now (language/pet_keeping.py): the questions that ask it, and the lines that
hand an animal to someone (sentences written for these tests)."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.pet_keeping import asks_keeper, keeper_in


@pytest.mark.parametrize("question", [
    "who is minding Oksana's iguana this month?",
    "Who is looking after Dariusz's ferrets while he's in Chile?",
    "Who has Pimpernel the hedgehog now?",
    "where does Oksana's tortoise live these days?",
    "what became of Dariusz's goldfish when he moved?",
    "What happened to Oksana's rabbit after the move?",
])
def test_questions_about_who_has_an_animal_now(question: str) -> None:
    assert asks_keeper(parsed(question)), question


@pytest.mark.parametrize("question", [
    "who has a dog?",                        # any member's animal of a kind: a keeper of a kind, not of one animal
    "Does anyone keep chickens?",
    "What's the name of Oksana's iguana?",
    "What kind of animal is Pimpernel?",
    "who is looking after the budget?",      # no animal
])
def test_other_questions_are_not(question: str) -> None:
    assert not asks_keeper(parsed(question)), question


@pytest.mark.parametrize(("line", "keeper"), [
    ("the new landlord says no pets, so Pimpernel is going to live with my brother in Gdańsk", "Iga's brother in Gdańsk"),
    ("Pimpernel stays with my flatmate while I'm travelling", "Iga's flatmate"),
    ("my aunt in Poznań took the hedgehog, she has a garden", "Iga's aunt in Poznań"),
    ("the lad next door is looking after Pimpernel this week", "the lad next door"),
])
def test_a_line_that_hands_the_animal_to_someone(line: str, keeper: str) -> None:
    assert keeper_in(parsed(line), {"pimpernel", "hedgehog"}, "Iga") == keeper


@pytest.mark.parametrize("line", [
    "I took Pimpernel to the vet on monday",      # carrying it somewhere
    "Pimpernel sleeps on my bed all day",
    "my brother didn't take the hedgehog in the end",
])
def test_lines_that_hand_it_to_nobody(line: str) -> None:
    assert keeper_in(parsed(line), {"pimpernel", "hedgehog"}, "Iga") is None


def test_a_persons_name_that_is_also_an_animal_is_no_animal() -> None:
    # "mara" is a rodent to WordNet; "Mara" is a person
    assert not asks_keeper(parsed("Where does Mara live now?"))


def test_a_request_about_an_animal_is_no_question_of_its_keeper() -> None:
    assert not asks_keeper(parsed("Who asked Oksana to look after the iguana?"))
    assert not asks_keeper(parsed("who told Dariusz to feed the ferrets?"))
    assert not asks_keeper(parsed("who volunteered to mind Dariusz's ferrets?"))
    assert asks_keeper(parsed("who is going to look after Dariusz's ferrets?"))


def test_yes_no_questions() -> None:
    from polymem.language.pet_keeping import polar

    assert polar(parsed("does Dariusz have a ferret??")) and polar(parsed("Oksana keeps goats, right?"))
    assert not polar(parsed("what animal does Dariusz have?"))


@pytest.mark.parametrize(("line", "kind", "keeper"), [
    ("My lodger's python got out again last night", "python", "Iga's lodger"),
    ("the farmer up the lane keeps alpacas and they stare at me", "alpaca", "the farmer up the lane"),
    ("my python got out again", "python", None),
])
def test_whose_an_animal_of_a_kind_is(line: str, kind: str, keeper: str | None) -> None:
    from polymem.language.pet_keeping import kind_keeper_in

    assert kind_keeper_in(parsed(line), kind, "Iga") == keeper
