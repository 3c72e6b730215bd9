"""Pull a state value out of one message: a city, a job, a pet, a group decision (new or old value)."""

from __future__ import annotations

import re

from polymem.retrieval import decisions
from polymem.retrieval import lexicon as lx

# A capitalised name: words stop at punctuation (only short abbreviations keep their dot); lower-case
# connectors ("Stratford upon Avon") only count when a capitalised word follows; weekday/month/time words
# end the name ("Seoul last weekend", "Graz. Flat is tiny" -> "Seoul", "Graz").
_TIMEWORD = (r"(?:Last|Next|This|Since|Until|For|From|Today|Tomorrow|Yesterday|Now|Monday|Tuesday|Wednesday|"
             r"Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|"
             r"October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b")
_CAPWORD = r"(?:(?:St|Mt|Ft|Dr)\.|[A-Z][\w'’\-]*)"
_CAP = (_CAPWORD + r"(?:(?:\s+(?:de|del|la|le|am|upon|on|of|&))?\s+(?!" + _TIMEWORD + r")" + _CAPWORD + r")*")
CITY = re.compile(r"\b(?:in|to|at|from)\s+(" + _CAP + r")")
# The title is a few lower-case words; the employer a capitalised name (case-sensitive even under re.I).
JOB = re.compile(r"(?:\bas|\bi'm|\bi am|\bjob(?:\s+alert)?:|\bjob is|\bwork as|\bnow)\s+(?:an?\s+)?"
                 r"([a-z][a-z\-]*(?:\s+[a-z][a-z\-]*){0,3}?)\s+(?:at|for|with)\s+((?-i:" + _CAP + r"))", re.I)
# A self-introduction "Ravi, Bristol, software engineer at Kestrel Labs": title and employer after the city.
INTRO_JOB = re.compile(r"[,.]\s*(?:an?\s+)?([a-z][a-z\-]*(?:\s+[a-z][a-z\-]*){0,2})\s+(?:at|for|with)\s+(" + _CAP + r")")
JOB_AT = re.compile(r"\b(?:work(?:s|ing)? (?:at|for)|joined|hired (?:at|by)|started at|(?:a |new )?(?:job|position|role)"
                    r" (?:at|with))\s+(" + _CAP + r")")
JOB_TITLE = re.compile(r"\b(?:job|work(?:s|ing)?|started|hired|employed|position|role)\s+as\s+(?:an?\s+)?"
                       r"([a-z][a-z\-]*(?:\s+(?!this\b|last\b|next\b|since\b|from\b|now\b|and\b|but\b|for\b|"
                       r"in\b|at\b)[a-z][a-z\-]*){0,3})(?=\s+(?:this|last|next|since|from|now|and|but|for|in|at)\b|"
                       r"\s*[.,;:!?)]|\s*$)", re.I)
# "landed a job at Northgate Bank as a risk analyst": the place first, the title after.
JOB_REV = re.compile(r"\b(?:job|position|role|work(?:s|ing)?)\s+(?:at|with|for)\s+(" + _CAP + r")\s+as\s+(?:an?\s+)?"
                     r"([a-z][a-z\-]*(?:\s+(?!at\b|for\b|in\b|since\b|from\b)[a-z][a-z\-]*){0,2})")
PET = re.compile(r"\b(?:adopted|got|member:|meet|have|has|new)\s+((?:an?|two|three|four|\d+|our|my)\s+"
                 r"[a-z][a-z\s\-]*?)(?=[.!,?;]|$|\s+(?:and|who|which|named|called))", re.I)
_LEAD = re.compile(r"^(?:(?:update|change of plans|decision made|heads up|ok(?:ay)?|so|well|news|big news|"
                   r"it's settled|settled|final(?:ly)?|alright|fyi|quick update|actually|agreed|right|"
                   r"final decision|then)\b[\s,:!-]*)+", re.I)


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
        title = re.sub(r"^.*?\b(?:work(?:ing|s)?|started|employed) as\s+(?:an?\s+)?", "", m.group(1).strip())
        return f"{title} at {place.strip(' .')}"
    m = JOB_REV.search(text)
    if m:
        return f"{m.group(2).strip()} at {m.group(1).strip(' .')}"
    m = JOB_AT.search(text)
    if m:
        return m.group(1).strip(" .")
    m = JOB_TITLE.search(text)  # a title with no employer: "Started a new job as a nurse this week"
    return m.group(1).strip() if m and m.group(1).split()[0].lower() not in lx.STOP else None


def intro_city(text: str, names: list[str]) -> str | None:
    """A self-introduction "Fernanda, Lisbon. I work as..." / "Ravi, Bristol, software engineer at...":
    the speaker's own name, then a capitalised place on its own between punctuation."""
    if not names:
        return None
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    m = re.match(r"^\W*(?i:(?:(?:hi|hey|hello)\b[^,.!]*[,.!]\s*)?(?:i'?m\s+|it'?s\s+|this is\s+)?(?:" + alt
                 + r")\s*(?:here)?)\s*[,:\-–]\s*(" + _CAP + r")\s*[,.;!]", text)
    if m and m.group(1).lower() not in lx.STOP and m.group(1).split()[0].lower() not in ("i", "i'm"):
        return m.group(1)
    return None


def intro_job(text: str, names: list[str]) -> str | None:
    if not intro_city(text, names):
        return None
    m = INTRO_JOB.search(text)
    return f"{m.group(1)} at {m.group(2).strip(' .')}" if m and m.group(1).split()[0] not in lx.STOP else None


# Dates a decision can settle on: "June 21", "21 June", "July 5th", "on Saturday".
DATE = re.compile(r"\b(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|"
                  r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*|"
                  r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)\b")


def date(text: str, *, old: bool = False) -> str | None:
    """The date a decision lands on (old: the one it drops): "the date is now July 5 because July 12 fell
    through" -> July 5 (old: July 12). Clauses that call a date off do not count as the decision."""
    cl = clauses(text)
    side = [c for c in cl if bool(lx.NEGATIVE_CLAUSE.search(c)) == old]
    for part in (side, [] if old else cl):
        found = [d for c in part for d in DATE.findall(c)]
        if found:
            return found[-1]
    return None


def pet(text: str) -> str | None:
    m = PET.search(text)
    return m.group(1).strip() if m else None


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


def value(attribute: str | None, text: str) -> str | None:
    fn = {"city": city, "job": job, "pet": pet}.get(attribute or "")
    return fn(text) if fn else None
