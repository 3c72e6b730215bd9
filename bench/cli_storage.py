"""`polymem bench storage`: bytes per message in store and indexes, and vector-search recall, for a
git ref's code and this working tree on the same real chat, one run (bench/storage.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

ALL: list[str] = []


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("storage", help="bytes per message (store, indexes) and vector recall: a git ref vs this tree")
    p.add_argument("--messages", type=int, default=20_000, help="IRC messages in the space")
    p.add_argument("--queries", type=int, default=200, help="IRC lines after them, as search queries")
    p.add_argument("--before", default="HEAD", help="git ref of the code to compare with")
    p.add_argument("--home", type=Path, help="private Neo4j home (wiped; default .cache/neo4j-storage)")
    p.add_argument("--port", type=int, default=7692, help="its bolt port (http: port + 1000)")
    p.add_argument("--index-ab", type=int, default=0, metavar="ROUNDS",
                   help="then rebuild the vector index without/with quantization, ROUNDS of each")
    p.add_argument("--json", type=Path, help="also write the figures here")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from bench.storage import main

    argv = ["--messages", str(args.messages), "--queries", str(args.queries), "--before", args.before,
            "--port", str(args.port), "--index-ab", str(args.index_ab)]
    argv += ["--home", str(args.home)] if args.home else []
    argv += ["--json", str(args.json)] if args.json else []
    return main(argv)
