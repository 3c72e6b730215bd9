"""Importers: each turns one dataset file into Conversation objects (roster + message stream).

`load(path, fmt)` picks the importer; every importer keeps the dataset's own ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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
    _load_all()
    p = Path(path)
    if not p.exists():
        raise InputError("file not found", file=str(p))
    if fmt not in _REGISTRY:
        raise InputError(f"unknown format {fmt!r}; known: {', '.join(sorted(_REGISTRY))}", file=str(p))
    return _REGISTRY[fmt](p)


def _load_all() -> None:
    import importlib
    import pkgutil

    for mod in pkgutil.iter_modules(__path__):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{__name__}.{mod.name}")


def detect(path: str | Path) -> str:
    """Guess the format from the extension, then from the first bytes of the file."""
    p = Path(path)
    if p.is_dir() or p.name.endswith(".ascii.txt"):
        return "irc"
    if p.suffix == ".jsonl":
        return "jsonl"
    if p.suffix == ".csv":
        return "meld"
    if p.suffix != ".json":
        raise InputError("cannot tell the format from the name; pass --format", file=str(p))
    with p.open(encoding="utf-8", errors="replace") as f:
        head = f.read(1 << 16)
    hits = [(head.find(key), fmt) for key, fmt in _SHAPES if key in head]
    if hits:
        return min(hits)[1]  # the key seen first decides (a LoCoMo qa list precedes its conversation)
    raise InputError("cannot tell the format from the first 64 KB; pass --format", file=str(p))


_SHAPES = [('"sample_id"', "locomo"), ('"dia_id"', "locomo"), ('"speaker_a"', "locomo"),
           ('"multi_session_dialogues"', "memgallery"), ('"character_profile"', "memgallery"),
           ('"utterances:"', "friendsqa"), ('"edus"', "molweni"),
           ('"scenario_id"', "groupchat"), ('"roster"', "groupchat")]
