"""Words that look like a job or a home but are not one (praise, the group's own time somewhere, a flat only
viewed, a move put forward for the group), a job said to be over with "no more", and a role spoken as
("as a nurse, I ..."), a relative's move told to a member and a member's animal spoken of to them.
Sentences in no data set."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wilhelmina Ashdown", "Mina")), Person("p2", ("Koffi Mensah", "Koffi"))]
NOW = datetime(2026, 4, 15, 10, 30)


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def said(reader: StatementReader, text: str, attribute: str) -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.tense) for s in reader.read(text, "p1", NOW, "m1") if s.attribute == attribute]


@pytest.mark.parametrize("text", [
    "Good man. Which way now?",
    "Clever woman!",
    "Our first three evenings at the scout hut went fine, I reckon.",
])
def test_no_job_is_read(reader: StatementReader, text: str) -> None:
    assert said(reader, text, "job") == []


def test_a_job_said_to_be_over_with_no_more() -> None:
    reader = StatementReader(ROSTER)
    got = said(reader, "Big news: I handed in my badge. No more being a paramedic on nights! I start at the "
                       "council next week.", "job")
    assert ("p1", "paramedic", "past") in got


@pytest.mark.parametrize("text", [
    "sorted, viewing a flat in Gateshead on thursday",
    "looking at flats in Gateshead this weekend",
    "the church hall doubled its rent. I propose we move to Kirkby village hall after all.",
    "I suggest we move the meetings to Whitley Bay.",
    "the minibus is booked btw, we collect it in Gateshead",
])
def test_no_home_is_read(reader: StatementReader, text: str) -> None:
    assert said(reader, text, "city") == []


def test_a_flat_bought_is_still_a_home(reader: StatementReader) -> None:
    assert said(reader, "finally bought a flat in Gateshead!", "city") == [("p1", "Gateshead", "present")]


def test_a_role_the_speaker_speaks_as_is_a_weak_job(reader: StatementReader) -> None:
    got = [(s.value, s.weak) for s in reader.read("as a nurse i object to that", "p1", NOW, "m1")
           if s.attribute == "job"]
    assert got == [("nurse", True)]
    assert said(reader, "as a parent i can tell you it's chaos", "job") == []


def test_a_relatives_move_told_to_a_member_is_not_the_members(reader: StatementReader) -> None:
    text = "Well done, Koffi. Hull is lovely; my sister lived in Hessle for years before she moved to Bergen."
    assert not any(o == "p2" for o, _, _ in said(reader, text, "city"))
    assert said(reader, "Koffi rang: he moved to Bergen last week", "city") == [("p2", "Bergen", "present")]


def test_a_members_animal_spoken_of_to_them_is_not_the_speakers(reader: StatementReader) -> None:
    assert said(reader, "Oh Koffi. He was the kindest old dog. Thinking of you.", "pet") == []
    assert said(reader, "meet the new lodger! he's a gecko", "pet") == [("p1", "gecko", "present")]


def test_no_more_than_is_no_end(reader: StatementReader) -> None:
    assert said(reader, "I want no more than two shifts a week as a nurse", "job") == [("p1", "nurse", "present")]
