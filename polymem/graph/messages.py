"""Repository for System 1 writes and reads (participants, messages, stats)."""

from __future__ import annotations

from typing import Any, LiteralString

from polymem.graph.cypher import messages as q
from polymem.graph.driver import Graph, space_key
from polymem.schema.models import Participant


class MessageRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def ensure_space(self, space: str, name: str | None = None) -> None:
        self.graph.write(q.ENSURE_SPACE, space=space, name=name)

    def upsert_participants(self, space: str, people: list[Participant]) -> None:
        if not people:
            return
        rows = [{"id": p.id, "name": p.name or p.id, "aliases": p.aliases, "kind": p.kind} for p in people]
        self.graph.write(q.UPSERT_PARTICIPANTS, space=space, rows=rows)

    def existing(self, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
        rows = self.graph.read(q.EXISTING_MESSAGES, space=space, ids=ids)
        return {r["id"]: r for r in rows}

    def write_batch(self, space: str, people: list[Participant], rows: list[dict[str, Any]],
                    relink: list[dict[str, str]] | None = None,
                    readdress: list[dict[str, Any]] | None = None) -> None:
        """Participants and NEW messages of one batch in one transaction (all or nothing).

        Each row: the message properties plus `addressees` [{id, how, confidence}], `prev` (the
        previous message id in its channel+session, or None) and `reply_to` [ids]. `relink`
        [{prev, id}]: stored messages whose predecessor was only now filled in (a re-run after a
        rejected line), so their NEXT edge moves onto it. `readdress` [{id, edges}]: stored messages
        whose inferred addressees changed with that context.
        """
        part_rows = [{"id": p.id, "name": p.name or p.id, "aliases": p.aliases, "kind": p.kind} for p in people]
        channels = sorted({r["channel"] for r in rows})
        sessions = sorted({r["session"] for r in rows if r["session"] is not None})
        members = [{"speaker": sp, "channel": ch} for sp, ch in sorted({(r["speaker"], r["channel"]) for r in rows})]
        edges = [{"id": r["id"], "to": a["id"], "how": a["how"], "confidence": a["confidence"]}
                 for r in rows for a in r["addressees"]]
        nexts = [{"prev": r["prev"], "id": r["id"]} for r in rows if r["prev"]]
        replies = [{"id": r["id"], "target": t} for r in rows for t in r["reply_to"]]
        node_rows = [{k: v for k, v in r.items() if k not in ("addressees", "prev")} for r in rows]
        sp, key = {"space": space}, space_key(space)
        steps: list[tuple[LiteralString, dict[str, Any]]] = []
        if part_rows:
            steps.append((q.UPSERT_PARTICIPANTS, {**sp, "rows": part_rows}))
        if rows:
            steps.append((q.MERGE_CHANNELS, {**sp, "channels": channels}))
            if sessions:
                steps.append((q.MERGE_SESSIONS, {**sp, "sessions": sessions}))
            steps.append((q.MERGE_MEMBERSHIP, {**sp, "pairs": members}))
            steps.append((q.CREATE_MESSAGES, {**sp, "space_key": key, "rows": node_rows}))
        for cypher, name, data in ((q.CREATE_ADDRESSES, "edges", edges),
                                   (q.CREATE_NEXT, "pairs", nexts), (q.CREATE_REPLIES, "pairs", replies),
                                   (q.RELINK_NEXT, "pairs", relink or []),
                                   (q.REPLACE_INFERRED_ADDRESSES, "rows", readdress or [])):
            if data:
                steps.append((cypher, {**sp, name: data}))
        self.graph.write_many(steps, timeout=300)

    def link_pending_replies(self, space: str) -> None:
        self.graph.write(q.LINK_PENDING_REPLIES, space=space, timeout=600)

    def stats(self, space: str) -> dict[str, int]:
        rows = self.graph.read(q.SPACE_STATS, space=space)
        return rows[0] if rows else {}

    def totals(self, space: str) -> dict[str, int]:
        """Node and relationship counts of a space (to prove a re-run created nothing)."""
        return self.graph.read(q.SPACE_TOTALS, space=space)[0]

    def edges(self, space: str) -> list[dict[str, Any]]:
        return self.graph.read(q.SPACE_EDGES, space=space)

    def speakers(self, space: str) -> list[str]:
        return [r["id"] for r in self.graph.read(q.SPEAKER_IDS, space=space)]

    def message(self, space: str, message_id: str) -> dict[str, Any] | None:
        rows = self.graph.read(q.MESSAGE_BY_ID, space=space, id=message_id)
        if not rows:
            return None
        row = rows[0]
        row["addressees"] = [a for a in row["addressees"] if a["id"] is not None]
        return row

    def drop_space(self, space: str, slice_size: int = 10_000) -> int:
        """Delete every node of a space, a slice per transaction; returns how many were deleted."""
        total = 0
        for cypher in (q.DELETE_MESSAGE_SLICE, q.DELETE_SPACE_SLICE):
            while n := self.graph.write(cypher, space=space, limit=slice_size, timeout=600)[0]["deleted"]:
                total += n
        self.graph.write(q.DELETE_SPACE_NODE, space=space)
        return total

    def spaces(self) -> list[dict[str, Any]]:
        return self.graph.read(q.LIST_SPACES)

    def roster(self, space: str) -> list[Participant]:
        return [Participant(**r) for r in self.graph.read(q.ROSTER, space=space)]
