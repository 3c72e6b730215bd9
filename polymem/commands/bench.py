"""`polymem bench <name>`: runs a harness from the `bench` package.

Every module of `bench/` that defines `register(subparsers)` adds its own sub-subcommand, so a new
benchmark needs no edit here.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="run a benchmark harness (see docs/bench/)")
    inner = p.add_subparsers(dest="bench", required=True)
    try:
        import bench
    except ImportError:  # installed without the bench package
        return
    for mod in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if mod.name.startswith("_"):
            continue
        module = importlib.import_module(f"bench.{mod.name}")
        reg = getattr(module, "register", None)
        if callable(reg):
            reg(inner)
