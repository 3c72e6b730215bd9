"""Where a member lives, said the way chat introductions say it: with the "I" dropped ("live in Dundee, work
in Perth"), after a bare role the parser takes for the subject ("tram driver at the depot, live in Dundee"), or
as "<place> based". Someone else's place stays theirs. Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bob", ("Bob Jones", "Bob"))]


def _homes(text: str) -> list[tuple[str, str]]:
    r = StatementReader(ROSTER)
    return [(s.owner, s.value) for s in r.read(text, "ann", datetime(2026, 1, 1), "m1", last_other="bob")
            if s.attribute == "city" and s.tense != "past"]


def test_a_home_with_the_i_dropped() -> None:
    assert ("ann", "Dundee") in _homes("live in dundee, work in perth")
    assert ("ann", "Dundee") in _homes("tram driver at the depot in perth, live in dundee. bikes forever")


def test_a_place_before_based_is_the_speakers() -> None:
    assert ("ann", "Dundee") in _homes("ann here, dundee based, sound engineer")
    assert ("ann", "Dundee") in _homes("Dundee-based illustrator here, hi all")


def test_someone_elses_base_is_not_the_speakers_home() -> None:
    assert _homes("my sister is dundee based") == []
    assert _homes("bob's dundee based now") == []
    assert _homes("we hired a Dundee-based company for the sound") == []
