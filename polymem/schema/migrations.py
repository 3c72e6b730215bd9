"""Idempotent schema migrations. The applied version is recorded on a (:SchemaVersion) node."""

from __future__ import annotations

from collections.abc import Callable
from typing import LiteralString

from neo4j.exceptions import Neo4jError

from polymem.graph.driver import Graph

EMBEDDING_DIM = 384

# A step is a statement, or a function of the graph for data rewrites too large for one
# transaction (it batches itself and must be idempotent).
Step = LiteralString | Callable[[Graph], object]

# Each migration is a list of steps; all are IF NOT EXISTS or idempotent, so re-running is harmless.
MIGRATIONS: list[tuple[int, str, list[Step]]] = [
    (
        1,
        "System 1: ids unique per space, message full-text/vector/time indexes",
        [
            "CREATE CONSTRAINT space_id IF NOT EXISTS FOR (s:Space) REQUIRE s.id IS UNIQUE",
            "CREATE CONSTRAINT participant_id IF NOT EXISTS FOR (p:Participant) REQUIRE (p.space, p.id) IS UNIQUE",
            "CREATE CONSTRAINT message_id IF NOT EXISTS FOR (m:Message) REQUIRE (m.space, m.id) IS UNIQUE",
            "CREATE CONSTRAINT channel_id IF NOT EXISTS FOR (c:Channel) REQUIRE (c.space, c.id) IS UNIQUE",
            "CREATE CONSTRAINT session_id IF NOT EXISTS FOR (s:Session) REQUIRE (s.space, s.id) IS UNIQUE",
            "CREATE INDEX message_time IF NOT EXISTS FOR (m:Message) ON (m.space, m.time)",
            "CREATE INDEX message_seq IF NOT EXISTS FOR (m:Message) ON (m.space, m.seq)",
            "CREATE INDEX message_speaker IF NOT EXISTS FOR (m:Message) ON (m.space, m.speaker)",
            "CREATE INDEX message_channel IF NOT EXISTS FOR (m:Message) ON (m.space, m.channel)",
            "CREATE FULLTEXT INDEX message_text IF NOT EXISTS FOR (m:Message) ON EACH [m.text, m.space_key]",
            # unquantized since migration 15 (schema/vectors.py), which rebuilds an older index
            "CREATE VECTOR INDEX message_embedding IF NOT EXISTS FOR (m:Message) ON m.embedding "
            "OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine', "
            "`vector.quantization.enabled`: false}}",
        ],
    ),
]


def current_version(graph: Graph) -> int:
    rows = graph.read("MATCH (v:SchemaVersion {id: 'polymem'}) RETURN v.version AS version")
    return int(rows[0]["version"]) if rows else 0


def migrate(graph: Graph, migrations: list[tuple[int, str, list[Step]]] | None = None) -> int:
    """Apply every migration above the recorded version; return the resulting version."""
    # Track the SET of applied versions: a layer registered later with a lower number (e.g. 3
    # after 4 ran) must still be applied. Statements are IF NOT EXISTS, so this is always safe.
    done = applied_versions(graph)
    for version, _title, statements in sorted(migrations or all_migrations()):
        if version in done:
            continue
        for stmt in statements:
            if callable(stmt):
                stmt(graph)
            else:
                apply_statement(graph, stmt)
        graph.write(
            "MERGE (v:SchemaVersion {id: 'polymem'}) SET v.version = CASE WHEN coalesce(v.version, 0) > $version "
            "THEN v.version ELSE $version END, v.applied = coalesce(v.applied, []) + $version, v.updated = datetime()",
            version=version,
        )
        done.add(version)
    graph.write("CALL db.awaitIndexes(300)")
    return current_version(graph)


# What Neo4j says when another process created the same index or constraint a moment earlier: IF NOT EXISTS
# is checked when the statement starts, so two processes migrating a new database at once can both pass it.
_ALREADY = ("EquivalentSchemaRuleAlreadyExists", "IndexAlreadyExists", "ConstraintAlreadyExists")


def apply_statement(graph: Graph, stmt: LiteralString) -> None:
    """Run one schema statement; an index or constraint that already exists (made by a concurrent migration)
    is what the statement asked for."""
    try:
        graph.write(stmt)
    except Neo4jError as e:
        if not any(code in (e.code or "") for code in _ALREADY):
            raise


def applied_versions(graph: Graph) -> set[int]:
    rows = graph.read("MATCH (v:SchemaVersion {id: 'polymem'}) RETURN v.version AS version, v.applied AS applied")
    if not rows:
        return set()
    # Recorded before `applied` existed: re-run everything once (all statements are idempotent).
    return {int(x) for x in rows[0]["applied"] or []}


_EXTRA: list[tuple[int, str, list[Step]]] = []


def register(version: int, title: str, statements: list[Step]) -> None:
    """Later layers (records, voice, auth) add their migrations here at import time."""
    if all(v != version for v, _, _ in MIGRATIONS + _EXTRA):
        _EXTRA.append((version, title, statements))


def all_migrations() -> list[tuple[int, str, list[Step]]]:
    # Every module of polymem.schema may register migrations; import them all first.
    import importlib
    import pkgutil

    import polymem.schema as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"{pkg.__name__}.{mod.name}")
    return sorted(MIGRATIONS + _EXTRA)
