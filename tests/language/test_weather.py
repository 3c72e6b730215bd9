"""A place's weather said as news places the speaker there, weakly (weather.py); sentences in no data set."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Anouk Verbeek", "Anouk")), Person("p2", ("Dmitri Sokol", "Dmitri"))]


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def homes(reader: StatementReader, text: str) -> list[tuple[str, str, bool]]:
    return [(s.owner, s.value, s.weak) for s in reader.read(text, "p1", datetime(2026, 1, 9, 8), "m1")
            if s.attribute == "city"]


@pytest.mark.parametrize(("text", "place"), [
    ("Gdańsk is minus eleven and the trams are frozen", "Gdańsk"),
    ("evening all! Tromsø is -14, send soup", "Tromsø"),
    ("fyi Marseille is 27 degrees and I'm smug", "Marseille"),
    ("Galway is all drizzle again", "Galway"),
    ("Utrecht is rainy and dark, the usual", "Utrecht"),
])
def test_the_weather_reported_of_a_place_places_the_speaker_there(reader: StatementReader, text: str,
                                                                   place: str) -> None:
    assert homes(reader, text) == [("p1", place, True)]


@pytest.mark.parametrize("text", [
    "Utrecht is expensive, no wonder nobody moves there",   # a place judged, not its weather
    "Marseille is 2 hours away by train",                   # a number that is no temperature
    "my cousin says Marseille is 27 degrees",               # somebody else's weather
    "Marseille isn't rainy at all, it's a myth",            # denied
])
def test_a_place_judged_or_someone_elses_weather_places_nobody(reader: StatementReader, text: str) -> None:
    assert homes(reader, text) == []


@pytest.mark.parametrize("text", ["Seville is hot in August", "Cairo is always 40 degrees, no thanks",
                                  "Dubai is 45 degrees in summer apparently"])
def test_a_climate_is_known_from_anywhere(reader: StatementReader, text: str) -> None:
    assert homes(reader, text) == []
