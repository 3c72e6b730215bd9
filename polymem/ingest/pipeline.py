"""System 1 ingestion: validate → infer addressees → embed → write in batched transactions.

Idempotent: messages already stored with the same text and speaker are skipped (not re-embedded);
a stored id with a different text or speaker is an error for that line and the stored message is
left untouched. Each batch is one transaction that places its messages in the space's order
(graph/order.py), so a run that fails half-way can simply be re-run. Nothing is stored, not even
the space, until the first batch with a message is written.
"""

from __future__ import annotations

import json
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from neo4j.exceptions import ConstraintError
from pydantic import ValidationError

from polymem.errors import InputError
from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.addressee import AddresseeInferer
from polymem.ingest.embedder import Embedder
from polymem.schema.migrations import migrate
from polymem.schema.models import Conversation, Message, Participant, Space


@dataclass
class IngestReport:
    space: str
    conversation: str
    read: int = 0
    written: int = 0
    already_stored: int = 0
    errors: list[InputError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    new_participants: int = 0
    addressees_given: int = 0
    addressees_inferred: Counter = field(default_factory=Counter)
    reply_links: int = 0
    seconds: float = 0.0
    embed_seconds: float = 0.0
    write_seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        return {
            "space": self.space,
            "conversation": self.conversation,
            "messages_read": self.read,
            "messages_written": self.written,
            "already_stored": self.already_stored,
            "errors": len(self.errors),
            "warnings": list(self.warnings),
            "new_participants": self.new_participants,
            "addressees_given": self.addressees_given,
            "addressees_inferred": dict(self.addressees_inferred),
            "reply_links": self.reply_links,
            "seconds": round(self.seconds, 2),
            "embed_seconds": round(self.embed_seconds, 2),
            "write_seconds": round(self.write_seconds, 2),
        }


@dataclass
class _Stage:
    """State the prepare stage carries from batch to batch (touched by that one thread only)."""

    known: set[str]
    inferer: AddresseeInferer | None
    conv: Conversation
    last_id: str | None = None  # the previous message of the input (stored or new)
    in_flight: dict[str, dict[str, Any]] = field(default_factory=dict)
    roster: list[Participant] = field(default_factory=list)  # written with the first batch (write thread)


@dataclass
class _Prepared:
    rows: list[dict[str, Any]]
    people: list[Participant]
    readdress: list[dict[str, Any]]


def _iso(m: Message) -> str | None:
    return m.time.isoformat() if m.time else None


class Ingestor:
    def __init__(self, graph: Graph, embedder: Embedder | None, *, batch_size: int = 500,
                 infer_addressees: bool = True) -> None:
        self.graph = graph
        self.repo = MessageRepository(graph)
        self.embedder = embedder
        self.batch_size = batch_size
        self.infer_addressees = infer_addressees
        self._migrated = False

    def ingest(self, space: str, conv: Conversation,
               progress: Callable[[int], None] | None = None, strict: bool = False) -> IngestReport:
        check_space(space)
        if not self._migrated:
            migrate(self.graph)
            self._migrated = True
        t0 = time.perf_counter()
        report = IngestReport(space=space, conversation=conv.id)
        roster = {p.id: p for p in conv.roster}
        inferer = AddresseeInferer(conv.roster) if self.infer_addressees else None
        seen_ids: dict[str, tuple[str, str]] = {}
        batch: list[tuple[Message, int | None]] = []

        items: Iterable[Message | InputError] = conv.messages or []  # type: ignore[assignment]
        # Two single-thread stages so the model, Python and Neo4j work at the same time:
        # prepare (stored-id check, inference, rows, embeddings) runs batches in file order, and
        # so does write. Write k+1 starts after write k (order placement relies on it); prepare k+1
        # treats batch k's not-yet-committed ids as stored. At most two writes are queued.
        stage = _Stage(known=set(roster), inferer=inferer, conv=conv, roster=list(roster.values()))
        with ThreadPoolExecutor(1, "polymem-prepare") as prep_pool, ThreadPoolExecutor(1, "polymem-write") as wpool:
            writes: deque[Future[None]] = deque()

            def submit(b: list[tuple[Message, int | None]]) -> None:
                while len(writes) >= 2:
                    writes.popleft().result()  # re-raises a failed write before anything later is written
                prep = prep_pool.submit(self._prepare, space, b, report, stage)
                fut = wpool.submit(self._write, space, prep, report, stage)
                if progress:
                    fut.add_done_callback(lambda _f, n=len(b): progress(n))
                writes.append(fut)

            for item in items:
                if isinstance(item, InputError):
                    report.errors.append(item)
                    continue
                report.read += 1
                line = int(item.meta.get("line", 0)) or None
                if item.id in seen_ids:
                    if seen_ids[item.id] != (item.text, item.speaker):
                        report.errors.append(InputError(
                            f"duplicate message id {item.id!r} with a different "
                            f"{'text' if seen_ids[item.id][0] != item.text else 'speaker'}; the first one is kept",
                            file=conv.source_file, line=line))
                    else:
                        report.already_stored += 1
                    continue
                seen_ids[item.id] = (item.text, item.speaker)
                if roster and item.speaker not in roster and strict:
                    report.errors.append(InputError(
                        f"unknown speaker {item.speaker!r} (not in the roster)", file=conv.source_file, line=line))
                    continue
                batch.append((item, line))
                if len(batch) >= self.batch_size:
                    submit(batch)
                    # Later duplicates of earlier batches are caught by the stored-id check, so
                    # only the open batch is remembered here: memory stays flat on 1M-line files.
                    batch, seen_ids = [], {}
            if batch:
                submit(batch)
            while writes:
                writes.popleft().result()
        if stage.roster and report.already_stored:  # all stored before: the roster still counts
            self.repo.write_batch(space, stage.roster, [])
        if report.written:
            self.repo.link_pending_replies(space)
        if report.read == 0 and not report.errors:
            report.warnings.append(f"{conv.source_file or conv.id}: no messages found (empty input); nothing stored")
        report.seconds = time.perf_counter() - t0
        return report

    def _prepare(self, space: str, batch: list[tuple[Message, int | None]], report: IngestReport,
                 stage: _Stage) -> _Prepared:
        known, inferer, conv = stage.known, stage.inferer, stage.conv
        existing = self.repo.existing(space, [m.id for m, _ in batch])
        for m, _ in batch:  # ids of the batch still being written count as stored
            if m.id not in existing and m.id in stage.in_flight:
                existing[m.id] = stage.in_flight[m.id]
        fresh: list[tuple[Message, int | None, list[dict[str, Any]], str | None, str | None]] = []
        readdress: list[dict[str, Any]] = []
        for k, (m, line) in enumerate(batch):
            # Inference sees every message, stored or not, so a re-run of a half-ingested file
            # addresses exactly as one clean run would; `after` anchors a message to its input.
            after, stage.last_id = stage.last_id, m.id
            old = existing.get(m.id)
            addressees = self._addressees(m, inferer, conv)
            if old is None:
                before = None
                if after is None:  # the first message of the input: before the next stored one
                    before = next((x.id for x, _ in batch[k + 1:] if x.id in existing), None)
                fresh.append((m, line, addressees, after, before))
                continue
            if old["text"] != m.text or old["speaker"] != m.speaker:
                report.errors.append(InputError(
                    f"message id {m.id!r} is already stored with different text or speaker (the "
                    f"{'text' if old['text'] != m.text else 'speaker'} differs); the stored message was left unchanged",
                    file=conv.source_file, line=line))
            else:
                report.already_stored += 1
            inferred = [a for a in addressees if a["how"] != "given"]
            if {(a["id"], a["how"]) for a in inferred} != {(a["id"], a["how"]) for a in old.get("inferred", [])}:
                readdress.append({"id": m.id, "edges": inferred})
        new_people: list[Participant] = []
        rows: list[dict[str, Any]] = []
        texts = []
        for m, line, addressees, after, before in fresh:
            for a in addressees:
                if a["how"] == "given":
                    report.addressees_given += 1
                else:
                    report.addressees_inferred[a["how"]] += 1
            for pid in [m.speaker] + [a["id"] for a in addressees]:
                if pid not in known:
                    known.add(pid)
                    new_people.append(Participant(id=pid, name=pid))
            report.reply_links += len(m.reply_to)
            row = _row(m, line, addressees, conv.source_file)
            row["after"], row["before"] = after, before
            texts.append(m.text if not row["captions"] else f"{m.text} [image: {row['captions']}]")
            rows.append(row)
        for r in readdress:
            for a in r["edges"]:
                if a["id"] not in known:
                    known.add(a["id"])
                    new_people.append(Participant(id=a["id"], name=a["id"]))
        if self.embedder is not None and rows:
            t = time.perf_counter()
            vecs = self.embedder.embed(texts)
            report.embed_seconds += time.perf_counter() - t
            for row, v in zip(rows, vecs, strict=True):
                row["embedding"] = v.tolist()
        for row in rows:  # Neo4j stores datetimes natively
            if row["time"] is not None:
                row["time"] = _to_neo_time(row["time"])
        stage.in_flight = {r["id"]: {"text": r["text"], "speaker": r["speaker"],
                                     "inferred": [a for a in r["addressees"] if a["how"] != "given"]} for r in rows}
        return _Prepared(rows, new_people, readdress)

    def _write(self, space: str, prep: Future[_Prepared], report: IngestReport, stage: _Stage) -> None:
        p = prep.result()
        if not (p.rows or p.readdress):
            return
        t = time.perf_counter()
        people = stage.roster + p.people  # the roster goes with the first write (no empty space before)
        try:
            done = self.repo.write_batch(space, people, p.rows, readdress=p.readdress)
        except ConstraintError:
            # A writer outside the space lock stored some of these ids at the same moment: the batch
            # was rolled back as a whole; once more, the stored ones are skipped inside the transaction.
            done = self.repo.write_batch(space, people, p.rows, readdress=p.readdress)
        stage.roster = []
        report.already_stored += len(done.stored_meanwhile)
        for r in done.conflicts:
            report.errors.append(InputError(
                f"message id {r['id']!r} is already stored with different text or speaker; "
                "the stored message was left unchanged", file=r["source_file"], line=r["line"]))
        report.write_seconds += time.perf_counter() - t
        report.written += done.written
        report.new_participants += len(p.people)

    @staticmethod
    def _addressees(m: Message, inferer: AddresseeInferer | None, conv: Conversation) -> list[dict[str, Any]]:
        """Given addressees, else inferred ones; the inferer's memory advances for every message."""
        out = [{"id": a, "how": "given", "confidence": 1.0} for a in m.addressees]
        if inferer:
            if not m.addressees and not conv.addressees_given:
                out += [{"id": a.id, "how": a.how, "confidence": a.confidence} for a in inferer.infer(m)]
            inferer.remember(m)
        return out


def _to_neo_time(iso: str) -> Any:
    # Naive times are taken as UTC so every stored time compares with every other.
    dt = datetime.fromisoformat(iso)
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def _row(m: Message, line: int | None, addressees: list[dict[str, Any]],
         source_file: str | None) -> dict[str, Any]:
    captions = " ".join(a.caption for a in m.attachments if a.caption) or None
    meta = {k: v for k, v in m.meta.items() if not k.startswith("_") and k != "line"}
    return {
        "id": m.id, "text": m.text, "speaker": m.speaker, "time": _iso(m), "channel": m.channel,
        "session": m.session, "pos": m.seq, "reply_to": m.reply_to, "addressees": addressees,
        "captions": captions,
        "attachments": json.dumps([a.model_dump() for a in m.attachments]) if m.attachments else None,
        "source_file": source_file, "line": line,
        "meta": json.dumps(meta, ensure_ascii=False) if meta else None, "embedding": None,
    }


def check_space(space: str) -> str:
    """The space name, or an InputError saying what a valid one is (no pydantic traceback)."""
    try:
        Space(id=space)
    except ValidationError as e:
        raise InputError(e.errors()[0]["msg"].removeprefix("Value error, ")) from None
    return space
