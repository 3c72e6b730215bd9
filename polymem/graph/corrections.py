"""Correct a derived record: append a new version whose source is the corrector (history kept).

Uses the records layer's own update (one statement: only a current head can be superseded).
"""

from __future__ import annotations

from typing import Any

from polymem.errors import InputError, NotFoundError
from polymem.graph.browse import BrowseRepository
from polymem.graph.driver import Graph
from polymem.graph.records import RecordRepository
from polymem.schema.records import UpdateOp, update_id


def correct_record(graph: Graph, space: str, record_id: str, content: str, corrector: str,
                   embedder: Any = None) -> str:
    browse = BrowseRepository(graph)
    old = browse.record(space, record_id)
    if old is None:
        raise NotFoundError(f"record {record_id!r} not found in space {space!r}")
    if old.get("state") != "current":
        head = [r["id"] for r in browse.chain(space, record_id) if r.get("state") == "current"]
        raise InputError(f"record {record_id!r} is {old.get('state')}; correct the current version"
                         + (f" {head[-1]!r}" if head else ""))
    if corrector not in browse.participants(space, [corrector]):
        raise NotFoundError(f"corrector {corrector!r} is not a participant of space {space!r}")
    op = UpdateOp(entry_id=record_id, content=content, value=None, from_ids=[], source=corrector)
    vec = embedder.embed([op.content])[0].tolist() if embedder is not None else None
    new_id = RecordRepository(graph).update(
        space, update_id(space, op), op, str(old["layer"]), speaker=corrector, addressees=[],
        writer=f"correction:{corrector}", embedding=vec)
    if new_id is None:
        raise InputError(f"record {record_id!r} was superseded meanwhile; correct the new version")
    return new_id
