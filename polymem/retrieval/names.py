"""Find roster members in a question: names, first names, aliases, handles, possessives."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from polymem.retrieval.lexicon import STOP
from polymem.schema.models import Participant


@dataclass(frozen=True)
class Mention:
    pid: str
    start: int
    end: int
    text: str


class RosterIndex:
    def __init__(self, roster: list[Participant]) -> None:
        self.roster = [p for p in roster if p.kind != "system"]
        self.by_id = {p.id: p for p in self.roster}
        self.memo: dict[str, Any] = {}  # what answering derives from this roster once (extract.Answerer)
        owners: dict[str, set[str]] = {}
        for p in self.roster:
            for n in p.names():
                if len(n) >= 2:
                    owners.setdefault(n.lower(), set()).add(p.id)
        # A spelling two people share is ambiguous: never guess between them.
        self.spellings = {k: next(iter(v)) for k, v in owners.items() if len(v) == 1}
        alts = sorted(self.spellings, key=len, reverse=True)
        self._re = re.compile(
            r"(?<![\w@])@?(" + "|".join(re.escape(a) for a in alts) + r")(?:'s|’s|s'|')?(?![\w])", re.I
        ) if alts else None

    def persons(self) -> list[Participant]:
        return [p for p in self.roster if p.kind in ("person", "voice")]

    def display(self, pid: str | None) -> str | None:
        if pid is None:
            return None
        p = self.by_id.get(pid)
        return p.display if p else pid

    def find(self, text: str) -> list[Mention]:
        if self._re is None:
            return []
        out: list[Mention] = []
        for m in self._re.finditer(text):
            spelled = m.group(1)
            # Common words ("will", "may") count as names only when capitalised.
            if spelled.lower() in STOP and not spelled[:1].isupper():
                continue
            pid = self.spellings[spelled.lower()]
            out.append(Mention(pid, m.start(), m.end(), spelled))
        return out

    def mentions(self, text: str, pid: str) -> bool:
        return any(m.pid == pid for m in self.find(text))

    def name_words(self) -> set[str]:
        out: set[str] = set()
        for s in self.spellings:
            out.update(w.strip("'") for w in re.split(r"[\s_]+", s) if w)
        return out
