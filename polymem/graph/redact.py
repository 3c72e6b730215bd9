"""Redaction of a forgotten participant's names from text that other people's data still holds.

`terms` are the strings that name them (id, name, aliases and the longer words of a multi-word
name); `redact` replaces whole-word, case-insensitive occurrences with REDACTED.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

REDACTED = "[redacted]"
# What a record resting partly on a forgotten person's messages says afterwards: which part of it
# came from them cannot be told apart, so none of its text is kept.
REDACTED_RECORD = "[redacted: this record rested partly on messages of a forgotten participant]"


def terms(pid: str, name: str | None, aliases: Iterable[str] | None) -> list[str]:
    """Lower-case strings naming the person, longest first (so 'Ana Lopez' goes before 'Ana')."""
    found: set[str] = set()
    for full in [pid, name or "", *(aliases or [])]:
        full = " ".join(full.split()).lower()
        if len(full) >= 2:
            found.add(full)
        words = full.split(" ")
        if len(words) > 1:
            found.update(w for w in words if len(w) >= 3)
    return sorted(found, key=lambda t: (-len(t), t))


def pattern(names: list[str]) -> re.Pattern[str] | None:
    if not names:
        return None
    alternatives = "|".join(re.escape(t) for t in names)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def redact(text: str | None, pat: re.Pattern[str] | None) -> str | None:
    if text is None or pat is None:
        return text
    return pat.sub(REDACTED, text)
