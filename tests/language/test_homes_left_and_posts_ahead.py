"""Homes and posts said in passing: getting home on a day ("back home in X friday"), a dwelling placed by a landmark
("a flat above the chemist in X"), the town of a home moved out of (past), and a post one is going to take ("I'm
going to be a glassblower at X"). Wording of no data set."""

from __future__ import annotations

import pytest

from tests.language.reads import READER, owned


def _read(text: str, attribute: str) -> list[tuple[str, str]]:
    return [(s.value, s.tense) for s in READER.read(text, "ott") if s.attribute == attribute]


@pytest.mark.parametrize("text", [
    "night shifts at the depot til wed, back home in Olomouc friday",
    "ok back home in Olomouc on sunday",
])
def test_getting_home_on_a_day_says_where_home_is(text: str) -> None:
    assert owned(text, "city") == [("ott", "Olomouc")]


def test_a_trip_on_a_day_is_still_no_home() -> None:
    assert owned("in Olomouc on friday for a conference", "city") == []


def test_a_dwelling_placed_by_a_landmark_is_in_the_landmarks_town() -> None:
    assert _read("got a flat above the chemist in Olomouc with my cousin", "city") == [("Olomouc", "present")]


def test_the_town_of_a_home_moved_out_of_is_the_old_one() -> None:
    assert _read("finally moved out of my aunt's place in Jihlava", "city") == [("Jihlava", "past")]
    assert _read("moved out to Jihlava last year", "city") == [("Jihlava", "present")]


@pytest.mark.parametrize(("text", "post"), [
    ("I'm going to be a glassblower at the Varnholt shipyard", "glassblower at the Varnholt shipyard"),
    ("so I'm going to be an upholsterer, start in May", "upholsterer"),
])
def test_a_post_one_is_going_to_take(text: str, post: str) -> None:
    assert owned(text, "job") == [("ott", post)]


@pytest.mark.parametrize("text", ["I'm going to be a nervous wreck", "it's going to be a long day"])
def test_going_to_be_something_else_is_no_post(text: str) -> None:
    assert owned(text, "job") == []
