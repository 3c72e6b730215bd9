"""The generic format: JSON Lines, one message per line, plus an optional roster file.

Message line (required: id, speaker, text):
  {"id": "m1", "speaker": "wren", "text": "hi @bob", "time": "2026-05-01T10:00:00",
   "channel": "general", "session": "s1", "addressees": ["bob"], "reply_to": "m0",
   "attachments": [{"kind": "image", "caption": "a dog"}]}
Roster (`<file>.roster.json` beside it, or --roster): a JSON list of
  {"id": "wren", "name": "Wren Adair", "aliases": ["Wr"]}
The file is streamed: a 1M-line file is never held in memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, load_json, parse_json_line, printable
from polymem.schema.models import Conversation, Message, Participant

ALLOWED = {"id", "speaker", "text", "time", "channel", "session", "addressees", "reply_to", "attachments", "meta"}


def read_roster(path: Path) -> list[Participant]:
    data = load_json(path)
    if not isinstance(data, list):
        raise InputError("roster must be a JSON list of participants", file=str(path))
    out = []
    for i, row in enumerate(data):
        if not isinstance(row, dict):
            raise InputError(f"roster entry {i} is not an object", file=str(path))
        try:
            out.append(Participant(**row))
        except ValidationError as e:
            problems = "; ".join(f"{'.'.join(str(x) for x in err['loc'])}: {err['msg'].removeprefix('Value error, ')}"
                                 for err in e.errors())
            raise InputError(f"roster entry {i}: {problems}", file=str(path)) from None
    return out


def _lines(path: Path) -> Iterator[Message | InputError]:
    with path.open("rb") as f:
        for n, raw in enumerate(f, start=1):
            try:
                line = raw.decode("utf-8-sig" if n == 1 else "utf-8")  # a byte-order mark is accepted
            except UnicodeDecodeError as e:
                yield InputError(f"not UTF-8 text at byte {e.start}", file=str(path), line=n)
                continue
            if not line.strip():
                continue
            try:
                obj = parse_json_line(line)
            except ValueError as e:
                yield InputError(str(e), file=str(path), line=n)
                continue
            yield from_object(obj, file=str(path), line=n)


def from_object(obj: Any, *, file: str, line: int) -> Message | InputError:
    """One message object of the generic format (a JSON Lines line, or a dict given to
    `Memory.add`): required and known fields checked, then the Message or the InputError."""
    if not isinstance(obj, dict):
        return InputError("each line must be a JSON object", file=file, line=line)
    missing = [k for k in ("id", "speaker", "text") if obj.get(k) is None or obj.get(k) == ""]
    if missing:
        return InputError(f"missing {', '.join(missing)}", file=file, line=line)
    unknown = sorted(set(obj) - ALLOWED)
    if unknown:
        return InputError(f"unknown field(s) {printable(', '.join(unknown))[:200]}", file=file, line=line)
    if isinstance(obj["id"], bool) or not isinstance(obj["id"], str | int):
        return InputError(f"id must be a string or a number, not {_kind(obj['id'])}", file=file, line=line)
    obj["id"] = str(obj["id"])
    obj["seq"] = line  # the source position orders untimed messages
    if "meta" in obj:
        if not isinstance(obj["meta"], dict) or any(isinstance(v, dict | list) for v in obj["meta"].values()):
            return InputError("meta must be a flat object", file=file, line=line)
        obj["meta"] = {str(k): str(v) for k, v in obj["meta"].items()}
    return build_message(obj, file=file, line=line)


def _kind(value: object) -> str:
    return {bool: "true/false", dict: "an object", list: "a list", float: "a number"}.get(type(value), "null")


def conversation(path: Path, roster: list[Participant] | None = None) -> Conversation:
    if roster is None:
        side = path.with_suffix(".roster.json")
        roster = read_roster(side) if side.exists() else []
    return Conversation.model_construct(
        id=path.stem, roster=roster, channels=[], messages=_lines(path),
        addressees_given=False, source_file=str(path),
    )


@register("jsonl")
def load(path: Path) -> Iterator[Conversation]:
    yield conversation(path)
