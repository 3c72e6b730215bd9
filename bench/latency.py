"""Latency of plan + retrieve (no LLM), p50/p95, on a LoCoMo-sized space and a synthetic space of
100k messages (generated once with bench/synth.py, ingested with embeddings once; the space
persists in Neo4j as `bench-synth-100k`)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bench.prepare import count_messages
from bench.report import log as _log
from bench.report import table
from bench.synth import generate
from bench.systems import ask_available
from polymem.graph.driver import Graph

Log = Callable[[str], None]
CACHE = Path(os.environ.get("POLYMEM_BENCH_CACHE", Path.home() / ".cache" / "polymem-bench"))
SYNTH_SPACE = "bench-synth-100k"


class DedupEmbedder:
    """Embeds each distinct text once (the synthetic chat repeats its templates a lot); the vectors
    are exactly the wrapped model's, so what is stored is what a plain ingest would store."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.dim = inner.dim
        self._cache: dict[str, np.ndarray] = {}

    def embed(self, texts: list[str]) -> np.ndarray:
        todo = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if todo:
            for t, v in zip(todo, self.inner.embed(todo), strict=True):
                self._cache[t] = v
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])


def progress_log(log: Log, every: int, prefix: str = "") -> Callable[[int], None]:
    """An ingest progress callback that logs the running count (and seconds) every `every` messages."""
    t0 = time.perf_counter()
    done = [0]

    def progress(k: int) -> None:
        done[0] += k
        if done[0] % every < k:
            log(f"    {prefix}{done[0]:,} messages, {time.perf_counter() - t0:.0f} s")

    return progress


def synth_file(n: int) -> Path:
    return CACHE / f"synth-{n // 1000}k.jsonl"


def ensure_synth(graph: Graph, embedder: Any, n: int = 100_000, space: str = SYNTH_SPACE,
                 log: Log = _log) -> list[str]:
    """Generate (once) and ingest (once) the synthetic chat; return its latency questions."""
    path = synth_file(n)
    if not path.exists() or not path.with_suffix(".questions.json").exists():
        log(f"  generating {n:,} synthetic messages -> {path}")
        generate(path, n)
    questions = json.loads(path.with_suffix(".questions.json").read_text())
    have = count_messages(graph, space)
    if have < n:
        from polymem.ingest.formats import load
        from polymem.ingest.pipeline import Ingestor

        log(f"  ingesting {path} into {space} ({have:,} of {n:,} stored; embeddings on CPU, a few minutes)")
        progress = progress_log(log, 10_000)
        for attempt in range(1, 11):
            # Re-running is safe (ingest is idempotent); it also rides over a failed batch
            # (a constraint race was seen under heavy load): each attempt keeps what was written.
            try:
                conv = next(iter(load(path, "jsonl")))
                rep = Ingestor(graph, DedupEmbedder(embedder), batch_size=1000).ingest(space, conv, progress=progress)
                log(f"  ingest done: {rep.summary()}")
                break
            except Exception as e:  # noqa: BLE001 - retried, then re-raised
                log(f"  ingest attempt {attempt} failed ({type(e).__name__}: {str(e)[:160]}); "
                    f"{count_messages(graph, space):,} stored; retrying")
                if attempt == 10:
                    raise
    return questions


def measure(graph: Graph, space: str, questions: Sequence[str], strategy: str, embedder: Any,
            warmup: int = 3) -> dict[str, Any]:
    from polymem.retrieval import AskOptions, ask

    opts = AskOptions(strategy=strategy, llm=False)
    for q in questions[:warmup]:  # load the model / warm Neo4j caches: not part of the figure
        ask(graph, space, q, None, opts, embedder=embedder)
    pr, wall, errors = [], [], 0
    for q in questions:
        t0 = time.perf_counter()
        try:
            a = ask(graph, space, q, None, opts, embedder=embedder)
        except Exception:  # noqa: BLE001 - a failed call is reported, not timed
            errors += 1
            continue
        wall.append((time.perf_counter() - t0) * 1000)
        tm = a.timings_ms
        pr.append(tm.get("plan", 0.0) + tm.get("retrieve", 0.0) if tm else wall[-1])
    def pcts(v: list[float]) -> tuple[float | None, float | None]:
        return (float(np.percentile(v, 50)), float(np.percentile(v, 95))) if v else (None, None)

    p50, p95 = pcts(pr)
    w50, w95 = pcts(wall)
    return {"space": space, "strategy": strategy, "n": len(pr), "errors": errors, "p50_ms": p50, "p95_ms": p95,
            "wall_p50_ms": w50, "wall_p95_ms": w95}


def run_latency(graph: Graph, embedder: Any, locomo_space: str, locomo_questions: Sequence[str],
                strategies: Sequence[str] = ("system1", "agentic"), n_synth: int = 100_000,
                n_questions: int = 100, log: Log = _log) -> dict[str, Any]:
    synth_q = ensure_synth(graph, embedder, n_synth, log=log)[:n_questions]
    why = ask_available()
    if why:
        return {"tables": [], "notes": [f"polymem.retrieval.ask not available ({why}); nothing timed"]}
    targets = [(locomo_space, list(locomo_questions)[:n_questions]), (SYNTH_SPACE, synth_q)]
    rows, figures = [], []
    for space, qs in targets:
        msgs = count_messages(graph, space)
        for s in strategies:
            m = measure(graph, space, qs, s, embedder)
            m["messages"] = msgs
            figures.append(m)
            rows.append([space, f"{msgs:,}", s, m["n"], _ms(m["p50_ms"]), _ms(m["p95_ms"]),
                         _ms(m["wall_p50_ms"]), _ms(m["wall_p95_ms"]), m["errors"]])
            log(f"  {space} {s}: plan+retrieve p50 {_ms(m['p50_ms'])} ms, p95 {_ms(m['p95_ms'])} ms")
    at_scale = [f for f in figures if f["space"] == SYNTH_SPACE and f["p95_ms"] is not None]
    notes = ["plan+retrieve = Answer.timings_ms plan + retrieve (no LLM); wall = the whole ask() call incl. "
             "compose/answer; after 3 warm-up calls; one client, sequential"]
    for f in at_scale:
        notes.append(f"goal p95 < 150 ms at 100k ({f['strategy']}): {f['p95_ms']:.0f} ms -> "
                     f"{'MET' if f['p95_ms'] < 150 else 'MISSED'}")
    cols = ["space", "messages", "strategy", "n", "p50 ms", "p95 ms", "wall p50", "wall p95", "errors"]
    return {"tables": [table("Latency of plan + retrieve, no LLM", cols, rows)], "notes": notes,
            "figures": figures}


def _ms(v: float | None) -> str:
    return "n/a" if v is None else f"{v:.0f}"
