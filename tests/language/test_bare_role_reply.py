"""A one-word line is a trade said only when the word names a person first ("upholsterer."), not a one-word
reply whose person sense is a late one ("classic", WordNet's 3rd sense an artist) (wording of no data set)."""

from __future__ import annotations

import pytest

from polymem.language.statement_types import Person
from polymem.language.statements import StatementReader

READER = StatementReader([Person("ott", ("Ottilie",))])


def _jobs(text: str) -> list[str]:
    return [s.value for s in READER.read(text, "ott") if s.attribute == "job"]


@pytest.mark.parametrize("text", ["classic", "Classic!!"])
def test_a_one_word_reply_is_no_trade(text: str) -> None:
    assert _jobs(text) == []


def test_a_one_word_trade_still_is() -> None:
    assert _jobs("upholsterer.") == ["upholsterer"]
