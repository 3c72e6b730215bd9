"""`polymem bench bulk`: the normal ingest path vs `--bulk` on the same file, side by side in one run.

The file is real chat: the Ubuntu IRC lines of the irc-disentanglement train split (speaker, text,
minute), as one history of N messages in one channel, so the text repeats the way a real chat does.
For each of no-embed and embed: a normal ingest (batch 1000) into one space and a bulk ingest
(messages first, then the vectors: polymem/ingest/bulk.py) into another, then a second bulk run into the bulk space (must write nothing), and both graphs are
compared (nodes by label, the Event log of subscriptions aside: one per transaction; every edge;
every seq). Every space is dropped afterwards.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.ingest_addressee import DATA
from bench.ingest_throughput import machine
from polymem.graph import Graph
from polymem.graph.cypher import bench as bq
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor

_LINE = re.compile(r"^\[(\d\d):(\d\d)\] <([^>]{1,60})> (.+)$")


def irc_history(path: Path, n: int, data: Path = DATA) -> Path:
    """n IRC messages of the train split in file order, as one jsonl history."""
    files = sorted((data / "train").glob("*.ascii.txt"))
    if not files:
        raise FileNotFoundError(f"no IRC samples under {data / 'train'}")
    i = 0
    with path.open("w", encoding="utf-8") as out:
        for f in files:
            day = datetime.strptime(f.name[:10], "%Y-%m-%d")
            for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
                m = _LINE.match(line)
                if not m or not m.group(4).strip():
                    continue
                t = day.replace(hour=int(m.group(1)), minute=int(m.group(2)))
                out.write(json.dumps({"id": f"irc{i:07d}", "speaker": m.group(3), "text": m.group(4),
                                      "time": t.isoformat(), "channel": "ubuntu",
                                      "session": f.name[:10]}) + "\n")
                i += 1
                if i >= n:
                    return path
    return path


def _report(rep: Any, secs: float) -> dict[str, Any]:
    return {"written": rep.written, "already_stored": rep.already_stored, "errors": len(rep.errors),
            "seconds": round(secs, 2), "messages_per_s": round(rep.written / secs, 1) if rep.written else 0.0,
            "embed_seconds": round(rep.embed_seconds, 2), "write_seconds": round(rep.write_seconds, 2)}


def _normal(graph: Graph, emb: Any, space: str, path: Path) -> dict[str, Any]:
    t = time.perf_counter()
    rep = Ingestor(graph, emb, batch_size=1000).ingest(space, next(iter(load(path, "jsonl"))))
    return _report(rep, time.perf_counter() - t)


def _bulk(graph: Graph, emb: Any, space: str, path: Path) -> dict[str, Any]:
    from polymem.ingest.bulk import bulk_ingest

    t = time.perf_counter()
    rep, vectors = bulk_ingest(graph, space, next(iter(load(path, "jsonl"))), emb)
    out = _report(rep, time.perf_counter() - t)
    stored = out["seconds"] - out["embed_seconds"]
    return {**out, "vectors_set": vectors, "stored_after_s": round(stored, 2),
            "stored_messages_per_s": round(rep.written / stored, 1) if rep.written else 0.0}


def compare(graph: Graph, a: str, b: str) -> dict[str, Any]:
    repo = MessageRepository(graph)
    ta, tb = graph.read(bq.LABEL_COUNTS, space=a), graph.read(bq.LABEL_COUNTS, space=b)
    ea, eb = repo.edges(a), repo.edges(b)
    same_seq = graph.read(bq.MESSAGE_SEQS, space=a) == graph.read(bq.MESSAGE_SEQS, space=b)
    return {"nodes_normal": {r["label"]: r["n"] for r in ta}, "nodes_bulk": {r["label"]: r["n"] for r in tb},
            "edges": len(ea), "same_edges": ea == eb, "same_seq": same_seq, "identical": ta == tb and ea == eb and same_seq}


def _pair(graph: Graph, emb: Any, path: Path, bulk_first: bool) -> dict[str, Any]:
    """One normal and one bulk ingest of the file (in the given order), a bulk re-run, graphs compared."""
    tag = uuid.uuid4().hex[:8]
    normal, bulk = f"bench-bulk-normal-{tag}", f"bench-bulk-bulk-{tag}"
    repo = MessageRepository(graph)
    try:
        if bulk_first:
            r_bulk, r_normal = _bulk(graph, emb, bulk, path), _normal(graph, emb, normal, path)
        else:
            r_normal, r_bulk = _normal(graph, emb, normal, path), _bulk(graph, emb, bulk, path)
        r_again = _bulk(graph, emb, bulk, path)
        cmp = compare(graph, normal, bulk)
    finally:
        repo.drop_space(normal)
        repo.drop_space(bulk)
    return {"order": "bulk, normal" if bulk_first else "normal, bulk", "normal": r_normal, "bulk": r_bulk,
            "bulk_rerun": r_again, "speedup": round(r_normal["seconds"] / r_bulk["seconds"], 2), "graph": cmp}


def run_bulk(n: int, tmp: Path, embed: bool = True, no_embed: bool = True, rounds: int = 2) -> dict[str, Any]:
    """Per mode, `rounds` pairs in alternating order (the shared machine's load drifts); the figure
    is total normal seconds / total bulk seconds over the rounds."""
    path = irc_history(tmp / f"irc-{n}.jsonl", n)
    out: dict[str, Any] = {"machine": machine(), "file": f"{n:,} Ubuntu IRC messages (irc-disentanglement train)",
                           "rounds": rounds}
    modes = ([("no_embed", None)] if no_embed else []) + ([("embed", "model")] if embed else [])
    with Graph() as graph:
        for name, want in modes:
            emb = None
            if want:
                from polymem.ingest.embedder import default_embedder

                emb = default_embedder()
                emb.embed(["warm up the model"] * 8)
            pairs = [_pair(graph, emb, path, bulk_first=r % 2 == 1) for r in range(rounds)]
            tn, tb = sum(p["normal"]["seconds"] for p in pairs), sum(p["bulk"]["seconds"] for p in pairs)
            stored = sum(p["bulk"]["stored_after_s"] for p in pairs)
            out[name] = {"pairs": pairs, "normal_messages_per_s": round(rounds * n / tn, 1),
                         "bulk_messages_per_s": round(rounds * n / tb, 1),
                         "bulk_stored_messages_per_s": round(rounds * n / stored, 1),
                         "speedup": round(tn / tb, 2), "identical": all(p["graph"]["identical"] for p in pairs),
                         "rerun_wrote_nothing": all(p["bulk_rerun"]["written"] == 0 and not p["bulk_rerun"]["vectors_set"]
                                                    for p in pairs)}
    out["machine"]["load_avg_1m_at_end"] = machine()["load_avg_1m_at_start"]
    return out
