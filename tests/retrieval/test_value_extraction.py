"""Value extraction and decision reading on wording the groupchat set does not use (no database needed)."""

from __future__ import annotations

import pytest

from polymem.language.statements import Person, StatementReader
from polymem.retrieval import decisions, values
from polymem.retrieval.extract_base import coverage, same_value
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.planner import compile_rules
from polymem.schema.models import Participant

# City, job and intro values are read by the language layer now (the same sentences as before).
_READER = StatementReader([Person("yuki", ("Yuki",)), Person("bartek", ("Bartek",)), Person("ravi", ("Ravi",)),
                           Person("fern", ("Fern",)), Person("me", ("Sam",))])


def _value(text: str, attribute: str, speaker: str = "me") -> str | None:
    sts = [s for s in _READER.read(text, speaker) if s.attribute == attribute]
    return sts[0].value if sts else None


@pytest.mark.parametrize("text,city", [
    ("Big news: I moved to Seoul last weekend!", "Seoul"),
    ("Quick update: I've relocated to Graz. Flat is tiny but cosy.", "Graz"),
    ("heard that Yuki relocated to Sapporo last month", "Sapporo"),
    ("I moved to Rio de Janeiro in March", "Rio de Janeiro"),
    ("I live in Stratford upon Avon now", "Stratford upon Avon"),
    ("moved to New York City for now", "New York City"),
])
def test_city_stops_at_time_phrases_and_punctuation(text: str, city: str) -> None:
    assert _value(text, "city") == city


@pytest.mark.parametrize("text,job", [
    ("I work as a nurse at St. Mary's Hospital.", "nurse at St. Mary's Hospital"),
    ("these days I'm working as a barista at Bean There, way less stress", "barista at Bean There"),
    ("Bartek just landed a job at Northgate Bank as a risk analyst!", "risk analyst at Northgate Bank"),
    ("I started a new job as a clinic manager at Gangnam Care.", "clinic manager at Gangnam Care"),
])
def test_job_title_and_employer(text: str, job: str) -> None:
    assert _value(text, "job", "bartek" if text.startswith("Bartek") else "me") == job


def test_intro_names_the_city() -> None:
    assert _value("Ravi, Bristol, software engineer at Kestrel Labs.", "city", "ravi") == "Bristol"
    assert _value("hi all, Fern here: Lisbon. Vet.", "city", "fern") == "Lisbon"
    assert _value("Fern, i love that.", "city", "fern") is None


def test_decisions_read_through_topic_options() -> None:
    known = ["Casa Verde", "the Golden Dragon", "Catan"]
    rev = "Change of plans: Casa Verde is closed that week, we're doing the Golden Dragon instead."
    assert decisions.is_decision(rev)
    assert values.decision(rev, ["dinner"], known=known) == "the Golden Dragon"
    assert values.decision(rev, ["dinner"], old=True, known=known) == "Casa Verde"
    assert decisions.is_decision("Agreed, Catan it is.") and values.decision("Agreed, Catan it is.", [], known=known)
    assert decisions.is_decision("OK let's go with the old boathouse on June 21, decided!")
    assert not decisions.is_decision("Should we switch to the lake house?")
    assert not decisions.is_decision("How about Casa Verde for the dinner?")
    assert values.decision("Alright, we're going with Casa Verde for the dinner.", ["dinner"]) == "Casa Verde"
    assert values.decision("Scrap that hike plan, we're doing Falcon Trail, the Ridge Loop is closed.",
                           ["hike"]) == "Falcon Trail"


@pytest.mark.parametrize("text,value", [
    ("So we need a place. How about Casa Verde for the dinner?", "Casa Verde"),
    ("I vote for the Golden Dragon for the dinner, their dumplings are unreal", "the Golden Dragon"),
    ("For the hike, my pick is the Ridge Loop.", "the Ridge Loop"),
    ("What about the old boathouse by the river?", "the old boathouse"),
    ("I'd suggest the lake house, it has space for everyone.", "the lake house"),
])
def test_proposed_option(text: str, value: str) -> None:
    assert decisions.proposed(text) == value


def test_short_terms_need_a_real_inflection() -> None:
    assert coverage(["play"], "Could you handle the playlist?") == 0
    assert coverage(["play"], "she plays the cello") == 1
    assert coverage(["research"], "Researching adoption agencies") == 1


def test_same_employer_with_or_without_title() -> None:
    assert same_value("risk analyst at Northgate Bank", "Northgate Bank")
    assert not same_value("data analyst at Brightwave", "Northgate Bank")


def test_job_questions_in_other_words() -> None:
    roster = RosterIndex([Participant(id="ollie_w", name="Oliver Wright", aliases=["Ollie"])])
    for q in ("What does Ollie do these days?", "Who is Oliver working for now?", "Who employs Ollie?"):
        p = compile_rules(q, None, roster)
        assert (p.intent, p.attribute) == ("state", "job"), q
    assert compile_rules("What does Ollie do for fun?", None, roster).attribute is None


def test_date_decisions_keep_the_date_that_stands() -> None:
    rev = "Change of plans, the date is now July 5 because July 12 fell through."
    assert (values.date(rev), values.date(rev, old=True)) == ("July 5", "July 12")
    assert values.date("Update: June 21 is off, we switched the date to July 5.", old=True) == "June 21"
    assert values.date("OK let's go with the old boathouse on June 21, decided!") == "June 21"


def test_the_value_a_past_question_names_is_the_newest() -> None:
    from polymem.retrieval.extract_base import StateHit
    from polymem.retrieval.extract_state import _split

    hits = [StateHit("m1", "Tartu", (1.0, 1, "m1"), ["m1"])]
    q = "Where did Mina live before she moved to Valletta?"
    assert _split(hits, q)[1] is None  # nothing read before Tartu
    head, past = _split(hits, q, newer="Valletta")  # the move itself was never read: Tartu came before it
    assert head is not None and past is not None and past.value == "Tartu"
    assert _split(hits, "Where did Mina live before she moved to Tartu?", newer="Tartu")[1] is None


def test_a_term_counts_through_its_aliases() -> None:
    """The name a member's animal goes by stands for the animal word (extract_pets.issue_aliases builds them)."""
    from polymem.retrieval import extract_who
    from polymem.retrieval.extract_base import coverage

    text = "Biscuit is off to live with my mum"
    assert coverage(["cat", "live"], text) == 0.5
    assert coverage(["cat", "live"], text, {"cat": {"biscuit"}}) == 1.0
    assert extract_who.coverage(["cat"], text, {"cat": {"biscuit"}}) == 1.0 > extract_who.coverage(["cat"], text)
