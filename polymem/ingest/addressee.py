"""Addressee inference for messages whose input does not name addressees.

Rules, most confident first; every inferred edge records `how` (measured precision on the IRC
data is in docs/bench/ingest.md):
  mention   @handle / @name anywhere; `!command ... | nick` (IRC bot factoids); a distinctive known
            nick (digit, underscore or inner capital, 4+ chars) written anywhere in the text
  vocative  a leading "nick:" / "Name," / "Name -" (exact name, IRC nick variant, or a unique
            prefix of 3+ characters of a recent speaker's nick: "JHB:" for JHBuddy), a capitalised first name
            ("Wren can you"), or a trailing ", Name?" / "thanks Name"
  reply     the speaker of the message this one replies to
  dyadic    in a two-person conversation (roster of exactly two people), the other person
  return    no cue at all, but someone addressed this speaker in the last few messages: the
            speaker answers them (IRC reciprocity)
Ambiguous spellings (two people share it) are never guessed; system participants neither
address nor are addressed.
"""

from __future__ import annotations

import re
from collections import OrderedDict, deque
from dataclasses import dataclass

from polymem.language.acts import is_request
from polymem.schema.models import Message, Participant

_WORD = r"[\w.\-|\[\]`^{}\\]+"
_MENTION = re.compile(r"(?<![\w@])@(" + _WORD + ")")
_LEADING = re.compile(r"^\s*(" + _WORD + r"(?:\s+\w+)?)\s*[:,>]\s*", re.UNICODE)
_LEADING_WORD = re.compile(r"^\s*(\w[\w'\-]*)\b", re.UNICODE)
_TRAILING = re.compile(r"[,]\s*(\w[\w'\-]*)\s*[?!.]*\s*$", re.UNICODE)
_THANKS = re.compile(r"\b(?:thanks|thank you|thx|ty|cheers|hi|hey|hello|bye)\s*,?\s+(\w[\w'\-]*)", re.I)
_FACTOID = re.compile(r"^\s*!\S+.*\|\s*(" + _WORD + r")\s*$")
_TOKEN = re.compile(r"[\w\-|`^\[\]{}\\]+")
_DISTINCTIVE = re.compile(r"\d|_|[a-z][A-Z]")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
_LATER_VOCATIVE = re.compile(r"^\s*(\w[\w'\-]*)\s*,\s*", re.UNICODE)
RETURN_WINDOW = 3  # messages to look back for someone who addressed this speaker


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
            if p.kind != "system":
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
        self.system_ids = {p.id for p in roster or [] if p.kind == "system"}
        self.roster_ids = {p.id for p in roster or []} - self.system_ids
        self.learn_speakers = learn_speakers
        self._speaker_of: OrderedDict[str, str] = OrderedDict()
        self._memory = memory
        self._recent_speakers: OrderedDict[str, None] = OrderedDict()  # most recent last
        self._recent: deque[tuple[str, frozenset[str]]] = deque(maxlen=RETURN_WINDOW)
        self._found: tuple[str, frozenset[str]] | None = None

    def remember(self, msg: Message) -> None:
        self._speaker_of[msg.id] = msg.speaker
        if len(self._speaker_of) > self._memory:
            self._speaker_of.popitem(last=False)
        if msg.speaker in self.system_ids:
            return
        self._recent_speakers.pop(msg.speaker, None)
        self._recent_speakers[msg.speaker] = None
        if len(self._recent_speakers) > 500:
            self._recent_speakers.popitem(last=False)
        given = frozenset(msg.addressees)
        if not given and self._found and self._found[0] == msg.id:
            given = self._found[1]
        self._recent.append((msg.speaker, given))
        if self.learn_speakers:
            self.names.add_speaker(msg.speaker)

    def speaker_of(self, message_id: str) -> str | None:
        return self._speaker_of.get(message_id)

    def _prefix(self, token: str) -> str | None:
        """'JH' -> 'JHBuddy' when exactly one recent speaker's nick starts with it (3+ chars)."""
        t = token.lower()
        if len(t) < 3:
            return None
        hits = [s for s in self._recent_speakers if s.lower().startswith(t)]
        return hits[0] if len(hits) == 1 else None

    def infer(self, msg: Message) -> list[Addressee]:
        if msg.speaker in self.system_ids:
            return []
        found: dict[str, Addressee] = {}

        def put(pid: str | None, how: str, conf: float) -> None:
            if pid and pid != msg.speaker and pid not in found and pid not in self.system_ids:
                found[pid] = Addressee(pid, how, conf)

        text = msg.text
        for m in _MENTION.finditer(text):
            put(self.names.lookup(m.group(1)), "mention", 0.95)
        fact = _FACTOID.match(text)
        if fact:
            put(self.names.lookup(fact.group(1)), "mention", 0.9)
        lead = _LEADING.match(text)
        if lead:
            head = lead.group(1)
            pid = self.names.lookup(head) or self.names.lookup(head.split()[0]) or self._prefix(head.split()[0])
            put(pid, "vocative", 0.9)
        if not found:
            w = _LEADING_WORD.match(text)
            # "Wren can you ..." — a capitalised roster name as the very first word.
            if w and w.group(1)[:1].isupper() and self.names.lookup(w.group(1)) in self.roster_ids:
                put(self.names.lookup(w.group(1)), "vocative", 0.75)
        if not found:
            # "separate thing: the leak on Sunday. Wren, can you write it up?": a name opening a later sentence
            # that asks something of its listener
            for piece in _SENTENCE_BREAK.split(text)[1:]:
                w = _LATER_VOCATIVE.match(piece)
                if w and w.group(1)[:1].isupper() and self.names.lookup(w.group(1)) in self.roster_ids and \
                        is_request(piece):
                    put(self.names.lookup(w.group(1)), "vocative", 0.8)
        for rx in (_TRAILING, _THANKS):
            for m in rx.finditer(text):
                put(self.names.lookup(m.group(1)), "vocative", 0.8)
        if not found:
            for tok in _TOKEN.findall(text):
                if len(tok) >= 4 and _DISTINCTIVE.search(tok) and tok in self._recent_speakers:
                    put(tok, "mention", 0.7)
        for target in msg.reply_to:
            put(self.speaker_of(target), "reply", 0.85)
        if not found and len(self.roster_ids) == 2 and msg.speaker in self.roster_ids:
            put(next(iter(self.roster_ids - {msg.speaker})), "dyadic", 0.7)
        if not found:
            for speaker, addressed in reversed(self._recent):
                if msg.speaker in addressed and speaker != msg.speaker:
                    put(speaker, "return", 0.6)
                    break
        self._found = (msg.id, frozenset(found))
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
