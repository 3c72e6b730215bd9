"""Many tenants (issue 14, item 2): one small space's plan + retrieve p95 alone, then among N spaces of
M messages next to one big space, then while another process ingests into a further space.

Order of one run (every `bench-tenants-*` space is dropped first, and again at the end unless kept):
1. tenant 0 (M messages) alone in the bench's spaces -> its p95 alone;
2. the big space -> its p95 with only tenant 0 beside it;
3. tenants 1..N-1 -> both p95s among the many (goal: <= 1.2 x alone);
4. `polymem ingest` in a child process into one more space, and the same questions on tenant 0 and
   the big space while it runs (goal: <= 1.5 x the quiet figure among the many); once as it comes,
   once throttled (INGEST_MODES). The child's space keeps growing from one mode to the next.
5. the quiet figures once more: a during-ingest figure is compared with the mean of the quiet ones
   before and after it (the machine is shared and its load drifts).
Text: bench/synth.py with a different seed and roster size per space; embeddings through one
DedupEmbedder (each distinct text embedded once, the vectors are the model's). Each figure is the median
over `rounds` passes of the questions (the machine is shared); per-query Cypher times are kept so a
slowdown can be traced to a statement.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bench.latency import CACHE, DedupEmbedder
from bench.prepare import count_messages
from bench.report import log as _log
from bench.report import table
from bench.synth import generate
from polymem.graph.cypher import bench as bq
from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository

Log = Callable[[str], None]
PREFIX = "bench-tenants-"
PROBE, BIG, INGEST = f"{PREFIX}t00000", f"{PREFIX}big", f"{PREFIX}ingest"
# The concurrent ingest as it comes (the model takes every core), then throttled the way docs/deploy.md
# advises for a small machine: one model thread, and a lower CPU priority than the API.
INGEST_MODES: list[tuple[str, int | None, int]] = [("during ingest", None, 0), ("during ingest, throttled", 1, 10)]


def tenant_space(i: int) -> str:
    return f"{PREFIX}t{i:05d}"


def tenant_file(n: int, seed: int) -> Path:
    """A synthetic chat of n messages with its own seed and roster size; generated once, cached."""
    path = CACHE / "tenants" / f"t{n}-s{seed}.jsonl"
    if not path.exists() or not path.with_suffix(".questions.json").exists():
        generate(path, n, people=6 + seed % 35, seed=seed)
    return path


def drop_bench_spaces(graph: Graph, log: Log = _log) -> int:
    repo, total = MessageRepository(graph), 0
    spaces = [r["id"] for r in graph.read(bq.SPACES_WITH_PREFIX, prefix=PREFIX)]
    for s in spaces:
        total += repo.drop_space(s)
    if spaces:
        log(f"  dropped {len(spaces)} bench-tenants spaces ({total:,} nodes)")
    return total


def ingest_file(graph: Graph, embedder: Any, path: Path, space: str) -> int:
    from polymem.ingest.formats import load
    from polymem.ingest.pipeline import Ingestor

    rep = Ingestor(graph, embedder, batch_size=1000).ingest(space, next(iter(load(path, "jsonl"))))
    if rep.errors:
        raise RuntimeError(f"{space}: {len(rep.errors)} ingest errors, first: {rep.errors[0]}")
    return rep.written


class QueryTimer:
    """Times every Graph.read of one Graph instance, by the statement's first line."""

    def __init__(self, graph: Graph) -> None:
        self.graph, self._read = graph, graph.read
        self.ms: dict[str, list[float]] = defaultdict(list)

    def __enter__(self) -> QueryTimer:
        def timed(cypher: Any, timeout: float | None = None, **params: Any) -> list[dict[str, Any]]:
            t = time.perf_counter()
            try:
                return self._read(cypher, timeout=timeout, **params)
            finally:
                key = next((ln.strip() for ln in str(cypher).splitlines() if ln.strip()), "")[:70]
                self.ms[key].append((time.perf_counter() - t) * 1000)

        self.graph.read = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        del self.graph.read  # back to the class's method

    def top(self, n: int = 6) -> list[dict[str, Any]]:
        rows = [{"query": k, "calls": len(v), "mean_ms": round(float(np.mean(v)), 1),
                 "p95_ms": round(float(np.percentile(v, 95)), 1), "total_ms": round(sum(v))}
                for k, v in self.ms.items()]
        return sorted(rows, key=lambda r: -r["total_ms"])[:n]


