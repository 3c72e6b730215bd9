"""Homes and jobs read from frames a plain clause of living does not give: a resident noun, a new house one is
in, "home again in X", one's own yard there, a place hung on a verb's particle, a farewell, a town one is
not leaving; and places that are someone else's (a clause under another's verb, a person placed somewhere).
Sentences written for these tests (in no data set)."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wilhelmina Ashdown", "Mina")), Person("p2", ("Koffi Mensah", "Koffi")),
          Person("p3", ("Severine Dubois", "Sev"))]
NOW = datetime(2026, 4, 15, 10, 30)


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def read(reader: StatementReader, text: str, speaker: str = "p1", attribute: str | None = None) -> list[tuple]:
    return [(s.attribute, s.owner, s.value, s.tense) for s in reader.read(text, speaker, NOW, "m1", None)
            if attribute is None or s.attribute == attribute]


@pytest.mark.parametrize(("text", "speaker", "expected"), [
    ("a Wexcombe resident as of today!", "p1", ("city", "p1", "Wexcombe", "present")),
    ("Big day. Koffi is now a resident of Pellingford.", "p3", ("city", "p2", "Pellingford", "present")),
    ("First night in the new flat in Tarnley, no curtains yet.", "p1", ("city", "p1", "Tarnley", "present")),
    ("Home again in Brackwell! What a week.", "p2", ("city", "p2", "Brackwell", "present")),
    ("my yard in Fenby flooded again", "p1", ("city", "p1", "Fenby", "present")),
    ("has Koffi told you he's moved back to Ulverby?", "p3", ("city", "p2", "Ulverby", "present")),
])
def test_homes_from_frames(reader: StatementReader, text: str, speaker: str, expected: tuple) -> None:
    got = read(reader, text, speaker, "city")
    assert expected in got, got
    assert not read(reader, text, speaker, "job")  # a resident is no trade


@pytest.mark.parametrize(("text", "speaker", "expected"), [
    ("I start on Monday. Goodbye locksmith life!", "p1", ("job", "p1", "locksmith", "past")),
    ("bye bye Tarnley, hello Fenby", "p2", ("city", "p2", "Tarnley", "past")),
    ("Koffi got the flat in Orrington! Moving on the 3rd. Goodbye Bergamo after ten years", "p3",
     ("city", "p2", "Bergamo", "past")),
])
def test_farewells_leave_a_home_or_a_job(reader: StatementReader, text: str, speaker: str, expected: tuple) -> None:
    got = read(reader, text, speaker)
    assert expected in got, got
    assert not any(g[:3] == expected[:3] and g[3] == "present" for g in got)


def test_a_farewell_to_a_member_or_everyone_is_nothing(reader: StatementReader) -> None:
    assert read(reader, "bye Koffi, see you friday!", "p1") == []
    assert read(reader, "goodbye everyone, off to bed") == []


def test_a_farewell_to_an_animal_keeps_none(reader: StatementReader) -> None:
    assert not read(reader, "bye bye goose, the farm is behind us now", "p1", "pet")


def test_a_town_one_is_not_leaving_is_home(reader: StatementReader) -> None:
    assert ("city", "p1", "Kaunas", "present") in read(reader, "I'm not leaving Kaunas any time soon", "p1", "city")
    assert read(reader, "I'm not leaving the house today", "p1", "city") == []


@pytest.mark.parametrize("text", [
    "I'm so proud. Our Koffi has a new post! He's going to be a ferry pilot in Kaunas",
    "I think the breeder in Kessington is lovely",
    "honestly someone in Kessington already sells those",
])
def test_places_of_someone_else_are_no_home_of_the_speaker(reader: StatementReader, text: str) -> None:
    assert not any(o == "p1" for _, o, _, _ in read(reader, text, "p1", "city"))


def test_a_bare_trade_placed_somewhere_is_the_speaker(reader: StatementReader) -> None:
    got = read(reader, "nurse in Kaunas on nights, i sleep till noon", "p1", "city")
    assert ("city", "p1", "Kaunas", "present") in got


@pytest.mark.parametrize(("text", "value"), [
    ("Since Monday. Nine years of fixing boilers as a gas engineer at Pellard Heating was enough.",
     "gas engineer at Pellard Heating"),
    ("Eleven years at Grimsdyke Mutual is enough paperwork for one life.", "Grimsdyke Mutual"),
    ("Seven years as a senior locksmith was plenty", "senior locksmith"),
])
def test_a_long_stretch_that_was_enough_is_a_job_left(reader: StatementReader, text: str, value: str) -> None:
    assert ("job", "p1", value, "past") in read(reader, text, "p1", "job")


def test_a_stretch_that_is_not_enough_or_asked_leaves_nothing(reader: StatementReader) -> None:
    assert read(reader, "Eleven years at Grimsdyke Mutual is never enough", "p1", "job") == []
    assert read(reader, "is eleven years at Grimsdyke Mutual enough?", "p1", "job") == []


def test_a_negation_in_a_clause_of_its_own_does_not_end_the_post(reader: StatementReader) -> None:
    got = read(reader, "the papers came through!! from Tuesday I'm a trainee glazier full time, not just "
                       "weekends on the till anymore", "p1", "job")
    assert got and all(t == "present" for *_, t in got), got
    assert read(reader, "I'm not a glazier anymore", "p1", "job") == [("job", "p1", "glazier", "past")]


def test_a_members_handle_after_an_at_sign_is_that_member() -> None:
    r = StatementReader([Person("koffi_ran", ("Koffi Mensah", "Koffi", "koffi_ran")), Person("p3", ("Sev",))])
    got = [(s.attribute, s.owner) for s in r.read("@koffi_ran has got the job at the Tide Office!", "p3", NOW)]
    assert ("job", "koffi_ran") in got and ("job", "p3") not in got, got
    assert r.cased("write to x@koffi_ran.org") == "write to x@koffi_ran.org"  # (an address, not a mention)


def test_here_places_the_speaker_whoever_acts_and_whatever_the_name_is_made_of(reader: StatementReader) -> None:
    got = read(reader, "so my landlord here in Mill Bay has banned barbecues, great", "p1", "city")
    assert [(a, o, v) for a, o, v, _ in got] == [("city", "p1", "Mill Bay")], got


@pytest.mark.parametrize("text", ["Sorted. Fridays from 3rd March, I'll update the rota", "From Monday the hall opens at 8",
                                  "Morning. Sir Prickles has dozed under the hedge all day at a chilly 4 degrees"])
def test_a_date_or_a_pet_in_a_frame_is_no_home(reader: StatementReader, text: str) -> None:
    assert read(reader, text, "p1", "city") == []


def test_a_trade_one_started_doing_at_a_workplace_is_the_job(reader: StatementReader) -> None:
    got = read(reader, "started lecturing at Orrington College last week, pottery for beginners", "p1", "job")
    assert got == [("job", "p1", "lecturer at Orrington College", "present")], got
    assert read(reader, "I might start lecturing at Orrington College", "p1", "job") == []
    assert read(reader, "I started running at the park", "p1", "job") == []


def test_a_gerund_s_possessor_is_who_moves(reader: StatementReader) -> None:
    assert read(reader, "update: Nana's moving into Brackwell Lodge on Tuesday.", "p1", "city") == []
    assert ("city", "p2", "Ulverby", "present") in read(reader, "news: Koffi's moving to Ulverby on Friday.", "p1", "city")
