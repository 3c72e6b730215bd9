"""Homes and jobs merely named in a person's lines (language/statements_context.passing, workplaces): the last
resort of questions about what held before. Lines written for this test."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.statements import Person, StatementReader
from polymem.language.statements_context import passing, workplaces

READER = StatementReader([Person("ines", ("Ines Varga", "Ines")), Person("olu", ("Olu Bankole", "Olu"))])


def _values(text: str, attribute: str) -> list[str]:
    return [f[1] for f in passing(READER, parsed(READER.cased(text)), attribute, text)]


@pytest.mark.parametrize("text, attribute, value", [
    ("finally off shift at the tannery, my hands are purple", "job", "tannery"),  # a place of work, by WordNet
    ("long double at zorbati tonight, 180 covers and the fryer died", "job", "zorbati"),  # a firm, lower case
    ("still invoicing Quellmark three days a week, the rest is my own stuff", "job", None),  # no preposition
    ("rain over bergen again, third week running", "city", "Bergen"),  # lower-case chat
    ("Dunedin never looked so grey", "city", "Dunedin"),  # the negation is about the place, not the speaker
])
def test_a_value_named_in_passing_is_a_candidate(text: str, attribute: str, value: str | None) -> None:
    got = [v.lower() for v in _values(text, attribute)]
    if value is None:
        assert got == []
    else:
        assert value.lower() in got


@pytest.mark.parametrize("text, attribute, value", [
    ("I never lived in Dunedin, only visited", "city", "Dunedin"),  # negated
    ("nice work everyone, see you thursday", "city", "Nice"),  # an everyday word in lower case
    ("Nice! that is brilliant news", "city", "Nice"),  # an everyday word opening its sentence
    ("is Olu still at the tannery?", "job", "tannery"),  # a question
    ("whistling the Gardeners theme tune all day", "job", "gardener"),  # a trade word written as a name
    ("is that near Kraków? my flat is in Leith", "job", "Leith"),  # a name after "in" is a place, not a firm
])
def test_what_is_no_candidate_is_not_read(text: str, attribute: str, value: str) -> None:
    assert value.lower() not in [v.lower() for v in _values(text, attribute)]


def test_a_firm_is_read_with_the_words_of_its_name() -> None:
    doc = parsed(READER.cased("six years on the wards at the Ashgrove General, time for a change"))
    assert "Ashgrove General" in [f[1] for f in workplaces(READER, doc)]


@pytest.mark.parametrize("text, attribute", [
    ("Olu's moved to Dunedin by the way, helped him carry the sofa", "city"),
    ("Piet has moved to Dunedin, helped him carry the sofa", "city"),  # a name the roster does not know
    ("my cousin just moved to Dunedin, she loves it", "city"),  # a person by a noun
    ("she works at the tannery now, loves it", "job"),
])
def test_another_persons_home_or_job_is_not_the_speakers(text: str, attribute: str) -> None:
    assert _values(text, attribute) == []


def test_an_adjective_is_no_trade() -> None:
    assert _values("Valletta is lovely but the ferry takes all day", "job") == []



@pytest.mark.parametrize("text, trade", [
    ("marked forty essays and taught two double periods, wrecked", "teacher"),  # the work done, by the speaker
    ("three night shifts in a row on porter shifts again", "porter"),  # a person noun before a stint of work
    ("eleven years as a physio, time for something new", "physio"),  # a clipped trade in a role's place
])
def test_a_trade_shown_by_the_work_done_is_a_candidate(text: str, trade: str) -> None:
    assert trade in _values(text, "job")


def test_work_done_by_someone_else_is_no_trade_of_the_speakers() -> None:
    assert "teacher" not in _values("my brother teaches maths at the big school", "job")
