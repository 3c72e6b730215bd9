"""`polymem bench faults`: kill -9 of the bench's own Neo4j mid-ingest, concurrent ingestion into one
channel, ~60 bad inputs, and the API while that Neo4j is stopped and started again
(bench/faults_run.py). Loopback only, bounded by --budget. Figures: docs/benchmarks.md."""

from __future__ import annotations

import argparse
import json

ALL: list[str] = []  # starts a second Neo4j: run it on its own, not in `bench all`


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("faults", help="kill -9 mid-ingest, concurrent ingestion, bad inputs, API during an "
                                      "outage (own Neo4j)")
    p.add_argument("--messages", type=int, default=30_000, help="messages of the kill test's file")
    p.add_argument("--kill-at", type=float, default=0.4, help="kill Neo4j once this share is stored")
    p.add_argument("--clients", type=int, default=16, help="concurrent clients writing one channel")
    p.add_argument("--batches", type=int, default=8, help="batches per client")
    p.add_argument("--per-batch", type=int, default=12, help="messages per batch")
    p.add_argument("--outage-requests", type=int, default=20, help="requests sent while Neo4j is stopped")
    p.add_argument("--budget", type=float, default=600, help="seconds the whole bench may take")
    p.add_argument("--only", nargs="*", choices=["kill", "concurrent", "inputs", "api"], help="a subset")
    p.add_argument("--json", action="store_true", help="print the full result as JSON")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from bench.faults_run import failures, report, run

    r = run(args.messages, args.kill_at, args.clients, args.batches, args.per_batch, args.budget, args.only,
            args.outage_requests)
    print("\n" + report(r))
    if args.json:
        print(json.dumps(r, indent=1, default=str))
    return 1 if failures(r) else 0
