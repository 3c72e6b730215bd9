"""`polymem` command line. Each subcommand lives in polymem/commands/<name>.py and exposes
`register(subparsers)`; this file only discovers and dispatches them."""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import sys

from polymem import commands
from polymem.errors import PolymemError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="polymem", description="Memory for multi-party conversations")
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    sub = parser.add_subparsers(dest="command", required=True)
    for mod in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{commands.__name__}.{mod.name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(message)s")
    try:
        return int(args.func(args) or 0)
    except PolymemError as e:
        print(f"polymem: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
