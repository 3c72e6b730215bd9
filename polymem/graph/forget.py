"""Forget a participant: their messages, voice data, profile, and what was derived only from them.

Records resting only on their messages (or about them: owner) are deleted; records resting partly
on other people's messages are kept but flagged `state = 'needs_review'` with the person removed
from source/speaker/addressees, and all their text redacted (which part came from the forgotten
person cannot be told apart) with the embedding removed. Every other record or message, of any
version, that names them (id, name, aliases) has those names replaced by `[redacted]` and its
embedding recomputed (or removed when no embedder is given). Conversation order (NEXT) and version
chains (SUPERSEDED_BY) are bridged over the gaps. Everything except the voice store runs in one
transaction. Neo4j's transaction logs still hold the old text until they rotate and are pruned:
docs/erasure.md.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import neo4j
from neo4j import unit_of_work

from polymem.errors import NotFoundError
from polymem.graph import redact
from polymem.graph.cypher import forget as q
from polymem.graph.cypher import messages as mq
from polymem.graph.driver import Graph
from polymem.graph.vectors import pack_vector


@dataclass
class ForgetReport:
    participant: str
    participant_removed: bool = False
    messages_removed: list[str] = field(default_factory=list)
    records_removed: list[str] = field(default_factory=list)
    records_flagged: list[str] = field(default_factory=list)
    records_restored: list[str] = field(default_factory=list)
    records_redacted: list[str] = field(default_factory=list)
    messages_redacted: list[str] = field(default_factory=list)
    voice_removed: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _delete_voice(graph: Graph, space: str, pid: str) -> int:
    try:  # the voice layer is optional (the audio extra may be absent)
        from polymem.graph.voices import delete_voice_data
    except ImportError:
        return 0
    out = delete_voice_data(graph, space, pid)
    if isinstance(out, dict):
        return int(sum(v for v in out.values() if isinstance(v, int)))
    return int(out or 0)


def _rewrite_mentions(tx: neo4j.ManagedTransaction, p: dict[str, Any], names: list[str], skip: list[str],
                      embedder: Any | None) -> tuple[list[str], list[str]]:
    """Replace the names in other records and messages; returns (record ids, message ids) changed."""
    pat = redact.pattern(names)
    rows: dict[str, list[dict[str, Any]]] = {"record": [], "message": []}
    for r in tx.run(q.FORGET_MENTIONS, {**p, "terms": names, "skip": skip}):
        fields = {k: redact.redact(v, pat) for k, v in r["fields"].items()}
        if fields != r["fields"]:  # CONTAINS also matched inside longer words; those stay
            rows[r["kind"]].append({"id": r["id"], "fields": fields, "vector": r["vector"]})
    todo = [(kind, row) for kind, some in rows.items() for row in some if row["vector"]]
    vectors = embedder.embed([row["fields"].get("content") or row["fields"].get("text") or ""
                              for _, row in todo]) if embedder is not None and todo else []
    for (kind, row), vec in zip(todo, vectors, strict=False):
        # messages store int8 vectors (graph/vectors.py), records float lists
        row["embedding"] = pack_vector(vec) if kind == "message" else [float(x) for x in vec]
    for kind in rows.values():
        for row in kind:
            row.setdefault("embedding", None)  # no embedder: the old vector goes
    tx.run(q.FORGET_REWRITE_RECORDS, {**p, "rows": rows["record"]}).consume()
    tx.run(q.FORGET_REWRITE_MESSAGES, {**p, "rows": rows["message"]}).consume()
    return sorted(r["id"] for r in rows["record"]), sorted(r["id"] for r in rows["message"])


def forget_participant(graph: Graph, space: str, pid: str, embedder: Any | None = None) -> ForgetReport:
    """`embedder` (polymem.ingest.embedder) recomputes the vectors of redacted text; without it
    those vectors are removed."""
    report = ForgetReport(participant=pid)
    found = graph.read(q.FORGET_FIND, space=space, pid=pid)[0]
    if not found["exists"] and not found["messages"]:
        raise NotFoundError(f"participant {pid!r} not found in space {space!r}")
    report.voice_removed = _delete_voice(graph, space, pid)

    @unit_of_work(timeout=max(graph.settings.query_timeout_s, 120))
    def work(tx: neo4j.ManagedTransaction) -> None:
        p: dict[str, Any] = {"space": space, "pid": pid}
        mids = tx.run(q.FORGET_FIND, p).single()["messages"]  # type: ignore[index]
        drop, flag = [], []
        for r in tx.run(q.FORGET_RECORDS, p):
            only_theirs = r["total"] > 0 and r["mine"] == r["total"]
            unsourced = r["total"] == 0 and r["source"] == pid
            (drop if r["owner"] == pid or only_theirs or unsourced else flag).append(r["id"])
        named = tx.run(q.FORGET_NAMES, p).single()
        names = redact.terms(pid, named["name"] if named else None, named["aliases"] if named else None)
        tx.run(q.FORGET_RELINK_NEXT, {**p, "ids": mids}).consume()
        restored = tx.run(q.FORGET_RELINK_VERSIONS, {**p, "ids": drop}).single()
        tx.run(q.FORGET_FLAG_RECORDS, {**p, "ids": flag}).consume()
        tx.run(q.FORGET_REDACT_FLAGGED, {**p, "ids": flag, "placeholder": redact.REDACTED_RECORD}).consume()
        tx.run(q.FORGET_REPLY_IDS, {**p, "ids": mids}).consume()
        tx.run(q.FORGET_DELETE_RECORDS, {**p, "ids": drop}).consume()
        tx.run(q.FORGET_DELETE_MESSAGES, {**p, "ids": mids}).consume()
        summary = tx.run(q.FORGET_DELETE_PARTICIPANT, p).consume()
        tx.run(mq.TOUCH_ROSTER, {"space": p["space"]}).consume()
        report.records_redacted, report.messages_redacted = _rewrite_mentions(tx, p, names, drop + flag, embedder)
        report.messages_removed = sorted(mids)
        report.records_removed = sorted(drop)
        report.records_flagged = sorted(flag)
        report.records_restored = sorted(set(restored["restored"]) - set(flag)) if restored else []
        report.participant_removed = summary.counters.nodes_deleted > 0

    graph.transaction(work)
    return report
