"""A member's work said in words no reading of posts catches ("freelance bookbinder era") is answered with their
latest line about work, quoted; a member who never talks of their own work stays unknown, even when their lines
name someone else's trade. End to end on a real Neo4j with the real writer; the chat is written for this test (no
data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="odile_r", name="Odile Rasmussen", aliases=["Odile"]),
    Participant(id="benno", name="Benno Lachance", aliases=["Benno"]),
]
T0 = datetime(2026, 2, 9, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("odile_r", "morning all, grey skies again", 0),
    ("odile_r", "ugh my call centre job is killing me, ten hours on the energy helpline today", 1),
    ("benno", "my sister is a nurse in the new hospital, she loves it", 2),
    ("benno", "the plumber came round finally, the shower works", 30),
    ("odile_r", "new chapter: freelance bookbinder era, orders open next week", 60),
    ("benno", "amazing odile! send me the link", 61),
    ("odile_r", "good job everyone on the quiz last night!", 62),
    ("benno", "i tell you, that quiz was rigged", 63),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "workline", ROSTER, LINES, T0, "w")


def test_work_said_in_own_words_is_quoted(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what does Odile do for work now?", embedder=embedder)
    assert "bookbinder" in a.text.lower(), (a.text, a.cited)


def test_work_said_before_is_the_earliest_line_about_work(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what did Odile do for work before that?", embedder=embedder)
    assert "helpline" in a.text.lower() and "bookbinder" not in a.text.lower(), (a.text, a.cited)


def test_work_of_someone_of_theirs_is_not_asked_of_the_member(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what does Odile's brother do for work?", embedder=embedder)
    assert "bookbinder" not in a.text.lower(), (a.text, a.cited)


def test_someone_elses_trade_is_not_the_members_work(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what is Benno's job?", embedder=embedder)
    assert a.abstained and "nurse" not in a.text.lower() and "plumber" not in a.text.lower(), (a.text, a.cited)


def test_the_writers_own_trade_in_a_line_to_the_member_is_not_theirs() -> None:
    from polymem.retrieval.extract_work import talks_of_work

    assert not talks_of_work("odile, I'm a nurse myself and even I think that sounds rough", own=False)
    assert talks_of_work("she's a bookbinder now, orders open next week", own=False)
    assert not talks_of_work("that is the most designer sentence I've ever read")