def measure(graph: Graph, space: str, questions: Sequence[str], strategy: str, embedder: Any,
            rounds: int) -> dict[str, Any]:
    """plan + retrieve p50/p95 per round, after one untimed pass (JIT, caches); the figure is the median round."""
    from polymem.retrieval import AskOptions, ask

    opts = AskOptions(strategy=strategy, llm=False)
    for q in questions:
        ask(graph, space, q, None, opts, embedder=embedder)
    p50s, p95s = [], []
    with QueryTimer(graph) as qt:
        for _ in range(rounds):
            pr = []
            for q in questions:
                tm = ask(graph, space, q, None, opts, embedder=embedder).timings_ms or {}
                pr.append(tm.get("plan", 0.0) + tm.get("retrieve", 0.0))
            p50s.append(float(np.percentile(pr, 50)))
            p95s.append(float(np.percentile(pr, 95)))
    return {"space": space, "strategy": strategy, "n": len(questions), "rounds": rounds,
            "p50_ms": statistics.median(p50s), "p95_ms": statistics.median(p95s),
            "p95_rounds": [round(x, 1) for x in p95s], "queries": qt.top()}


def _questions(path: Path, k: int) -> list[str]:
    import json

    return json.loads(path.with_suffix(".questions.json").read_text())[:k]


def _phase(graph: Graph, embedder: Any, targets: list[tuple[str, list[str]]], strategies: Sequence[str],
           rounds: int, label: str, log: Log) -> list[dict[str, Any]]:
    total = int(graph.read(bq.COUNT_ALL_MESSAGES)[0]["n"])
    out = []
    for space, qs in targets:
        for s in strategies:
            m = measure(graph, space, qs, s, embedder, rounds)
            m.update(phase=label, messages=count_messages(graph, space), db_messages=total,
                     load=round(os.getloadavg()[0], 1))
            log(f"  [{label}] {space} {s}: p50 {m['p50_ms']:.0f} ms, p95 {m['p95_ms']:.0f} ms "
                f"(rounds {m['p95_rounds']}; db {total:,} messages, load {m['load']})")
            out.append(m)
    return out


def _ingest_child(path: Path, space: str, embed: bool, threads: int | None, nice: int) -> subprocess.Popen[str]:
    """`polymem ingest` in its own process; `threads` caps the model's CPU threads (OMP_NUM_THREADS),
    `nice` lowers its CPU priority below the querying process."""
    cmd = [sys.executable, "-m", "polymem.cli", "ingest", str(path), "--format", "jsonl", "--space", space,
           "--quiet", "--json"] + ([] if embed else ["--no-embed"])
    env = dict(os.environ, **({"OMP_NUM_THREADS": str(threads), "MKL_NUM_THREADS": str(threads)} if threads else {}))
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=(lambda: os.nice(nice)) if nice else None)


def _during_ingest(graph: Graph, embedder: Any, targets: list[tuple[str, list[str]]], strategies: Sequence[str],
                   rounds: int, label: str, child: subprocess.Popen[str], space: str,
                   log: Log) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    try:
        waited = time.perf_counter()  # past the child's start-up (model load), into its writes
        start = count_messages(graph, space)
        while count_messages(graph, space) == start and child.poll() is None and time.perf_counter() - waited < 180:
            time.sleep(1)
        before, t = count_messages(graph, space), time.perf_counter()
        figs = _phase(graph, embedder, targets, strategies, rounds, label, log)
        during, secs = count_messages(graph, space) - before, time.perf_counter() - t
        return figs, {"messages": during, "seconds": round(secs, 1), "messages_per_s": round(during / secs, 1),
                      "finished_early": child.poll() is not None}
    finally:
        child.terminate()
        child.wait(30)


