"""Rule-based planner: hand-made questions -> expected Plan fields (no database needed)."""

from __future__ import annotations

import pytest

from polymem.errors import InputError
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.planner import compile_rules
from polymem.schema.models import Participant

ROSTER = RosterIndex([
    Participant(id="ali86", name="Alice Moreau", aliases=["Alice", "Ali"]),
    Participant(id="bob", name="Bob Stone", aliases=["Bobby"]),
    Participant(id="carol_d", name="Carol Diaz", aliases=["Carol"]),
    Participant(id="lia58", name="Liam O'Brien", aliases=["Liam", "Lee"]),
])


def plan(q: str, asker: str | None = None):
    return compile_rules(q, asker, ROSTER)


def test_everyone_expands_to_whole_roster() -> None:
    for q in ("Where does everyone live now?", "Where do all of us live?", "What city is each of us in?",
              "Where does the whole group live these days?", "Who lives where now?", "Where do our cousins live?"):
        p = plan(q)
        assert p.intent == "everyone", q
        assert {r.id for r in p.rows} == {"ali86", "bob", "carol_d", "lia58"}
        assert all(r.kind == "PERSON" for r in p.rows)


def test_group_row_for_decisions() -> None:
    for q in ("What did the group finally settle on for the venue?", "What was the final decision on the book?",
              "What did we decide for the date?"):
        p = plan(q)
        assert [r.kind for r in p.rows] == ["GROUP"], q
        assert p.intent == "group_decision"
    assert "venue" in plan("What did the group finally settle on for the venue?").issue


def test_named_people_aliases_handles_possessives_case() -> None:
    assert [r.id for r in plan("What is Alice's current job?").rows] == ["ali86"]
    assert [r.id for r in plan("where does ALI live now?").rows] == ["ali86"]
    assert [r.id for r in plan("Where does @lia58 live?").rows] == ["lia58"]
    assert [r.id for r in plan("Where does Liam O'Brien live?").rows] == ["lia58"]
    assert [r.id for r in plan("What pet does Bobby have?").rows] == ["bob"]
    assert plan("What pet does Bobby have?").attribute == "pet"


def test_who_of_all_of_us_lives_somewhere_asks_who() -> None:
    assert plan("Who out of all of us lives in Leeds?").intent != "everyone"


def test_first_person_is_the_asker() -> None:
    p = plan("Where did I say I live?", asker="carol_d")
    assert [r.id for r in p.rows] == ["carol_d"]
    p = plan("What does Bob think of me?", asker="carol_d")
    assert p.intent == "opinion" and p.scope.source == "bob" and p.scope.owner == "carol_d"


def test_issue_drops_names_and_stop_words() -> None:
    p = plan("Who suggested the old boathouse for the venue?")
    assert p.issue == ["old", "boathouse", "venue"]
    assert plan("Who asked Liam to print the flyers?").issue == ["print", "flyers"]


@pytest.mark.parametrize("q,mode", [
    ("Where does Alice live now?", "head"),
    ("Where did Alice live before moving to Krakow?", "full"),
    ("Where did Bob use to work?", "full"),  # "did ... use to" is the question form of "used to"
    ("What job did Bob have before?", "full"),
    ("What had the group originally decided for the book?", "full"),
    ("What did we pick at first for the venue?", "full"),
    ("What was Carol's previous job?", "full"),
    ("How has the venue changed?", "full"),
    ("What did Carol say in 2021?", "full"),
])
def test_mode(q: str, mode: str) -> None:
    assert plan(q).mode == mode


def test_opinion_scope_source_owner() -> None:
    for q in ("What does Liam think of Carol?", "How does Liam see Carol?", "How does Liam feel about Carol?",
              "What is Liam's opinion of Carol?"):
        p = plan(q)
        assert p.intent == "opinion", q
        assert (p.scope.source, p.scope.owner) == ("lia58", "carol_d"), q
        assert [r.id for r in p.rows] == ["carol_d"]


def test_tell_scope_speaker_addressee() -> None:
    p = plan("What did Bob tell Carol about the trip?")
    assert (p.scope.speaker, p.scope.addressee) == ("bob", "carol_d")
    assert "trip" in p.issue


def test_request_questions() -> None:
    p = plan("Who asked Liam to print the flyers?")
    assert p.intent == "who_asked" and p.scope.addressee == "lia58" and p.answer_field == "speaker"
    p = plan("Whom did Alice ask to print the flyers?")
    assert p.intent == "asked_whom" and p.scope.speaker == "ali86" and p.answer_field == "addressee"
    p = plan("Who did Alice ask to book the room?")
    assert p.intent == "asked_whom"
    p = plan("Who agreed to print the flyers?")
    assert p.intent == "who_agreed" and p.answer_field == "speaker"
    assert plan("Who volunteered to bring the projector?").intent == "who_agreed"


