"""WordNet word classes and relative time, on words and phrases chosen for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language import lexical as lex
from polymem.language.timeexpr import resolve

ANCHOR = datetime(2026, 7, 8, 12, 0)  # a Wednesday


def test_category_words_find_kinds_they_never_name() -> None:
    assert lex.falls_under("basset hound", "dog")
    assert lex.falls_under("lovebird", "bird")
    assert lex.falls_under("iguana", "reptile")
    assert lex.falls_under("iguana", "pet")  # any kept animal is a pet
    assert not lex.falls_under("iguana", "dog")
    assert lex.falls_under("midwife", "healthcare")
    assert not lex.falls_under("stonemason", "healthcare")


def test_a_word_for_a_young_animal_asks_about_its_kind() -> None:
    """"What breed is her new puppy?" asks about a dog: WordNet's puppy is a young dog, a kitten a young cat."""
    assert lex.falls_under("whippet", "puppy") and lex.falls_under("tabby", "kitten")
    assert lex.falls_under("cob", "foal")
    assert not lex.falls_under("whippet", "kitten")
    assert not lex.falls_under("goat", "child") and not lex.falls_under("boss", "kid")  # young people, no animals


def test_occupations_versus_other_person_nouns() -> None:
    assert all(lex.is_occupation(w) for w in ("glazier", "actuary", "midwife", "surveyor"))
    assert not any(lex.is_occupation(w) for w in ("cousin", "friend", "neighbor"))
    assert lex.agent_noun("teach") == "teacher"


def test_verb_classes() -> None:
    assert lex.verb_is("relocate", "reside") and lex.verb_is("dwell", "reside")
    assert not lex.verb_is("eat", "reside")
    assert lex.verb_is("adopt", "possess")


def test_relative_time() -> None:
    assert resolve("yesterday", ANCHOR)[0].date().isoformat() == "2026-07-07"
    assert resolve("last Thursday", ANCHOR)[0].date().isoformat() == "2026-07-02"
    assert resolve("three weeks ago", ANCHOR)[0].date().isoformat() == "2026-06-17"
    assert resolve("in February", ANCHOR)[0].date().isoformat() == "2026-02-01"
    assert resolve("in November", ANCHOR)[0].date().isoformat() == "2025-11-01"  # the last November
    assert resolve("July 2nd", ANCHOR)[0].date().isoformat() == "2026-07-02"
    assert resolve("the lake", ANCHOR) is None


def test_questions_that_range_over_every_member() -> None:
    from polymem.language.models import nlp
    from polymem.language.questions import ranges_over_members

    yes = ["Which town is each of the seven in now?", "Tell me where every flatmate lives these days.",
           "What does each team member do for a living?", "Where do we all live at the moment?",
           "Where is everybody based?", "Which city are all of you in?"]
    no = ["Which town does Odile live in?", "Where did the team decide to meet?", "Who lives in each flat?",
          "Did the whole thing get cancelled?"]
    assert [ranges_over_members(nlp()(q)) for q in yes] == [True] * len(yes)
    assert [ranges_over_members(nlp()(q)) for q in no] == [False] * len(no)


def test_towns_wordnet_lacks_come_from_the_gazetteer_but_common_words_do_not() -> None:
    assert not lex.known_word("kristiansand") and lex.is_place_name("kristiansand") and lex.place_only("kristiansand")
    for word in ("reading", "bath", "split", "sale", "march", "university"):  # towns too, but words first
        assert not lex.place_only(word), word


def test_a_lower_case_town_is_read_as_a_home() -> None:
    from polymem.language.statements import Person, StatementReader

    reader = StatementReader([Person("p1", ("Ola Nygaard", "Ola"))])
    sts = [s for s in reader.read("finally unpacked, i moved to kristiansand last week", "p1") if s.attribute == "city"]
    assert [s.value for s in sts] == ["Kristiansand"]


def test_a_shortened_month_beside_a_day_is_written_in_full() -> None:
    from polymem.language.timeexpr import spell_months

    assert spell_months("fri 14 nov to sun 16 nov") == "fri 14 November to sun 16 November"
    assert spell_months("sept 9") == "September 9"
    assert spell_months("Jan brought 4 pies") == "Jan brought 4 pies"  # a name before a number stays


def test_a_day_of_the_week_with_its_hour_or_place_in_the_month() -> None:
    from polymem.language.timeexpr import day_phrase

    assert day_phrase("tuesday 7pm from now on") == "tuesday 7pm"
    assert day_phrase("we meet the second Friday of each month") == "the second Friday of each month"
    assert day_phrase("no day in here") is None


def test_a_day_range_with_a_weekday_on_both_ends_is_one_span() -> None:
    from polymem.language.timeexpr import date_span

    assert date_span("i was thinking thu 4 to sun 7 june?") == "thu 4 to sun 7 june"
    assert date_span("Friday 9 to Monday 12 October works") == "Friday 9 to Monday 12 October"
    assert date_span("see you Saturday 13 June") == "Saturday 13 June"


def test_a_date_outranks_the_weekday_said_with_it() -> None:
    # the weekday names which day of the week the date falls on; it does not move the date to the nearest one
    assert resolve("first shift is Friday 9 October", ANCHOR)[0].date().isoformat() == "2026-10-09"
    assert resolve("on Sat 11th July", ANCHOR)[0].date().isoformat() == "2026-07-11"
    assert resolve("on Saturday", ANCHOR)[0].date().isoformat() == "2026-07-04"  # alone: still the last one
    # a plan's date months behind the message is next year's; a report's stays in this year
    assert resolve("moving on 14 January", ANCHOR, future=True)[0].date().isoformat() == "2027-01-14"
    assert resolve("we met on 14 January", ANCHOR)[0].date().isoformat() == "2026-01-14"


def test_an_onset_month_is_the_nearer_one() -> None:
    # "from <month>" starts something, ahead or behind: whichever of the two is nearer to the message
    assert resolve("from October", ANCHOR)[0].date().isoformat() == "2026-10-01"
    assert resolve("from March", ANCHOR)[0].date().isoformat() == "2026-03-01"
    assert resolve("from December", datetime(2026, 2, 3))[0].date().isoformat() == "2025-12-01"
