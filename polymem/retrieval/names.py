"""Find roster members in a question: names, first names, aliases, handles, possessives."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from polymem.lru import LRU
from polymem.retrieval.lexicon import STOP
from polymem.schema.models import Participant


@dataclass(frozen=True)
class Mention:
    pid: str
    start: int
    end: int
    text: str


_WORD = re.compile(r"\w+")
T = TypeVar("T")


def _pattern(alts: list[str]) -> re.Pattern[str]:
    """A mention of one of `alts` (longest first): not inside a word, an optional @, a possessive."""
    return re.compile(r"(?<![\w@])@?(" + "|".join(re.escape(a) for a in alts) + r")(?:'s|’s|s'|')?(?![\w])", re.I)


class RosterIndex:
    def __init__(self, roster: list[Participant]) -> None:
        self.roster = [p for p in roster if p.kind != "system"]
        self.by_id = {p.id: p for p in self.roster}
        self._derived: dict[str, Any] = {}  # what answering builds from this roster once (`derived`)
        owners: dict[str, set[str]] = {}
        for p in self.roster:
            for n in p.names():
                if len(n) >= 2:
                    owners.setdefault(n.lower(), set()).add(p.id)
        # A spelling two people share is ambiguous: never guess between them.
        self.spellings = {k: next(iter(v)) for k, v in owners.items() if len(v) == 1}
        alts = sorted(self.spellings, key=len, reverse=True)
        self._re = _pattern(alts) if alts and len(alts) <= self.ONE_PATTERN else None
        # A big roster (a public channel's thousands of nicks): one alternation of every spelling costs
        # ~0.2 ms a text per thousand names, and answering scans thousands of texts. The spellings are
        # indexed by their first word instead, and a text is matched against the few whose first word
        # it contains (a possessive "s'" strips to the word), with the same pattern: the same matches.
        self._first: dict[str, list[str]] = {}
        self._always: list[str] = []  # spellings that do not start with a word character
        if len(alts) > self.ONE_PATTERN:
            for a in alts:
                w = _WORD.match(a)
                (self._first.setdefault(w.group(0), []) if w else self._always).append(a)
        self._parts: LRU[tuple[str, ...], re.Pattern[str]] = LRU(4096)

    def persons(self) -> list[Participant]:
        return [p for p in self.roster if p.kind in ("person", "voice")]

    def display(self, pid: str | None) -> str | None:
        if pid is None:
            return None
        p = self.by_id.get(pid)
        return p.display if p else pid

    ONE_PATTERN = 300  # spellings matched by one alternation; above, by first word (see __init__)

    def _pattern_for(self, text: str) -> re.Pattern[str] | None:
        if self._re is not None or not (self._first or self._always):
            return self._re
        words = {w.lower() for w in _WORD.findall(text)}
        words |= {w[:-1] for w in words if w.endswith("s")}
        cands = {a for w in words for a in self._first.get(w, ())} | set(self._always)
        if not cands:
            return None
        key = tuple(sorted(cands, key=lambda a: (-len(a), a)))  # longest first, as in the one pattern
        return self._parts.get(key) or self._parts.put(key, _pattern(list(key)))

    def find(self, text: str) -> list[Mention]:
        pattern = self._pattern_for(text)
        if pattern is None:
            return []
        out: list[Mention] = []
        for m in pattern.finditer(text):
            spelled = m.group(1)
            # Common words ("will", "may") count as names only when capitalised.
            if spelled.lower() in STOP and not spelled[:1].isupper():
                continue
            pid = self.spellings[spelled.lower()]
            out.append(Mention(pid, m.start(), m.end(), spelled))
        return out

    def mentions(self, text: str, pid: str) -> bool:
        # An ASCII text holding the first word of none of pid's names cannot name them: no pattern to run.
        # (Only ASCII on both sides: there lower() and the pattern's ignore-case agree exactly.)
        firsts = self.derived(f"first_words:{pid}", lambda: {
            (w.group(0) if (w := _WORD.match(n.lower())) and w.group(0).isascii() else "")
            for n in (self.by_id[pid].names() if pid in self.by_id else [])})
        if text.isascii() and not any(f in text.lower() for f in firsts):
            return False
        return any(m.pid == pid for m in self.find(text))

    def derived(self, key: str, build: Callable[[], T]) -> T:
        """What is built from this roster once and kept with it (a statement reader, a set of spellings)."""
        got = self._derived.get(key)
        return got if got is not None else self._derived.setdefault(key, build())

    def name_words(self) -> set[str]:
        out: set[str] = set()
        for s in self.spellings:
            out.update(w.strip("'") for w in re.split(r"[\s_]+", s) if w)
        return out
