"""Addressee inference for messages whose input does not name addressees.

Rules, in order of confidence; every inferred edge records `how`:
  mention   @handle / @name anywhere in the text
  vocative  a leading "nick:" / "Name," / "Name -" or a trailing ", Name?" / "thanks Name"
  reply     the speaker of the message this one replies to
  dyadic    in a two-person conversation, the other person
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass

from polymem.schema.models import Message, Participant

_WORD = r"[\w.\-|\[\]`^{}\\]+"
_MENTION = re.compile(r"(?<![\w@])@(" + _WORD + ")")
_LEADING = re.compile(r"^\s*(" + _WORD + r"(?:\s+\w+)?)\s*[:,>]\s*", re.UNICODE)
_LEADING_WORD = re.compile(r"^\s*(\w[\w'\-]*)\b", re.UNICODE)
_TRAILING = re.compile(r"[,]\s*(\w[\w'\-]*)\s*[?!.]*\s*$", re.UNICODE)
_THANKS = re.compile(r"\b(?:thanks|thank you|thx|ty|cheers|hi|hey|hello|bye)\s*,?\s+(\w[\w'\-]*)", re.I)


@dataclass(frozen=True)
class Addressee:
    id: str
    how: str
    confidence: float


def normalise_nick(nick: str) -> str:
    """IRC nick variants: case, trailing underscores/digits/away suffixes, decoration."""
    n = nick.lower().strip().strip("@`'\"")
    n = re.split(r"[|]", n)[0]
    n = n.rstrip("_-^`")
    return n


class NameIndex:
    """Maps every spelling of every participant (name, first name, aliases, handle) to its id."""

    def __init__(self, roster: list[Participant] | None = None) -> None:
        self._exact: dict[str, str] = {}
        self._norm: dict[str, str] = {}
        self._ambiguous: set[str] = set()
        for p in roster or []:
            self.add(p)

    def add(self, p: Participant) -> None:
        for name in p.names():
            self._put(name.lower(), p.id, self._exact)
            self._put(normalise_nick(name), p.id, self._norm)

    def add_speaker(self, speaker: str) -> None:
        if speaker.lower() not in self._exact:
            self._put(speaker.lower(), speaker, self._exact)
            self._put(normalise_nick(speaker), speaker, self._norm)

    def _put(self, key: str, pid: str, table: dict[str, str]) -> None:
        if not key:
            return
        if key in table and table[key] != pid:
            self._ambiguous.add(key)  # two people share a spelling: never guess between them
        table[key] = pid

    def lookup(self, token: str) -> str | None:
        t = token.lower().strip(" \t:,>.!?")
        if not t or t in self._ambiguous:
            return None
        if t in self._exact:
            return self._exact[t]
        n = normalise_nick(t)
        if n in self._ambiguous:
            return None
        return self._norm.get(n)


class AddresseeInferer:
    """Stateful over one conversation: remembers recent speakers so replies can be resolved."""

    def __init__(self, roster: list[Participant] | None = None, *, learn_speakers: bool = True,
                 memory: int = 200_000) -> None:
        self.names = NameIndex(roster)
        self.roster_ids = {p.id for p in roster or []}
        self.learn_speakers = learn_speakers
        self._speaker_of: OrderedDict[str, str] = OrderedDict()
        self._memory = memory
        self._speakers_seen: set[str] = set(self.roster_ids)

    def remember(self, msg: Message) -> None:
        self._speaker_of[msg.id] = msg.speaker
        if len(self._speaker_of) > self._memory:
            self._speaker_of.popitem(last=False)
        self._speakers_seen.add(msg.speaker)
        if self.learn_speakers:
            self.names.add_speaker(msg.speaker)

    def speaker_of(self, message_id: str) -> str | None:
        return self._speaker_of.get(message_id)

    def infer(self, msg: Message) -> list[Addressee]:
        found: dict[str, Addressee] = {}

        def put(pid: str | None, how: str, conf: float) -> None:
            if pid and pid != msg.speaker and pid not in found:
                found[pid] = Addressee(pid, how, conf)

        for m in _MENTION.finditer(msg.text):
            put(self.names.lookup(m.group(1)), "mention", 0.95)
        lead = _LEADING.match(msg.text)
        if lead:
            head = lead.group(1)
            pid = self.names.lookup(head) or self.names.lookup(head.split()[0])
            put(pid, "vocative", 0.9)
        if not found:
            w = _LEADING_WORD.match(msg.text)
            # "Liam can you ..." — a capitalised roster name as the very first word.
            if w and w.group(1)[:1].isupper() and self.names.lookup(w.group(1)) in self.roster_ids:
                put(self.names.lookup(w.group(1)), "vocative", 0.75)
        for rx in (_TRAILING, _THANKS):
            for m in rx.finditer(msg.text):
                put(self.names.lookup(m.group(1)), "vocative", 0.8)
        for target in msg.reply_to:
            put(self.speaker_of(target), "reply", 0.85)
        if not found and len(self._speakers_seen | {msg.speaker}) == 2 and len(self.roster_ids) <= 2:
            other = next(iter((self._speakers_seen | self.roster_ids) - {msg.speaker}), None)
            put(other, "dyadic", 0.7)
        return list(found.values())


def previous_other_speaker_baseline(messages: list[Message]) -> dict[str, str | None]:
    """The plain baseline: a message addresses the most recent earlier speaker other than its own."""
    out: dict[str, str | None] = {}
    last: list[str] = []
    for m in messages:
        out[m.id] = next((s for s in reversed(last) if s != m.speaker), None)
        last.append(m.speaker)
        if len(last) > 50:
            last = last[-50:]
    return out
