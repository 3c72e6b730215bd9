"""What a Writer sees: a local window of new messages (plus a little earlier context), the roster,
and the current heads of the people and the group involved."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from polymem.schema.models import Participant
from polymem.schema.records import GROUP_ID, Record


@dataclass(frozen=True)
class WindowMessage:
    id: str
    text: str
    speaker: str
    time: str | None = None
    channel: str | None = None
    addressees: tuple[str, ...] = ()
    reply_to: tuple[str, ...] = ()
    reply_speaker: str | None = None

    @classmethod
    def from_row(cls, r: dict[str, Any]) -> WindowMessage:
        return cls(id=r["id"], text=r["text"] or "", speaker=r["speaker"], time=r.get("time"),
                   channel=r.get("channel"), addressees=tuple(a for a in r.get("addressees") or [] if a != r["speaker"]),
                   reply_to=tuple(r.get("reply_to") or []), reply_speaker=r.get("reply_speaker"))


@dataclass
class Window:
    space: str
    messages: list[WindowMessage]  # new: the Writer derives from these
    context: list[WindowMessage] = field(default_factory=list)  # earlier, already processed
    # older still, read only for what a chat says across many lines (a pet named here, its kind said there);
    # never cited, never re-derived
    lookback: list[WindowMessage] = field(default_factory=list)
    roster: list[Participant] = field(default_factory=list)
    heads: list[Record] = field(default_factory=list)
    group: str = GROUP_ID

    @property
    def ids(self) -> set[str]:
        """Ids a derivation may cite as provenance: the window, its context and the look-back read with it."""
        return {m.id for m in self.messages} | {m.id for m in self.context} | {m.id for m in self.lookback}

    def by_id(self) -> dict[str, WindowMessage]:
        """Every message a derivation may cite (`ids`): a decision settled here may rest on a proposal further back."""
        return {m.id: m for m in self.lookback + self.context + self.messages}

    def display(self, pid: str) -> str:
        if pid == self.group:
            return "the group"
        for p in self.roster:
            if p.id == pid:
                return (p.name or p.id).split()[0] if p.name and p.name != p.id else p.id
        return pid


def window_owners(messages: list[WindowMessage], roster: list[Participant], group: str = GROUP_ID) -> list[str]:
    """Whom a window's records can be about: speakers, addressees, people named in the text, the group."""
    out = {group}
    for m in messages:
        out.add(m.speaker)
        out.update(m.addressees)
        if m.reply_speaker:
            out.add(m.reply_speaker)
    text = " ".join(m.text for m in messages).lower()
    for p in roster:
        if p.id in out:
            continue
        names = [n.lower() for n in p.names() if len(n) >= 2]
        if any(n in text and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) for n in names):
            out.add(p.id)
    return sorted(out)
