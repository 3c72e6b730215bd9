"""Pull a state value out of one message: a city, a job, a pet, a group decision (new or old value)."""

from __future__ import annotations

import re

from polymem.retrieval import lexicon as lx

_CAP = r"(?:[A-Z][\w'’\-]*\.?)(?:\s+(?:[A-Z][\w'’\-]*\.?|de|del|la|le|am|upon|on|of|&))*"
CITY = re.compile(r"\b(?:in|to|at|from)\s+(" + _CAP + r")")
JOB = re.compile(r"(?:\bas|\bi'm|\bi am|\bjob(?:\s+alert)?:|\bjob is|\bwork as|\bnow)\s+(?:an?\s+)?"
                 r"([a-z][a-z\s\-]*?)\s+(?:at|for|with)\s+(" + _CAP + r")", re.I)
JOB_AT = re.compile(r"\b(?:work(?:s|ing)? (?:at|for)|joined|hired (?:at|by)|started at)\s+(" + _CAP + r")")
PET = re.compile(r"\b(?:adopted|got|member:|meet|have|has|new)\s+((?:an?|two|three|four|\d+|our|my)\s+"
                 r"[a-z][a-z\s\-]*?)(?=[.!,?;]|$|\s+(?:and|who|which|named|called))", re.I)
_LEAD = re.compile(r"^(?:update|change of plans|decision made|heads up|ok(?:ay)?|so|well|news|big news|"
                   r"it's settled|settled|final(?:ly)?|alright|fyi|quick update)\b[\s,:!-]*", re.I)


def city(text: str) -> str | None:
    for m in CITY.finditer(text):
        v = m.group(1).strip(" .")
        if v.lower() not in lx.STOP:
            return v
    return None


def job(text: str) -> str | None:
    m = JOB.search(text)
    if m and m.group(1).strip().lower() not in ("bit", "lot"):
        place = re.sub(r"\s+(?:from|since|starting|as of|this|next|last)\b.*$", "", m.group(2), flags=re.I)
        return f"{m.group(1).strip()} at {place.strip(' .')}"
    m = JOB_AT.search(text)
    return m.group(1).strip(" .") if m else None


def pet(text: str) -> str | None:
    m = PET.search(text)
    return m.group(1).strip() if m else None


def clauses(text: str) -> list[str]:
    parts = [p.strip() for p in lx.CLAUSE_SPLIT.split(text) if p and p.strip()]
    return [p for p in parts if p]


def decision(text: str, issue: list[str], *, old: bool = False) -> str | None:
    """The value a decision message settles on (old=False) or drops (old=True), with the issue word removed."""
    cl = [_LEAD.sub("", c).strip() for c in clauses(text)]
    cl = [c for c in cl if c and not re.fullmatch(r"(?:it'?s )?(?:settled|decided|done|final)", c, re.I)]
    neg = [c for c in cl if lx.NEGATIVE_CLAUSE.search(c)]
    pos = [c for c in cl if not lx.NEGATIVE_CLAUSE.search(c)]
    pick = (neg if old else pos) or ([] if old else cl)
    if not pick:
        return None
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
    v = re.sub(r"^(?:we\s+)?(?:are\s+)?(?:going with|go with|switched to|picked|chose)\s+", "", v, flags=re.I)
    return v.strip(" .!?,") or c


def value(attribute: str | None, text: str) -> str | None:
    fn = {"city": city, "job": job, "pet": pet}.get(attribute or "")
    return fn(text) if fn else None
