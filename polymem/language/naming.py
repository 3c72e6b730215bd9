"""Names given in a clause of naming: "his name is kevin", "she's called Biscuit", "meet Moss", "introducing...
Waffles". The clause's own shape says a name follows, so the name may be written in lower case or be a common
word; what it names comes from the rest of the message (an animal word, say)."""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex

# "meet" as in getting to know someone, "introduce" as in making someone known
PRESENT_SENSES = ("meet.v.02", "introduce.v.01")
_REFERRING = {"he", "she", "it", "they", "his", "her", "its", "their"}


def presenting(t: Any) -> bool:
    """A word of presenting someone ("meet", "introducing"), however the tagger read it ("Meet Dash" as a name)."""
    return t.is_alpha and lex.verb_in_senses(t.lemma_.lower() if t.pos_ == "VERB" else t.lower_, PRESENT_SENSES,
                                             first=2, exact=True)


def given_names(doc: Any, usable: Any = None) -> list[tuple[int, str]]:
    """(token index, name) for each name a naming clause of the text gives, in order. `usable(token)` may turn
    down a candidate (a member's name, a place)."""
    out: list[tuple[int, str]] = []
    for t in doc:
        named = _named_by(t)
        for n in named:
            if n.is_alpha and not n.is_stop and (usable is None or usable(n)) and not lex.is_animal(n.lower_):
                out.append((n.i, n.text if n.text[:1].isupper() else n.text.capitalize()))
    return out


def _named_by(t: Any) -> list[Any]:
    """The tokens a clause headed or marked by `t` gives as a name, with any joined by "and"."""
    first: Any = None
    if t.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lemma_ == "name" and any(
            p.dep_ == "poss" and p.lower_ in _REFERRING for p in c.children) for c in t.children):
        # "his name is kevin" (a lower-case name may be read as an adjective: "his name is rumble")
        first = next((c for c in t.children if c.dep_ in ("attr", "acomp")), None)
    elif t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), ("name.v.01",), first=1, exact=True) and any(
            c.dep_ == "nsubjpass" and c.lower_ in _REFERRING for c in t.children):
        first = next((c for c in t.children if c.dep_ in ("oprd", "attr", "xcomp")), None)  # "she's called Biscuit"
    elif presenting(t) and not any(c.dep_ in ("nsubj", "nsubjpass") and not _hailed(c) for c in t.children):
        if t.pos_ == "VERB" or t.dep_ == "ROOT":  # "meet moss.", "introducing... waffles" ("Meet" read as a name)
            # (a lower-case name may be read as a verb: "meet dumpling!!")
            first = next((c for c in t.children if c.i == t.i + 1 and c.dep_ not in (
                "prt", "prep", "punct", "aux", "neg", "cc", "npadvmod")), None)
            if first is None and t.i + 1 < len(t.doc):
                nxt = next((x for x in t.doc[t.i + 1:t.i + 3] if not x.is_punct), None)
                first = nxt if nxt is not None and nxt.pos_ in ("NOUN", "PROPN") and nxt.dep_ == "ROOT" else None
        elif t.dep_ == "compound" and t.head.pos_ == "PROPN" and t.i == t.sent.start:
            first = t.head  # "Meet Dash, a retired racer": the greeting read as part of the name
    if first is None or first.pos_ in ("PRON", "DET", "ADP", "AUX", "NUM") or lex.is_person_noun(first.lemma_.lower()):
        return []  # "meet you", "meet the new neighbours"
    return [first, *(c for c in first.conjuncts if c.pos_ in ("NOUN", "PROPN"))]


def _hailed(t: Any) -> bool:
    """"everyone, meet ...": a word set off by a comma before the verb is who is spoken to, not a subject."""
    return t.i + 1 < len(t.doc) and t.doc[t.i + 1].text == "," and t.i + 1 < t.head.i
