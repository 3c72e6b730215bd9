"""One reader for the statement tests written in the twenty-sixth pass (two members, Ottilie and Sefa)."""

from __future__ import annotations

from polymem.language.statement_types import Person
from polymem.language.statements import StatementReader

READER = StatementReader([Person("ott", ("Ottilie",)), Person("sefa", ("Sefa",))])


def values(text: str, attribute: str, speaker: str = "ott") -> list[str]:
    """The values of `attribute` read from a line of `speaker`'s."""
    return [s.value for s in READER.read(text, speaker) if s.attribute == attribute]


def owned(text: str, attribute: str, speaker: str = "ott") -> list[tuple[str, str]]:
    """(owner, value) of `attribute` read from a line of `speaker`'s."""
    return [(s.owner, s.value) for s in READER.read(text, speaker) if s.attribute == attribute]
