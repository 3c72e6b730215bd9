"""Readings of the forty-seventh pass: news told by saying yes to another member's question, a stay held to a
month or a season, a dwelling only proposed, a firm whose name opens with a town's, a city question dated by a
job, and "who's in which town" as every member's home. Sentences written for these tests (no data set's words,
names or values)."""

from __future__ import annotations

from datetime import datetime

import pytest

from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute
from polymem.language.questions import parse_question
from tests.language.reads import READER, owned, values

_T = datetime(2026, 3, 1, 12, 0)


def _read(lines: list[tuple[str, str]]) -> list[list[tuple[str, str, str, str]]]:
    """(owner, source, attribute, value) per line of (speaker, text), read as one stretch of chat."""
    items = [(text, who, _T, f"m{i}") for i, (who, text) in enumerate(lines)]
    return [[(s.owner, s.source, s.attribute, s.value) for s in sts] for sts in READER.read_many(items)]


def test_a_yes_to_a_question_about_ones_move_tells_it() -> None:
    got = _read([("ott", "hang on, did Sefa move to Olomouc?? her pics are all rooftops"),
                 ("sefa", "lol yes. signed the lease friday, better pay here")])
    assert ("sefa", "sefa", "city", "Olomouc") in got[1]


def test_a_yes_to_a_question_in_the_second_person() -> None:
    got = _read([("sefa", "Ottilie, have you actually moved to Jihlava now?"), ("ott", "yeah finally")])
    assert ("ott", "ott", "city", "Jihlava") in got[1]


@pytest.mark.parametrize("lines", [
    [("ott", "did Sefa move to Olomouc?"), ("ott", "yes I think so")],          # the asker answering herself
    [("ott", "is Olomouc nice?"), ("sefa", "yes")],                              # a question about no member
    [("ott", "did Sefa move to Olomouc?"), ("sefa", "no, still looking")],       # a no
    [("ott", "where did Sefa move?"), ("sefa", "yes")],                          # no yes/no question
])
def test_no_news_without_a_yes_from_the_member_asked_of(lines: list[tuple[str, str]]) -> None:
    got = _read(lines)
    assert not [x for x in got[1] if x[2] == "city"]


def test_what_the_reply_says_itself_wins() -> None:
    got = _read([("sefa", "did you get a dog, Ottilie?"), ("ott", "yes!! a beagle called Nibs")])
    assert [x[3] for x in got[1] if x[2] == "pet"] == ["beagle"]


@pytest.mark.parametrize("text", [
    "dates work. I'm in Jihlava with my cousins in July so June suits me",
    "I'm in Torun over the summer",
    "i'm in Olomouc for august, then back home",
])
def test_a_stay_held_to_a_month_or_season_is_no_home(text: str) -> None:
    assert values(text, "city") == []


@pytest.mark.parametrize(("text", "city"), [
    ("I'm in Torun now, moved in March", "Torun"),
    ("I've been in Torun since March", "Torun"),
])
def test_a_home_dated_from_a_month_stays(text: str, city: str) -> None:
    assert values(text, "city") == [city]


def test_a_dwelling_proposed_is_nobodys_home() -> None:
    assert values("right, the retreat!! I propose a chalet in Jihlava, four nights, hot tub", "city") == []
    assert values("we bought a cottage in Jihlava", "city") == ["Jihlava"]


def test_a_firm_named_after_a_town_left_is_a_job() -> None:
    got = owned("leaving Olomouc Analytics end of May and moving to Torun", "job")
    assert got == [("ott", "Olomouc Analytics")]
    assert values("leaving Olomouc Analytics end of May and moving to Torun", "city") == ["Torun"]
    assert values("we left Olomouc last year", "city") == ["Olomouc"]


@pytest.mark.parametrize("question", [
    "Which city was Sefa based in before she relocated for her current job?",
    "Which town did Sefa move to for his new job?",
])
def test_the_wh_noun_asks_the_city_a_job_only_dates(question: str) -> None:
    assert question_attribute(parsed(question))[0] == "city"


def test_a_job_asked_stays_a_job() -> None:
    assert question_attribute(parsed("What job did Sefa have before he moved city?"))[0] == "job"


@pytest.mark.parametrize(("question", "everyone"), [
    ("who's in which town these days?", True),
    ("quick census: who's in which town at the moment?", True),
    ("Who's been to which city?", False),  # trips, not homes
])
def test_who_in_which_city_asks_every_home(question: str, everyone: bool) -> None:
    form = parse_question(question)
    assert (form.everyone and form.pairs) == everyone


_MEMBERS = frozenset({"sefa", "ottilie", "tobiah"})


@pytest.mark.parametrize(("question", "member"), [
    ("Who let the others know Tobiah had arrived in Olomouc?", "Tobiah"),
    ("Who told the group chat that Sefa's hamster had died?", "Sefa"),
])
def test_news_told_where_the_parser_misplaces_its_member(question: str, member: str) -> None:
    form = parse_question(question, mentioned=1, names=_MEMBERS)
    assert (form.form, form.news_of) == ("who_reported", member)


@pytest.mark.parametrize("question", [
    "Who saw the film that Sefa recommended?",   # a relative clause on a thing, no news told
    "Who fed the goat that Sefa bought?",
])
def test_a_relative_clause_on_a_thing_is_no_news(question: str) -> None:
    assert parse_question(question, mentioned=1, names=_MEMBERS).form != "who_reported"


@pytest.mark.parametrize(("text", "kind", "name"), [
    ("Fine by me. My dog Pumpernickel also votes no, snoring under the desk", "dog", "Pumpernickel"),
    ("my cat Pumpernickel just strolled over the laptop", "cat", "Pumpernickel"),
])
def test_an_animal_word_before_a_name_names_the_pet(text: str, kind: str, name: str) -> None:
    got = [(s.owner, s.value, s.name) for s in READER.read(text, "ott") if s.attribute == "pet"]
    assert got == [("ott", kind, name)]


def test_a_kin_word_before_a_name_is_no_pet() -> None:
    assert values("my sister Pumpernickel also votes no", "pet") == []


@pytest.mark.parametrize("text", [
    "right, we're shifting the picnic to Olomouc",
    "fine, moving it to Torun then",
    "Torun it is, booked the hostel in Torun",
])
def test_moving_a_plan_or_booking_a_stay_is_no_home(text: str) -> None:
    assert values(text, "city") == []


@pytest.mark.parametrize("text", ["we moved to Torun last year", "moved my whole life to Torun"])
def test_moving_oneself_still_moves_home(text: str) -> None:
    assert values(text, "city") == ["Torun"]


def test_a_member_move_is_no_group_decision() -> None:
    from polymem.language.group import news_value

    assert news_value("Torun", READER.read("yep, moved to Torun on the weekend", "sefa"))
    assert not news_value("Torun", READER.read("the retreat: Torun it is.", "sefa"))


def test_a_place_put_to_the_chat_as_an_option_is_judged_not_lived_in() -> None:
    got = _read([("ott", "how about Olomouc instead? less pricey than Torun"), ("sefa", "Olomouc is still pricey. Jihlava gets my vote")])
    assert not [x for x in got[1] if x[2] == "city"]
    got = _read([("ott", "Sefa are you still in Olomouc? long time no see"), ("sefa", "Olomouc is still freezing")])
    assert ("sefa", "sefa", "city", "Olomouc") in got[1]


def test_a_sum_suggested_before_a_bare_participle_is_the_option() -> None:
    from polymem.language import group

    got = [a.value for a in group.read("I suggest €70 per person not counting the ferry.") if a.act == "proposal"]
    assert got == ["€ 70"]
