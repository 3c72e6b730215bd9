"""Repository for System 1 writes and reads (participants, messages, stats)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, LiteralString

import neo4j
from neo4j import unit_of_work

from polymem.graph import events, order
from polymem.graph.cypher import messages as q
from polymem.graph.cypher import order as oq
from polymem.graph.driver import Graph, space_key
from polymem.graph.vectors import pack_vector
from polymem.schema.models import Participant


@dataclass
class BatchResult:
    """What one write_batch did: rows written, rows another writer stored meanwhile (same text and
    speaker), and rows whose id is stored with a different text or speaker (left unchanged)."""

    written: int = 0
    stored_meanwhile: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)


class MessageRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def ensure_space(self, space: str, name: str | None = None) -> None:
        self.graph.write(q.ENSURE_SPACE, space=space, name=name)

    def upsert_participants(self, space: str, people: list[Participant]) -> None:
        if not people:
            return
        rows = [{"id": p.id, "name": p.name or p.id, "aliases": p.aliases, "kind": p.kind} for p in people]
        self.graph.write(q.UPSERT_PARTICIPANTS, space=space, rows=rows)  # (renews the roster stamp if it changed)

    def existing(self, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
        rows = self.graph.read(q.EXISTING_MESSAGES, space=space, ids=ids)
        return {r["id"]: r for r in rows}

    def write_batch(self, space: str, people: list[Participant], rows: list[dict[str, Any]],
                    readdress: list[dict[str, Any]] | None = None) -> BatchResult:
        """Participants and NEW messages of one batch in one transaction (all or nothing).

        Each row: the message properties plus `addressees` [{id, how, confidence}], `reply_to`
        [ids], `pos` (source position), `after` / `before` (neighbours in its input, see
        graph/order.py). The transaction first write-locks the Space node (creating it on the first
        write), then skips rows stored meanwhile by another writer, places the rest in the space's
        order (seq, one NEXT chain per channel) and writes them. `readdress` [{id, edges}]: stored
        messages whose inferred addressees changed with their context.
        """
        result = BatchResult()

        @unit_of_work(timeout=300)
        def work(tx: neo4j.ManagedTransaction) -> None:
            result.written, result.stored_meanwhile, result.conflicts = 0, [], []
            sp = {"space": space}
            tx.run(oq.LOCK_SPACE, sp).consume()
            fresh = rows
            if rows:
                stored = {r["id"]: r for r in tx.run(oq.STORED, {**sp, "ids": [r["id"] for r in rows]})}
                if stored:
                    fresh = [r for r in rows if r["id"] not in stored]
                    for r in rows:
                        old = stored.get(r["id"])
                        if old is None:
                            continue
                        same = old["text"] == r["text"] and old["speaker"] == r["speaker"]
                        (result.stored_meanwhile if same else result.conflicts).append(r)
            steps = self._steps(space, people, fresh, readdress or [])
            if fresh:
                steps += _order_steps(tx, space, fresh)
            for cypher, params in steps:
                tx.run(cypher, params).consume()
            result.written = len(fresh)
            if fresh:  # last step: subscribers see the batch the moment it commits (graph/events.py)
                events.append_in(tx, space, "message", [r["id"] for r in fresh])

        events.ensure(self.graph)
        self.graph.transaction(work)  # retried on deadlocks; BackendUnavailableError when unreachable
        return result

    @staticmethod
    def _steps(space: str, people: list[Participant], rows: list[dict[str, Any]],
               readdress: list[dict[str, Any]]) -> list[tuple[LiteralString, dict[str, Any]]]:
        part_rows = [{"id": p.id, "name": p.name or p.id, "aliases": p.aliases, "kind": p.kind} for p in people]
        channels = sorted({r["channel"] for r in rows})
        sessions = sorted({r["session"] for r in rows if r["session"] is not None})
        members = [{"speaker": sp, "channel": ch} for sp, ch in sorted({(r["speaker"], r["channel"]) for r in rows})]
        sp = {"space": space}
        steps: list[tuple[LiteralString, dict[str, Any]]] = []
        if part_rows:
            steps.append((q.UPSERT_PARTICIPANTS, {**sp, "rows": part_rows}))
        if rows:
            steps.append((q.MERGE_CHANNELS, {**sp, "channels": channels}))
            if sessions:
                steps.append((q.MERGE_SESSIONS, {**sp, "sessions": sessions}))
            steps.append((q.MERGE_MEMBERSHIP, {**sp, "pairs": members}))
        if readdress:
            steps.append((q.REPLACE_INFERRED_ADDRESSES, {**sp, "rows": readdress}))
        return steps

    def order_audit(self, space: str) -> dict[str, Any]:
        """Order health of a space: `chains` (NEXT chains; one per channel when healthy),
        `duplicated_seq`, `missing_seq`, `seq_inversions` / `time_inversions` (NEXT edges going back),
        `cross_channel` edges, `branches` (messages with two successors) and `violations`, their sum
        plus the chains beyond one per channel."""
        per_channel = self.graph.read(oq.AUDIT_CHANNELS, space=space)
        out: dict[str, Any] = dict(self.graph.read(oq.AUDIT_SPACE, space=space)[0])
        out["channels"] = len(per_channel)
        out["chains"] = sum(c["heads"] for c in per_channel)
        out["branches"] = sum(c["branches"] for c in per_channel)
        out["violations"] = (out["chains"] - out["channels"] + out["branches"] + out["duplicated_seq"]
                             + out["missing_seq"] + out["seq_inversions"] + out["time_inversions"]
                             + out["cross_channel"])
        return out

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
        self.graph.write(q.TOUCH_ROSTER, space=space)  # no process keeps serving the roster being deleted
        for cypher in (q.DELETE_MESSAGE_SLICE, q.DELETE_SPACE_SLICE):
            while n := self.graph.write(cypher, space=space, limit=slice_size, timeout=600)[0]["deleted"]:
                total += n
        self.graph.write(q.DELETE_SPACE_NODE, space=space)
        return total

    def spaces(self) -> list[dict[str, Any]]:
        return self.graph.read(q.LIST_SPACES)

    def roster_stamp(self, space: str) -> str | None:
        """The space's roster stamp (None: no space, or a roster never written since stamps began)."""
        rows = self.graph.read(q.ROSTER_STAMP, space=space)
        return rows[0]["stamp"] if rows else None

    def roster_with_stamp(self, space: str) -> tuple[str | None, list[Participant]]:
        """The roster and the stamp it goes with, read in one transaction (one cluster member)."""
        def work(tx: neo4j.ManagedTransaction) -> tuple[str | None, list[Participant]]:
            st = tx.run(q.ROSTER_STAMP, space=space).single()
            rows = [Participant(**r) for r in tx.run(q.ROSTER, space=space).data()]
            return (st["stamp"] if st else None), rows

        return self.graph.transaction(work, write=False)

    def roster(self, space: str) -> list[Participant]:
        return [Participant(**r) for r in self.graph.read(q.ROSTER, space=space)]


