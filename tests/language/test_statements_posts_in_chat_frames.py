"""Posts and homes told in chat's own frames: an opening past verb with its "I" dropped, a person noun after "as"
with a verb of working or starting, what one signs for, what one is in charge of at a workplace, a span of years
spent as a trade, a person noun placed at a named workplace (statements_people, statements_job, statements_clause,
lexical.taken_on_as). Sentences written for these tests, in no data set's wording."""

from __future__ import annotations

import pytest

from tests.language.reads import owned, values


def test_an_opening_past_verb_without_its_i_is_the_speakers_move() -> None:
    # the parser hangs the fragment under the clause after it, whose subject is the views
    assert owned("relocated up to Tiverton last month, the views are unreal", "city") == [("ott", "Tiverton")]
    assert owned("moved out to Tiverton in the spring, the commute is awful", "city") == [("ott", "Tiverton")]


def test_a_participle_opening_a_sentence_keeps_the_clauses_subject() -> None:
    assert values("Moved by the speech, Sefa cried", "city") == []
    assert values("Moved the meeting to Tiverton, the boss is fuming", "city") == []


@pytest.mark.parametrize(("text", "post"), [
    ("starting as a lookout on the night boats monday", "lookout"),
    ("just started as a scout, weekends only", "scout"),
    ("working as a lookout on the night ferry now", "lookout"),
])
def test_a_person_noun_after_as_with_a_verb_of_work_is_a_post(text: str, post: str) -> None:
    assert any(post in v for v in values(text, "job"))


@pytest.mark.parametrize("text", [
    "I started as a guest and stayed for the cake",
    "started as a customer there and now I basically live in that cafe",
    "started as a spectator but they roped me into playing",
    "she started as a friend of the family",
    "I went as a pirate",
])
def test_a_person_noun_after_as_without_work_is_no_post(text: str) -> None:
    assert values(text, "job") == []


def test_what_one_signs_for_is_a_home_not_a_workplace() -> None:
    assert values("we signed for a bungalow in Tiverton, keys on friday", "city") == ["Tiverton"]
    assert values("we signed for a bungalow in Tiverton, keys on friday", "job") == []


def test_a_part_of_a_firm_one_runs_is_the_post() -> None:
    jobs = values("these days I'm running the dispatch desk at Harrowgate Freight", "job")
    assert any("Harrowgate Freight" in j for j in jobs)


@pytest.mark.parametrize("text", [
    "I'm running the raffle at the school fair",
    "I'm running the tombola at the church fete",
])
def test_a_game_one_runs_at_an_occasion_is_no_post(text: str) -> None:
    assert values(text, "job") == []


def test_years_spent_as_a_trade_opening_a_sentence_say_the_trade() -> None:
    assert values("fourteen years a chimney sweep and my lungs know it", "job") == ["chimney sweep"]


def test_a_person_noun_at_a_named_workplace_is_a_post() -> None:
    jobs = values("news!! scout at the Kingsbridge Trust, starting in may", "job")
    assert any("scout" in j and "Kingsbridge" in j for j in jobs)


def test_a_job_got_done_is_a_task() -> None:
    assert values("got the glazier job done at last, the window shuts", "job") == []


def test_news_asked_as_whether_someone_told_it_is_told() -> None:
    # "has X told you ...?" gives the news as a question; the clause under the verb of telling holds
    assert owned("did Sefa tell you that she has moved to Tiverton?", "city", speaker="ott") == [("sefa", "Tiverton")]


def test_a_question_of_telling_with_no_news_under_it_tells_nothing() -> None:
    assert owned("has Sefa told you about Tiverton?", "city", speaker="ott") == []


def test_ones_yard_somewhere_places_one_there() -> None:
    assert values("my yard in Tiverton is a swamp", "city") == ["Tiverton"]


@pytest.mark.parametrize("text", [
    "If we sort the rota out, fine. The parts are on order from the supplier in Tiverton",
    "the gardens in Tiverton are lovely",
])
def test_a_supplier_somewhere_or_a_condition_places_nobody(text: str) -> None:
    assert values(text, "city") == []
