"""A job held before, told looking back (statements_former.py and the past copula in statements_clause.py);
sentences written for these tests, in no data set."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wilhelmina Ostrander", "Willa")), Person("p2", ("Teodor Vasko", "Teo")),
          Person("p3", ("Ngozi Adeyemi", "Ngozi"))]
NOW = datetime(2026, 9, 3, 18, 30)


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def jobs(reader: StatementReader, text: str, speaker: str = "p1") -> set[tuple[str, str, str]]:
    return {(s.owner, s.value, s.tense) for s in reader.read(text, speaker, NOW, "m1") if s.attribute == "job"}


@pytest.mark.parametrize(("text", "owner", "value"), [
    # a long stretch spent in a role, verbless, spent, or moved on from
    ("Nine years as a tram driver at Ferrovia Nord, and I don't miss the 5am starts", "p1",
     "tram driver at Ferrovia Nord"),
    ("spent a decade as a pastry cook before any of this", "p1", "pastry cook"),
    ("after six yrs as a glazier at Brightpane, Teo is off to do something new", "p2", "glazier at Brightpane"),
    ("worked as a courier for three years, never again", "p1", "courier"),
    # the simple past of being
    ("back when I was a locksmith I could open anything", "p1", "locksmith"),
    ("I used to be a surveyor, believe it or not", "p1", "surveyor"),
    # a role or a job marked as earlier
    ("Ngozi is a retired midwife, she delivered half the village", "p3", "midwife"),
    ("I'm an ex-paramedic so blood doesn't scare me", "p1", "paramedic"),
    ("my old job at the sawmill paid worse than this", "p1", "the sawmill"),
])
def test_a_job_told_looking_back_is_held_before(reader: StatementReader, text: str, owner: str, value: str) -> None:
    got = jobs(reader, text)
    assert (owner, value, "past") in got
    assert not any(o == owner and t == "present" for o, _, t in got), got  # nothing of it is held now


@pytest.mark.parametrize("text", [
    "ten years as a nurse now and I still love it",       # a stretch lasting till now
    "I've spent eleven years as a cartographer",            # the perfect: still one
    "my fourth year as a paramedic starts monday",          # an ordinal counts a running stretch
    "twenty years as a Rovers fan and this is the worst season",  # a devotee, no post
    "if I'd spent years as a welder I'd know",               # wished, not told
])
def test_a_stretch_running_till_now_or_not_a_post_is_no_past_job(reader: StatementReader, text: str) -> None:
    assert not any(t == "past" for _, _, t in jobs(reader, text))


def test_the_present_copula_still_says_the_job_held_now(reader: StatementReader) -> None:
    assert ("p1", "locksmith", "present") in jobs(reader, "I'm a locksmith these days")


def test_a_comparison_after_an_old_job_is_no_trade(reader: StatementReader) -> None:
    got = jobs(reader, "my previous job was easier tbh")
    assert not any("easier" in v or "tbh" in v for _, v, _ in got)


def test_a_past_job_and_the_new_one_make_a_history(reader: StatementReader) -> None:
    """The writer's history runs old -> new: the earlier job is read as past, the new one as present."""
    got = jobs(reader, "after eight years as a bus driver I'm now a dispatcher at Harlow Transit")
    assert ("p1", "bus driver", "past") in got
    assert any(o == "p1" and "dispatcher" in v and t == "present" for o, v, t in got)


@pytest.mark.parametrize(("text", "value"), [
    ("back on the night shift. tram driver life, never see the sun", "tram driver"),
    ("ugh, app dev life at Quillsoft", "app dev at Quillsoft"),
    # however the parser hangs it: the trade tagged an adjective, "life" a compound of a word closing the line
    ("oil up to my elbows, mechanic life.", "mechanic"),
    ("stock take til midnight, pharmacist life lads.", "pharmacist"),
])
def test_a_trade_said_as_a_way_of_life_is_the_speakers_job(reader: StatementReader, text: str, value: str) -> None:
    sts = [s for s in reader.read(text, "p1", NOW, "m1") if s.attribute == "job"]
    assert [(s.owner, s.value, s.tense, s.weak) for s in sts] == [("p1", value, "present", True)]


