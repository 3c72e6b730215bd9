"""A question about who passed on a member's news, whatever its verb ("spilled", "let on"): a clause stating
something of a member as a fact; not a promise, a wish or a proposal about them. Wording of no data set."""

from __future__ import annotations

import pytest

from polymem.language.questions import parse_question

_NAMES = frozenset({"ysella", "tobiah"})


@pytest.mark.parametrize("question", [
    "who spilled that Ysella had sold the houseboat?",
    "who let on that Tobiah is leaving the orchestra?",
    "Who said that Ysella moved to Penzeth?",
])
def test_a_members_news_passed_on_asks_who_reported(question: str) -> None:
    assert parse_question(question, mentioned=1, names=_NAMES).form == "who_reported"


@pytest.mark.parametrize(("question", "form"), [
    ("Who promised that Ysella would get the keys?", "who_agreed"),   # a promise: a modal
    ("who agreed that Tobiah should lead the stretches?", "who_agreed"),
    ("Who suggested that Ysella hosts the barn dance?", None),          # a proposal
    ("Who thought Penzeth was the better stop?", None),               # a place, not a member
])
def test_promises_proposals_and_views_are_not_news(question: str, form: str | None) -> None:
    assert parse_question(question, mentioned=1, names=_NAMES).form == form


def test_a_clause_of_time_opened_by_that_is_no_news() -> None:
    question = "who is feeding the tortoise now that Ysella has moved?"
    assert parse_question(question, mentioned=1, names=_NAMES).form != "who_reported"
