"""List questions in more forms: "who's moved ..." (the tagger reads the "'s" of "has" as a passive's "is"), and
"who in the club has pets?" (every member's animals, not a decision of the club's). Questions written for these
tests."""

from __future__ import annotations

from polymem.language.questions import parse_question
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.planner import compile_rules
from polymem.schema.models import Participant


def test_who_has_moved_with_a_contracted_has() -> None:
    assert parse_question("who's moved flat since the spring?").form == "list_moved"


def test_pets_of_the_members_of_a_group_named() -> None:
    roster = RosterIndex([Participant(id="ines", name="Ines Duarte", aliases=["Ines"]),
                          Participant(id="pavel", name="Pavel Novak", aliases=["Pavel"])])
    plan = compile_rules("who in the group has pets?", None, roster)
    assert plan.intent == "state" and plan.attribute == "pet" and len(plan.rows) == 2, (plan.intent, plan.rows)
    assert compile_rules("where is the group meeting now?", None, roster).intent == "group_decision"
