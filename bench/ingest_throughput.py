"""Ingest throughput: messages/s without embeddings, the embedding overhead, and peak memory.

* no-embed: a synthetic JSONL file (bench/ingest_synthetic.py) through the real pipeline into a
  fresh space of the real Neo4j.
* embed: the first `embed_messages` lines, ingested with the real model, against the same model
  embedding the same texts in the same batch size in the same run, once before and once after
  the ingest (bare sentences/s, the faster of the two); the overhead is ingest time / bare
  embedding time - 1 (goal <= 30 %). It uses smaller transactions (`embed_batch`, 250) so the
  last batch's write, which nothing can hide, is short.
* rss: `polymem ingest FILE --no-embed` as a child process on an N-message file; peak RSS of the
  child from getrusage.
Every space made here is removed afterwards.
"""

from __future__ import annotations

import itertools
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from bench.ingest_synthetic import write_synthetic
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor


def _space(tag: str) -> str:
    return f"bench-ingest-{tag}-{uuid.uuid4().hex[:8]}"


def _ingest(graph: Graph, path: Path, space: str, embedder: Any, batch: int) -> dict[str, Any]:
    t = time.perf_counter()
    rep = Ingestor(graph, embedder, batch_size=batch).ingest(space, next(iter(load(path, "jsonl"))))
    secs = time.perf_counter() - t
    return {"messages": rep.written, "seconds": round(secs, 2), "messages_per_s": round(rep.written / secs, 1),
            "embed_seconds": round(rep.embed_seconds, 2), "write_seconds": round(rep.write_seconds, 2),
            "errors": len(rep.errors)}


def no_embed(graph: Graph, path: Path, batch: int) -> dict[str, Any]:
    space = _space("plain")
    try:
        return _ingest(graph, path, space, None, batch)
    finally:
        MessageRepository(graph).drop_space(space)


def with_embed(graph: Graph, path: Path, n: int, batch: int) -> dict[str, Any]:
    from polymem.ingest.embedder import default_embedder

    emb = default_embedder()
    small = path.with_name(f"embed_{n}.jsonl")
    with path.open() as src, small.open("w") as dst:
        dst.writelines(itertools.islice(src, n))
    texts = [json.loads(line)["text"] for line in small.open()]
    emb.embed(texts[:64])  # warm-up: first call pays one-off costs

    def bare() -> float:
        t = time.perf_counter()
        for i in range(0, len(texts), batch):
            emb.embed(texts[i:i + batch])
        return time.perf_counter() - t

    before = bare()
    space = _space("embed")
    try:
        run = _ingest(graph, small, space, emb, batch)
    finally:
        MessageRepository(graph).drop_space(space)
    after = bare()  # the machine is shared: bracket the ingest, compare with the faster bare run
    best = min(before, after)
    return {"bare_sentences_per_s": round(len(texts) / best, 1),
            "bare_seconds_before_after": [round(before, 2), round(after, 2)], **run,
            "ratio_ingest_to_bare": round(run["seconds"] / best, 3),
            "graph_overhead_pct": round(100 * (run["seconds"] / best - 1), 1)}


def peak_rss(graph: Graph, path: Path, batch: int) -> dict[str, Any]:
    space = _space("rss")
    cmd = [sys.executable, "-m", "polymem.cli", "ingest", str(path), "--format", "jsonl", "--space", space,
           "--no-embed", "--quiet", "--json", "--batch", str(batch)]
    t = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        secs = time.perf_counter() - t
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        summary = json.loads(proc.stdout) if proc.stdout.strip().startswith("{") else {"stderr": proc.stderr[-2000:]}
    finally:
        MessageRepository(graph).drop_space(space)
    written = summary.get("messages_written", 0)
    return {"messages": written, "seconds": round(secs, 1), "messages_per_s": round(written / secs, 1) if secs else 0,
            "peak_rss_mib": round(peak_kib / 1024, 1), "exit_code": proc.returncode,
            "file_mib": round(path.stat().st_size / 2**20, 1)}


def machine() -> dict[str, Any]:
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return {"cpus": os.cpu_count(), "memory_gib": round(mem, 1), "arch": platform.machine(),
            "load_avg_1m_at_start": round(os.getloadavg()[0], 2), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def run_bench(messages: int, embed_messages: int, rss_messages: int, batch: int,
              embed_batch: int = 250) -> dict[str, Any]:
    out: dict[str, Any] = {"machine": machine(), "batch": batch, "embed_batch": embed_batch}
    with Graph() as graph, tempfile.TemporaryDirectory(prefix="polymem-bench-") as tmp:
        path = write_synthetic(Path(tmp) / "synthetic.jsonl", max(messages, embed_messages))
        if messages:
            out["no_embed"] = no_embed(graph, path, batch)
        if embed_messages:
            out["embed"] = with_embed(graph, path, embed_messages, embed_batch)
        if rss_messages:
            big = write_synthetic(Path(tmp) / f"synthetic_{rss_messages}.jsonl", rss_messages)
            out["rss"] = peak_rss(graph, big, batch)
    out["machine"]["load_avg_1m_at_end"] = round(os.getloadavg()[0], 2)
    return out
