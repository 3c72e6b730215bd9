"""Shared pieces of the extractive answerer: result types and lexical helpers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

NOT_IN_MEMORY = "Not mentioned: this is not in memory."
Msg = dict[str, Any]


@dataclass
class StateHit:
    id: str  # message or record id
    value: str | None
    when: tuple
    message_ids: list[str]
    kind: str = "message"


@dataclass
class Extract:
    text: str
    participant: str | None = None
    cited: list[str] = field(default_factory=list)  # message ids, best first
    abstained: bool = False
    confidence: float = 0.0
    rows: dict[str, tuple[list[StateHit], list[StateHit]]] = field(default_factory=dict)  # pid -> (cur, past)


def coverage(terms: list[str], text: str) -> float:
    if not terms:
        return 0.0
    low = text.lower()
    hit = 0
    for t in terms:
        stem = t[:5] if len(t) > 5 else t
        if re.search(r"\b" + re.escape(stem), low):
            hit += 1
    return hit / len(terms)


def when(m: Msg) -> tuple:
    t = m.get("time")
    return (t.timestamp() if t is not None else 0.0, m.get("seq") or 0, m["id"])
