"""Everyone who backed an option ("who voted for X?", "who went along with Y's idea?", "who was fine with X?"):
every member who took it up in the talk after it, by naming it or by a short assent to a line of it, never the
one who put it forward, one who turned it down, one who put another option forward, nor the line announcing
the outcome. End to end on a real Neo4j; the chat is written for this test (no data set's words, names or
values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.language.consensus import likes_it
from polymem.language.models import parsed
from polymem.language.question_backing import backed_option
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="odile", name="Odile Marchetti", aliases=["Odile"]),
    Participant(id="kwabena", name="Kwabena Asante", aliases=["Kwabena"]),
    Participant(id="signe", name="Signe Dahl", aliases=["Signe"]),
    Participant(id="ravi.p", name="Ravi Pillai", aliases=["Ravi"]),
    Participant(id="marisa", name="Marisa Quon", aliases=["Marisa"]),
]
T0 = datetime(2026, 2, 1, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("odile", "where should the choir's spring concert go this year?", 0),
    ("kwabena", "what about the Corn Exchange? decent acoustics and a bar", 0.1),
    ("signe", "ooh I love that", 0.2),
    ("ravi.p", "Corn Exchange gets my vote", 0.3),
    ("marisa", "too pricey for us. I'd rather the library hall honestly", 0.4),
    ("odile", "the heating in there is broken anyway", 0.5),
    ("kwabena", "anyone seen the new sheet music?", 1.0),
    ("signe", "it's in the blue folder", 1.1),
    ("odile", "poll for the rehearsal night: Mondays or Thursdays? reply with yours", 24),
    ("ravi.p", "thursdays", 24.1),
    ("marisa", "mondays. sorry ravi", 24.2),
    ("signe", "thursdays!", 24.3),
    ("kwabena", "thursdays, my mondays are full", 24.4),
    ("odile", "thursdays it is then", 24.5),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "backers", ROSTER, LINES, T0, "b")


def _says(text: str, who: list[str], not_who: list[str]) -> None:
    low = text.lower()
    assert all(w in low for w in who) and not any(w in low for w in not_who), text


def test_a_vote_lists_every_backer(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Who voted for Thursdays?", embedder=embedder)
    assert a.plan.backing is not None, a.plan.notes
    # the one who ran the poll and announced it backs nothing; the one who chose Mondays is no backer
    _says(a.text, ["ravi", "signe", "kwabena"], ["marisa", "odile"])


def test_backers_of_a_members_idea(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "who went along with Kwabena's Corn Exchange idea?", embedder=embedder)
    # "I love that" assents; the one who would rather another hall does not; the proposer is not a backer
    _says(a.text, ["signe", "ravi"], ["marisa", "kwabena", "odile"])


def test_question_forms_of_backing() -> None:
    assert backed_option(parsed("who was fine with moving the dinner to Friday?")) == ["friday"]
    assert "canal" in (backed_option(parsed("Who was up for the canal walk?")) or [])
    assert backed_option(parsed("who was in favour of the barn?")) == ["barn"]
    assert backed_option(parsed("Who backed Priscilla's plan for a quiz night?")) == ["quiz", "night"]
    # a task taken on, a proposer, someone going somewhere, a question inside a question: no backing asked
    for q in ("Who agreed to collect the keys?", "Who suggested the barn?", "who is going for lunch?",
              "who wanted to know who was going for the early train?", "Who backed out of the kayak trip?",
              "Who voted against the quiz?", "Who went for a swim before breakfast?", "Who supports Hartlepool?",
              "Who was happy with their new bike?", "who went along to the match?"):
        assert backed_option(parsed(q)) is None, q


def test_liking_what_was_put_forward() -> None:
    assert likes_it("oh I like that a lot")
    assert likes_it("love it")
    assert not likes_it("I don't like that")
    assert not likes_it("I'd like it if you came early")
    assert not likes_it("I like my tea strong")
    assert not likes_it("I like him") and not likes_it("I like it but it's far")
    assert likes_it("I love that plan")