def run_tenants(graph: Graph, embedder: Any, tenants: int = 200, per: int = 1000, big: int = 20_000,
                n_questions: int = 40, strategies: Sequence[str] = ("system1", "agentic"), rounds: int = 3,
                ingest_messages: int = 50_000, ingest_embed: bool = True, keep: bool = False,
                log: Log = _log) -> dict[str, Any]:
    t_start = time.perf_counter()
    drop_bench_spaces(graph, log)
    dedup = DedupEmbedder(embedder)
    probe_file = tenant_file(per, 1000)
    big_file = tenant_file(big, 7)
    figures: list[dict[str, Any]] = []
    ingest_rates: dict[str, Any] = {}

    t = time.perf_counter()
    ingest_file(graph, dedup, probe_file, PROBE)
    pq = _questions(probe_file, n_questions)
    figures += _phase(graph, embedder, [(PROBE, pq)], strategies, rounds, "alone", log)
    ingest_file(graph, dedup, big_file, BIG)
    bqs = _questions(big_file, n_questions)
    figures += _phase(graph, embedder, [(BIG, bqs)], strategies, rounds, "alone", log)
    ingest_rates["setup_s"] = round(time.perf_counter() - t, 1)

    t, n_written = time.perf_counter(), 0
    for i in range(1, tenants):
        n_written += ingest_file(graph, dedup, tenant_file(per, 1000 + i), tenant_space(i))
        if i % 50 == 0:
            log(f"  {i} tenants ingested, {time.perf_counter() - t:.0f}s")
    secs = time.perf_counter() - t
    ingest_rates["tenants"] = {"messages": n_written, "seconds": round(secs, 1),
                               "messages_per_s": round(n_written / max(secs, 1e-9), 1)}
    targets = [(PROBE, pq), (BIG, bqs)]
    figures += _phase(graph, embedder, targets, strategies, rounds, "among", log)

    for label, threads, nice in INGEST_MODES:
        child = _ingest_child(tenant_file(ingest_messages, 99), INGEST, ingest_embed, threads, nice)
        figs, rate = _during_ingest(graph, embedder, targets, strategies, rounds, label, child, INGEST, log)
        figures += figs
        ingest_rates[label] = {**rate, "embed": ingest_embed, "threads": threads, "nice": nice}
    figures += _phase(graph, embedder, targets, strategies, rounds, "among, after", log)  # brackets the ingest
    if not keep:
        drop_bench_spaces(graph, log)
    return _report(figures, ingest_rates, tenants, per, big, rounds, time.perf_counter() - t_start)


def _report(figures: list[dict[str, Any]], rates: dict[str, Any], tenants: int, per: int, big: int,
            rounds: int, seconds: float) -> dict[str, Any]:
    by = {(f["phase"], f["space"], f["strategy"]): f for f in figures}
    rows, notes = [], []
    for (phase, space, s), f in by.items():
        rows.append([phase, space, f"{f['messages']:,}", f"{f['db_messages']:,}", s, f"{f['p50_ms']:.0f}",
                     f"{f['p95_ms']:.0f}", str(f["load"])])
        base_phase, goal = ("alone", 1.2) if phase == "among" else ("among", 1.5) if "ingest" in phase else (None, 0)
        base = by.get((base_phase, space, s)) if base_phase else None
        after = by.get(("among, after", space, s))
        if base and base_phase == "among" and after:  # quiet before and after the ingest: their mean
            base = {"p95_ms": (base["p95_ms"] + after["p95_ms"]) / 2}
            base_phase = "quiet among (mean of before and after)"
        if base:
            r = f["p95_ms"] / base["p95_ms"]
            notes.append(f"{space} {s}: p95 {phase} / {base_phase} = {f['p95_ms']:.0f} / {base['p95_ms']:.0f} ms "
                         f"= {r:.2f}x (goal <= {goal}x) -> {'MET' if r <= goal else 'MISSED'}")
    notes.append(f"{tenants} spaces x {per:,} + one {big:,} space; ingest {rates}; {rounds} rounds per figure "
                 f"(median round p95); run took {seconds:.0f}s")
    cols = ["phase", "space", "messages", "db messages", "strategy", "p50 ms", "p95 ms", "load"]
    return {"tables": [table("Many tenants: plan + retrieve, no LLM", cols, rows)], "notes": notes,
            "figures": figures, "ingest": rates}
