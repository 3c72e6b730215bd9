"""What puts a matter the group settled in doubt, read from one message: a day someone cannot make ("the caterer
can't do the 9th"), and a time already past, which no group plans ("last night", "two weeks ago").

The tracker (`decisions.DecisionTracker`) lets the next choice replace a matter so put in doubt.
"""

from __future__ import annotations

import re
from typing import Any

from polymem.language import lexical as lex
from polymem.language import timeexpr


def gone_time(value: str) -> bool:
    """"last night", "yesterday", "two weeks ago": a time already past is when something happened, never what a
    group plans."""
    m = re.fullmatch(r"(?i)\s*(?:(?:last|past)\s+(\w+)|yesterday(?:\s+\w+)?|.{1,20}\s+ago)\s*", value)
    return m is not None and (m.group(1) is None or timeexpr.is_time_word(m.group(1)) or
                              lex.noun_is(m.group(1).lower(), "time", senses=1))


def day_refused(doc: Any, value: str) -> bool:
    """A sentence that says, negated, that someone cannot make the day a date settled holds ("the caterer can't
    do the 14th", "I'm not free on the 14th"): told, not asked, and naming no other month."""
    days = set(re.findall(r"\b(\d{1,2})(?:st|nd|rd|th)?\b", value))
    months = {m for w in re.findall(r"[a-z]+", value.lower()) if (m := timeexpr._month(w))}
    for sent in doc.sents:
        # (not a refusal in part, or a joke: "can't do the 14th until 7 but I'll come after", "... lol jk")
        if sent.text.rstrip().endswith("?") or any(t.lower_ in _NOT_OUT for t in sent):
            continue
        said = {m for t in sent if (m := timeexpr._month(t.lower_))}
        if said and months and not said & months:
            continue
        for t in sent:
            if not re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", t.lower_) or t.lower_.rstrip("stndrh") not in days:
                continue
            # the day is what a negated verb of attending takes, itself or through "on"/"for" ("can't do the
            # 14th", "not free on the 14th"; not "can't wait for the 14th")
            v = t.head.head if t.dep_ == "pobj" else t.head
            if v.pos_ == "ADJ" and v.dep_ == "acomp":  # "not free on the 14th": the copula carries the "not"
                v = v.head
            if any(c.dep_ == "neg" or c.lower_ in ("cant", "cannot", "wont") for c in v.children) and (
                    v.lemma_.lower() in _ATTEND or lex.verb_in_senses(v.lemma_.lower(), ("attend.v.01",), first=2)):
                return True
    return False


_ATTEND = ("do", "make", "manage", "come", "be")  # light verbs of taking part: "can't do / make / come on X"
_NOT_OUT = ("until", "till", "but", "without", "jk", "lol", "wait")
