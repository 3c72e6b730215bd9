"""States told in the simple past, or said to have ended, are over: homes lived in and jobs held before
(syntax.simple_past, statements_clause, statements_job.self_role). The rules alone (no reading by meaning);
sentences written for these tests, in no data set."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Marisol Quenby", "Marisol")), Person("p2", ("Dov Achterberg", "Dov"))]
NOW = datetime(2026, 7, 14, 20, 0)


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER, by_meaning=False)


def read(reader: StatementReader, text: str, attribute: str) -> set[tuple[str, str, str]]:
    return {(s.owner, s.value, s.tense) for s in reader.read(text, "p1", NOW, "m1") if s.attribute == attribute}


@pytest.mark.parametrize(("text", "value"), [
    ("I lived in Tampere for six years, never again", "Tampere"),
    ("back when I lived in Ballarat we swam every arvo", "Ballarat"),
    ("we were in Tampere till 2019, then my dad got transferred", "Tampere"),
    ("Tampere was home till the rent doubled. we're out", "Tampere"),
])
def test_home_in_the_simple_past_is_one_lived_in_before(reader: StatementReader, text: str, value: str) -> None:
    assert ("p1", value, "past") in read(reader, text, "city")


@pytest.mark.parametrize(("text", "value"), [
    ("we moved to Tampere in March", "Tampere"),  # a move in the past: the home now
    ("I live in Tampere now", "Tampere"),
    ("we have lived in Tampere since 2019", "Tampere"),
])
def test_home_now_stays_now(reader: StatementReader, text: str, value: str) -> None:
    assert ("p1", value, "present") in read(reader, text, "city")


def test_reported_past_is_not_the_speakers() -> None:
    r = StatementReader(ROSTER, by_meaning=False)
    assert ("p1", "Tampere", "past") not in read(r, "Dov said he lived in Tampere", "city")


@pytest.mark.parametrize(("text", "value"), [
    ("I gave up being a solicitor to open a bakery", "solicitor"),
    ("quit being a tour guide, too many selfie sticks", "tour guide"),
    ("I worked as a subtitler for the broadcaster back in the day", "subtitler"),
    ("got fired as a dishwasher for breaking plates", "dishwasher"),
    ("i used to work as a hairdresser before we moved", "hairdresser"),
    ("not a teacher anymore!! handed in my notice", "teacher"),
    ("Retired fireman. I still check every smoke alarm.", "fireman"),
])
def test_job_ended_is_a_job_held_before(reader: StatementReader, text: str, value: str) -> None:
    got = read(reader, text, "job")
    assert any(v.startswith(value) and t == "past" for _, v, t in got), got


@pytest.mark.parametrize("text", ["I work as a nurse", "started as a barista at Beanery last week",
                                  "I've been a nurse for years"])
def test_job_now_stays_now(reader: StatementReader, text: str) -> None:
    got = read(reader, text, "job")
    assert got and all(t == "present" for _, _, t in got), got


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("i worked as a locksmith in the old town today, three lockouts", "job", "locksmith"),  # one shift
    ("I worked as a steward on Monday, my feet are done", "job", "steward"),
    ("I lived in Tampere and still do", "city", "Tampere"),  # the joined clause says it holds
    ("Tampere was home for me, and still is", "city", "Tampere"),
    ("I'm never gonna quit being a farrier", "job", "farrier"),  # not ended: a future denied
    ("I didn't quit being a farrier, they cut my hours", "job", "farrier"),
])
def test_a_state_told_of_one_day_or_said_to_go_on_is_not_over(reader: StatementReader, text: str, attribute: str,
                                                              value: str) -> None:
    assert ("p1", value, "present") in read(reader, text, attribute)
    assert ("p1", value, "past") not in read(reader, text, attribute)


@pytest.mark.parametrize("text", [
    "I was in Tampere yesterday, the queues were unreal",  # a day somewhere
    "I was in Tampere when the storm hit",  # where one happened to be at an event
])
def test_somewhere_on_a_day_or_at_an_event_is_no_home(reader: StatementReader, text: str) -> None:
    assert read(reader, text, "city") == set()


def test_somebody_else_giving_up_a_job_is_theirs(reader: StatementReader) -> None:
    # ("she" with no member named before: nobody on the roster; never the speaker's)
    assert not any(owner == "p1" for owner, _, _ in read(reader, "she quit being a farrier last year", "job"))
    assert ("p2", "farrier", "past") in read(reader, "Dov quit being a farrier last year", "job")
