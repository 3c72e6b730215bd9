"""`polymem spaces [--json]` lists spaces with counts; `polymem spaces delete NAME [--yes]` removes one."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from polymem.graph import Graph
from polymem.graph.spaces import SpaceRepository


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("spaces", help="list spaces with their counts, or delete one")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=list_spaces)
    inner = p.add_subparsers(dest="spaces_cmd")
    d = inner.add_parser("delete", help="delete a space and everything in it (asks first)")
    d.add_argument("name")
    d.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    d.set_defaults(func=delete)


def list_spaces(args: argparse.Namespace) -> int:
    with Graph() as g:
        rows = SpaceRepository(g).list()
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
        return 0
    if not rows:
        print("no spaces yet (polymem ingest FILE --space NAME creates one)")
        return 0
    width = max(len(r.id) for r in rows)
    print(f"{'space':{width}}  {'messages':>9}  {'participants':>12}  {'records':>8}")
    for r in rows:
        print(f"{r.id:{width}}  {r.messages:>9}  {r.participants:>12}  {r.records:>8}")
    return 0


def delete(args: argparse.Namespace) -> int:
    with Graph() as g:
        repo = SpaceRepository(g)
        repo.require(args.name)  # a typo is an error with suggestions, before any question
        if not args.yes:
            found = next(s for s in repo.list() if s.id == args.name)
            prompt = (f"delete space {found.id!r} with {found.messages} messages, {found.participants} "
                      f"participants and {found.records} records? This cannot be undone. [y/N] ")
            print(prompt, end="", file=sys.stderr, flush=True)
            reply = sys.stdin.readline().strip().lower()
            if reply not in ("y", "yes"):
                print("not deleted", file=sys.stderr)
                return 1
        removed = repo.delete(args.name)
    print(f"deleted space {args.name!r} ({removed} nodes)")
    return 0
