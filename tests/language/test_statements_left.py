"""A workplace left is the job held before (sentences in no data set)."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wilhelmina Ashdown", "Mina")), Person("p2", ("Koffi Mensah", "Koffi"))]
NOW = datetime(2026, 4, 15, 10, 30)


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def jobs(reader: StatementReader, text: str, speaker: str = "p1") -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.tense) for s in reader.read(text, speaker, NOW, "m1") if s.attribute == "job"]


@pytest.mark.parametrize(("text", "speaker", "value"), [
    ("handed in my notice at the bakery on friday, feels weird", "p1", "the bakery"),
    ("I've said goodbye to Northwind Freight after nine years", "p1", "Northwind Freight"),
    ("Koffi resigned from the museum last week", "p1", "the museum"),
    ("retiring from Dudbridge Primary at easter", "p1", "Dudbridge Primary"),
    ("thursday was my last shift at the cinema. so long, free popcorn", "p2", "the cinema"),
    # lower-case chat: a name left in lower case, a member's name the tagger takes for an adverb
    ("welp. handed in my notice at thistle today", "p1", "thistle"),
    ("and my last shift at brackley general was on tuesday", "p2", "Brackley General"),
])
def test_the_workplace_left_is_a_past_job(reader: StatementReader, text: str, speaker: str, value: str) -> None:
    owner = "p2" if "Koffi" in text or speaker == "p2" else "p1"
    assert (owner, value, "past") in jobs(reader, text, speaker)


def test_a_member_named_before_the_verb_left_it() -> None:
    # the tagger takes a short lower-case name opening the clause for an adverb: the name is still the subject
    reader = StatementReader([*ROSTER, Person("p3", ("Cyrus Dane", "Cy"))])
    assert ("p3", "copperline", "past") in jobs(reader, "also did everyone see?? cy quit copperline!!! he told me",
                                                "p1")


@pytest.mark.parametrize("text", [
    "my last day at the beach was glorious",
    "she quit smoking in march",
    "I didn't quit the choir, I just skipped a week",
    "Retiring at Christmas! what a send-off that'll be",
    "my last day at home before term starts",
    "my last evening at Porthcurno beach :(",
])
def test_no_workplace_left(reader: StatementReader, text: str) -> None:
    assert not [j for j in jobs(reader, text) if j[2] == "past"]


def test_the_job_left_comes_before_the_new_one(reader: StatementReader) -> None:
    sts = [s for s in reader.read("last day at the depot was friday. starting at Hollow Oak Press on monday",
                                  "p1", NOW, "m1") if s.attribute == "job"]
    assert [s.tense for s in sts][:2] == ["past", "present"], sts
    assert sts[0].value == "the depot"


def test_a_first_stretch_at_a_workplace_starts_a_job(reader: StatementReader) -> None:
    assert jobs(reader, "my first week at Harrowgate Books has been chaos, loving it") == \
        [("p1", "Harrowgate Books", "present")]
    assert jobs(reader, "how was your first week at Harrowgate Books?") == []  # asked, not said
    assert jobs(reader, "yesterday was my last day at Harrowgate Books") == [("p1", "Harrowgate Books", "past")]


def test_an_appointment_at_a_workplace_is_a_job(reader: StatementReader) -> None:
    got = jobs(reader, "Koffi has been appointed senior archivist at the Harrowgate Trust", speaker="p1")
    assert got == [("p2", "senior archivist at the Harrowgate Trust", "present")]
    assert jobs(reader, "Koffi was named captain of the pub quiz team", speaker="p1") == []  # no workplace


def test_time_worked_at_a_workplace_says_where_one_works(reader: StatementReader) -> None:
    got = [(s.owner, s.value, s.weak) for s in reader.read("three night shifts in a row at the cannery, I'm a ghost",
                                                          "p1", NOW, "m1") if s.attribute == "job"]
    assert got == [("p1", "the cannery", True)]
    assert jobs(reader, "can you cover my shift at the cannery?") == []  # asked
    assert jobs(reader, "Koffi's shifts at the cannery are grim") == [("p2", "the cannery", "present")]
    assert jobs(reader, "shifts at the cannery are grim for him", speaker="p1") == []  # somebody else's


def test_a_job_named_alone_after_the_speaker_got_something_is_theirs(reader: StatementReader) -> None:
    assert jobs(reader, "EVERYONE. i got it. the job at Harrowgate Books!!") == [("p1", "Harrowgate Books", "present")]
    assert jobs(reader, "the job at Harrowgate Books. no clue who got it") == []  # nobody said they got it


def test_a_rank_or_a_word_of_praise_is_no_trade(reader: StatementReader) -> None:
    from polymem.language import lexical as lex

    assert not lex.is_occupation("king") and not lex.is_occupation("hero")  # WordNet's sovereigns and heroes
    assert lex.is_occupation("glazier") and lex.is_occupation("founder")
    assert jobs(reader, "Koffi is the undisputed crossword king of this chat") == []


def test_a_trade_given_in_the_passive_is_a_job(reader: StatementReader) -> None:
    got = [(s.owner, s.value) for s in reader.read("saw on the intranet that koffi's been made logistics manager at "
                                                   "Ormsby Freight", "p1", NOW, "m1") if s.attribute == "job"]
    assert ("p2", "logistics manager at Ormsby Freight") in got
    assert not [s for s in reader.read("Koffi was made captain of the quiz team", "p1", NOW, "m1") if s.attribute == "job"]


def test_a_firm_named_with_an_ampersand_in_lower_case_is_the_workplace_left(reader: StatementReader) -> None:
    from polymem.language.models import clean

    assert jobs(reader, "handed in my notice at gorse & tansy this morning") == [("p1", "Gorse & Tansy", "past")]
    assert clean("queued for fish & chips") == "queued for fish & chips"  # a dish, not after "at"


@pytest.mark.parametrize(("text", "value"), [
    ("lab tech at the Corvale research park, all pipettes", "lab tech at the Corvale research park"),
    ("bus mech at the depot in Ludlow, all grease", "bus mech at the depot"),
])
def test_a_trade_clipped_to_its_first_syllables_is_a_role(reader: StatementReader, text: str, value: str) -> None:
    assert jobs(reader, text) == [("p1", value, "present")]


@pytest.mark.parametrize("text", ["bro at the pub, back late", "uber at the station now", "6pm aest"])
def test_a_clipped_word_alone_is_no_trade(reader: StatementReader, text: str) -> None:
    assert jobs(reader, text) == []


def test_a_member_named_in_lower_case_quitting_a_bare_named_firm() -> None:
    # the member's name typed in lower case is still a name (the tagger misreads this one as a noun)
    reader = StatementReader([*ROSTER, Person("p3", ("Siobhra Quill", "Siobhra"))])
    assert jobs(reader, "siobhra quit lantern!!!") == [("p3", "lantern", "past")]
    assert jobs(reader, "siobhra quit smoking, finally") == []


@pytest.mark.parametrize(("text", "value"), [
    ("gave up my job at the ropeworks, no regrets", "the ropeworks"),
    ("Koffi has left the courier job for good", "courier"),
])
def test_a_job_noun_left_names_its_workplace_or_trade(reader: StatementReader, text: str, value: str) -> None:
    got = [(o, v.lower(), t) for o, v, t in jobs(reader, text)]
    owner = "p2" if "Koffi" in text else "p1"
    assert (owner, value, "past") in got
    assert not any(t == "present" for _, _, t in got), got  # a job given up is no job held now


def test_a_job_only_thought_of_leaving_is_not_left(reader: StatementReader) -> None:
    assert jobs(reader, "I might give up my job at the ropeworks") == []


def homes(reader: StatementReader, text: str, speaker: str = "p1") -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.tense) for s in reader.read(text, speaker, NOW, "m1") if s.attribute == "city"]


@pytest.mark.parametrize("text", [
    "our last week in Trondheim, the flat is all boxes",
    "Last full day in Trondheim tomorrow!! moving van comes at 8",
    "my final month in Trondheim, can't believe we're leaving",
])
def test_a_last_stretch_of_ones_own_in_a_place_ends_living_there(reader: StatementReader, text: str) -> None:
    assert ("p1", "Trondheim", "past") in homes(reader, text)


@pytest.mark.parametrize("text", [
    "last night in Trondheim was a blast",          # yesterday evening: a visit
    "the last day in Trondheim was sunny, home now",  # a trip's last day
    "our last evening in Trondheim, the hotel bar is great",  # a holiday's: no moving out, no home
])
def test_a_last_evening_or_a_trips_last_day_leaves_no_home(reader: StatementReader, text: str) -> None:
    assert not any(t == "past" for _, _, t in homes(reader, text))
