"""A pet's name is no letter alone, no calendar word and no word for a message: chat capitalises those at a
sentence's start far more often than it names an animal so. Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language import lexical as lex
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bo", ("Bo Lindgren", "Bo"))]


def _pets(text: str) -> list[tuple[str, str, str]]:
    r = StatementReader(ROSTER)
    return [(s.owner, s.value, s.name) for s in r.read(text, "ann", datetime(2026, 1, 1), "m1") if s.attribute == "pet"]


def test_which_words_could_name_an_animal() -> None:
    assert [lex.could_name_animal(w) for w in ("Pepper", "Mr Whiskers", "Echo")] == [True, True, True]
    assert [lex.could_name_animal(w) for w in ("Update", "Friday", "Easter", "Q")] == [False, False, False, False]


def test_a_calendar_word_or_a_message_word_opening_a_line_names_no_pet() -> None:
    assert not any(name == "News" for _, _, name in _pets("News died last night, my old goldfish"))
    assert not any(name == "Update" for _, _, name in _pets("Update: died this morning, the old goldfish. gutted"))
