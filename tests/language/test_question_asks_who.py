"""Whether a question asks for a person: from the wh-word's tag, in sentences written for this test."""

from __future__ import annotations

import pytest

from polymem.language.question_group import asks_who


@pytest.mark.parametrize("q", ["Who is bringing the speakers on Saturday?", "whose car are we taking?",
                               "By whom was the hall booked?", "who’s on cooking duty",
                               "Which of us is driving to the coast?", "Which member is doing the cake?",
                               "Name the person hosting the barbecue"])
def test_asks_for_a_person(q: str) -> None:
    assert asks_who(q)


@pytest.mark.parametrize("q", ["Where are we meeting before the gig?", "What did the club pick for the trip?",
                               "Which day was the picnic moved to?", "what's the plan now?"])
def test_asks_for_no_person(q: str) -> None:
    assert not asks_who(q)
