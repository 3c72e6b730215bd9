"""Questions about what the group arranged for one member (whose occasion it is, for whom, to whom it gave), and
the kind of value a question names by its noun: parse and WordNet, on questions written for this test."""

from __future__ import annotations

import pytest

from polymem.language import value_kind
from polymem.language.questions import parse_question


@pytest.mark.parametrize("q", [
    "Where was Ines's 60th held in the end?",
    "Which restaurant did they finally book for Ines's farewell dinner?",
    "What gift had everyone first agreed on for Ines?",
    "what present had they first agreed on for ines",  # (the tagger takes "present" for an adjective)
    "What did the club end up giving Ines for her 40th?",
])
def test_a_member_the_group_acts_for_leaves_it_the_groups_plan(q: str) -> None:
    form = parse_question(q, mentioned=1, names=frozenset({"ines"}))
    assert form.form == "group" and form.for_member


@pytest.mark.parametrize("q", [
    "Where does Ines live now?",
    "What did Ines end up giving the club?",
    "Where did Ines's brother finally move?",
    "Which job did Ines finally take?",
    "Which town is home for Ines these days?",
    "When was Ines's first day at the bakery?",
    "Ines's new job was announced by someone else. By whom?",
    "Which city did the company move Ines to in the end?",
    "What did they finally pay Ines?",
    "Where did the firm finally post Ines?",
])
def test_a_member_who_acts_or_whose_state_is_asked_is_no_group_plan(q: str) -> None:
    form = parse_question(q, mentioned=1, names=frozenset({"ines"}))
    assert not form.for_member and form.form != "group"


def test_a_wh_determiner_names_its_noun_however_the_tagger_tags_it() -> None:
    # the tagger reads "present" after "what" as an adjective
    assert value_kind.asked_kind("What present had the cousins first picked out?") == "thing"
    assert value_kind.asks_by_noun("What present had the cousins first picked out?")
    assert not value_kind.asks_by_noun("Where is the reunion now?")
    assert not value_kind.asks_by_noun("What did they pick in the end?")


def test_a_place_name_alone_answers_no_question_asking_for_a_thing_by_its_noun() -> None:
    assert not value_kind.compatible("thing", "Antwerp", noun=True)
    assert value_kind.compatible("thing", "Antwerp")  # "what did they settle on?" may be a place
    assert value_kind.compatible("thing", "a kite for Ines", noun=True)
    assert value_kind.compatible("place", "Antwerp")


def test_a_noun_that_may_name_a_place_or_a_trip_is_answered_by_a_place() -> None:
    for q in ("Which country did the cousins pick?", "What island did we go for in the end?",
              "Which lake did they choose?", "What trip did the club settle on?"):
        assert not value_kind.asks_by_noun(q), q


def test_a_place_is_the_head_of_a_phrase_after_a_preposition_too() -> None:
    assert value_kind.compatible("place", "drinks near the chapel")


def test_a_verb_of_changing_with_to_asks_for_the_new_value() -> None:
    from polymem.language.question_group import asks_new_value

    assert asks_new_value("What date did we move the quiz to?")
    assert not asks_new_value("What date was the quiz originally set for?")
