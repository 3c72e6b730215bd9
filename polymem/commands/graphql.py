"""`polymem graphql export [--out schema.graphql] [--check]`: the API schema as SDL."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("graphql", help="GraphQL schema tools")
    inner = p.add_subparsers(dest="graphql_cmd", required=True)
    e = inner.add_parser("export", help="write the schema SDL (default: schema.graphql at the repo root)")
    e.add_argument("--out", help="file to write ('-' for stdout)")
    e.add_argument("--check", action="store_true", help="only check that the file is up to date")
    e.set_defaults(func=export)


def export(args: argparse.Namespace) -> int:
    from polymem.api.schema import SDL_PATH, sdl

    text = sdl()
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    out = Path(args.out) if args.out else SDL_PATH
    if args.check:
        same = out.exists() and out.read_text(encoding="utf-8") == text
        print(f"{out}: {'up to date' if same else 'OUT OF DATE (run polymem graphql export)'}")
        return 0 if same else 1
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0
