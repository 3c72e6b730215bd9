"""Group decisions read off System 1 messages: which messages state a decision, what value they settle on,
and which values belong to the question's topic (a decision such as "Agreed, Carcassonne it is." rarely repeats
the topic word, so the topic is matched through the options proposed for it earlier in the thread)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from polymem.language import syntax as sx
from polymem.retrieval import lexicon as lx
from polymem.retrieval.extract_base import Msg, StateHit, coverage, when

# Cues that make a message a decision even when it also reads like a proposal ("let's go with X, decided!").
STRONG = re.compile(r"\b(decided|decision|settled|locked in|it is|we'?re going with|we are going with|"
                    r"we'?re doing|we are doing|let'?s go with|switch(?:ed|ing)? (?:\w+ )?to|change|"
                    r"scrap|agreed on|we'?ll go with|going with|final(?:ly)?|we chose|we picked)\b", re.I)
FIRM = re.compile(r"\b(decided|decision|settled|final|locked in)\b", re.I)
# What comes after a proposal cue, up to a preposition or punctuation: the proposed option.
PROPOSED = re.compile(
    r"\b(?:how about|what about|i vote for|vote for|my (?:pick|vote|choice|suggestion) (?:is|would be)|"
    r"i'?d suggest|i suggest|suggest|i propose|propose|why not|i'?d go with|let'?s do|let'?s try|"
    r"i recommend|recommend|maybe|what do you think of|could we do|we could do|i'?m voting for)\s+"
    r"(.+?)(?=\s+(?:for|as|by|on|in|at|with|because|since|instead|this|next|or)\b|\s+-|[,.;:!?]|$)", re.I)
_ARTICLE = re.compile(r"^(?:the|a|an|our|my)\s+", re.I)


def is_decision(text: str) -> bool:
    if "?" in text and not FIRM.search(text):
        return False  # "should we switch to X?" asks, it does not decide
    if STRONG.search(text):
        return True
    return bool(lx.DECISION.search(text)) and not (lx.PROPOSAL.search(text) and not lx.NEGATIVE_CLAUSE.search(text))


def tokens(value: str) -> list[str]:
    return [w for w in lx.words(value) if w not in lx.STOP and len(w) >= 2]


def mentions(value: str, text: str) -> bool:
    toks = tokens(value)
    low = text.lower()
    return bool(toks) and any(len(t) >= 3 for t in toks) and all(
        sx.whole_word(t).search(low) for t in toks)


def proposed(text: str) -> str | None:
    m = PROPOSED.search(text)
    if not m:
        return None
    v = m.group(1).strip(" '\"")
    return v if tokens(v) and len(v) <= 60 else None


def topic_values(msgs: Iterable[Msg], issue: list[str], window: set[str]) -> list[str]:
    """Options proposed or decided for the topic: in messages on the issue, or in the thread right after one."""
    out: list[str] = []
    for m in sorted(msgs, key=when):
        on = coverage(issue, m["text"]) > 0 if issue else False
        if not (on or m["id"] in window):
            continue
        v = proposed(m["text"])
        if v and not any(mentions(v, o) and mentions(o, v) for o in out):
            out.append(v)
    return out


def value_in(text: str, values: list[str]) -> str | None:
    """The topic value a clause names (the longest one), as the topic lists it."""
    hits = [v for v in values if mentions(v, text)]
    return max(hits, key=lambda v: len(tokens(v))) if hits else None


def strip_article(v: str) -> str:
    return _ARTICLE.sub("", v)


def assigned_chains(msgs: Iterable[Msg], issue: list[str], names: set[str]) -> list[tuple[list[StateHit], str]]:
    """Matters on the issue set by plain assertions ("quiz night is now X", "the barbecue moves to Y"), in chat
    order, one chain per matter: (versions, the words they were set with). A matter that is a member's name
    ("Mateo is the glue ...") is a judgement, not a plan."""
    from polymem.language.settled import assignments

    chains: dict[str, list[StateHit]] = {}
    said: dict[str, list[str]] = {}
    low = {n.lower() for n in names}
    low |= {n[:-1] for n in low if n.endswith("s") and len(n) > 3}  # "deeks" lemmatised as a matter: "deek"
    for m in sorted(msgs, key=when):
        for a in assignments(m["text"] or ""):
            if not issue or coverage(issue, a.matter) == 0 or set(a.matter.split()) & low:
                continue
            hits = chains.setdefault(a.matter, [])
            if not hits or strip_article(hits[-1].value or "").lower() != strip_article(a.value).lower():
                hits.append(StateHit(m["id"], a.value, when(m), [m["id"]], "message"))
            said.setdefault(a.matter, [a.matter, a.matter]).append(a.sentence)
    return [(hits, " ".join(said[k])) for k, hits in chains.items()]
