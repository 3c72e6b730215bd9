"""`polymem bench <name>`: runs a harness from the `bench` package (see bench/__init__.py).

Every `bench/cli_<name>.py` exposing `register(subparsers)` adds its own sub-subcommands, so a new
benchmark needs no edit here. `polymem bench all` runs every subcommand the modules list in `ALL`.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
import time
from pathlib import Path
from types import ModuleType

_REGISTER = re.compile(r"^def register\(", re.MULTILINE)


def _bench_modules() -> list[str]:
    """cli_* modules first; other modules only when their source defines `register` (legacy)."""
    try:
        import bench
    except ImportError:  # installed without the bench package
        return []
    names: list[str] = []
    for mod in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if mod.name.startswith("_"):
            continue
        if mod.name.startswith("cli_"):
            names.append(mod.name)
            continue
        src = Path(bench.__path__[0], f"{mod.name}.py")
        if src.exists() and _REGISTER.search(src.read_text(encoding="utf-8", errors="replace")):
            names.append(mod.name)
    return names


def _broken(inner: argparse._SubParsersAction, name: str, err: Exception) -> None:
    # A bench that fails to import still shows up, and says why, instead of breaking the CLI.
    p = inner.add_parser(name.removeprefix("cli_"), help=f"(unavailable: {err})")

    def run(args: argparse.Namespace) -> int:
        print(f"polymem bench {name}: cannot load: {err}", file=sys.stderr)
        return 2

    p.set_defaults(func=run)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="run a benchmark harness (see docs/bench/)")
    inner = p.add_subparsers(dest="bench", required=True)
    loaded: list[ModuleType] = []
    for name in _bench_modules():
        try:
            module = importlib.import_module(f"bench.{name}")
            reg = getattr(module, "register", None)
            if callable(reg):
                reg(inner)
                loaded.append(module)
        except Exception as e:  # noqa: BLE001 - isolate one bad bench from the rest
            _broken(inner, name, e)
    names = [n for m in loaded for n in getattr(m, "ALL", [])]
    pa = inner.add_parser("all", help=f"run every bench listed for 'all' ({', '.join(names) or 'none'})")
    pa.add_argument("--only", nargs="*", default=None, help="subset of: " + " ".join(names))
    pa.set_defaults(func=lambda args: _run_all(p, names, args.only))


def _run_all(parser: argparse.ArgumentParser, names: list[str], only: list[str] | None) -> int:
    worst = 0
    for name in names:
        if only and name not in only:
            continue
        print(f"\n=== polymem bench {name} ===", flush=True)
        t0 = time.perf_counter()
        args = parser.parse_args([name])  # each bench with its default arguments
        rc = int(args.func(args) or 0)
        print(f"=== {name}: rc={rc} in {time.perf_counter() - t0:.0f}s ===", flush=True)
        worst = max(worst, rc)
    return worst
