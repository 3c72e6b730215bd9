"""`polymem stats [--space S]`: what is in the graph."""

from __future__ import annotations

import argparse
import json

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.spaces import SpaceRepository


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("stats", help="counts of messages, participants and edges per space")
    p.add_argument("--space", help="one space (default: every space)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with Graph() as g:
        repo = MessageRepository(g)
        spaces = [SpaceRepository(g).require(args.space)] if args.space else [s["id"] for s in repo.spaces()]
        out = {s: repo.stats(s) for s in spaces}
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for s, st in out.items():
            print(f"space {s}: " + ", ".join(f"{k}={v}" for k, v in st.items()))
    return 0
