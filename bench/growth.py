"""`polymem bench growth`: plan + retrieve latency and recall@10 as one space grows on real chat text.

The history is bench/realchat.py's (real lines from every shared dialogue corpus, thousands of
speakers, 64 channels, a LoCoMo conversation grafted into the first 10k messages). One space
grows through the sizes asked for: at each size the lines not yet stored are ingested (with
embeddings), then the grafted conversation's questions are asked with each strategy, one client,
sequentially, after warm-up calls. The same questions at every size, so p95(1M) / p95(10k) and
recall@10 at each size compare like with like. The space persists (`bench-real`), so a later run
only times; `--drop` removes it first.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bench.latency import CACHE, DedupEmbedder, progress_log
from bench.metrics import recall_at_k
from bench.prepare import count_messages
from bench.realchat import generate
from bench.report import log as _log
from bench.report import table
from bench.systems import run_polymem
from polymem.graph.driver import Graph

Log = Callable[[str], None]
SPACE = "bench-real"


def history(n: int, log: Log = _log) -> tuple[Path, list[dict[str, Any]]]:
    path = CACHE / f"realchat-{n}.jsonl"
    qf = path.with_suffix(".questions.json")
    if not path.exists() or not qf.exists():
        log(f"  writing {n:,} real-text messages -> {path}")
        generate(path, n)
    return path, json.loads(qf.read_text())


def grow_to(graph: Graph, embedder: Any, path: Path, space: str, n: int, log: Log = _log) -> dict[str, Any]:
    """Ingest lines [stored, n) of `path` (the file's first n lines are the space at size n)."""
    from polymem.ingest.formats import load
    from polymem.ingest.pipeline import Ingestor

    have = count_messages(graph, space)
    if have >= n:
        return {"size": n, "ingested": 0, "seconds": 0.0}
    part = path.with_name(f"{path.stem}.part-{have}-{n}.jsonl")
    with path.open(encoding="utf-8") as src, part.open("w", encoding="utf-8") as out:
        for i, line in enumerate(src):
            if i >= n:
                break
            if i >= have:
                out.write(line)
    log(f"  ingesting messages {have:,}..{n:,} into {space}")
    t0 = time.perf_counter()
    rep = Ingestor(graph, DedupEmbedder(embedder), batch_size=1000).ingest(
        space, next(iter(load(part, "jsonl"))), progress=progress_log(log, 50_000, "+"))
    part.unlink()
    secs = time.perf_counter() - t0
    log(f"  ingest done: {rep.summary()}")
    return {"size": n, "ingested": rep.written, "seconds": round(secs, 1), "embed_seconds": round(rep.embed_seconds, 1),
            "messages_per_s": round(rep.written / secs, 1) if secs else None}


def measure(graph: Graph, space: str, questions: Sequence[dict[str, Any]], strategy: str, embedder: Any,
            warmup: int = 3) -> dict[str, Any]:
    for q in questions[:warmup]:
        run_polymem(graph, space, q["question"], strategy, embedder, top_k=10)
    pr, wall, rec, errors = [], [], [], 0
    for q in questions:
        r = run_polymem(graph, space, q["question"], strategy, embedder, top_k=10)
        if r.error:
            errors += 1
            continue
        wall.append(r.ms)
        pr.append(r.timings.get("plan", 0.0) + r.timings.get("retrieve", 0.0) if r.timings else r.ms)
        v = recall_at_k(r.ranked, q["evidence"], 10)
        if v is not None:
            rec.append(v)

    def pct(v: list[float], p: int) -> float | None:
        return round(float(np.percentile(v, p)), 1) if v else None

    return {"strategy": strategy, "n": len(pr), "errors": errors, "p50_ms": pct(pr, 50), "p95_ms": pct(pr, 95),
            "wall_p50_ms": pct(wall, 50), "wall_p95_ms": pct(wall, 95),
            "recall_at_10": round(100 * float(np.mean(rec)), 1) if rec else None}


def run_growth(graph: Graph, embedder: Any, sizes: Sequence[int], n_questions: int = 60,
               strategies: Sequence[str] = ("system1", "agentic"), space: str = SPACE, drop: bool = False,
               log: Log = _log) -> dict[str, Any]:
    from polymem.graph.messages import MessageRepository

    sizes = sorted(sizes)
    path, questions = history(sizes[-1], log)
    step = max(1, len(questions) // max(1, n_questions))
    qs = questions[::step][:n_questions]  # evenly spaced: LoCoMo lists its QA grouped by category
    if drop:
        MessageRepository(graph).drop_space(space)
    rows, figures, ingests = [], [], []
    for n in sizes:
        ingests.append(grow_to(graph, embedder, path, space, n, log))
        msgs = count_messages(graph, space)
        if msgs > n:  # a space only grows: a smaller size needs a fresh space
            log(f"  {space} already holds {msgs:,} messages, more than {n:,}: measured at its size (--drop starts over)")
        for s in strategies:
            m = {**measure(graph, space, qs, s, embedder), "messages": msgs}
            figures.append(m)
            rows.append([f"{msgs:,}", s, m["n"], *(_txt(m[k]) for k in ("p50_ms", "p95_ms", "wall_p50_ms",
                         "wall_p95_ms", "recall_at_10")), m["errors"]])
            log(f"  {msgs:,} {s}: p50 {m['p50_ms']} ms, p95 {m['p95_ms']} ms, R@10 {m['recall_at_10']}")
    notes = ["plan+retrieve = Answer.timings_ms plan + retrieve (no LLM); wall = the whole ask() call; "
             "3 warm-up calls per strategy and size; one client, sequential; the same questions at every size"]
    for s in strategies:
        f = [x for x in figures if x["strategy"] == s and x["p95_ms"]]
        if len(f) >= 2:
            notes.append(f"{s}: p95 at {f[-1]['messages']:,} = {f[-1]['p95_ms']} ms (goal < 100), "
                         f"{f[-1]['p95_ms'] / f[0]['p95_ms']:.2f} x p95 at {f[0]['messages']:,} (goal <= 1.5)")
    cols = ["messages", "strategy", "n", "p50 ms", "p95 ms", "wall p50", "wall p95", "R@10", "errors"]
    return {"tables": [table("Growth on real chat text: plan + retrieve, no LLM", cols, rows)], "notes": notes,
            "figures": figures, "ingests": ingests}


def _txt(v: float | None) -> str:
    return "n/a" if v is None else f"{v:.1f}"  # report.table reads a float as a fraction
