"""A question about a member's relative or acquaintance ("where does X's sister live?") asks of someone memory keeps
no home, job or animal for; a question about the member's own things does not (wording of no data set)."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_views import of_someone_elses


def _member(word: str) -> bool:
    return word.lower() in ("ines", "halvard")


@pytest.mark.parametrize("question", [
    "Which town does Ines's brother live in?",
    "where does halvard's sister work?",
    "Where does Ines's mum live these days?",
    "What does Halvard's wife do for a living?",
    "Which city is Ines's boyfriend from?",
    "What's the name of Halvard's nephew's hamster?",
    "where's ines's cousin living now",
    "Where is Halvard's boss based?",
])
def test_a_relative_is_asked_of(question: str) -> None:
    assert of_someone_elses(parsed(question), _member), question


@pytest.mark.parametrize("question", [
    "Where does Ines live now?",
    "What is Halvard's job?",
    "Who is Ines's employer?",
    "Which firm is Halvard's employer?",
    "What's Ines's dog called?",
    "What breed is Halvard's pup?",
    "Where did Ines live before the move?",
    "What does Ines's friend Halvard do?",  # the friend is a member: his own job
    "Which town is Halvard's new flat in?",
])
def test_the_members_own_state_is_asked(question: str) -> None:
    assert not of_someone_elses(parsed(question), _member), question
