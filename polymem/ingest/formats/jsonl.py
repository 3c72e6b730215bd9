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

import json
from collections.abc import Iterator
from pathlib import Path

from pydantic import ValidationError

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, load_json
from polymem.schema.models import Conversation, Message, Participant

ALLOWED = {"id", "speaker", "text", "time", "channel", "session", "addressees", "reply_to", "attachments", "meta"}


def read_roster(path: Path) -> list[Participant]:
    data = load_json(path)
    if not isinstance(data, list):
        raise InputError("roster must be a JSON list of participants", file=str(path))
    out = []
    for i, row in enumerate(data):
        try:
            out.append(Participant(**row))
        except (ValidationError, TypeError) as e:
            raise InputError(f"roster entry {i}: {e}", file=str(path)) from e
    return out


def _lines(path: Path) -> Iterator[Message | InputError]:
    with path.open("rb") as f:
        for n, raw in enumerate(f, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield InputError(f"not UTF-8 text at byte {e.start}", file=str(path), line=n)
                continue
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                yield InputError(f"malformed JSON: {e.msg} at column {e.colno}", file=str(path), line=n)
                continue
            if not isinstance(obj, dict):
                yield InputError("each line must be a JSON object", file=str(path), line=n)
                continue
            missing = [k for k in ("id", "speaker", "text") if obj.get(k) in (None, "")]
            if missing:
                yield InputError(f"missing {', '.join(missing)}", file=str(path), line=n)
                continue
            unknown = sorted(set(obj) - ALLOWED)
            if unknown:
                yield InputError(f"unknown field(s) {', '.join(unknown)}", file=str(path), line=n)
                continue
            obj["id"] = str(obj["id"])
            obj.setdefault("seq", n)
            if isinstance(obj.get("meta"), dict):
                obj["meta"] = {str(k): str(v) for k, v in obj["meta"].items()}
            yield build_message(obj, file=str(path), line=n)


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
