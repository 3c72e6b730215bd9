"""Where the speaker lives, read from a frame rather than a gazetteer: a place no word list knows counts when the
sentence frames it as home ("my flat in X", "here in X", "evening from X!"). Sentences in no data set."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language import lexical as lex
from polymem.language.questions import parse_question
from polymem.language.statements import Person, StatementReader
from polymem.language.timeexpr import resolve

ROSTER = [Person("p1", ("Ottilie Marchbank", "Ottilie")), Person("p2", ("Sefa Amankwah", "Sefa"))]
NOW = datetime(2026, 8, 20, 19, 0)


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def cities(reader: StatementReader, text: str, speaker: str = "p1") -> list[tuple[str, str]]:
    return [(s.owner, s.value) for s in reader.read(text, speaker, NOW, "m1") if s.attribute == "city"]


@pytest.mark.parametrize(("text", "place"), [
    ("my flat in Tromsvik still has no hot water, third day running", "Tromsvik"),
    ("our street in Ballykeeran hasn't been gritted since monday", "Ballykeeran"),
    ("it's nearly midnight here in Kolvereid and I'm still answering emails", "Kolvereid"),
    ("Evening from Pelotinha! the boxes are finally unpacked", "Pelotinha"),
    ("reporting from dordrecht btw. the bikes outnumber people", "Dordrecht"),
    ("first month in Tralee done, the rain is relentless", "Tralee"),
    ("we completed on the cottage in Ballykeeran on friday!!", "Ballykeeran"),
])
def test_a_place_framed_as_home_is_where_the_speaker_is(reader: StatementReader, text: str, place: str) -> None:
    assert ("p1", place) in cities(reader, text)


@pytest.mark.parametrize("text", [
    "Ballykeeran is now right on your doorstep, no excuses",  # where the addressee is
    "and no sunburn in Kolvereid this time please!",  # what will not happen there
    "reporting from the match in Tralee: two down at half time",  # from an event, not a town
    "her first week in Tralee went well",  # somebody else's stretch
    "I spilled tea on the sofa in Kolvereid",  # a dwelling's furniture, nothing bought
    "my cousin's flat in Tromsvik is gorgeous",  # somebody else's home
])
def test_a_place_of_someone_else_or_of_nothing_is_not_home(reader: StatementReader, text: str) -> None:
    assert cities(reader, text) == []


def test_a_number_after_a_name_belongs_to_it(reader: StatementReader) -> None:
    jobs = [s.value for s in reader.read("so I got a job with Studio 9, start monday", "p2", NOW, "m2")
            if s.attribute == "job"]
    assert any("Studio 9" in v for v in jobs), jobs


def test_a_month_after_starting_is_the_next_one() -> None:
    said = datetime(2026, 7, 28)
    assert resolve("signed the contract, teaching there starting october", said)[0].date().isoformat() == "2026-10-01"
    assert resolve("back in october", said)[0].date().isoformat() == "2025-10-01"
    assert resolve("she starts in october", said, future=True)[0].date().isoformat() == "2026-10-01"


def test_verbs_whose_doer_is_a_trade() -> None:
    assert lex.work_verb("teach") and lex.work_verb("lecture") and lex.work_verb("nurse")
    assert not lex.work_verb("swim") and not lex.work_verb("shop") and not lex.work_verb("run")


@pytest.mark.parametrize(("question", "attribute"), [
    ("where does ottilie lecture these days?", "job"),
    ("Where is Sefa nursing now?", None),  # any reading but a trade's place is fine: only "job" is checked below
])
def test_where_one_teaches_asks_for_a_job(question: str, attribute: str | None) -> None:
    got = parse_question(question, mentioned=1).attribute
    if attribute == "job":
        assert got == "job"
    assert parse_question("Where does Sefa shop for groceries?", mentioned=1).attribute != "job"


def test_my_dwelling_then_a_place_places_the_speaker_however_the_parser_hangs_it(reader: StatementReader) -> None:
    # the parser hangs "in X" on the verb ("sat ... in X"); the place right after "my flat" is still where it is
    sts = [s for s in reader.read("just sat in my flat in Dunmore w the radio on all night", "p1", NOW, "m1")
           if s.attribute == "city"]
    assert [(s.owner, s.value, s.weak) for s in sts] == [("p1", "Dunmore", False)]
    assert cities(reader, "left my keys in my car in Dunmore") == []  # a car is no dwelling


def test_a_party_somewhere_is_a_home_when_the_message_says_they_moved_in(reader: StatementReader) -> None:
    moved = [s for s in reader.read("WE'RE IN ABERDEEN!!! moved in on tuesday, boxes everywhere", "p1", NOW, "m1")
             if s.attribute == "city"]
    assert [(s.value, s.weak) for s in moved] == [("Aberdeen", False)]
    trip = [s for s in reader.read("we're in Aberdeen, eating chips on the beach", "p1", NOW, "m1")
            if s.attribute == "city"]
    assert all(s.weak for s in trip)


def test_a_place_given_a_vote_is_not_where_the_speaker_is(reader: StatementReader) -> None:
    assert cities(reader, "aberdeen gets my vote. the other one is too far") == []
    assert cities(reader, "Aberdeen is grey again today") == [("p1", "Aberdeen")]  # talked of in the present


def test_setting_off_from_home_in_the_plain_future_or_by_a_way_one_travels(reader: StatementReader) -> None:
    def weak(text: str) -> list[tuple[str, bool]]:
        return [(s.value, s.weak) for s in reader.read(text, "p1", NOW, "m1") if s.attribute == "city"]

    assert weak("I shall dial in from Aberdeen, as ever") == [("Aberdeen", True)]
    assert weak("I might dial in from Aberdeen") == []  # a maybe says nothing
    assert weak("the drive down from Aberdeen on a friday is endless") == [("Aberdeen", True)]
    assert weak("the train from Aberdeen was cancelled") == []  # one journey told
    assert weak("her commute from Aberdeen is endless") == []  # somebody else's


def test_a_new_dwelling_somewhere_with_nobody_else_named_is_the_speakers(reader: StatementReader) -> None:
    assert cities(reader, "new flat in Aberdeen is freezing but the view!!") == [("p1", "Aberdeen")]
    assert cities(reader, "my brother's new flat in Aberdeen is freezing") == []
    assert cities(reader, "is the new flat in Aberdeen warm?") == []


def test_a_dwelling_somewhere_in_a_message_about_moving_is_the_new_home(reader: StatementReader) -> None:
    def strong(text: str) -> list[str]:
        return [s.value for s in reader.read(text, "p1", NOW, "m1") if s.attribute == "city" and not s.weak]

    assert strong("offer accepted on a flat in Aberdeen!! moving on the 3rd") == ["Aberdeen"]
    assert strong("offer accepted on a flat in Aberdeen but we're not moving yet") == []
    assert strong("viewing a flat in Aberdeen, we might move") == []


def test_the_start_of_a_commute_is_home_even_with_its_far_end_named(reader: StatementReader) -> None:
    def weak(text: str) -> list[tuple[str, bool]]:
        return [(s.value, s.weak) for s in reader.read(text, "p1", NOW, "m1") if s.attribute == "city"]

    # WordNet glosses "commute" as travel between work and home; a flight has no such gloss
    assert weak("the commute from Aberdeen to Dundee was brutal today") == [("Aberdeen", True)]
    assert weak("the flight from Aberdeen to Dundee was brutal today") == []


def test_words_a_place_is_talked_of_with_are_no_part_of_its_name(reader: StatementReader) -> None:
    assert cities(reader, "I live in rainy Aberdeen now") == [("p1", "Aberdeen")]
    assert [s.value for s in reader.read("evening from chilly Aberdeen!", "p1", NOW, "m1")
            if s.attribute == "city"] == ["Aberdeen"]


def test_a_home_named_after_its_place_is_its_owner_s(reader: StatementReader) -> None:
    sts = [(s.owner, s.value, s.kind) for s in reader.read(
        "lovely news, Sefa got the keys to her Ballykeeran house on friday and moved in that evening", "p1", NOW, "m1")
        if s.attribute == "city"]
    assert ("p2", "Ballykeeran", "report") in sts
    assert not [s for s in reader.read("the Ballykeeran house prices are mad", "p1", NOW, "m1") if s.attribute == "city"]


def _homes_and_jobs(text: str, last_other: str | None = None) -> list[tuple[str, str, str]]:
    return [(s.attribute, s.value, s.tense) for s in StatementReader(ROSTER).read(text, "p1", None, "m",
                                                                                   last_other=last_other)
            if s.attribute in ("city", "job")]


def test_a_demonym_modifying_an_animal_is_nobodys_home() -> None:
    assert _homes_and_jobs("she's a mexican redknee tarantula, very chill", last_other="p2") == []


def test_leaving_a_name_no_gazetteer_knows_is_leaving_a_workplace() -> None:
    assert [(a, v.lower(), t) for a, v, t in _homes_and_jobs("i left brindlewick! onto better things")] == [
        ("job", "brindlewick", "past")]
    assert _homes_and_jobs("i finally left Bristol") == [("city", "Bristol", "past")]


def test_a_route_in_reply_to_where_from_gives_where_the_speaker_sets_off() -> None:
    from polymem.language.models import parsed
    from polymem.language.replies import fragment_value

    assert fragment_value(parsed("Vilnius → Krakow, then the night bus"), "city", StatementReader(ROSTER)) == "Vilnius"
    read = StatementReader(ROSTER).read("Lyon → Porto, then the ferry.", "p1", asked="city")
    assert [(s.attribute, s.value) for s in read] == [("city", "Lyon")]


def test_a_route_is_cut_to_where_it_starts() -> None:
    from polymem.language.syntax import route_origin

    assert route_origin("Tallinn → Riga") == "Tallinn"
    assert route_origin("Tallinn -> Riga") == "Tallinn"
    assert route_origin("Tallinn") == "Tallinn"


@pytest.mark.parametrize(("text", "place"), [
    ("Kia ora from Napier, the sun is out at last", "Napier"),
    ("Evening all, and a very happy new year from a rain-soaked Tromsvik", "Tromsvik"),
    ("Bom dia from Porto Alegre btw. Coffee number three already", "Porto Alegre"),
])
def test_a_sentence_that_opens_by_saying_where_it_is_sent_from(reader: StatementReader, text: str, place: str) -> None:
    assert ("p1", place) in cities(reader, text)


@pytest.mark.parametrize("text", [
    "a postcard from Tromsvik arrived today",
    "my cousin from Tromsvik is staying the weekend",
    "the parcel from Napier finally turned up",
    "we flew back from Napier last night",
    "Wine from Tromsvik is the best, fight me",  # a thing from a place, the subject of a verb
    "Postcards from Tromsvik, part two",  # a made thing sent from there
    "Far from Napier, thankfully",  # how far, not from where
    "About an hour from Napier by car",
])
def test_what_came_from_a_place_does_not_place_the_speaker_there(reader: StatementReader, text: str) -> None:
    assert cities(reader, text) == []


def test_a_day_of_the_calendar_in_a_place_dates_an_event_there(reader: StatementReader) -> None:
    assert cities(reader, "did you all get the invite?? 14 october in Kolvereid") == []
    assert ("p1", "Kolvereid") in cities(reader, "eleven years in Kolvereid now, still no sauna")


def test_a_short_month_name_dates_an_event_too(reader: StatementReader) -> None:
    assert cities(reader, "save the date: 14 oct in Kolvereid") == []


def test_a_place_described_with_an_article_keeps_only_its_name_and_the_hague_keeps_its_article() -> None:
    from polymem.language.statements import _place_name

    assert _place_name("a rain-soaked Tromsvik") == "Tromsvik"
    assert _place_name("the Hague") == "the Hague"
    assert _place_name("a suburb of Tromsvik") == "a suburb of Tromsvik"


def test_a_message_that_opens_with_from_a_place_is_sent_from_there(reader: StatementReader) -> None:
    assert ("p1", "Tromsvik") in cities(reader, "(from a very windy Tromsvik obvs)")
    assert cities(reader, "from Tromsvik to Kolvereid by bus, three hours") == []  # a route


def test_a_route_named_with_to_is_read_from_its_first_place() -> None:
    from polymem.language.syntax import route_origin

    assert route_origin("Tromsvik to Kolvereid") == "Tromsvik"
    assert route_origin("Tromsvik → Kolvereid") == "Tromsvik"
    assert route_origin("Newcastle upon Tyne") == "Newcastle upon Tyne"
