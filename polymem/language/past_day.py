"""The day a message says something happened, told apart from the clause that names the change ("He's in Lisbon!!
... He flew out on Tuesday", "moved in yesterday!!", "my first day in the new role was yesterday"): a time
phrase of one day, in a clause in the past, no later than the message."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from polymem.language import timeexpr
from polymem.language.models import parsed

# prepositions that put a day at a bound, not at the event ("no wifi till Monday", "by Friday", "since Tuesday")
_BOUNDS = ("till", "until", "by", "before", "after", "from", "since", "for")


def past_day(text: str, anchor: datetime) -> datetime | None:
    """The first day-long time phrase of `text` that dates a past clause, resolved against `anchor` (the
    message's time); None when there is none."""
    doc = parsed(text)
    for tok in doc:
        low = tok.lower_
        # the words that head a phrase of time: a weekday, a month, "yesterday", "ago" ("two days ago")
        if not (low in timeexpr.WEEKDAYS or low in ("yesterday", "ago") or timeexpr.calendar_name(low)):
            continue
        words = [t for t in tok.subtree if not t.is_punct]
        if len(words) > 5:
            continue
        span = timeexpr.resolve(" ".join(t.text for t in words), anchor)
        if span is None or span[1] - span[0] != timedelta(days=1) or span[0] > anchor:
            continue
        if tok.head.lower_ in _BOUNDS or (tok.i > 0 and doc[tok.i - 1].lower_ in _BOUNDS):
            continue
        if _past(tok):
            return span[0]
    return None


def _past(tok: Any) -> bool:
    """The nearest verb above the phrase is in the past ("flew", "moved", "was"), or a perfect ("have moved")."""
    v = tok.head
    for _ in range(4):
        if v.pos_ in ("VERB", "AUX"):
            break
        if v.head is v:
            return False
        v = v.head
    if v.pos_ not in ("VERB", "AUX"):
        return False
    if v.tag_ == "VBD":
        return True
    return v.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in v.children)
