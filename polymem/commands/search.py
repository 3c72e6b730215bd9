"""`polymem search "text" --space S [--k N] [--kinds message,record] [--json]`: full-text hits.

The search path of the Python client (`Memory.search`): messages and records best first, each
printed as `speaker -> addressees (time): text` with display names. No model is loaded.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from datetime import datetime

from polymem.client import Memory, SearchHit
from polymem.errors import InputError
from polymem.graph.messages import MessageRepository

KINDS = ("message", "record")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("search", help="full-text search over a space's messages and records, best first")
    p.add_argument("text")
    p.add_argument("--space", required=True)
    p.add_argument("--k", type=_count, default=10, help="how many hits, 1-1000 (default 10)")
    p.add_argument("--kinds", default="message,record", help="message, record or both (default both)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    if not kinds or set(kinds) - set(KINDS):
        raise InputError("--kinds takes message, record or message,record")
    with Memory(space=args.space, embed=False) as mem:
        hits = mem.search(args.text, kinds=kinds, limit=args.k)
        names = {p.id: p.name or p.id for p in MessageRepository(mem.graph).roster(args.space)} if hits else {}
    if args.json:
        print(json.dumps([dataclasses.asdict(h) for h in hits], indent=1, default=str))
        return 0
    if not hits:
        print(f"no hits for {args.text!r} in space {args.space!r}")
    for h in hits:
        print(hit_line(h, names))
    return 0


def _count(v: str) -> int:
    try:
        n = int(v)
    except ValueError:
        n = 0
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError(f"expected a number of hits from 1 to 1000, got {v!r}")
    return n


def hit_line(h: SearchHit, names: dict[str, str]) -> str:
    """`Ann -> Bob, Cy (2024-03-02 14:05): text`; a record is marked `[record]` with its owner."""
    def name(pid: str | None) -> str:
        return "the group" if pid == "GROUP" else names.get(pid or "", pid or "?")

    to = f" -> {', '.join(name(a) for a in h.addressees)}" if h.addressees else ""
    when = f" ({_when(h.time)})" if h.time else ""
    text = " ".join(h.text.split())
    text = text if len(text) <= 200 else text[:197] + "..."
    head = f"{name(h.speaker)}{to}{when}: {text}"
    if h.kind == "record":
        state = "" if h.state in (None, "current") else f", {h.state}"
        return f"[record about {name(h.owner)}{state}] {head}"
    return head


def _when(t: datetime | str) -> str:
    if isinstance(t, str):
        try:
            t = datetime.fromisoformat(t)
        except ValueError:
            return t
    return t.strftime("%Y-%m-%d %H:%M")
