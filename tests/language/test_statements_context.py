"""Homes and jobs shown in passing (language/statements_context), on lines written for this test."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.statements import Person, StatementReader
from polymem.language.statements_context import shown, trades

READER = StatementReader([Person("ines", ("Ines Varga", "Ines")), Person("olu", ("Olu Bankole", "Olu"))])


def _shown(text: str, attribute: str) -> str | None:
    st = shown(READER, parsed(READER.cased(text)), "ines", attribute, "x1")
    return st.value if st is not None else None


@pytest.mark.parametrize("text, attribute, value", [
    ("ugh, 6am start at the depot again, forklift driver problems", "job", "driver"),
    ("twelve fillings today, my dental nurse deserves a medal and so do I as the dentist", "job", "dentist"),
])
def test_a_trade_shown_in_passing_is_read(text: str, attribute: str, value: str) -> None:
    assert _shown(text, attribute) == value


@pytest.mark.parametrize("text, attribute", [
    ("my sister is a nurse in Leeds and loves it", "job"),  # somebody else's
    ("the plumber said the boiler is finished", "job"),  # a trade doing something
    ("is Olu still a plumber?", "job"),  # a question
    ("I'm not a nurse anymore, thank god", "job"),  # over
    ("we flew back from Rome last night, shattered", "city"),  # a place left on a trip
])
def test_what_is_not_the_speakers_present_state_is_not_read(text: str, attribute: str) -> None:
    assert _shown(text, attribute) is None


def test_a_trade_word_tagged_as_an_adjective_is_a_candidate() -> None:
    """The tagger takes "statistician" before "life" for an adjective; it is still a trade."""
    found = trades(READER, parsed("third spreadsheet of the evening, statistician life."))
    assert [value for _, value, _, _ in found] == ["statistician"]
