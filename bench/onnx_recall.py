"""LoCoMo evidence recall@10 (System 1 retrieval) with the float MiniLM and the int8 ONNX one, in one
run: each model gets its own fresh copy of every conversation (ingested with its vectors), and the
same questions, embedded by the same model. The spaces are dropped afterwards.
`python -m bench.onnx_recall [--limit 40]` (at most that many QA per conversation, evenly spaced)."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bench import datasets
from bench.metrics import Tally, recall_at_k
from bench.prepare import ensure_ingested
from bench.report import log
from bench.systems import run_polymem
from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository


def run(limit: int | None) -> dict[str, Any]:
    from polymem.ingest.embedder import float_embedder
    from polymem.ingest.onnx_embedder import OnnxEmbedder, build
    from polymem.schema.migrations import migrate

    models = {"float": float_embedder(), "int8": OnnxEmbedder(build())}
    tallies = {k: Tally() for k in models}
    t0 = time.perf_counter()
    with Graph() as graph:
        migrate(graph)
        spaces: list[str] = []
        try:
            for name, emb in models.items():
                for conv in datasets.locomo(prefix=f"bench-onnx-{name}-"):
                    spaces.append(conv.space)
                    ensure_ingested(graph, conv, emb)
                    for qa in datasets.subsample(conv.qa, limit):
                        if qa.kind == "adversarial" or not qa.evidence:
                            continue
                        res = run_polymem(graph, conv.space, qa.question, "system1", emb, top_k=10)
                        tallies[name].add(qa.kind, recall_at_k(res.ranked, qa.evidence, 10))
                    log(f"  {name} {conv.conv_id}: R@10 so far {100 * (tallies[name].mean('overall') or 0):.1f}")
        finally:
            for s in spaces:
                MessageRepository(graph).drop_space(s)
    out = {k: {"recall_at_10": round(100 * (t.mean("overall") or 0), 1), "scored": t.counts.get("overall", 0)}
           for k, t in tallies.items()}
    out["difference_points"] = round(out["int8"]["recall_at_10"] - out["float"]["recall_at_10"], 1)
    out["seconds"] = round(time.perf_counter() - t0)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--limit", type=int, default=40)
    print(json.dumps(run(p.parse_args().limit), indent=1))


if __name__ == "__main__":
    main()
