"""`polymem bench live`: the write-through recipe at a steady chat rate (message -> records) and
GraphQL subscription delivery to many subscribers of two spaces (commit -> client, cross-space
events). Own API server on loopback (bench/live_bench.py). Figures: docs/benchmarks.md."""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

ALL: list[str] = []  # starts its own API server and runs for a minute or two: run it on its own


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("live", help="write-through latency at N msg/s and subscription delivery (own API server)")
    p.add_argument("--only", nargs="*", choices=["writethrough", "subscriptions"], help="a subset")
    p.add_argument("--messages", type=int, default=300, help="messages the write-through bot sends")
    p.add_argument("--rate", type=float, default=10.0, help="its messages per second")
    p.add_argument("--subscribers", type=int, default=100, help="concurrent subscribers (half per space)")
    p.add_argument("--sub-messages", type=int, default=100, help="messages written while they listen")
    p.add_argument("--sub-rate", type=float, default=10.0, help="their messages per second")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from bench.live_bench import run

    parts = args.only or ["writethrough", "subscriptions"]
    log = Path(tempfile.mkdtemp(prefix="polymem-live-")) / "server.log"
    out = run(parts, args.messages, args.rate, args.subscribers, args.sub_messages, args.sub_rate, log)
    print(json.dumps(out, indent=1, default=str))
    sub = out.get("subscriptions")
    return 1 if sub and (sub["cross_space"] or sub["delivered"] < sub["expected"]) else 0
