"""Questions asked in two parts are read as one (sentences in no data set)."""

from __future__ import annotations

import pytest

from polymem.language.question_parts import split_question
from polymem.language.questions import parse_question
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.planner import compile_rules
from polymem.schema.models import Participant

MEMBERS = {"Oskar", "Lale"}


def _person(phrase: str) -> bool:
    return phrase in MEMBERS


@pytest.mark.parametrize(("question", "merged"), [
    ("Somebody asked Oskar to fix the gate hinge. Who?", "Who asked Oskar to fix the gate hinge?"),
    ("Lale asked someone to water the ferns — who was it?", "Whom did Lale ask to water the ferns?"),
    ("Oskar wanted someone to sand the banister. Who did he ask?", "Whom did Oskar ask to sand the banister?"),
    ("The spare key was lent to someone else - who?", "The spare key was lent to whom?"),
    ("For a month the float went to something else. What?", "For a month the float went to what?"),
    ("Who was it that repainted the shed?", "Who repainted the shed?"),
])
def test_two_parts_merge_into_one_question(question: str, merged: str) -> None:
    parts = split_question(question, _person)
    assert parts.text == merged
    assert parts.context == ""


def test_a_pronoun_of_the_asking_part_takes_the_context_subject() -> None:
    parts = split_question("Harbour Lights was floated as the quiz team name. Whose idea was that?", _person)
    assert parts.asking == "Whose idea was Harbour Lights?"
    assert parts.context.startswith("Harbour Lights was floated")
    she = split_question("Lale needed the van on Sunday. Whom did she ask to drive it?", _person)
    assert she.asking.startswith("Whom did Lale ask")


def test_a_possessive_of_the_asking_part_takes_the_context_topic() -> None:
    # an animal takes "her"/"his"; a thing only "its"; a person's possessive is no thing's
    assert split_question("oskar's ferret - what's her name?", _person).asking == "what's oskar's ferret's name?"
    assert split_question("The spare van — what is its plate?", _person).asking == "what is The spare van's plate?"
    assert split_question("The quiz night - what is her budget?", _person).asking == "what is her budget?"
    assert split_question("Lale's tortoise: who feeds him?", _person).asking == "who feeds Lale's tortoise?"
    roster = RosterIndex([Participant(id="osk", name="Oskar Lind", aliases=["Oskar"])])
    plan = compile_rules("oskar's ferret - what's her name?", None, roster)
    assert (plan.intent, plan.attribute, plan.category) == ("state", "pet", "ferret")


def test_a_one_part_question_is_left_alone() -> None:
    q = "Once the barn fell through, who suggested the orchard?"
    assert split_question(q, _person) == split_question(q, _person).__class__(q, q, "")


def test_a_phrasal_verb_of_taking_a_task_on_asks_who_agreed() -> None:
    assert parse_question("who stepped in to sweep the hall?").form == "who_agreed"
    assert parse_question("who took on the minutes?").form == "who_agreed"


def test_the_planner_reads_the_merged_question() -> None:
    roster = RosterIndex([Participant(id="osk", name="Oskar Lind", aliases=["Oskar"]),
                          Participant(id="lal", name="Lale Demir", aliases=["Lale"])])
    asked = compile_rules("Somebody asked Oskar to fix the gate hinge. Who?", None, roster)
    assert (asked.intent, asked.scope.addressee) == ("who_asked", "osk")
    whom = compile_rules("Lale asked someone to water the ferns — who?", None, roster)
    assert (whom.intent, whom.scope.speaker) == ("asked_whom", "lal")
    assert "ferns" in whom.issue
    said = compile_rules("The orchard was put forward as a new venue. Who suggested it?", None, roster)
    assert said.intent == "who_said" and "venue" in said.issue


@pytest.mark.parametrize("question", [
    "What flavour will the cake be?",
    "How much is each person chipping in for the gift?",
    "Are we renting a van or taking the train?",
    "What dish are the cousins bringing?",
])
def test_questions_about_an_arrangement_with_no_one_named_are_group_questions(question: str) -> None:
    assert parse_question(question).form == "group"


def test_a_persons_work_is_still_a_job_question() -> None:
    roster = RosterIndex([Participant(id="tob", name="Tobias Brandt", aliases=["Tobias"])])
    plan = compile_rules("where does tobias work now?", None, roster)
    assert (plan.intent, plan.attribute) == ("state", "job")
    assert parse_question("What is being served at the dinner?").attribute is None


def test_a_state_when_the_chat_began_but_not_when_a_person_did_something() -> None:
    assert parse_question("Where was Ola living when this thread began?", mentioned=1).at == "start"
    assert parse_question("What did Ola do for a living when the group chat started?", mentioned=1).at == "start"
    assert parse_question("Where was Ola living when she started her apprenticeship?", mentioned=1).at is None
    assert parse_question("Where was Ola living when Ines began the course?", mentioned=2).at is None


def test_a_member_named_after_a_month_is_no_month() -> None:
    roster = RosterIndex([Participant(id="jun", name="June Okonjo", aliases=["June"]),
                          Participant(id="osk", name="Oskar Lind", aliases=["Oskar"])])
    now = compile_rules("which city does june live in now", None, roster)
    assert (now.mode, now.month, [r.id for r in now.rows]) == ("head", None, ["jun"])
    then = compile_rules("Where was Oskar living in June?", None, roster)
    assert then.month == 6  # after "in", the month


def test_each_person_ranges_over_every_member() -> None:
    # WordNet files "person" itself under its top nodes, not with the kinds of person
    roster = RosterIndex([Participant(id="osk", name="Oskar Lind", aliases=["Oskar"]),
                          Participant(id="lal", name="Lale Demir", aliases=["Lale"])])
    plan = compile_rules("For the map pins: which city is each person in these days?", None, roster)
    assert (plan.intent, plan.attribute, sorted(r.id for r in plan.rows)) == ("everyone", "city", ["lal", "osk"])


def test_a_noun_for_a_variety_of_animals_asks_about_a_pet() -> None:
    # WordNet glosses "breed" as a variety of animals; "zoo" and "leash" mention animals but name no variety
    from polymem.language.models import parsed
    from polymem.language.question_attribute import question_attribute

    assert question_attribute(parsed("what breed is Marzipan?")) == ("pet", None)
    assert question_attribute(parsed("which zoo did they go to?")) == (None, None)
