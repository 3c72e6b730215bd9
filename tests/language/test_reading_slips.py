"""Readings that went wrong on whole chats, each fixed in general (sentences written for these tests)."""

from __future__ import annotations

from datetime import datetime

from polymem.language import syntax as sx
from polymem.language.models import parsed
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Marisol Quenby", "Marisol")), Person("p2", ("Dov Achterberg", "Dov"))]
NOW = datetime(2026, 7, 14, 20, 0)


def _read(text: str, attribute: str) -> set[tuple[str, str, str]]:
    r = StatementReader(ROSTER, by_meaning=False)
    return {(s.owner, s.value, s.name) for s in r.read(text, "p1", NOW, "m1") if s.attribute == attribute}


def test_a_function_word_is_no_place() -> None:
    # "In." answering a roll call: "IN" is also a state's abbreviation
    doc = parsed("In. Ridge loop this morning from Tampere, 42k")
    assert not sx.is_place(doc[0], StatementReader(ROSTER, by_meaning=False))
    assert sx.is_place(next(t for t in doc if t.text == "Tampere"), StatementReader(ROSTER, by_meaning=False))


def test_a_proposal_is_no_post_and_a_habit_of_work_is_one() -> None:
    assert _read("With the grant, I propose we restore the festival budget to its old level.", "job") == set()
    assert ("p1", "teacher at Hollin Brook Primary", "") in _read("I teach at Hollin Brook Primary", "job")
    assert ("p1", "teacher at Hollin Brook Primary", "") in _read("I teach at Hollin Brook Primary to pay the bills",
                                                                  "job")


def test_leaving_a_town_at_an_hour_is_a_journey() -> None:
    assert _read("leaving tampere at 6 to beat the traffic, see you all at the dinner", "city") == set()
    assert ("p1", "Tampere", "") in _read("I left Tampere in 2019, best decision", "city")
    for text in ("I left Tampere around 2019", "I left Tampere at 22 to study abroad"):  # a year, an age
        assert ("p1", "Tampere", "") in _read(text, "city"), text


def test_what_a_speaker_puts_forward_as_something_is_no_post() -> None:
    """"as X" after a verb of saying names what an option is offered as, not the speaker's role."""
    assert _read("On the venue, I suggest the boathouse, with the scout hut as the fallback.", "job") == set()
    assert ("p1", "analyst at Brightwater", "") in _read("I started at Brightwater as an analyst", "job")


def test_a_time_or_an_occasion_is_no_employer() -> None:
    assert _read("I'm a welder for the moment, until the course starts", "job") <= {("p1", "welder", "")}
    assert not any("moment" in v for _, v, _ in _read("I'm a welder for the moment, until the course starts", "job"))


def test_last_night_somewhere_ends_no_job() -> None:
    """"last night at X" is the night before, not a final stretch at a workplace; "my last shift at X" is."""
    assert _read("Jupiter was sharp last night at Harrow Point, we stayed till 2am", "job") == set()
    assert ("p1", "the bakery", "") in _read("that was my last week at the bakery", "job")
    assert ("p1", "Brackwell", "") in _read("First week at Brackwell over, everyone is kind", "job")  # starts one


def test_a_move_into_a_home_placed_after_it_names_the_town() -> None:
    """"moved into a flat in X" places the home by a phrase after it, as "the X flat" does before it."""
    assert ("p1", "Malmo", "") in _read("I've moved into a flat in Malmo", "city")
    assert ("p1", "Dundee", "") in _read("we moved into the Dundee flat on friday", "city")


def test_a_post_in_charge_of_a_field_said_alone_is_the_speakers_job() -> None:
    """"head of sales at X": the parser may hang the workplace on the field, not on the post."""
    assert ("p1", "head of sales at Brightloom", "") in _read("head of sales at brightloom these days, loving it", "job")
    assert _read("head of the queue at the bakery lol", "job") == set()
