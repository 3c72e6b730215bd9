"""Helpers shared by importers: JSON loading with file-named errors, message building."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from polymem.errors import InputError
from polymem.schema.models import Message


def load_json(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as e:
        raise InputError(f"not valid JSON: {e.msg} (column {e.colno})", file=str(path), line=e.lineno) from e
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 text: {e.reason} at byte {e.start}", file=str(path)) from e


def build_message(fields: dict[str, Any], *, file: str, line: int | None,
                  record: str | None = None) -> Message | InputError:
    """A Message, or an InputError naming the file, line (or record) and every problem pydantic found."""
    try:
        m = Message(**fields)
    except ValidationError as e:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in err['loc']) or 'message'}: {err['msg'].removeprefix('Value error, ')}"
            for err in e.errors()
        )
        return InputError(f"{record}: {problems}" if record else problems, file=file, line=line)
    if line is not None:
        m.meta["line"] = str(line)
    return m


def spread(start: datetime | None, seq: int, step_s: int = 30) -> datetime | None:
    """Turns of a session share one date stamp; spread them by seq so order survives in time."""
    return None if start is None else start + timedelta(seconds=step_s * seq)


def expect(cond: bool, problem: str, *, file: str, record: str | None = None) -> None:
    """Raise an InputError for a whole-file shape problem (wrong top-level structure)."""
    if not cond:
        raise InputError(f"{record}: {problem}" if record else problem, file=file)
