"""Shared pieces of the extractive answerer: result types and lexical helpers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from polymem.language import acts, timeexpr
from polymem.retrieval import lexicon as lx

NOT_IN_MEMORY = "Not mentioned: this is not in memory."
Msg = dict[str, Any]


@dataclass
class StateHit:
    id: str  # message or record id
    value: str | None
    when: tuple
    message_ids: list[str]
    kind: str = "message"
    said: str = ""  # the sentence a value only named in passing came from (kind "passing"), quoted with it


@dataclass
class Extract:
    text: str
    participant: str | None = None
    cited: list[str] = field(default_factory=list)  # message ids, best first
    abstained: bool = False
    confidence: float = 0.0
    rows: dict[str, tuple[list[StateHit], list[StateHit]]] = field(default_factory=dict)  # pid -> (cur, past)


_SUFFIX = r"(?:s|es|ed|d|ing|er|ers|'s)?\b"


def term_re(t: str) -> re.Pattern[str]:
    """Long terms match on a 5-letter prefix (research ~ researching); short ones only with an inflection,
    so "play" does not match "playlist" nor "car" "career"."""
    if t not in _TERM_CACHE:
        body = re.escape(t[:5]) if len(t) > 5 else re.escape(t) + _SUFFIX
        if t in timeexpr.MONTHS and len(t) > 4:  # "october" is written "oct" as often
            body = f"(?:{body}|{re.escape(t[:3])}\\b)"
        _TERM_CACHE[t] = re.compile(r"\b" + body)
    return _TERM_CACHE[t]


_TERM_CACHE: dict[str, re.Pattern[str]] = {}


def coverage(terms: list[str], text: str, aliases: dict[str, set[str]] | None = None) -> float:
    """The share of the terms the text holds; a term also counts through one of its aliases (the name a member's
    animal goes by stands for "cat")."""
    if not terms:
        return 0.0
    low = text.lower()
    return sum(1 for t in terms if term_re(t).search(low) or any(
        term_re(a).search(low) for a in (aliases or {}).get(t, ()))) / len(terms)


def quoted(m: Msg) -> str:
    """A line as an answer quotes it: "<speaker>: <text>"."""
    return f"{m.get('speaker_name') or m['speaker']}: {m['text']}"


def when(m: Msg) -> tuple:
    t = m.get("time")
    return (t.timestamp() if t is not None else 0.0, m.get("seq") or 0, m["id"])


def walk(msgs: dict[str, Msg], m: Msg, n: int, along: str) -> list[Msg]:
    """Up to n held messages from m along "next_ids" or "prev_ids", nearest first; stops at the first one not
    held."""
    out: list[Msg] = []
    cur = m
    while len(out) < n and (step := next((msgs[i] for i in (cur.get(along) or []) if i in msgs), None)) is not None:
        out.append(step)
        cur = step
    return out


def is_request(text: str) -> bool:
    """A message that asks someone to do something (the lexicon's cue or the parse's imperative reading)."""
    return bool(lx.REQUEST.search(text)) or acts.is_request(text or "")


def message_time(t: Any) -> datetime | None:
    """A message time as a Python datetime (the driver returns neo4j.time.DateTime)."""
    if t is None:
        return None
    if hasattr(t, "to_native"):
        return t.to_native()
    return t if isinstance(t, datetime) else None


def same_value(a: str | None, b: str | None) -> bool:
    """Loose equality of two extracted values ("glazier at X" vs "glazier at X as of Monday")."""
    x, y = (re.sub(r"^(?:an?|the)\s+", "", (v or "").lower().strip(" .!")) for v in (a, b))
    if not (x and y):
        return False
    if x == y or x.startswith(y) or y.startswith(x):
        return True
    # "risk analyst at Northgate Bank" vs "Northgate Bank": the same employer, one with the title
    if x.endswith(" at " + y) or y.endswith(" at " + x):
        return True
    # "a cidery" (told before its name was) vs "<Name> cidery": an unnamed one of the kind the named one is
    for u, v, raw in ((x, y, a), (y, x, b)):
        if re.match(r"(?i)\s*an?\s", raw or "") and len(u.split()) <= 2 and v.endswith(" " + u):
            return True
    return False
