"""A post taken (statements_role.py): becoming, stepping up or starting "as" a post, being made or promoted to one;
sentences written for these tests, in no data set."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Ottilie Marchbank", "Ottilie")), Person("p2", ("Sefa Amankwah", "Sefa")),
          Person("p3", ("Ruaridh Bell", "Ruaridh"))]
NOW = datetime(2026, 8, 20, 19, 0)


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def jobs(reader: StatementReader, text: str, speaker: str = "p1") -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.tense) for s in reader.read(text, speaker, NOW, "m1") if s.attribute == "job"]


@pytest.mark.parametrize(("text", "owner", "post"), [
    ("Sefa asked me to step up as Events Lead from October, eek", "p1", "Events Lead"),
    ("from next month I'm becoming Head of Lettings, the old role goes to a new hire", "p1", "Head of Lettings"),
    ("I got made night supervisor at Ormsby Freight on Friday, more money, worse sleep", "p1",
     "night supervisor at Ormsby Freight"),
    ("Ruaridh is becoming a locksmith, he passed the course", "p3", "locksmith"),
])
def test_a_post_taken_is_the_owners_job(reader: StatementReader, text: str, owner: str, post: str) -> None:
    assert (owner, post, "present") in jobs(reader, text)


def test_a_promotion_told_by_another_member_names_both_posts(reader: StatementReader) -> None:
    got = jobs(reader, "please join me in congratulating Sefa, promoted from Shift Planner to Depot Manager "
                       "this week", speaker="p3")
    assert ("p2", "Depot Manager", "present") in got and ("p2", "Shift Planner", "past") in got


@pytest.mark.parametrize("text", [
    "I went to the party dressed as a pirate",
    "honestly I see Sefa as a mentor more than a boss",
    "my nephew is becoming a dentist, can you believe it",
    "I didn't become a teacher in the end",
])
def test_what_is_no_post_taken_reads_none(reader: StatementReader, text: str) -> None:
    assert jobs(reader, text) == []


@pytest.mark.parametrize(("text", "expected"), [
    # another owner's job in the same message stays
    ("I'm a nurse and Sefa just became Head of Support", {("p1", "nurse", "present"), ("p2", "Head of Support", "present")}),
    # a post left is held before
    ("I'm stepping down as Head of Lettings next month", {("p1", "Head of Lettings", "past")}),
    # the parser may hang "to" under "from"
    ("Sefa was promoted from Analyst to Manager at Ormsby Freight",
     {("p2", "Analyst", "past"), ("p2", "Manager at Ormsby Freight", "present")}),
])
def test_posts_taken_and_left_keep_the_other_jobs_of_the_message(reader: StatementReader, text: str,
                                                                 expected: set) -> None:
    assert set(jobs(reader, text)) == expected


@pytest.mark.parametrize("text", [
    "If I became a teacher I'd be poor",  # a condition
    "I wanted to become a pilot as a kid",  # a wish
    "I'll be there as a Guest",  # a capitalised person noun that names no post
    "I was named Godfather, so proud",
])
def test_a_wish_a_condition_or_a_guest_is_no_post(reader: StatementReader, text: str) -> None:
    assert jobs(reader, text) == []


def test_a_post_started_is_held_now_and_named_once(reader: StatementReader) -> None:
    # "start" is also a kind of leaving a place: starting as a post is no leaving of it
    assert jobs(reader, "No more nights! I started last week as a clinical advisor at Ormsby Freight") == \
        [("p1", "clinical advisor at Ormsby Freight", "present")]
    assert jobs(reader, "I started as a Shift Lead at Ormsby last week") == [("p1", "Shift Lead at Ormsby", "present")]


@pytest.mark.parametrize(("text", "owner", "post"), [
    ("big news, Sefa has just been made head of chemistry!", "p2", "head of chemistry"),
    ("Ruaridh was appointed director of research last week", "p3", "director of research"),
])
def test_a_lower_case_post_in_charge_of_a_field_is_a_job(reader: StatementReader, text: str, owner: str,
                                                         post: str) -> None:
    assert (owner, post, "present") in jobs(reader, text)


@pytest.mark.parametrize("text", ["Sefa was made captain of the pub quiz team", "Ruaridh was made head of the family"])
def test_in_charge_of_a_team_or_a_family_is_no_job(reader: StatementReader, text: str) -> None:
    assert jobs(reader, text) == []


def test_a_post_in_charge_said_without_a_clause_is_the_speakers_job(reader: StatementReader) -> None:
    got = [(s.owner, s.value, s.weak) for s in reader.read("head of sales at Brightcart, the grocery startup. still "
                                                           "in Oxford", "p1", NOW, "m1") if s.attribute == "job"]
    assert got == [("p1", "head of sales at Brightcart", True)]


def test_a_count_of_animals_is_no_post(reader: StatementReader) -> None:
    assert jobs(reader, "we run sixty head of cattle up on the hill farm") == []
