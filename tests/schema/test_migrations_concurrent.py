"""Two processes migrating a new database at once: an index the other one created a moment earlier is what
the statement asked for, not an error."""

from __future__ import annotations

import pytest
from neo4j.exceptions import Neo4jError

from polymem.graph import Graph
from polymem.schema.migrations import apply_statement

# the same schema as migration 1's message_time index under another name and without IF NOT EXISTS: Neo4j
# answers as it does to the second of two concurrent IF NOT EXISTS statements
TWIN = "CREATE INDEX polymem_test_twin FOR (m:Message) ON (m.space, m.time)"


def test_an_index_made_by_another_migration_is_accepted(graph: Graph) -> None:
    with pytest.raises(Neo4jError) as raised:
        graph.write(TWIN)
    assert "AlreadyExists" in (raised.value.code or "")
    apply_statement(graph, TWIN)  # accepted: an equivalent index exists
    names = {r["name"] for r in graph.read("SHOW INDEXES YIELD name RETURN name")}
    assert "message_time" in names and "polymem_test_twin" not in names


def test_other_schema_errors_still_raise(graph: Graph) -> None:
    with pytest.raises(Neo4jError):
        apply_statement(graph, "CREATE INDEX polymem_test_bad FOR (m:Message) ON (m.nope")
