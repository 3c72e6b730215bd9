"""Conversation order: where new messages go in a space's order, and the NEXT chain of each channel.

The order of a space is by time, then by source position. `seq` is a message's position in it
(1, 2, ... for the whole space, so it is monotonic within every channel), and NEXT links the
consecutive messages of one channel: exactly one chain per channel, whatever the batches, files,
API calls or concurrency (writers of a space take turns, see graph/cypher/order.py).

Placement of a new message, in source order:
* with a time: after every message of an earlier (effective) time; among messages of the same
  time, after all of them except those of the same source file with a later position (a line
  re-run after a fix goes back into its place);
* without a time: right after the message that preceded it in its input (a gap filled in), or
  before the stored message that follows it when it is the first of the input, else at the end.
A message without a time has the effective time of the message before it, so effective times
never decrease along the order and a late message is found by bisection.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
UNKNOWN = -(1 << 62)  # effective time of messages before any timed one


@dataclass
class Slot:
    """One message in the order: stored (seq known) or new."""

    id: str
    channel: str
    eff: int  # effective time, microseconds since the epoch (UNKNOWN when none came before)
    src: str | None = None
    pos: int | None = None
    seq: int | None = None
    new: bool = False


@dataclass(frozen=True)
class Arrival:
    """A new message as the input gave it: `after` is the message before it in the input (stored
    or new), `before` the stored message after it (only used for the first message of an input)."""

    id: str
    channel: str
    time: int | None
    src: str | None
    pos: int | None
    after: str | None = None
    before: str | None = None


def micros(t: Any) -> int | None:
    """A Neo4j or Python datetime as microseconds since the epoch (naive = UTC); None stays None."""
    if t is None:
        return None
    if hasattr(t, "to_native"):
        t = t.to_native()
    if not isinstance(t, datetime):
        return None
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    return (t - EPOCH) // timedelta(microseconds=1)


def stored_slots(rows: list[dict[str, Any]]) -> list[Slot]:
    """REGION rows (in seq order) as slots whose effective time is the running maximum."""
    out: list[Slot] = []
    eff = UNKNOWN
    for r in rows:
        t = micros(r["time"])
        eff = max(eff, t) if t is not None else eff
        out.append(Slot(id=r["id"], channel=r["channel"], eff=eff, src=r.get("src"), pos=r.get("pos"),
                        seq=r["seq"]))
    return out


def _later_line_of_same_source(s: Slot, a: Arrival) -> bool:
    return s.src is not None and s.src == a.src and s.pos is not None and a.pos is not None and s.pos > a.pos


def _skip_ties(order: list[Slot], i: int, eff: int, a: Arrival) -> int:
    while i < len(order) and order[i].eff == eff and not _later_line_of_same_source(order[i], a):
        i += 1
    return i


def _index(order: list[Slot], mid: str, hint: int | None) -> int | None:
    if hint is not None and hint < len(order) and order[hint].id == mid:
        return hint
    for i, s in enumerate(order):
        if s.id == mid:
            return i
    return None


def place(region: list[Slot], arrivals: list[Arrival]) -> list[Slot]:
    """The region (a stored suffix of the order, in seq order) with the arrivals merged in."""
    order = list(region)
    last: int | None = None  # index of the previous arrival (its successor usually follows it)
    for a in arrivals:
        if a.time is not None:
            i = _skip_ties(order, bisect_left(order, a.time, key=lambda s: s.eff), a.time, a)
            eff = a.time
        else:
            j = _index(order, a.after, last) if a.after is not None else None
            if j is not None:
                i = _skip_ties(order, j + 1, order[j].eff, a)
            elif a.before is not None and (k := _index(order, a.before, None)) is not None:
                i = k
            else:
                i = len(order)
            eff = order[i - 1].eff if i else UNKNOWN
        order.insert(i, Slot(id=a.id, channel=a.channel, eff=eff, src=a.src, pos=a.pos, new=True))
        last = i
    return order


def chains(order: list[Slot], channels: set[str], tails: dict[str, str | None]) -> list[dict[str, str]]:
    """NEXT pairs of each given channel: its last message before the region, then its messages in order."""
    prev = dict(tails)
    pairs: list[dict[str, str]] = []
    for s in order:
        if s.channel not in channels:
            continue
        p = prev.get(s.channel)
        if p is not None:
            pairs.append({"prev": p, "id": s.id})
        prev[s.channel] = s.id
    return pairs
