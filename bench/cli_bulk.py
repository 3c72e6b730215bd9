"""`polymem bench bulk`: messages/s of the normal ingest path vs `polymem ingest --bulk` on the same real
chat file, one run, and whether both write the same graph (bench/bulk_import.py)."""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

ALL: list[str] = []


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bulk", help="ingest msg/s: normal path vs --bulk on the same IRC history, graphs compared")
    p.add_argument("--messages", type=int, default=5_000, help="IRC messages in the history")
    p.add_argument("--rounds", type=int, default=2, help="normal/bulk pairs per mode, in alternating order")
    p.add_argument("--no-embed-only", action="store_true", help="skip the run with embeddings")
    p.add_argument("--embed-only", action="store_true", help="skip the run without embeddings")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from bench.bulk_import import run_bulk

    with tempfile.TemporaryDirectory(prefix="polymem-bulk-") as tmp:
        out = run_bulk(args.messages, Path(tmp), embed=not args.no_embed_only, no_embed=not args.embed_only,
                      rounds=args.rounds)
    print(json.dumps(out, indent=1, default=str))
    same = all(out[m]["identical"] and out[m]["rerun_wrote_nothing"] for m in ("no_embed", "embed") if m in out)
    return 0 if same else 1
