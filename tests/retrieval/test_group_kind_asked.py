"""A question asks for a kind of thing ("what heating"): of the matters the group settled, the one whose answer
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
    ("wren", "the cabin needs new heating before winter. heat pump or a wood stove?", 0),
    ("saskia", "heat pump, there's a grant for it", 1),
    ("obi_k", "agreed, heat pump", 2),
    ("wren", "fine. heat pump it is, I'll get quotes", 3),
    ("wren", "quotes are in. heat pump: 15k with new radiators. wood stove: 3k fitted", 60),
    ("saskia", "the walls are too draughty for a heat pump to do much", 61),
    ("obi_k", "fine. wood stove, and we look at insulation next year", 62),
    ("wren", "what do we do with the cabin in summer? letting it out sounds like a faff", 100),
    ("saskia", "keep it for us. a family rota, we split the bills. with the wood stove instead of the heat pump we "
               "can afford it", 101),
    ("obi_k", "ok. family rota it is", 102),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "kindasked", ROSTER, LINES, T0, "v")


def test_the_kind_asked_picks_its_matter(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What heating is the cabin getting in the end?", embedder=embedder)
    assert "wood stove" in a.text.lower() and "rota" not in a.text.lower(), (a.text, a.plan.intent)


def test_what_it_was_first(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Which heating had they first gone for?", embedder=embedder)
    assert "heat pump" in a.text.lower() and "stove" not in a.text.lower(), (a.text, a.plan.intent)


def test_kept_instead_of_another() -> None:
    assert kept_instead("the wood stove", "with the wood stove instead of the heat pump we can afford it")
    assert not kept_instead("the heat pump", "with the wood stove instead of the heat pump we can afford it")
    assert kept_instead("Tartu", "Tartu rather than Narva, then")


def test_a_value_of_the_kind_asked_comes_nearer(embedder) -> None:  # type: ignore[no-untyped-def]
    from types import SimpleNamespace

    from polymem.retrieval.extract_group import _focus_fit

    asker = SimpleNamespace(embed=lambda text: embedder.embed([text])[0])
    assert _focus_fit(asker, "heating", "wood stove") > _focus_fit(asker, "heating", "family rota") + 0.1
    assert _focus_fit(SimpleNamespace(embed=None), "heating", "wood stove") == 0.0  # (no embedder: no say)
