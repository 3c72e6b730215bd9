"""A question over every member of a very big roster searches the members its evidence speaks of, not a row
per member (a public channel has thousands)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from polymem.graph import Graph
from polymem.retrieval import AskOptions, ask, plan
from polymem.retrieval.planner import WIDE_ROWS
from polymem.schema.models import Participant
from tests.retrieval.chat_fixture import ingest_timed

SYLLABLES = ["ka", "ro", "mi", "tel", "sun", "va", "dor", "li", "ben", "za"]


def _name(i: int) -> str:
    return (SYLLABLES[i % 10] + SYLLABLES[(i // 10) % 10] + SYLLABLES[(i // 100) % 10]).capitalize()


ROSTER = [Participant(id=f"m{i:03d}", name=_name(i), aliases=[]) for i in range(WIDE_ROWS + 40)]
HOMES = {"m007": "Trondheim", "m051": "Coimbra", "m093": "Ljubljana"}
LINES = [(f"m{i:03d}", f"morning all, anyone tried the new {w} place?", i * 0.1)
         for i, w in zip(range(len(ROSTER)), ["noodle", "taco", "bagel", "curry", "falafel"] * 30, strict=False)]
LINES += [(pid, f"I moved to {city} last spring and I live there now", 20.0 + k) for k, (pid, city) in
          enumerate(HOMES.items())]


@pytest.fixture(scope="module")
def big(graph: Graph, embedder: Any):  # type: ignore[no-untyped-def]
    from polymem.graph.messages import MessageRepository

    space = "test-wide-" + datetime.now().strftime("%H%M%S%f")
    ingest_timed(graph, space, embedder, ROSTER, LINES, datetime(2026, 2, 1, 9, 0, tzinfo=UTC), "w")
    yield space
    MessageRepository(graph).drop_space(space)


def test_everyone_plan_keeps_no_row_per_member(graph: Graph, big: str) -> None:
    p = plan(graph, big, "Where does everyone live now?")
    assert p.intent == "everyone"
    assert p.rows_from_evidence and p.rows == []
    named = plan(graph, big, f"Where do {_name(7)} and everyone else live now?")
    assert "m007" in [r.id for r in named.rows]  # a member the question names keeps their row


def test_rows_come_from_the_evidence(graph: Graph, big: str, embedder: Any) -> None:
    a = ask(graph, big, "Where does everyone live now?", None, AskOptions(strategy="agentic", llm=False),
            embedder=embedder)
    step = next(t for t in a.trace if t.get("tool") == "rows_from_evidence")
    assert set(HOMES) <= set(step["rows"]) and len(step["rows"]) <= WIDE_ROWS
    row_searches = [t for t in a.trace if str(t.get("why", "")).startswith("own statements of")]
    assert len(row_searches) == len(step["rows"])  # one per member found, not one per member of the roster
    for city in HOMES.values():
        assert city in a.text
