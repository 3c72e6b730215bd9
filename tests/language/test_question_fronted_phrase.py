"""A phrase put before the question after a comma ("And before the flood, where was Ines?") goes back to the end,
where the parser reads it as part of the question (question_parts). Wording of no data set."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute
from polymem.language.question_parts import split_question


@pytest.mark.parametrize(("q", "text"), [
    ("And before the flood, where was Ines?", "where was Ines before the flood?"),
    ("After the refit, what did Ines do?", "what did Ines do after the refit?"),
])
def test_a_fronted_phrase_goes_to_the_end(q: str, text: str) -> None:
    assert split_question(q).asking == text


def test_the_question_so_read_asks_for_a_home() -> None:
    assert question_attribute(parsed(split_question("And before Lisbon, where was Ines?").asking))[0] == "city"


@pytest.mark.parametrize("q", ["Ines, where do you live?", "So, where does Ines live?", "ok, who booked the barn?",
                               "Once the ferry was cancelled, who drove them?"])
def test_a_name_a_word_of_opening_or_a_clause_stays(q: str) -> None:
    assert split_question(q).text == q


def test_its_after_a_members_doing_is_what_they_got() -> None:
    assert split_question("Ilka adopted a puppy last spring; what is its name?", lambda p: p == "Ilka").asking == \
        "what is Ilka's puppy's name?"


@pytest.mark.parametrize(("q", "text"), [
    ("list where everyone works these days", "where everyone works these days?"),
    ("pls tell us who booked the minibus", "who booked the minibus?"),
])
def test_a_request_to_tell_is_dropped_to_its_question(q: str, text: str) -> None:
    assert split_question(q).text == text


def test_a_request_word_is_no_topic_of_the_question() -> None:
    from polymem.retrieval.names import RosterIndex
    from polymem.retrieval.planner import compile_rules
    from polymem.schema.models import Participant

    roster = RosterIndex([Participant(id="ines", name="Ines Varga", aliases=["Ines"])])
    plan = compile_rules("list which town every member is in at this stage", None, roster)
    assert plan.intent == "everyone" and "list" not in plan.issue
