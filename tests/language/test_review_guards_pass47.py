"""Guards from the forty-seventh pass's review: the near misses each new reading must leave alone (a reply that
accepts is no refusal, news is no "new <matter>" decision, a list of names closes no plan, kin and things judged
are no opinion of their owner, a club or a sale is no post, a clause on a thing tells no news), and the variants
it must still read. Sentences written for these tests (no data set's words, names or values)."""

from __future__ import annotations

import pytest

from polymem.language import group
from polymem.language.acts import declines
from polymem.language.consensus import proposal_in_question
from polymem.language.decisions import DecisionTracker
from polymem.language.questions import parse_question
from tests.language.reads import READER, values


def _decided(lines: list[tuple[str, str]]) -> list[str]:
    t = DecisionTracker()
    return [d.value for i, (who, text) in enumerate(lines) for d in t.feed(text, f"m{i}", who, None)]


@pytest.mark.parametrize(("text", "turned_down"), [
    ("would be glad to but exams all week, cannot commit to anything, apologies", True),
    ("sorry, can't this week", True),
    ("sure, I'm not busy", False),
    ("will do, I won't forget this time", False),
    ("can't wait!", False),
])
def test_a_refusal_is_a_negated_ability_in_a_reply_that_does_not_accept(text: str, turned_down: bool) -> None:
    assert declines(text) == turned_down


@pytest.mark.parametrize("line", ["my neighbour is the new manager at the Co-op", "this cafe is the new favourite",
                                  "Zara is the new girl in accounts, she's lovely"])
def test_news_or_a_view_is_no_new_value_of_a_matter(line: str) -> None:
    assert _decided([("ott", line)]) == []


def test_a_settled_new_value_keeps_its_currency_sign() -> None:
    assert _decided([("ott", "ok so €900 is the new budget")]) == ["€900"]


@pytest.mark.parametrize("line", ["done: Priya, Kofi, Sam", "finishing: The Hobbit, then Dune",
                                  "locking up: Sefa has the keys tonight", "fixing this: the wifi in the annex"])
def test_a_label_over_names_alone_closes_no_plan(line: str) -> None:
    assert _decided([("ott", line)]) == []


def test_a_thing_named_after_an_animal_was_mentioned_is_still_decided() -> None:
    lines = [("ott", "my cat knocked the router off the shelf again"), ("sefa", "what should we call the wifi network?"),
             ("tobiah", "call it Pickle"), ("ott", "ok Pickle it is")]
    assert _decided(lines) == ["Pickle"]


def test_a_person_suggested_doing_something_is_no_option() -> None:
    assert [a.value for a in group.read("I suggest Sefa driving since she has the van")] == []


@pytest.mark.parametrize("text", ["any chance of 12-14 Sept, i.e. the long weekend?"])
def test_dates_asked_before_an_abbreviation(text: str) -> None:
    assert proposal_in_question(text) == ("12-14 Sept", None)


@pytest.mark.parametrize("text", ["I'm starting a choir for the neighbourhood", "Sefa runs a book club on Tuesdays",
                                  "I accepted an offer from Marcus for my old car",
                                  "I accepted an offer from Varnholt Bank for a mortgage"])
def test_a_club_or_a_sale_is_no_post(text: str) -> None:
    assert values(text, "job") == []


def test_a_post_ranked_at_a_named_workplace_stays() -> None:
    assert values("I'm the best nurse on the ward at Pellham General", "job") == ["best nurse at Pellham General"]


@pytest.mark.parametrize("question", ["who shared the recipe that Sefa's mum made?",
                                      "who sent the photo that Sefa's dog took over the sofa?"])
def test_a_clause_on_a_thing_tells_no_news(question: str) -> None:
    assert parse_question(question, mentioned=1, names=frozenset({"sefa"})).form != "who_reported"


def test_a_home_held_beside_a_choice_is_no_members_news() -> None:
    assert not group.news_value("Torun", READER.read("Torun it is, I live in Torun anyway so I'll host", "sefa"))


@pytest.mark.parametrize("text", ["we moved the whole family to Torun last year", "moved everything to Torun last month"])
def test_moving_a_household_moves_home(text: str) -> None:
    assert values(text, "city") == ["Torun"]


def test_a_yes_to_a_question_asked_of_you_and_not_to_an_either_or() -> None:
    got = READER.read_many([("did you move to Torun?", "sefa", None, "m0"), ("yes!", "ott", None, "m1")])
    assert [(s.owner, s.value) for s in got[1] if s.attribute == "city"] == [("ott", "Torun")]
    got = READER.read_many([("did Ottilie move to Torun or Jihlava?", "sefa", None, "m0"), ("yes", "ott", None, "m1")])
    assert [s for s in got[1] if s.attribute == "city"] == []


def test_a_judgement_of_a_members_kin_or_things_is_none_of_them() -> None:
    from polymem.language.acts import judgement

    assert judgement("Sefa's mum is lovely") == 0.0 and judgement("Sefa's train is late, start without her") == 0.0
    assert judgement("Sefa's estimates are always wildly hopeful") > 0
