"""`polymem bench ingest` (throughput, embedding overhead, peak memory) and `polymem bench addressee`
(IRC addressee inference vs the previous-other-speaker baseline). Figures: docs/bench/ingest.md."""

from __future__ import annotations

import argparse
import json

ALL = ["ingest", "addressee"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ingest", help="ingest messages/s (no embeddings, with embeddings) and peak RSS")
    p.add_argument("--messages", type=int, default=20_000, help="synthetic messages without embeddings")
    p.add_argument("--embed-messages", type=int, default=2_000, help="messages for the embedding run (0: skip)")
    p.add_argument("--rss-messages", type=int, default=0, help="child-process run for peak RSS (e.g. 1000000)")
    p.add_argument("--batch", type=int, default=1000, help="messages per transaction")
    p.add_argument("--embed-batch", type=int, default=250, help="messages per transaction in the embedding run")
    p.set_defaults(func=_run_ingest)
    a = sub.add_parser("addressee", help="IRC addressee precision/recall: polymem vs previous-other-speaker")
    a.add_argument("--data", default=None, help="irc-disentanglement folder (default: ../shared/data/...)")
    a.add_argument("--split", action="append", help="train/dev/test/new-domains (repeatable; default all)")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=_run_addressee)


def _run_ingest(args: argparse.Namespace) -> int:
    from bench.ingest_throughput import run_bench

    print(json.dumps(run_bench(args.messages, args.embed_messages, args.rss_messages, args.batch, args.embed_batch), indent=1))
    return 0


def _run_addressee(args: argparse.Namespace) -> int:
    from pathlib import Path

    from bench.ingest_addressee import DATA, run_bench
    from polymem.errors import InputError

    data = Path(args.data) if args.data else DATA
    if not data.exists():
        raise InputError("IRC data folder not found", file=str(data))
    splits = args.split or ["train", "dev", "test", "new-domains"]
    out = run_bench(data, splits)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{'system':<18} {'precision':>9} {'recall':>7} {'F1':>6} {'predicted':>9} {'gold':>6}")
    for name in ("baseline", "polymem", "polymem+fallback"):
        r = out[name]
        print(f"{name:<18} {r['precision']:>9.3f} {r['recall']:>7.3f} {r['f1']:>6.3f} {r['predicted']:>9} {r['gold']:>6}")
    print("rules:", json.dumps(out["rules"]))
    print(f"{out['samples']} samples ({', '.join(splits)}), {out['annotated_messages']} annotated messages, "
          f"{out['seconds']} s")
    return 0
