"""A month is its name or its abbreviation, not a word that only starts like one: "Octavia", "Marchbank" and
"maybe" are no dates (a venue called so was read as a date and lost every "where" question)."""

from __future__ import annotations

import pytest

from polymem.language import timeexpr
from polymem.language.value_kind import value_kind


@pytest.mark.parametrize("word", ["Octavia", "Marchbank", "maybe", "Decimus", "Augusta"])
def test_a_word_that_starts_like_a_month_is_no_time(word: str) -> None:
    assert not timeexpr.is_time_word(word)
    assert value_kind(word) == "thing"


@pytest.mark.parametrize("value", ["March", "sept", "Sept.", "14 sept", "fri 14 nov", "the 5th of december"])
def test_months_and_their_abbreviations_still_are(value: str) -> None:
    assert value_kind(value) == "date"
