"""Shared fixtures: a real Neo4j (started by scripts/neo4j) and the real embedding model."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from polymem.graph import Graph
from polymem.schema.migrations import migrate

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def graph() -> Iterator[Graph]:
    g = Graph()
    if not g.ping():
        pytest.fail("Neo4j is not reachable: run scripts/neo4j start (scripts/test does it)")
    migrate(g)
    yield g
    g.close()


@pytest.fixture
def space(graph: Graph) -> Iterator[str]:
    """A fresh space per test; removed afterwards so tests never see each other's data."""
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    from polymem.graph.messages import MessageRepository

    MessageRepository(graph).drop_space(name)


@pytest.fixture(scope="session")
def embedder():
    from polymem.ingest.embedder import default_embedder

    return default_embedder()


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.exists():
        pytest.skip("shared/data not present beside the repo")
    return SHARED_DATA
