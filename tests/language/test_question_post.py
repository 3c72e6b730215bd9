"""A question about a post someone holds, asked with a word other than "job" (questions in no data set)."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute


@pytest.mark.parametrize("question", [
    "What's Ottilie's job title these days?",
    "What is Sefa's current role?",
    "what's Ruaridh's position at work now?",
    "What's Sefa's post at the library?",
    "What's Ruaridh's title these days?",
])
def test_a_post_asked_in_other_words_asks_about_a_job(question: str) -> None:
    assert question_attribute(parsed(question))[0] == "job"


@pytest.mark.parametrize("question", [
    "What was Sefa's role in the planning?",
    "What is Ottilie's position on the new rota?",
    "who finished in first position?",
    "When is Sefa's job interview?",  # an event about a job, no post
    "What did Sefa's post say?",  # a post online
    "What's Ottilie's situation?",
])
def test_a_part_played_or_a_view_held_is_no_post(question: str) -> None:
    assert question_attribute(parsed(question))[0] != "job"


@pytest.mark.parametrize("question", [
    # (the parser hangs the stranded "with" on the name)
    "What agency was Ines with until last spring?",
    "Which publisher is Ines with at the moment?",
    "Which agency is Olu with?",
])
def test_the_organisation_someone_was_with_asks_about_a_job(question: str) -> None:
    assert question_attribute(parsed(question))[0] == "job"


@pytest.mark.parametrize("question", [
    "What did Ottilie do before she took up beekeeping full time?",
    "what did Ruaridh do until he retrained as a pilot",  # the trade in the dating clause is no category
])
def test_what_someone_did_up_to_a_change_asks_about_their_job(question: str) -> None:
    assert question_attribute(parsed(question)) == ("job", None)


@pytest.mark.parametrize("question", [
    "What did Sefa do yesterday?",
    "what did Ruaridh do that evening",
])
def test_what_someone_did_on_one_occasion_is_no_job(question: str) -> None:
    assert question_attribute(parsed(question))[0] != "job"
