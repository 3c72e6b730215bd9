"""A home in the plain future is a move already settled ("from Friday I'll be living in Haugesund"), read like
"we're moving to X"; not one under a condition, denied, or asked (wording of no data set)."""

from __future__ import annotations

import pytest

from tests.language.reads import owned


@pytest.mark.parametrize(("text", "home"), [
    ("van's booked, so from Friday I'll be living in Haugesund", ("ott", "Haugesund")),
    ("we will live in Haugesund from May", ("ott", "Haugesund")),
    ("Sefa will be living in Haugesund after the summer", ("sefa", "Haugesund")),
])
def test_a_home_in_the_plain_future_is_a_move(text: str, home: tuple[str, str]) -> None:
    assert owned(text, "city") == [home]


@pytest.mark.parametrize("text", [
    "if the offer comes through I'll be living in Haugesund",
    "I'll never live in Haugesund",
    "will you be living in Haugesund?",
    "I'll stay in Haugesund for the weekend",
])
def test_a_home_wished_denied_asked_or_a_short_stay_is_no_move(text: str) -> None:
    assert owned(text, "city") == []
