"""Importers: each turns one dataset file into Conversation objects (roster + message stream).

`load(path, fmt)` picks the importer; every importer keeps the dataset's own ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from polymem.errors import InputError
from polymem.schema.models import Conversation

Importer = Callable[[Path], Iterator[Conversation]]

_REGISTRY: dict[str, Importer] = {}


def register(name: str) -> Callable[[Importer], Importer]:
    def deco(fn: Importer) -> Importer:
        _REGISTRY[name] = fn
        return fn

    return deco


def formats() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def load(path: str | Path, fmt: str) -> Iterator[Conversation]:
    """The conversations of `path` read as `fmt`; a file that clearly holds another format is refused
    (InputError naming the likely one) before anything is read, and no importer failure escapes as
    anything but an InputError: an unexpected one ends that conversation with an error item."""
    from polymem.ingest.formats._sniff import refuse_mismatch

    _load_all()
    p = Path(path)
    if not p.exists():
        raise InputError("file not found", file=str(p))
    if fmt not in _REGISTRY:
        raise InputError(f"unknown format {fmt!r}; known: {', '.join(sorted(_REGISTRY))}", file=str(p))
    try:
        refuse_mismatch(p, fmt)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}", file=str(p)) from None
    return _guarded(p, fmt, _REGISTRY[fmt](p))


def _guarded(path: Path, fmt: str, convs: Iterator[Conversation]) -> Iterator[Conversation]:
    try:
        for conv in convs:
            conv.messages = _guarded_items(path, fmt, conv.messages)  # type: ignore[arg-type]
            yield conv
    except InputError:
        raise
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as e:
        raise InputError(f"cannot read as {fmt}: {type(e).__name__}: {_printable(e)}", file=str(path)) from None


def _guarded_items(path: Path, fmt: str, items: Iterable[object] | None) -> Iterator[object]:
    try:
        yield from items or []
    except InputError as e:
        yield e
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as e:
        yield InputError(f"stopped reading as {fmt}: {type(e).__name__}: {_printable(e)}", file=str(path))


def _printable(e: BaseException) -> str:
    return str(e).encode("utf-8", "backslashreplace").decode("utf-8")[:200]


def _load_all() -> None:
    import importlib
    import pkgutil

    for mod in pkgutil.iter_modules(__path__):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{__name__}.{mod.name}")


def detect(path: str | Path) -> str:
    """Guess the format from the extension, then from the content (see _sniff.py)."""
    from polymem.ingest.formats._sniff import sniff

    p = Path(path)
    if not p.exists():
        raise InputError("file not found", file=str(p))
    from polymem.ingest.formats.slack import is_export

    if is_export(p):
        return "slack"
    if p.is_dir() or p.name.endswith(".ascii.txt"):
        return "irc"
    if p.suffix == ".jsonl":
        return "jsonl"
    if p.suffix == ".csv":
        return "meld"
    try:
        guess = sniff(p)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}", file=str(p)) from None
    if guess.fmt in formats():
        return guess.fmt
    where = "the name" if p.suffix != ".json" else "the first 64 KB"
    raise InputError(f"cannot tell the format from {where} ({guess.why}); pass --format", file=str(p))
