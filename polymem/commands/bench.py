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


NOT_INSTALLED = ("polymem bench runs from a source checkout: the harness lives in the repository's bench/ "
                 "folder and is not part of the installed package (git clone the repository, then "
                 "`pip install -e .` and run `polymem bench ...` there)")


def harness(checkout: Path | None = None) -> ModuleType | None:
    """The `bench` package of a source checkout, or None. The wheel leaves it out (a top-level
    `bench` would clash with other packages), so it is found beside `polymem/` in the checkout."""
    root = checkout or Path(__file__).resolve().parents[2]
    if not (root / "bench" / "__init__.py").is_file():
        return None
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        import bench
    except ImportError:
        return None
    # Another distribution's top-level `bench` is not ours.
    return bench if Path(bench.__file__).resolve().parent == (root / "bench").resolve() else None


def _bench_modules() -> list[str]:
    """cli_* modules first; other modules only when their source defines `register` (legacy)."""
    bench = harness()
    if bench is None:
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
    if harness() is None:  # an installed wheel: say where the harness is instead of an empty menu
        p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        p.set_defaults(func=_not_installed)
        p.epilog = NOT_INSTALLED
        return
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


def _not_installed(args: argparse.Namespace) -> int:
    print(f"polymem: error: {NOT_INSTALLED}", file=sys.stderr)
    return 2


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
