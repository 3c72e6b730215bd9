"""Which value held at a time, and when a change took effect: the day a change's statement tells, or the day its own
lines (or the person's within the hour) set for a going or a start still ahead; the latest value to take effect
before a month (or a part of it) asked about, for a person's state and for the group's choices.

Functions take the Answerer as `self` / `a` (they are bound as its methods or called with it).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language.models import parsed
from polymem.language.past_day import planned_day
from polymem.retrieval.extract_base import StateHit, message_time, when
from polymem.retrieval.extract_history import named_before
from polymem.retrieval.system2 import HISTORY_ATTRIBUTES

if TYPE_CHECKING:
    from polymem.retrieval.extract import Answerer


NEAR_S = 3600  # how far from a change's messages a line by or about the person may tell or set its day


def said_times(a: Any, ids: list[str]) -> list[datetime]:
    """When the messages `ids` were sent (those with a time)."""
    return [t for mid in ids if (m := a.msgs.get(mid)) and (t := message_time(m.get("time"))) is not None]


def same_instant(a: datetime, b: datetime) -> bool:
    if (a.tzinfo is None) != (b.tzinfo is None):  # (one of them read without its zone: compare the wall clocks)
        return a.replace(tzinfo=None) == b.replace(tzinfo=None)
    return a == b


def lines_near(a: Any, ids: list[str], sent: list[datetime], keep: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The other messages within `NEAR_S` of any of `sent` that `keep` accepts, nearest first."""
    if not sent:
        return []

    def gap(t: datetime) -> float:
        return min(abs((t - x).total_seconds()) for x in sent)

    near = [(g, m) for mid, m in a.msgs.items() if mid not in ids and (t := message_time(m.get("time"))) is not None
            and (g := gap(t)) <= NEAR_S and keep(m)]
    return [m for _, m in sorted(near, key=lambda x: x[0])]


def day_planned(a: Any, pid: str, ids: list[str], sent: list[datetime], month_long: bool = False,
                value: str | None = None) -> datetime | None:
    """The day the change's own messages give for a going or a start still ahead ("keys are ours!! moving fri 27
    march"), else one the person gives within the hour around them about no other place or firm than the value's
    ("flying to Rome on Friday" is another trip): when nothing says the day it happened, the day it was set for."""
    own = [a.msgs[mid] for mid in ids if mid in a.msgs]
    near = lines_near(a, ids, sent, lambda m: m.get("speaker") == pid and
                      not _names_elsewhere(m.get("text") or "", value))
    for m in own + near:
        if (t := message_time(m.get("time"))) is not None and \
                (d := planned_day(m.get("text") or "", t, month_long)) is not None:
            return d
    return None


def _names_elsewhere(text: str, value: str | None) -> bool:
    """The line names a place or a firm that is not (part of) the value."""
    words = {w.lower() for w in (value or "").split()}
    return any(t.ent_type_ in ("GPE", "LOC", "ORG", "FAC") and t.lower_ not in words for t in parsed(text))


def _took_effect(self: Any, pid: str | None, h: StateHit) -> float | None:
    """When a hit's value began to hold: the day its statement tells, or a day set for a going or a start still
    ahead (in its message, or the person's line within the hour), else the time it was said."""
    if not h.when or not h.when[0]:
        return None
    if pid is None:
        return h.when[0]  # (the group's choices: when they were said)
    day = self.statement_time(h) if h.kind != "passing" else None
    sent = said_times(self, h.message_ids)
    # (a value said to be over ended then: it was not set to begin)
    if (day is None or any(same_instant(day, t) for t in sent)) and h.kind != "past":
        day = day_planned(self, pid, h.message_ids, sent, month_long=True, value=h.value) or day
    return day.timestamp() if day is not None else h.when[0]


def _held_then(self: Any, hits: list[StateHit]) -> bool:
    """A question about a group decision at a time the chat has passed: a month before its last decision ("as of
    October", "back in March"; a month still ahead names when the plan happens, "the trip in August"), or its
    start or end asked in the past ("what had they picked when the chat began"; "what are we doing at the start
    of the trip" asks about the plan itself)."""
    if self.plan.at:
        return self.plan.mode == "full"
    times = [h.when[0] for h in hits if h.when and h.when[0]]
    return bool(times) and (self.plan.month or 13) < datetime.fromtimestamp(max(times)).month


def _pick_at(self: Answerer, hits: list[StateHit], pid: str | None = None) -> StateHit | None:
    """`pid`: the person whose state it is (None: the group's)."""
    pick: StateHit | None
    if self.plan.at == "start" and not self.plan.month:
        pick = hits[0]
    elif self.plan.at == "end" or not self.plan.month:
        pick = hits[-1]
    else:
        # the month of the conversation's year: its latest message read, not the latest value ("where was she
        # living in June?" when the last move was said in April is this June, not last year's)
        times = [h.when[0] for h in hits if h.when and h.when[0]] + \
            [t[0] for m in self.msgs.values() if (t := when(m)) and t[0]]
        latest = datetime.fromtimestamp(max(times)) if times else datetime.now()
        month = self.plan.month
        year = latest.year - (1 if month > latest.month else 0)
        # (the part of the month asked: its first week or so, its middle, or all of it)
        cut = {"early": 8, "mid": 18}.get(self.plan.month_part or "")
        end = (datetime(year, month, cut) if cut else datetime(year + month // 12, month % 12 + 1, 1)).timestamp()
        # (a change counts from the day it took effect: "got the post!! starting tue 3 march" is not yet the job in
        # January)
        took = [(t, n, h) for n, h in enumerate(hits) if (t := _took_effect(self, pid, h)) is not None and t < end]
        pick = max(took, key=lambda x: (x[0], x[1]))[2] if took else None  # (the latest to take effect)
        if pick is None and pid is not None and self.plan.attribute in HISTORY_ATTRIBUTES:
            # a month before anything of theirs was stated: what their own lines of then named in passing
            pick = named_before(self, pid, (end,), [h.value for h in hits if h.value])
    return pick
