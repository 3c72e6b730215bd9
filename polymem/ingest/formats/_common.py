"""Helpers shared by importers: JSON loading with file-named errors, message building."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from polymem.errors import InputError
from polymem.schema.models import Message

MAX_DEPTH = 512  # nesting of arrays and objects past which a text is refused before the parser recurses into it


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Arrays and objects nested past `limit` (outside strings). Checked before parsing: the parser's own
    RecursionError, caught deep in a busy stack, can escape as an unraisable error while it unwinds."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth, in_str, esc = 0, False, False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def load_json(path: Path) -> Any:
    """The whole file as JSON (a UTF-8 byte-order mark is accepted); every failure is an InputError."""
    try:
        with path.open(encoding="utf-8-sig") as f:
            text = f.read()
        if too_deep(text):
            raise RecursionError
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"not valid JSON: {e.msg} (column {e.colno})", file=str(path), line=e.lineno) from e
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 text: {e.reason} at byte {e.start}", file=str(path)) from e
    except RecursionError:
        raise InputError("JSON nested too deeply to read", file=str(path)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", file=str(path)) from None


def parse_json_line(text: str) -> Any:
    """One JSON value; ValueError with a short reason for anything that is not readable JSON."""
    try:
        if too_deep(text):
            raise RecursionError
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"malformed JSON: {e.msg} at column {e.colno}") from None
    except RecursionError:
        raise ValueError("malformed JSON: nested too deeply") from None


def build_message(fields: dict[str, Any], *, file: str, line: int | None,
                  record: str | None = None) -> Message | InputError:
    """A Message, or an InputError naming the file, line (or record) and every problem pydantic found."""
    record = printable(record) if record else record
    try:
        m = Message(**fields)
    except ValidationError as e:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in err['loc']) or 'message'}: {err['msg'].removeprefix('Value error, ')}"
            for err in e.errors()
        )
        return InputError(f"{record}: {problems}" if record else problems, file=file, line=line)
    except (TypeError, ValueError, RecursionError) as e:  # a shape pydantic did not anticipate
        problem = f"unreadable message: {type(e).__name__}: {printable(str(e))[:200]}"
        return InputError(f"{record}: {problem}" if record else problem, file=file, line=line)
    if line is not None:
        m.meta["line"] = str(line)
    return m


def printable(text: str) -> str:
    """Text safe to print and store in an error: lone surrogates become \\udxxx escapes."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def spread(start: datetime | None, seq: int, step_s: int = 30) -> datetime | None:
    """Turns of a session share one date stamp; spread them by seq so order survives in time."""
    return None if start is None else start + timedelta(seconds=step_s * seq)


def expect(cond: bool, problem: str, *, file: str, record: str | None = None) -> None:
    """Raise an InputError for a whole-file shape problem (wrong top-level structure)."""
    if not cond:
        raise InputError(f"{record}: {problem}" if record else problem, file=file)