def test_reported_and_said() -> None:
    p = plan("Who told the group that Alice moved to Krakow?")
    assert p.intent == "who_reported" and p.scope.owner == "ali86" and p.issue == ["krakow"]
    assert plan("Who suggested Piranesi for the book?").intent == "who_said"
    assert plan("Who proposed the lake house?").intent == "who_said"


def test_state_attribute() -> None:
    assert plan("Where does Carol live now?").attribute == "city"
    assert plan("Where does Carol work?").attribute == "job"
    assert plan("What does Carol do for a living?").attribute == "job"
    assert plan("What is Carol's current job?").intent == "state"
    # A who-word asking for an attribute of a named person is a state lookup, not a who-said question.
    for q in ("Who is Liam's employer?", "Who is Liam\u2019s boss?", "Who is Liam working for?"):
        p = plan(q)
        assert (p.intent, p.attribute, [r.id for r in p.rows]) == ("state", "job", ["lia58"]), q
    assert plan("Who said Liam's employer was bad?").intent == "who_said"


def test_unknown_names_and_bad_text() -> None:
    p = plan("Where does Zed live now?")
    assert p.rows == [] and "zed" in p.issue
    p = plan('") OR 1=1 // AND OR ~ * : "')
    assert p.intent == "generic" and p.rows == []
    with pytest.raises(InputError, match="empty"):
        plan("   ")
    with pytest.raises(InputError, match="limit"):
        plan("x" * 50_000)


@pytest.mark.parametrize(("q", "mode"), [
    ("Carol's old town?", "full"),  # a noun of an earlier time, by WordNet's senses of former / previous
    ("What was Bob's erstwhile home?", "full"),
    ("Is Carol still living in that old farmhouse?", "head"),  # an old thing, not a former one
    ("What does Carol do for work, something at the old mill?", "head"),
    ("Which city does Liam live in now, not the one he moved away from?", "head"),
    ("Which town did Liam move away from?", "full"),  # the "from" left at the end asks for what was left
    ("Which town did Liam move to?", "head"),
    ("Carol's town?", "head"),
])
def test_a_value_of_an_earlier_time_is_asked_in_full(q: str, mode: str) -> None:
    assert plan(q).mode == mode


def test_who_someone_works_for_asks_their_employer() -> None:
    for q in ("who's bob working for these days", "Who is Bob working for now?"):
        p = plan(q)
        assert p.intent == "state" and p.attribute == "job" and [r.id for r in p.rows] == ["bob"], (q, p)


@pytest.mark.parametrize(("q", "intent", "attribute"), [
    ("give me each person's current city pls", "everyone", "city"),  # texting spellings read as words
    ("whats bobby's job these days", "state", "job"),
    ("hows alice's new job going, what is it", "state", "job"),
])
def test_texting_spellings_in_questions(q: str, intent: str, attribute: str) -> None:
    p = plan(q)
    assert (p.intent, p.attribute) == (intent, attribute), p


def test_a_member_whose_name_is_a_texting_spelling_keeps_it() -> None:
    roster = RosterIndex([Participant(id="im", name="Im Soo", aliases=["Im"]), *ROSTER.roster])
    p = compile_rules("Did Im Soo get the job?", None, roster)
    assert [r.id for r in p.rows] == ["im"] and p.attribute == "job", p
    assert [r.id for r in compile_rules("whats Bob's job", None, roster).rows] == ["bob"]


def test_a_request_told_before_the_question_asks_who_made_it() -> None:
    p = plan("Bob was asked to repaint the shed door. Who put in that request?")
    assert (p.intent, p.scope.addressee) == ("who_asked", "bob")


def test_news_told_to_one_member_is_of_the_member_it_is_about() -> None:
    p = plan("Who let Bob know that Carol had taken the lighthouse job?")
    assert (p.intent, p.scope.owner) == ("who_reported", "carol_d")


def test_news_told_to_a_member_is_no_request_of_them() -> None:
    p = plan("Who told Bob that Carol had taken the lighthouse job?")
    assert (p.intent, p.scope.owner) == ("who_reported", "carol_d")
    p = plan("Who told Bob to lock the boathouse?")  # a request: the one told is the one asked
    assert (p.intent, p.scope.addressee) == ("who_asked", "bob")
