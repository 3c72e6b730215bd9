"""A question asks for a kind of thing ("what flooring"): of the matters the group settled, the one whose answer
comes nearest in meaning to that kind answers it (the embedder's cosine), and a later choice whose talk names the
earlier value as what is had "instead of" another does not replace it. End to end on a real Neo4j with the real
writer and embedder; the chat is written for this test (no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.language.chains import kept_instead
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="wren", name="Wren Albescu", aliases=["Wren"]),
    Participant(id="obi_k", name="Obinna Kalu", aliases=["Obi"]),
    Participant(id="saskia", name="Saskia Lund", aliases=["Saskia"]),
]
T0 = datetime(2026, 9, 7, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("wren", "the studio floor is shot. cork tiles or oak boards?", 0),
    ("saskia", "cork tiles, they're warmer underfoot", 1),
    ("obi_k", "agreed, cork tiles", 2),
    ("wren", "fine. cork tiles it is, I'll ask around for prices", 3),
    ("wren", "prices back. cork tiles: 4k laid. oak boards: 2k laid", 60),
    ("saskia", "the subfloor is too uneven for cork tiles to sit flat", 61),
    ("obi_k", "fine. oak boards, and we sand them ourselves", 62),
    ("wren", "what happens to the studio in august? renting it to the choir sounds like hassle", 100),
    ("saskia", "keep it for members. a booking sheet, each of us gets a slot. with oak boards rather than cork "
               "tiles the budget stretches", 101),
    ("obi_k", "ok. booking sheet it is", 102),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "kindasked", ROSTER, LINES, T0, "v")


def test_the_kind_asked_picks_its_matter(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What flooring is the studio getting in the end?", embedder=embedder)
    assert "oak boards" in a.text.lower() and "booking" not in a.text.lower(), (a.text, a.plan.intent)


def test_what_it_was_first(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Which flooring had they first gone for?", embedder=embedder)
    assert "cork" in a.text.lower() and "oak" not in a.text.lower(), (a.text, a.plan.intent)


def test_kept_instead_of_another() -> None:
    assert kept_instead("the oak boards", "so the oak boards instead of the cork tiles, cheaper all round")
    assert not kept_instead("the cork tiles", "so the oak boards instead of the cork tiles, cheaper all round")
    assert kept_instead("Tartu", "Tartu rather than Narva, then")


def test_a_value_of_the_kind_asked_comes_nearer(embedder) -> None:  # type: ignore[no-untyped-def]
    from types import SimpleNamespace

    from polymem.retrieval.extract_group import _focus_fit

    asker = SimpleNamespace(embed=lambda text: embedder.embed([text])[0])
    assert _focus_fit(asker, "flooring", "oak boards") > _focus_fit(asker, "flooring", "booking sheet") + 0.1
    assert _focus_fit(SimpleNamespace(embed=None), "flooring", "oak boards") == 0.0  # (no embedder: no say)
