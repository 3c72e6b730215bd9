"""The day a message says something happened, told apart from the clause that names the change ("She's in Porto!!
... took the night train on Monday", "got the keys yesterday!!", "my first shift there was yesterday"): a time
phrase of one day, in a clause in the past, no later than the message."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from polymem.language import lexical as lex
from polymem.language import timeexpr
from polymem.language.models import parsed

# prepositions that put a day at a bound, not at the event ("no internet till Monday", "by Friday", "since Tuesday")
_BOUNDS = ("till", "until", "by", "before", "after", "from", "since", "for")


# verbs of going somewhere or starting something (and their troponyms: "fly", "drive", "relocate")
_CHANGE = ("travel.v.01", "move.v.07", "relocate.v.01", "get_down.v.07", "begin.v.02", "begin.v.03")


def past_day(text: str, anchor: datetime, change: bool = False) -> datetime | None:
    """The first day-long time phrase of `text` that dates a past clause, resolved against `anchor` (the
    message's time); None when there is none. A stay is no event ("I was in Porto on Monday"); "N days ago"
    only in days (months ago is no day). `change`: only a clause whose verb is one of going or starting (for a
    line other than the one that tells the change)."""
    doc = parsed(text)
    for tok in doc:
        low = tok.lower_
        # the words that head a phrase of time: a weekday, a month, "yesterday", "ago" ("two days ago")
        if not (low in timeexpr.WEEKDAYS or low in ("yesterday", "ago") or timeexpr.calendar_name(low)):
            continue
        words = _phrase(tok)
        if len(words) > 5:
            continue
        span = timeexpr.resolve(" ".join(t.text for t in words), anchor)
        if span is None or span[1] - span[0] != timedelta(days=1) or span[0] > anchor:
            continue
        if tok.head.lower_ in _BOUNDS or (tok.i > 0 and doc[tok.i - 1].lower_ in _BOUNDS):
            continue
        if low == "ago" and not any(t.lemma_.lower() == "day" for t in words):
            continue
        verb = _past(tok)
        if verb is None or (verb.lemma_ == "be" and any(
                c.dep_ == "prep" and c.lower_ in ("in", "at") for c in verb.children)):
            continue
        if change and not lex.verb_in_senses(verb.lemma_.lower(), _CHANGE, first=3):
            continue
        return span[0]
    return None


def _past(tok: Any) -> Any | None:
    """The nearest verb above the phrase when it is in the past ("flew", "moved", "was") or a perfect ("have
    moved"), else None."""
    v = _verb_above(tok)
    if v is not None and (v.tag_ == "VBD" or (v.tag_ == "VBN" and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in v.children))):
        return v
    return None


def planned_day(text: str, anchor: datetime, month_long: bool = False) -> datetime | None:
    """The first day-long time phrase of `text` that dates a going or a start still to come ("moving wed 17
    june", "starting on Friday 9 October"), resolved forward from `anchor` (the message's time); None when there
    is none, or the clause is in the past (that is `past_day`'s). `month_long`: a week or a month will do too,
    from its start, or from the part of it said ("relocating at the end of a month": two thirds in), and a month
    a post runs "from" is its start."""
    doc = parsed(text)
    heads = ("tomorrow", "week", "month") if month_long else ("tomorrow",)
    for tok in doc:
        low = tok.lower_
        if tok.tag_ == "MD" or not (low in timeexpr.WEEKDAYS or low in heads or timeexpr.calendar_name(low)):
            continue  # ("she may move": the modal, no month)
        words = _phrase(tok)
        if len(words) > 5:
            continue
        span = timeexpr.resolve(" ".join(t.text for t in words), anchor, future=True)
        if span is None or span[0] <= anchor or span[1] - span[0] > timedelta(days=31 if month_long else 1):
            continue
        cue = tok.head.lower_ if tok.head.lower_ in _BOUNDS else doc[tok.i - 1].lower_ if tok.i > 0 else ""
        if cue in _BOUNDS and not (month_long and cue == "from"):
            continue
        verb = _verb_above(tok)
        if verb is None or _past(tok) is not None or not lex.verb_in_senses(verb.lemma_.lower(), _CHANGE, first=3):
            continue
        start = span[0]
        if span[1] - span[0] > timedelta(days=1):  # (a stretch: from the part of it said just before it)
            part = _part_before(doc, words[0].i)
            start += (span[1] - span[0]) * {"late": 2 / 3, "mid": 1 / 3}.get(part or "", 0)
        return start
    return None


def _part_before(doc: Any, i: int) -> str | None:
    """The part of a stretch said just before it: "late"/"end of" (late), "mid"/"middle of" (mid)."""
    w = [t.lower_ for t in doc[max(0, i - 3):i] if t.text != "-"]
    if w[-1:] in (["late"], ["mid"]):
        return w[-1]
    if len(w) >= 2 and w[-1] == "of" and w[-2] in ("end", "middle"):
        return "late" if w[-2] == "end" else "mid"
    return None


def _phrase(tok: Any) -> list[Any]:
    """The words of a time phrase headed by `tok`, with the date a weekday runs into when the parser hung it apart
    ("Monday 6 April": the weekday and its date are one day)."""
    words = [t for t in tok.subtree if not t.is_punct]
    if tok.lower_ in timeexpr.WEEKDAYS or timeexpr.weekday_name(tok.lower_):
        for t in tok.doc[tok.i + 1:tok.i + 5]:
            if t.is_punct or not (t.like_num or t.lower_ in ("the", "of") or timeexpr.calendar_name(t.lower_) or
                                  t.lower_.rstrip("stndrh").isdigit()):
                break
            if t not in words:
                words.append(t)
    return sorted(words, key=lambda t: t.i)


def _verb_above(tok: Any) -> Any | None:
    """The nearest verb above a phrase, within four steps."""
    v = tok.head
    for _ in range(4):
        if v.pos_ in ("VERB", "AUX"):
            return v
        if v.head.i == v.i:
            return None
        v = v.head
    return v if v.pos_ in ("VERB", "AUX") else None
