"""Lists and activity asked in words of no data set: who changed jobs or moved, everything decided, who posts
most."""

from __future__ import annotations

import pytest

from polymem.language.questions import parse_question


@pytest.mark.parametrize(("question", "attribute"), [
    ("Which of the volunteers changed jobs this year?", "job"),
    ("Who swapped jobs in the spring?", "job"),
    ("Has anybody moved city?", "city"),
    ("Who relocated over the winter?", "city"),
])
def test_who_changed_a_job_or_a_home(question: str, attribute: str) -> None:
    form = parse_question(question)
    assert (form.form, form.attribute) == ("list_moved", attribute)


def test_changing_a_thing_is_not_a_list_of_movers() -> None:
    assert parse_question("Who changed the rota?").form != "list_moved"


@pytest.mark.parametrize("question", [
    "What decisions has the orchestra made?",
    "What's been finalised so far?",
])
def test_everything_decided(question: str) -> None:
    assert parse_question(question).form == "list_decisions"


def test_a_decision_on_one_matter_is_not_the_list() -> None:
    assert parse_question("Which caterer did the orchestra pick?").form != "list_decisions"


@pytest.mark.parametrize("question", [
    "Who wrote the most?", "Who posts more than anyone else?", "Who contributes the most here?",
])
def test_who_posts_most(question: str) -> None:
    assert parse_question(question).form == "most_active"


def test_owning_the_most_things_is_not_activity() -> None:
    assert parse_question("Who owns the most bikes?").form != "most_active"


@pytest.mark.parametrize(("question", "attribute"), [
    ("When was Lale's first day at the observatory?", "job"),
    ("What date did Oskar start at Quillfeather Books?", "job"),
    ("When did Oskar make the move to Trondheim?", "city"),
])
def test_when_a_job_began_or_a_move_was_made(question: str, attribute: str) -> None:
    form = parse_question(question, mentioned=1)
    assert (form.form, form.attribute) == ("when", attribute)


def test_starting_at_an_event_is_no_job() -> None:
    assert parse_question("When did Oskar start at the party?", mentioned=1).attribute is None


def test_the_words_naming_a_matter_leave_out_adverbs() -> None:
    from polymem.language.question_group import matter_words

    q = "so where is the cider tasting really happening now?"
    assert matter_words(q, ["cider", "tasting", "really", "happening"]) == ["cider", "tasting", "happening"]


def test_where_an_event_is_held_asks_about_a_plan() -> None:
    # the tagger reads "where's" as a conjunction, and "held" is organising, not gripping
    assert parse_question("where's the harvest fete being held this year?").form == "group"
    assert parse_question("where's the picnic now?").form == "group"
    assert parse_question("who is holding the keys?").form != "group"
