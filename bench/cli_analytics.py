"""`polymem bench analytics`: time to export + compute every network measure (bench/analytics_bench.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ALL = ["analytics"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analytics", help="time for all network measures on the largest shared IRC sample")
    p.add_argument("--sample", type=Path, help="an IRC *.ascii.txt file (default: the largest shared one)")
    p.add_argument("--space", help="space to use (default: bench-analytics-<sample>)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--plot", type=Path, help="also render the plots here and time them")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bench.analytics_bench import run_bench

    out = run_bench(args.space, args.sample, args.repeats, args.plot)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            print(f"{k:>28}: {v}")
    return 0
