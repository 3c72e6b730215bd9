"""The Writer run loop: walk a space's unprocessed messages in windows, propose, validate, apply.

A window's operations are all validated first; the valid ones are then written in one
transaction (op by op if that transaction fails), so a bad operation never blocks the good ones of
its batch and nothing half-written is left. A window's messages are flagged processed for this writer
only after its operations were handled, so an interrupted run resumes where it stopped and a
re-run over the same messages is a no-op (record ids are deterministic as well).
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from polymem.errors import BackendUnavailableError
from polymem.graph import events
from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.records import RecordRepository
from polymem.ingest.embedder import Embedder
from polymem.ingest.writer.validate import Invalid, Validator
from polymem.ingest.writer.window import Window, WindowMessage, window_owners
from polymem.schema.migrations import migrate
from polymem.schema.records import GROUP_ID, AddOp, NoopOp, UpdateOp, add_id, update_id

log = logging.getLogger(__name__)
ADD_ONLY_UNREAD = ("fact",)  # add-only attributes no Writer decision compares: not read as heads
CONTEXT = 4  # earlier messages shown with each window (requests answered by a later promise)
LOOKBACK = 40  # earlier still, read for names that come back and proposals agreed later (parses and readings
# are cached by text; the writer is still ~10 % slower, docs/bench/language.md)


class Writer(Protocol):
    name: str
    llm_calls: int
    llm_failures: int

    def propose(self, window: Window) -> list[Any]: ...


@dataclass
class WriteReport:
    space: str
    writer: str
    windows: int = 0
    messages: int = 0
    ops: Counter = field(default_factory=Counter)  # add / update / noop / already
    rejected: Counter = field(default_factory=Counter)  # reason -> count
    rejected_examples: list[str] = field(default_factory=list)
    windows_failed: int = 0
    failures: list[str] = field(default_factory=list)  # why windows failed (left for a re-run)
    llm_calls: int = 0
    llm_failures: int = 0
    llm_kept: Counter = field(default_factory=Counter)  # reason -> LLM ops replaced by the rules' candidate
    aborted: str | None = None
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        return {
            "space": self.space, "writer": self.writer, "windows": self.windows, "messages": self.messages,
            "ops": dict(self.ops), "rejected": dict(self.rejected), "rejected_examples": self.rejected_examples[:10],
            "windows_failed": self.windows_failed, "failures": self.failures[:10], "llm_calls": self.llm_calls, "llm_failures": self.llm_failures,
            "llm_calls_per_message": round(self.llm_calls / self.messages, 4) if self.messages else 0.0,
            "llm_candidates_kept": dict(self.llm_kept),
            "aborted": self.aborted, "seconds": round(self.seconds, 2),
        }


def write_space(graph: Graph, space: str, writer: Writer | None = None,
                embedder: Embedder | None | Literal["default"] = "default", *,
                window: int = 20, progress: Callable[[int], None] | None = None,
                batch: bool = True) -> WriteReport:
    """Run a Writer (default: the no-LLM RuleWriter) over every message it has not processed yet.

    Records are embedded with `default_embedder()` unless another embedder, or None (no
    embeddings: records are then found by full-text search only), is given. `batch=False` is the
    old path (every head of the space read per window, one transaction per op), kept for comparison."""
    if embedder == "default":
        from polymem.ingest.embedder import default_embedder

        embedder = default_embedder()
    if writer is None:
        from polymem.ingest.writer.rules import RuleWriter

        writer = RuleWriter()
    migrate(graph)
    t0 = time.perf_counter()
    report = WriteReport(space=space, writer=writer.name)
    repo = RecordRepository(graph)
    roster = MessageRepository(graph).roster(space)
    repo.ensure_group(space)
    rows = repo.writer_messages(space, writer.name)
    msgs = [WindowMessage.from_row(r) for r in rows]
    todo = [i for i, r in enumerate(rows) if not r["done"]]
    for start in range(0, len(todo), max(1, window)):
        idx = todo[start:start + window]
        first = idx[0]
        ctx = msgs[max(0, first - CONTEXT):first]
        look = msgs[max(0, first - CONTEXT - LOOKBACK):max(0, first - CONTEXT)]
        new = [msgs[i] for i in idx]
        # Heads of the people this window can be about (and the group), never the whole space.
        heads = repo.writer_heads(space, window_owners(ctx + new, roster), list(ADD_ONLY_UNREAD)) if batch \
            else repo.heads(space)
        w = Window(space=space, messages=new, context=ctx, roster=roster, heads=heads, group=GROUP_ID,
                   lookback=look)
        calls_before, fails_before = writer.llm_calls, writer.llm_failures
        kept_before = Counter(getattr(writer, "kept", None) or {})
        try:
            proposed = writer.propose(w)
        except BackendUnavailableError as e:  # endpoint down: stop, nothing of this window is flagged
            report.aborted = str(e)
            report.windows_failed += 1
            log.error("writer %s stopped: %s", writer.name, e)
            break
        finally:
            report.llm_calls += writer.llm_calls - calls_before
            report.llm_failures += writer.llm_failures - fails_before
            report.llm_kept += Counter(getattr(writer, "kept", None) or {}) - kept_before
        if proposed is None:  # the writer gave up on this window (reported); leave it for a re-run
            report.windows_failed += 1
            report.failures.extend(getattr(writer, "errors", [])[-1:])
            continue
        apply_ops(repo, w, proposed, writer.name, embedder, report, batch=batch)  # type: ignore[arg-type]
        repo.mark_processed(space, writer.name, [m.id for m in new])
        report.windows += 1
        report.messages += len(new)
        _progress_event(graph, report, False, len(todo), window)
        if progress:
            progress(len(new))
    if todo:  # finished, failed or stopped: subscribers hear the end
        _progress_event(graph, report, True, len(todo), window)
    report.seconds = time.perf_counter() - t0
    return report


def _progress_event(graph: Graph, report: WriteReport, done: bool, total: int, window: int) -> None:
    """A `progress` event for writerProgress subscribers (graph/events.py)."""
    events.append(graph, report.space, "progress", [], {
        "writer": report.writer, "windows_done": report.windows, "windows_failed": report.windows_failed,
        "windows_total": -(-total // max(1, window)), "messages_done": report.messages, "messages_total": total,
        "added": report.ops.get("add", 0), "updated": report.ops.get("update", 0), "done": done,
        "aborted": report.aborted})


def apply_ops(repo: RecordRepository, w: Window, proposed: list[Any], writer: str,
              embedder: Embedder | None, report: WriteReport, *, batch: bool = True) -> None:
    """Validate every op first (in order, so an Update may cite an Add of the same batch), then
    write the valid ones in ONE transaction. Invalid ops are dropped one by one before anything is
    written, so an op is still all-or-nothing; if the batch transaction fails, each op is retried
    in its own transaction."""
    v = Validator(w, repo)
    parsed: list[Any] = []
    for raw in proposed:
        try:
            parsed.append(v.parse(raw))
        except Invalid:
            parsed.append(None)
    ids: list[str] = []
    for op in parsed:
        if isinstance(op, AddOp):
            ids.append(add_id(w.space, op))
        elif isinstance(op, UpdateOp):
            ids += [update_id(w.space, op), op.entry_id]
    v.prefetch(ids)  # one read for every id the batch may touch
    by_id = w.by_id()
    adds: list[tuple[str, AddOp, dict[str, Any]]] = []
    updates: list[tuple[str, UpdateOp, str, dict[str, Any]]] = []
    for raw in proposed:
        try:
            op = v.check(raw)
        except Invalid as e:
            _reject(report, e.reason, f"{e} | {str(raw)[:160]}")
            continue
        if isinstance(op, NoopOp):
            report.ops["noop"] += 1
            continue
        newest = max((by_id[i] for i in op.from_ids), key=lambda m: (m.time or "", m.id))
        meta = {"time": newest.time, "speaker": newest.speaker, "addressees": list(newest.addressees),
                "writer": writer}
        if isinstance(op, AddOp):
            rid = add_id(w.space, op)
            if v.lookup(rid):
                report.ops["already"] += 1
                continue
            v.accept(rid, op.owner, op.layer)
            adds.append((rid, op, meta))
            continue
        rid = update_id(w.space, op)
        if v.lookup(rid):
            report.ops["already"] += 1
            continue
        head = v.head(op.entry_id)
        v.accept(rid, head.get("owner", ""), head.get("layer", ""), op.entry_id)
        updates.append((rid, op, head["layer"], meta))
    # A fact restates one message in the third person: it keeps that message's stored vector instead of
    # embedding the restatement again (the costliest step of the no-LLM writer).
    facts = [(op, meta) for _, op, meta in adds if op.attribute == "fact" and len(op.from_ids) == 1]
    reused = repo.message_vectors(w.space, [op.from_ids[0] for op, _ in facts]) if embedder is not None else {}
    for op, meta in facts:
        if op.from_ids[0] in reused:
            meta["embedding"] = reused[op.from_ids[0]]
    texts = sorted({op.content for _, op, meta in adds if "embedding" not in meta} |
                   {op.content for _, op, _, _ in updates})
    if embedder is not None and texts:
        vectors = {t: vec.tolist() for t, vec in zip(texts, embedder.embed(texts), strict=True)}
        for _, op, meta in adds:
            meta.setdefault("embedding", vectors.get(op.content))
        for _, op, _, meta in updates:
            meta["embedding"] = vectors[op.content]
    if not batch:
        _write_one_by_one(repo, w.space, adds, updates, report)
        return
    try:
        repo.write_batch(w.space, adds, updates)
    except BackendUnavailableError:
        raise
    except Exception as e:  # noqa: BLE001 - a bad op must not sink its valid neighbours
        log.warning("batch write failed (%s); writing op by op", e)
        _write_one_by_one(repo, w.space, adds, updates, report)
        return
    report.ops["add"] += len(adds)
    written = repo.existing(w.space, [rid for rid, *_ in updates]) if updates else {}
    for rid, op, _, _ in updates:
        if rid in written:
            report.ops["update"] += 1
        else:  # the head was superseded between validation and the write: nothing was written
            _reject(report, "update of a superseded record (not a head)", op.entry_id)


def _write_one_by_one(repo: RecordRepository, space: str, adds: list[tuple[str, AddOp, dict[str, Any]]],
                      updates: list[tuple[str, UpdateOp, str, dict[str, Any]]], report: WriteReport) -> None:
    for rid, op, meta in adds:
        try:
            repo.add(space, rid, op, **meta)
            report.ops["add"] += 1
        except BackendUnavailableError:
            raise
        except Exception as e:  # noqa: BLE001
            _reject(report, "write failed", f"{rid}: {e}")
    for rid, up, layer, meta in updates:
        try:
            ok = repo.update(space, rid, up, layer, **meta) is not None
        except BackendUnavailableError:
            raise
        except Exception as e:  # noqa: BLE001
            _reject(report, "write failed", f"{rid}: {e}")
            continue
        if ok:
            report.ops["update"] += 1
        else:
            _reject(report, "update of a superseded record (not a head)", up.entry_id)


def _reject(report: WriteReport, reason: str, detail: str) -> None:
    report.rejected[reason] += 1
    if len(report.rejected_examples) < 50:
        report.rejected_examples.append(detail)
    log.warning("writer op rejected: %s", detail)
