"""Questions that ask where someone works by naming the kind of place ("which orchestra", "what company"), that
ask what someone used to do, whose an animal is, or a version of a plan ("the original venue"). Sentences
written for this test (no data set's words, names or values)."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.planner import compile_rules
from polymem.schema.models import Participant

ROSTER = RosterIndex([Participant(id="ana", name="Ana Ruiz", aliases=["Ana"]),
                      Participant(id="ben", name="Ben Cole", aliases=["Ben"]),
                      Participant(id="teo", name="Teodor Lind", aliases=["Teo"])])


@pytest.mark.parametrize("question", [
    "Which orchestra does Ana play in now?",
    "Which school does Ben teach at?",
    "Which hospital is Ana working at these days?",
    "Which lab is Ben at now?",
    "Which company did Ana leave?",
    "What was Ben's old firm?",
])
def test_a_kind_of_workplace_asked_of_a_person_asks_for_their_job(question: str) -> None:
    assert question_attribute(parsed(question))[0] == "job"


@pytest.mark.parametrize("question", [
    "Which hotel is Ana staying at?",
    "Which restaurant did Ben book?",
    "Where is Ana's farewell party going to be?",
])
def test_a_place_someone_stays_at_or_books_is_no_job(question: str) -> None:
    assert question_attribute(parsed(question))[0] != "job"


def test_a_member_named_in_lower_case_is_still_the_person_asked_about() -> None:
    plan = compile_rules("what company is teo at now", None, ROSTER)
    assert (plan.intent, plan.attribute, [r.id for r in plan.rows]) == ("state", "job", ["teo"])


def test_what_someone_used_to_do_asks_for_a_job() -> None:
    assert question_attribute(parsed("What did Ana used to do?"))[0] == "job"
    assert question_attribute(parsed("What did Ana use to do on Sundays?"))[0] is None


def test_who_owns_a_name_asks_for_an_animals_keeper() -> None:
    plan = compile_rules("Who owns Truffle?", None, ROSTER)
    assert (plan.intent, plan.attribute) == ("state", "pet")
    assert {r.id for r in plan.rows} == {"ana", "ben", "teo"}
    assert compile_rules("Who owns the blue van?", None, ROSTER).attribute != "pet"


def test_someone_with_an_animal_keeps_it() -> None:
    plan = compile_rules("Is there anyone with a cat?", None, ROSTER)
    assert (plan.intent, plan.attribute, plan.category) == ("category", "pet", "cat")


def test_a_version_of_a_thing_asked_with_nobody_named_is_the_groups_plan() -> None:
    assert compile_rules("What was the original venue?", None, ROSTER).intent == "group_decision"
    assert compile_rules("What was Ana's original plan?", None, ROSTER).intent != "group_decision"


def test_who_is_of_a_trade_or_lives_in_a_town_asks_over_everyone() -> None:
    plan = compile_rules("Who is a translator?", None, ROSTER)
    assert (plan.intent, plan.attribute, plan.category) == ("category", "job", "translator")
    plan = compile_rules("Who lives in Ventspils?", None, ROSTER)
    assert (plan.intent, plan.attribute, plan.category) == ("category", "city", "Ventspils")


def test_a_time_beside_for_work_still_asks_for_a_job() -> None:
    assert question_attribute(parsed("What did Ana do for work at the beginning?"))[0] == "job"
    assert question_attribute(parsed("What did Ana do at the weekend?"))[0] is None


def test_who_told_about_a_members_news_asks_for_the_reporter() -> None:
    for q in ("Who told the group about Ana's promotion?", "Who reported that Ana was promoted?"):
        plan = compile_rules(q, None, ROSTER)
        assert (plan.intent, [r.id for r in plan.rows]) == ("who_reported", ["ana"]), q
    assert compile_rules("Who told Ben to bring the cake?", None, ROSTER).intent == "who_asked"
