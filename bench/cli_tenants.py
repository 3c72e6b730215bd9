"""`polymem bench tenants`: a space's plan + retrieve p95 alone, among many spaces, and while another
space is being ingested (issue 14, item 2; bench/tenants.py). Figures: docs/benchmarks.md."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

ALL: list[str] = []  # minutes of ingest: not part of `bench all`
OUT = Path(__file__).resolve().parents[1] / "docs" / "bench" / "tenants.json"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tenants", help="p95 of one space alone vs among N spaces next to a big one, and during ingest")
    p.add_argument("--tenants", type=int, default=200, help="number of small spaces (issue: 1000)")
    p.add_argument("--per", type=int, default=1000, help="messages per small space")
    p.add_argument("--big", type=int, default=20_000, help="messages of the big space (issue: 100000)")
    p.add_argument("--questions", type=int, default=40, help="questions per space and round")
    p.add_argument("--rounds", type=int, default=3, help="passes over the questions; the median round counts")
    p.add_argument("--strategies", nargs="+", default=["system1", "agentic"])
    p.add_argument("--ingest-messages", type=int, default=50_000, help="file the concurrent ingest reads")
    p.add_argument("--ingest-no-embed", dest="ingest_embed", action="store_false",
                   help="the concurrent ingest skips embeddings")
    p.add_argument("--keep", action="store_true", help="keep the bench-tenants-* spaces afterwards")
    p.add_argument("--out", type=Path, default=OUT, help="figures as JSON")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from bench.report import meta, print_table
    from bench.tenants import run_tenants
    from polymem.graph import Graph
    from polymem.ingest.embedder import default_embedder

    t0 = time.perf_counter()
    with Graph() as g:
        res = run_tenants(g, default_embedder(), tenants=args.tenants, per=args.per, big=args.big,
                          n_questions=args.questions, strategies=args.strategies, rounds=args.rounds,
                          ingest_messages=args.ingest_messages, ingest_embed=args.ingest_embed, keep=args.keep)
        res["neo4j"] = g.settings.uri
    cmd = "polymem " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    res["meta"] = meta(cmd, time.perf_counter() - t0)
    for t in res["tables"]:
        print_table(t)
    for n in res["notes"]:
        print(f"- {n}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1, default=str) + "\n")
    return 0
