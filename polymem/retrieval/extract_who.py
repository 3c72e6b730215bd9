"""Who-answer helpers: inflection-blind term coverage, the doer a scene note names, and "you <verb>" lines
whose answer is the person addressed rather than the speaker."""

from __future__ import annotations

import re

from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.retrieval.extract_base import Msg, term_re
from polymem.retrieval.names import RosterIndex

_INFLECTION = re.compile(r"(?<=[a-z]{2})(?:ing|ed|es|s)$")
_DOUBLE = re.compile(r"([b-df-hj-km-np-rt-z])\1$")  # putt -> put, sitt -> sit (not ll / ss)
_WORDS = re.compile(r"[a-z]+")


def stem(word: str) -> str:
    """One inflection off, then an undoubled final consonant: kissed/kisses -> kiss, putting -> put."""
    w = word.lower()
    if w.endswith("ss") or len(w) <= 3:
        return w
    return _DOUBLE.sub(r"\1", _INFLECTION.sub("", w))


def _hits(term: str, low: str, stems: set[str]) -> bool:
    return bool(term_re(term).search(low)) or stem(term) in stems


def coverage(terms: list[str], text: str, aliases: dict[str, set[str]] | None = None) -> float:
    """Share of the terms in the text, matching by prefix (as extract_base) or by stem both ways, or through
    one of a term's aliases."""
    if not terms:
        return 0.0
    low = text.lower()
    stems = {stem(w) for w in _WORDS.findall(low)}
    return sum(_hits(t, low, stems) or any(_hits(a, low, stems) for a in (aliases or {}).get(t, ()))
               for t in terms) / len(terms)


def _term_spans(terms: list[str], text: str) -> list[int]:
    low = text.lower()
    out = [m.start() for t in terms for m in term_re(t).finditer(low)]
    wanted = {stem(t) for t in terms}
    out += [m.start() for m in _WORDS.finditer(low) if stem(m.group()) in wanted]
    return sorted(set(out))


def note_doer(terms: list[str], text: str, roster: RosterIndex, named: list[str]) -> str | None:
    """The person a scene note names closest before a matched term ("... is startled to see Joey sitting"),
    else closest after one ("interrupted by Ross"), skipping the people the question names."""
    spans = _term_spans(terms, text)
    best: tuple[int, str] | None = None
    for x in roster.find(text):
        if x.pid in named:
            continue
        for s in spans:
            d = s - x.end if s >= x.end else 1000 + x.start - s
            if best is None or d < best[0]:
                best = (d, x.pid)
    return best[1] if best else None


_PASSIVE = re.compile(r"\b(?:is|was|are|were|been|being)\s+([a-z]+ed)\s+by\s+(?:whom|who)\b", re.I)


def question_verb(question: str, issue: list[str]) -> str | None:
    """The question's verb: a passive's participle ("was smelled by whom"), else its first issue term."""
    m = _PASSIVE.search(question)
    return m.group(1).lower() if m else (issue[0] if issue else None)


_ASKING = ("ask.v.01", "ask.v.02", "request.v.01", "request.v.02", "want.v.01", "need.v.01")


def asks_who_asked(question: str) -> bool:
    """The question's main verb is one of asking or wanting ("who asked for X to be changed?", "who wanted
    someone to book X?"): its answer is whoever asked, not whoever was asked to do it."""
    # (active: "who was asked to book X?" asks for whoever was asked)
    return any(t.dep_ == "ROOT" and t.pos_ == "VERB" and not any(c.dep_ in ("auxpass", "nsubjpass") for c in t.children)
               and lex.verb_in_senses(t.lemma_.lower(), _ASKING, first=3, exact=True) for t in parsed(question))


def you_did(terms: list[str], text: str) -> bool:
    """The line tells its listener they did the thing: "Did you just smell my hair ?", "you just rolled over"."""
    low = text.lower()
    for s in _term_spans(terms, text):
        if re.search(r"\byou(?:\s+[a-z']+){0,2}\s+$", low[:s]):
            return True
    return False


def addressee(m: Msg, msgs: dict[str, Msg], use_addr: bool) -> str | None:
    """Who a line speaks to: its ADDRESSES edge, else the speaker it replies to, else the next turn's speaker."""
    sp = m.get("speaker")
    cands = [a for a in (m.get("addressees") or []) if a != sp] if use_addr else []
    cands += [x for x in (m.get("reply_to_speakers") or []) if x != sp]
    for f in ("prev_ids", "next_ids"):
        cands += [msgs[i]["speaker"] for i in (m.get(f) or []) if i in msgs and msgs[i].get("speaker") != sp]
    return next((c for c in cands if c and not c.startswith("#")), None)


_OBJECT_Q = re.compile(r"^\s*(?:who|whom)\s+(?:is|was|are|were|does|did|do|has|had|will|would)\s+(?:the\s+)?"
                       r"|^\s*(?:with|to)\s+whom\s+(?:is|was|does|did)\s+(?:the\s+)?", re.I)


def object_subject(question: str, roster: RosterIndex) -> str | None:
    """"Who is Ross talking with ?", "Who did Stephen tell ...": the named subject; the answer is whom they
    address. None when the question is not of that form."""
    m = _OBJECT_Q.match(question)
    if not m:
        return None
    rest = question[m.end():]
    found = roster.find(rest)
    return found[0].pid if found and found[0].start == 0 else None