@pytest.mark.parametrize("text", ["city life is loud and I love it", "such is student life",
                                  "we bought life insurance today", "my doctor life coach says to relax",
                                  "read an article on pilot life expectancy"])
def test_a_life_that_names_no_trade_is_no_job(reader: StatementReader, text: str) -> None:
    assert jobs(reader, text) == set()


def test_a_month_the_tagger_takes_for_a_modal_is_a_date_to_come(reader: StatementReader) -> None:
    """"starting ... in may": no modal follows a preposition, and a fragment in the progressive is a plan, so
    the job is read (not hedged) and dated to the coming May, not the one before."""
    sts = [s for s in reader.read("starting as a gardener at Kew Lane Nurseries in may 🌱", "p1",
                                  datetime(2026, 3, 1, 14), "m1") if s.attribute == "job"]
    assert [(s.value, s.time) for s in sts] == [("gardener at Kew Lane Nurseries", datetime(2026, 5, 1))]
    assert jobs(reader, "I may start as a gardener at Kew Lane Nurseries") == set()  # a modal still hedges


@pytest.mark.parametrize(("text", "owner", "value"), [
    ("Teo is opening his own bike repair shop next month", "p2", "owner of bike repair shop"),
    ("I've set up my own design agency, terrifying", "p1", "owner of design agency"),
    ("Teo has his own catering business these days", "p2", "owner of catering business"),  # held, not founded
    ("I have my own tile shop now", "p1", "owner of tile shop"),
    ("Teo runs his own taco truck now", "p2", "owner of taco truck"),  # a vehicle run as a business
])
def test_a_workplace_of_ones_own_founded_or_run_is_a_job(reader: StatementReader, text: str, owner: str,
                                                         value: str) -> None:
    assert (owner, value, "present") in jobs(reader, text)


@pytest.mark.parametrize("text", ["I might open my own shop one day", "I love my own bed, home at last",
                                  "I had my own shop years ago", "Teo has his own car now", "I drive my own van",
                                  "I used to have my own salon", "I have my own office at home", "I've got my own band"])
def test_an_own_thing_not_founded_or_only_wished_is_no_job(reader: StatementReader, text: str) -> None:
    assert jobs(reader, text) == set()


# what a review of the change found read wrongly, each checked to fail before its fix


def test_a_new_job_that_contains_the_old_ones_word_is_still_held(reader: StatementReader) -> None:
    got = jobs(reader, "after ten years as a chef I'm now a head chef")
    assert ("p1", "chef", "past") in got and ("p1", "head chef", "present") in got


@pytest.mark.parametrize("text", [
    "my sister spent ten years as a nurse",          # somebody else's stretch
    "imagine ten years as a dentist, no thanks",     # only thought of
    "my final year as a medical student, nearly there",  # counted in order: still running
    "I'm starting as chair next month",              # a point in time, not a stretch
    "I'm the last nurse on the ward tonight",        # last in order, not former
    "I didn't use to be a teacher",                  # denied
])
def test_no_past_job_of_the_speakers(reader: StatementReader, text: str) -> None:
    held_before = [s.value for s in reader.read(text, "p1", NOW, "m1")
                   if s.attribute == "job" and s.owner == "p1" and s.tense == "past" and s.polarity]
    assert held_before == []


def test_reported_speech_keeps_its_tense(reader: StatementReader) -> None:
    """"Teo said he was a pilot": English backshifts what is reported; he is a pilot now."""
    assert ("p2", "pilot", "present") in jobs(reader, "Teo said he was a pilot", speaker="p3")


@pytest.mark.parametrize("text", ["I opened my own bottle of wine lol", "I miss nurse life",
                                  "my friend says doctor life is brutal", "I got made head of the queue at the post office"])
def test_no_job_from_an_object_a_memory_or_a_queue(reader: StatementReader, text: str) -> None:
    assert jobs(reader, text) == set()


def test_a_job_quit_is_not_also_held(reader: StatementReader) -> None:
    assert jobs(reader, "I quit my job at Pixelforge") == {("p1", "Pixelforge", "past")}
