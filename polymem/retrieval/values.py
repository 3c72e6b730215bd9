"""Pull a group decision's value (new or old) out of one message. City, job and pet values come from the
language layer (polymem.language.statements)."""

from __future__ import annotations

import re

from polymem.language import timeexpr
from polymem.retrieval import decisions
from polymem.retrieval import lexicon as lx

# A capitalised name: words stop at punctuation (only short abbreviations keep their dot); lower-case
# connectors ("Stratford upon Avon") only count when a capitalised word follows; weekday/month/time words
# end the name ("Tartu last weekend", "Tromsø. Flat is tiny" -> "Tartu", "Tromsø").
_TIMEWORD = (r"(?:Last|Next|This|Since|Until|For|From|Today|Tomorrow|Yesterday|Now|Monday|Tuesday|Wednesday|"
             r"Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|"
             r"October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b")
_CAPWORD = r"(?:(?:St|Mt|Ft|Dr)\.|[A-Z][\w'’\-]*)"
_CAP = (_CAPWORD + r"(?:(?:\s+(?:de|del|la|le|am|upon|on|of|&))?\s+(?!" + _TIMEWORD + r")" + _CAPWORD + r")*")
# A short headline before a colon ("Update: ...", "Final answer: ...") or a leading interjection with its
# comma: not part of the value.
_LEAD = re.compile(r"^(?:[^:,]{1,25}:\s*|(?:ok(?:ay)?|so|well|alright|right|then|actually|agreed)\b[\s,!-]*)+", re.I)


# Dates a decision can settle on: "May 9", "9 May", "May 9th", "on Saturday".
_MON = timeexpr.calendar_words(timeexpr.MONTHS, capital=True)  # (not "Marsh Lane 4")
DATE = re.compile(r"\b(?:" + _MON + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?|"
                  r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r"|"
                  r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)\b")


def date(text: str, *, old: bool = False) -> str | None:
    """The date a decision lands on (old: the one it drops): "the picnic is now May 9 because May 2 fell
    through" -> May 9 (old: May 2). Clauses that call a date off do not count as the decision."""
    cl = clauses(text)
    side = [c for c in cl if bool(lx.NEGATIVE_CLAUSE.search(c)) == old]
    for part in (side, [] if old else cl):
        found = [d for c in part for d in DATE.findall(c)]
        if found:
            return found[-1]
    return None


def clauses(text: str) -> list[str]:
    parts = [p.strip() for p in lx.CLAUSE_SPLIT.split(text) if p and p.strip()]
    return [p for p in parts if p]


def decision(text: str, issue: list[str], *, old: bool = False, known: list[str] | None = None) -> str | None:
    """The value a decision message settles on (old=False) or drops (old=True), with the issue word removed.

    `known`: the options proposed for the topic; a clause naming one answers with that option."""
    cl = [_LEAD.sub("", c).strip() for c in clauses(text)]
    cl = [c for c in cl if c and not re.fullmatch(r"(?:it'?s )?(?:settled|decided|done|final)", c, re.I)]
    neg = [c for c in cl if lx.NEGATIVE_CLAUSE.search(c)]
    pos = [c for c in cl if not lx.NEGATIVE_CLAUSE.search(c)]
    pick = (neg if old else pos) or ([] if old else cl)
    if not pick:
        return None
    named = [(c, v) for c in pick if (v := decisions.value_in(c, known or []))]
    if named:  # several clauses name options: the last one is where the message lands
        return named[-1][1]
    best = max(pick, key=lambda c: (any(t in c.lower() for t in issue), len(c)))
    return _strip_issue(best, issue)


def _strip_issue(c: str, issue: list[str]) -> str:
    v = lx.NEGATIVE_CLAUSE.sub("", c).strip()
    for t in issue:
        te = re.escape(t)
        v = re.sub(rf"^(?:we\s+)?(?:switched|changed|moved|went with|picked|chose)?\s*(?:the\s+)?{te}\s+"
                   rf"(?:is|was|will be)\s+(?:now\s+)?", "", v, flags=re.I)
        v = re.sub(rf"^.*?\b(?:switched|changed|moved)\s+(?:the\s+)?{te}\s+(?:to|over to)\s+", "", v, flags=re.I)
        v = re.sub(rf"\s+(?:for|as)\s+(?:the\s+|our\s+)?{te}\b.*$", "", v, flags=re.I)
    v = re.sub(r"^(?:we(?:'re|\s+are|'ll|\s+will)?\s+|let'?s\s+)?(?:going with|go with|doing|do|"
               r"switch(?:ed|ing)? to|picked|chose|settled on)\s+", "", v, flags=re.I)
    v = re.sub(r"\s+(?:it is|instead|then)$", "", v, flags=re.I)
    return v.strip(" .!?,") or c
