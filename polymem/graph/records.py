"""Repository for System 2 records: Add, Update (append + SUPERSEDED_BY), head and full reads."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, LiteralString

import neo4j
from neo4j import unit_of_work

from polymem.graph import events
from polymem.graph.cypher import records as q
from polymem.graph.driver import Graph, space_key
from polymem.graph.vectors import unpack_vector
from polymem.schema.records import GROUP_ID, LAYER_SCOPE, AddOp, Record, UpdateOp


def _neo_time(iso: str | None) -> datetime | None:
    if not iso:
        return None
    dt = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


class RecordRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def message_vectors(self, space: str, ids: list[str]) -> dict[str, list[float]]:
        if not ids:
            return {}
        # int8 in the store (graph/vectors.py): a unit float vector again, for the record's own
        return {r["id"]: [float(x) for x in unpack_vector(r["embedding"])]
                for r in self.graph.read(q.MESSAGE_VECTORS, space=space, ids=ids)}

    def ensure_group(self, space: str, group: str = GROUP_ID, name: str = "the group") -> None:
        self.graph.write(q.ENSURE_GROUP, space=space, group=group, name=name)

    @staticmethod
    def _add_step(space: str, rid: str, op: AddOp, *, time: str | None = None, speaker: str | None = None,
                  addressees: list[str] | None = None, writer: str | None = None,
                  embedding: list[float] | None = None) -> tuple[LiteralString, dict[str, Any]]:
        props = {
            "content": op.content, "scope": LAYER_SCOPE[op.layer], "layer": op.layer, "event": op.event,
            "attribute": op.attribute, "value": op.value, "source": op.source, "owner": op.owner,
            "speaker": speaker, "addressees": addressees or [], "writer": writer, "embedding": embedding,
        }
        return q.ADD_RECORD[op.layer], dict(
            space=space, id=rid, props=props, time=_neo_time(time), space_key=space_key(space), owner=op.owner,
            source=op.source, from_ids=op.from_ids, involves=op.involves, related=op.related)

    @staticmethod
    def _update_step(space: str, rid: str, op: UpdateOp, layer: str, *, time: str | None = None,
                     speaker: str | None = None, addressees: list[str] | None = None, writer: str | None = None,
                     involves: list[str] | None = None,
                     embedding: list[float] | None = None) -> tuple[LiteralString, dict[str, Any]]:
        props = {
            "content": op.content, "value": op.value, "speaker": speaker, "addressees": addressees or [],
            "writer": writer, "embedding": embedding,
        }
        return q.UPDATE_RECORD[layer], dict(
            space=space, id=rid, entry_id=op.entry_id, props=props, time=_neo_time(time),
            space_key=space_key(space), source=op.source, from_ids=op.from_ids, involves=involves or [])

    def add(self, space: str, rid: str, op: AddOp, **meta: Any) -> str | None:
        """Create one record (idempotent on `rid`) with all its edges in one transaction."""
        rows = self._write(space, [self._add_step(space, rid, op, **meta)], [(rid, None)])
        return rows[0][0]["id"] if rows[0] else None

    def update(self, space: str, rid: str, op: UpdateOp, layer: str, **meta: Any) -> str | None:
        """Append a new version after the head `op.entry_id`; None if it is no longer the head."""
        rows = self._write(space, [self._update_step(space, rid, op, layer, **meta)], [(rid, op.entry_id)])
        return rows[0][0]["id"] if rows[0] else None

    def _write(self, space: str, steps: list[tuple[LiteralString, dict[str, Any]]],
               changes: list[tuple[str, str | None]]) -> list[list[dict[str, Any]]]:
        """The steps in ONE transaction, then (last) the `record` event of what they wrote."""
        events.ensure(self.graph)

        @unit_of_work(timeout=300)
        def work(tx: neo4j.ManagedTransaction) -> list[list[dict[str, Any]]]:
            out = [[r.data() for r in tx.run(cypher, params)] for cypher, params in steps]
            events.append_records_in(tx, space, changes)
            return out

        return self.graph.transaction(work, write=True)

    def write_batch(self, space: str, adds: list[tuple[str, AddOp, dict[str, Any]]],
                    updates: list[tuple[str, UpdateOp, str, dict[str, Any]]]) -> None:
        """Adds and Updates (in the given order: adds first) in ONE transaction: all or nothing.
        An Update whose head is no longer current writes nothing (see UPDATE_RECORD)."""
        steps = [self._add_step(space, rid, op, **meta) for rid, op, meta in adds]
        steps += [self._update_step(space, rid, op, layer, **meta) for rid, op, layer, meta in updates]
        if steps:
            self._write(space, steps, [(rid, None) for rid, _, _ in adds] +
                        [(rid, op.entry_id) for rid, op, _, _ in updates])

    def get(self, space: str, ids: list[str]) -> list[Record]:
        return [Record(**r) for r in self.graph.read(q.GET_RECORDS, space=space, ids=ids)]

    def existing(self, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
        rows = self.graph.read(q.EXISTING_IDS, space=space, ids=ids)
        return {r["id"]: r for r in rows}

    def heads(self, space: str, owners: list[str] | None = None, event: str | None = None,
              layer: str | None = None, attribute: str | None = None) -> list[Record]:
        """The current version of every chain (optionally for some owners / one event / layer)."""
        rows = self.graph.read(q.HEADS, space=space, owners=owners, event=event, layer=layer, attribute=attribute)
        return [Record(**r) for r in rows]

    def writer_heads(self, space: str, owners: list[str], skip_attributes: list[str]) -> list[Record]:
        """Current heads of some owners, leaving out attributes the Writer never updates (facts):
        one read per window that stays small as the memory grows."""
        rows = self.graph.read(q.WRITER_HEADS, space=space, owners=owners, skip=skip_attributes)
        return [Record(**r) for r in rows]

    def records(self, space: str, owner: str | None = None, event: str | None = None, layer: str | None = None,
                state: str | None = None, limit: int = 10_000) -> list[Record]:
        """Every version (full history), oldest first within each owner/event."""
        rows = self.graph.read(q.RECORDS, space=space, owner=owner, event=event, layer=layer, state=state,
                               limit=limit)
        return [Record(**r) for r in rows]

    def chain(self, space: str, record_id: str) -> list[dict[str, Any]]:
        """The version chain through `record_id`, first version first: record fields + position +
        the messages (id, text, speaker, time) each version was derived from."""
        return self.graph.read(q.CHAIN, space=space, id=record_id)

    def counts(self, space: str) -> dict[str, int]:
        return {f"{r['layer']}/{r['state']}": r["n"] for r in self.graph.read(q.RECORD_COUNTS, space=space)}

    # The Writer's view of System 1 and its processed flags.
    def writer_messages(self, space: str, writer: str) -> list[dict[str, Any]]:
        return self.graph.read(q.MESSAGES_FOR_WRITER, space=space, writer=writer, timeout=600)

    def unprocessed(self, space: str, writer: str) -> int | None:
        """How many messages `writer` has not processed yet; None when the space does not exist."""
        row = self.graph.read(q.UNPROCESSED_COUNT, space=space, writer=writer)[0]
        return int(row["n"]) if row["exists"] else None

    def mark_processed(self, space: str, writer: str, ids: list[str]) -> None:
        if ids:
            self.graph.write(q.MARK_PROCESSED, space=space, writer=writer, ids=ids)
