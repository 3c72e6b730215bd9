"""Identity edits: add an alias, merge two participants (one transaction, nothing half-moved)."""

from __future__ import annotations

import neo4j
from neo4j import unit_of_work

from polymem.errors import InputError, NotFoundError
from polymem.graph.cypher import api as q
from polymem.graph.cypher import messages as mq
from polymem.graph.driver import Graph
from polymem.schema.models import clean_text


def add_alias(graph: Graph, space: str, participant: str, alias: str) -> None:
    alias = clean_text(alias).strip()
    if not alias or len(alias) > 200:
        raise InputError("alias must be 1-200 characters")
    if not graph.write(q.ADD_ALIAS, space=space, id=participant, alias=alias):
        raise NotFoundError(f"participant {participant!r} not found in space {space!r}")


def merge_participants(graph: Graph, space: str, keep: str, drop: str) -> dict[str, int]:
    """`drop` becomes an alias of `keep`: messages, addressings, records and names move over."""
    if keep == drop:
        raise InputError("cannot merge a participant into itself")
    found = graph.read(q.PARTICIPANTS_BY_IDS, space=space, ids=[keep, drop])
    missing = {keep, drop} - {r["id"] for r in found}
    if missing:
        raise NotFoundError(f"participant(s) {', '.join(sorted(missing))} not found in space {space!r}")

    @unit_of_work(timeout=graph.settings.query_timeout_s)
    def work(tx: neo4j.ManagedTransaction) -> dict[str, int]:
        p = {"space": space, "keep": keep, "drop": drop}
        spoken = tx.run(q.MERGE_MOVE_SPEAKS, p).single()["moved"]  # type: ignore[index]
        addressed = tx.run(q.MERGE_MOVE_ADDRESSES, p).single()["moved"]  # type: ignore[index]
        tx.run(q.MERGE_MOVE_OTHER_EDGES, p).consume()
        tx.run(mq.TOUCH_ROSTER, {"space": space}).consume()
        return {"messages_moved": spoken, "addressings_moved": addressed}

    return graph.transaction(work)
