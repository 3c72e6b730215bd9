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


def test_a_decision_date_is_a_month_not_a_word_starting_like_one() -> None:
    from polymem.retrieval.values import DATE

    assert DATE.findall("Marsh Lane 4 it is, Octavia 2 was full") == []
    assert DATE.findall("moved to Sept 14, then 3rd of March") == ["Sept 14", "3rd of March"]


def test_a_span_takes_a_weekday_by_its_name_not_a_word_starting_like_one() -> None:
    assert timeexpr.date_span("the friends 3 June") == "3 June"
    assert timeexpr.date_span("Thurs 4 to sat 6 June") == "Thurs 4 to sat 6 June"
