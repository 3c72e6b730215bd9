"""Time to export a space to networkx and compute every analytics measure.

Default data: the largest shared IRC sample (by line count) under shared/data/irc-disentanglement/*/,
ingested without embeddings into its own space (reused when already complete).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from polymem.graph import Graph
from polymem.graph.analytics import compute
from polymem.graph.export import Scope, export_network

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "irc-disentanglement"


def largest_irc_sample(root: Path = DATA) -> Path:
    files = sorted(root.glob("*/*.ascii.txt"))
    if not files:
        raise FileNotFoundError(f"no IRC samples under {root}")

    def lines(p: Path) -> int:
        with p.open("rb") as f:
            return sum(1 for _ in f)

    return max(files, key=lambda p: (lines(p), p.name))


def ensure_ingested(graph: Graph, space: str, sample: Path) -> dict[str, Any]:
    from polymem.ingest.formats import load
    from polymem.ingest.pipeline import Ingestor

    with sample.open("rb") as f:
        want = sum(1 for _ in f)
    have = graph.read("MATCH (m:Message {space: $s}) RETURN count(m) AS n", s=space)[0]["n"]
    if have >= want:
        return {"ingested": False, "messages": have}
    (conv,) = list(load(sample, "irc"))
    rep = Ingestor(graph, None).ingest(space, conv)
    return {"ingested": True, "messages": rep.written + rep.already_stored, "ingest_s": round(rep.seconds, 2)}


def run_bench(space: str | None = None, sample: Path | None = None, repeats: int = 3,
              plot_dir: Path | None = None) -> dict[str, Any]:
    sample = sample or largest_irc_sample()
    space = space or "bench-analytics-" + sample.name.removesuffix(".ascii.txt").replace("_", "-")
    out: dict[str, Any] = {"sample": str(sample), "space": space, "repeats": repeats}
    with Graph() as g:
        out.update(ensure_ingested(g, space, sample))
        exports, computes, totals = [], [], []
        m = net = None
        for _ in range(repeats):
            t0 = time.perf_counter()
            net = export_network(g, Scope(space))
            t1 = time.perf_counter()
            m = compute(net)
            t2 = time.perf_counter()
            exports.append(t1 - t0)
            computes.append(t2 - t1)
            totals.append(t2 - t0)
    assert m is not None and net is not None
    out.update({
        "export_s_median": round(statistics.median(exports), 3),
        "compute_s_median": round(statistics.median(computes), 3),
        "total_s_median": round(statistics.median(totals), 3),
        "total_s_all": [round(x, 3) for x in totals],
        "people": len(m.people), "communities": len(m.communities), **m.counts,
    })
    if plot_dir is not None:
        from polymem.graph.plots import plot_network, plot_participation

        t = time.perf_counter()
        paths = plot_network(net.interaction(), m, plot_dir / "network") + plot_participation(m, plot_dir / "participation")
        out["plot_s"] = round(time.perf_counter() - t, 3)
        out["plots"] = [str(p) for p in paths]
    return out