def _order_steps(tx: neo4j.ManagedTransaction, space: str,
                 rows: list[dict[str, Any]]) -> list[tuple[LiteralString, dict[str, Any]]]:
    """Place `rows` (new, in input order) in the space's order; return the statements that create
    them with their seq, renumber the stored messages after them and re-thread NEXT."""
    sp = {"space": space}
    new_ids = {r["id"] for r in rows}
    arrivals = [order.Arrival(id=r["id"], channel=r["channel"], time=order.micros(r["time"]), src=r["source_file"],
                              pos=r["pos"], after=r.get("after"), before=r.get("before")) for r in rows]
    top = tx.run(oq.MAX_SEQ, sp).single()
    start = (top["seq"] + 1) if top else 1
    # The stored suffix that must be merged: from the first stored message at or after the earliest
    # new time, or from a stored neighbour that an untimed new message is placed beside.
    froms: list[int] = []
    times = [r["time"] for r in rows if r["time"] is not None]
    if times and top:
        first = tx.run(oq.FIRST_SEQ_FROM, {**sp, "time": min(times)}).single()
        if first and first["seq"] is not None:
            froms.append(first["seq"])
    anchors = sorted({x for a in arrivals if a.time is None for x in (a.after, a.before)
                      if x is not None and x not in new_ids})
    if anchors:
        froms += [r["seq"] for r in tx.run(oq.STORED, {**sp, "ids": anchors}) if r["seq"] is not None]
    region = order.stored_slots(tx.run(oq.REGION, {**sp, "from": min(froms)}).data()) if froms else []
    base = region[0].seq if region else start
    merged = order.place(region, arrivals)
    seqs = {s.id: base + i for i, s in enumerate(merged)}
    moved = [{"id": s.id, "seq": seqs[s.id]} for s in merged if not s.new and s.seq != seqs[s.id]]
    channels = {r["channel"] for r in rows}
    tails = {r["channel"]: r["id"] for r in tx.run(oq.CHANNEL_TAILS, {**sp, "channels": sorted(channels),
                                                                       "below": base})}
    into = [s.id for s in merged if not s.new and s.channel in channels]
    node_rows = [{**{k: v for k, v in r.items() if k not in ("addressees", "after", "before")},
                  "seq": seqs[r["id"]], "embedding": pack_vector(r.get("embedding"))} for r in rows]
    edges = [{"id": r["id"], "to": a["id"], "how": a["how"], "confidence": a["confidence"]}
             for r in rows for a in r["addressees"]]
    replies = [{"id": r["id"], "target": t} for r in rows for t in r["reply_to"]]
    steps: list[tuple[LiteralString, dict[str, Any]]] = []
    if moved:
        steps.append((oq.RESEQ, {**sp, "rows": moved}))
    steps.append((q.CREATE_MESSAGES, {**sp, "space_key": space_key(space), "rows": node_rows}))
    if into:
        steps.append((oq.UNLINK_INTO, {**sp, "ids": into}))
    out_of = [t for t in tails.values() if t is not None]
    if out_of:
        steps.append((oq.UNLINK_OUT_OF, {**sp, "ids": out_of}))
    pairs = order.chains(merged, channels, tails)
    if pairs:
        steps.append((oq.LINK_NEXT, {**sp, "pairs": pairs}))
    if edges:
        steps.append((q.CREATE_ADDRESSES, {**sp, "edges": edges}))
    if replies:
        steps.append((q.CREATE_REPLIES, {**sp, "pairs": replies}))
    return steps
