"""End to end on Neo4j with the real writer (wording of no data set): a question about a member's relative is not
answered with the member's own home or job, and a question asking which workplace (a hospital, a school) is
not answered by a post that names none."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, timed_space

LINES = [
    ("mara", "settled into the new flat in Olomouc at last, boxes everywhere", 0),
    ("wen", "yay! how's the commute?", 0.2),
    ("mara", "ten minutes by bike, bliss", 0.3),
    ("tobi_k", "started as a lift engineer this week, body clock is wrecked", 30),
    ("wen", "oof, hang in there", 30.2),
    ("wen", "I'm a radiographer at Saint Brennoc's now, first week done", 60),
]


@pytest.fixture(scope="module")
def chat(graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "others", ROSTER, LINES, datetime(2026, 4, 2, 9, 0, tzinfo=UTC), "o")


def test_the_members_own_home_still_answers(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where does Mara live now?", embedder=embedder)
    assert not a.abstained and "Olomouc" in a.text, a.text


def test_a_relatives_home_is_not_the_members(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Which city does Mara's brother live in?", embedder=embedder)
    assert a.abstained and "Olomouc" not in a.text, a.text


def test_which_workplace_is_not_answered_by_a_post_alone(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Which hotel is Tobi working at?", embedder=embedder)
    assert a.abstained and "engineer" not in a.text, a.text
    b = ask(graph, chat, "Which hospital does Wen work at?", embedder=embedder)
    assert not b.abstained and "Brennoc" in b.text, b.text
    c = ask(graph, chat, "What job does Tobi do now?", embedder=embedder)  # a post asked by its noun
    assert "engineer" in c.text, c.text
