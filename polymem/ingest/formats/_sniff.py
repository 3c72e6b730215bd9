"""Content sniffing: which format a file's first bytes look like, so a wrong --format is refused.

`sniff(path)` looks only at the content (never the name): the first 64 KB, a UTF-8 byte-order
mark skipped. `refuse_mismatch(path, fmt)` raises an InputError naming the likely format when the
content clearly belongs to another one (a groupchat JSON given as `--format irc`, a JSON Lines
file given as `--format groupchat`, ...), before anything is read or stored. Content that fits no
known shape is left to the importer, which reports its own per-line errors.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from polymem.errors import InputError

HEAD_BYTES = 1 << 16
IRC_LINES = 50  # the first non-empty lines looked at for the IRC shape

# The first distinctive key of a whole-document JSON decides (a LoCoMo qa list precedes its conversation).
JSON_SHAPES = [('"sample_id"', "locomo"), ('"dia_id"', "locomo"), ('"speaker_a"', "locomo"),
               ('"multi_session_dialogues"', "memgallery"), ('"character_profile"', "memgallery"),
               ('"utterances:"', "friendsqa"), ('"edus"', "molweni"),
               ('"scenario_id"', "groupchat"), ('"roster"', "groupchat"),
               ('"guild"', "discord"), ('"timestampEdited"', "discord"),
               ('"personal_information"', "telegram"), ('"date_unixtime"', "telegram"),
               ('"text_entities"', "telegram"), ('"from_id"', "telegram")]
_IRC_LINE = re.compile(r"^(?:\S+ \d{4}-\d{2}-\d{2} )?(?:\[\d{1,2}:\d{2}(?::\d{2})?\]|===)")
_MELD_HEADER = "Sr No.,Utterance,Speaker"


@dataclass(frozen=True)
class Guess:
    fmt: str | None  # a registered format, "json" (a JSON document of no known dataset) or None
    why: str


def _head(path: Path) -> str:
    with path.open("rb") as f:
        raw = f.read(HEAD_BYTES)
    return raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")


def _first_lines(head: str, n: int) -> list[str]:
    lines = [ln for ln in head.splitlines() if ln.strip()]
    if len(head) >= HEAD_BYTES and lines:
        lines = lines[:-1]  # the last line may be cut off at the 64 KB border
    return lines[:n]


def _json_document(head: str) -> Guess:
    hits = [(head.find(key), fmt) for key, fmt in JSON_SHAPES if key in head]
    if hits:
        fmt = min(hits)[1]
        return Guess(fmt, f"a JSON document with the key {dict((f, k) for k, f in reversed(JSON_SHAPES))[fmt]}")
    return Guess("json", "a JSON document of no known dataset shape")


def _message_lines(lines: list[str]) -> int:
    """How many of `lines` are JSON objects with a message key (id, speaker or text)."""
    n = 0
    for ln in lines:
        try:
            obj = json.loads(ln)
        except (ValueError, RecursionError):
            continue
        n += isinstance(obj, dict) and bool({"id", "speaker", "text"} & set(obj))
    return n


def sniff(path: Path) -> Guess:
    """The format the content of `path` looks like (a folder of *.ascii.txt samples is irc)."""
    from polymem.ingest.formats import slack, whatsapp

    if slack.is_export(path):
        return Guess("slack", "a Slack export (users.json / channels.json)")
    if path.is_dir():
        return Guess("irc" if any(path.glob("*.ascii.txt")) else None, "a folder")
    head = _head(path)
    body = head.lstrip()
    if not body:
        return Guess(None, "empty")
    lines = _first_lines(head, IRC_LINES)
    irc = sum(1 for ln in lines if _IRC_LINE.match(ln))
    if lines and irc * 2 >= len(lines):  # before JSON: "[07:35] <nick> ..." starts with a bracket too
        return Guess("irc", f"{irc} of the first {len(lines)} lines look like IRC log lines")
    wa = whatsapp.looks_like(lines)
    if lines and (wa >= 2 or (wa and whatsapp.header(lines[0]))) and wa * 3 >= len(lines):  # the rest: multi-line messages
        return Guess("whatsapp", f"{wa} of the first {len(lines)} lines look like WhatsApp chat lines")
    if body[0] in "[{":
        return _json_shape(body, head, lines)
    if lines and lines[0].startswith(_MELD_HEADER):
        return Guess("meld", "a CSV file with the MELD header")
    return Guess(None, f"plain text ({irc} of the first {len(lines)} lines look like IRC log lines)")


def _json_shape(body: str, head: str, lines: list[str]) -> Guess:
    """JSON Lines (one value per line) or one JSON document (pretty-printed or minified)?"""
    try:
        first, end = json.JSONDecoder().raw_decode(body)
    except json.JSONDecodeError as e:
        newline = body.find("\n")
        if (newline == -1 or e.pos <= newline) and (n := _message_lines(lines[1:])):
            return Guess("jsonl", f"a broken first line, then {n} JSON message objects")
        return _json_document(head)  # a document cut at 64 KB (or broken): its keys decide
    except RecursionError:
        return Guess("jsonl", "a deeply nested first line") if _message_lines(lines[1:]) else Guess(None, "deep")
    if isinstance(first, dict) and {"messages", "chats"} & set(first):
        return _json_document(head)  # a chat export's top level has an "id" too: not a message line
    if isinstance(first, dict) and {"id", "speaker", "text"} & set(first):
        return Guess("jsonl", "the first line is a JSON message object")
    if not body[end:].strip() or "\n" in body[:end].strip():
        return _json_document(head)  # one value, or a multi-line value: a JSON document
    return Guess("jsonl", "one JSON value per line")


def refuse_mismatch(path: Path, fmt: str) -> None:
    """Raise an InputError when `path` clearly holds another format than `fmt` (nothing is read)."""
    if path.is_dir():
        if fmt not in ("irc", "slack"):
            raise InputError(f"is a directory; only --format irc (a folder of *.ascii.txt samples) or slack "
                             f"(an export folder) reads a folder, not --format {fmt}", file=str(path))
        return
    guess = sniff(path)
    if guess.fmt == fmt or guess.why == "empty":
        return
    if fmt != "irc" and guess.fmt in (None, "json"):
        return  # no known shape: the importer reports what is missing, line by line (stores no junk)
    if guess.fmt is None:  # the IRC reader takes any text, so unknown text would be stored as junk
        raise InputError(f"--format irc does not fit this file: it does not look like an IRC log ({guess.why}); "
                         "nothing was stored", file=str(path))
    likely = f"; pass --format {guess.fmt}" if guess.fmt != "json" else ""
    raise InputError(f"--format {fmt} does not fit this file: it looks like {guess.fmt} ({guess.why}){likely}; "
                     "nothing was stored", file=str(path))
