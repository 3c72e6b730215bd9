"""What a group matter is now set to, read from plain assertions: "quiz night is now <title>", "the picnic is at
<place> on the 9th", "our book for the autumn is <title>", "the barbecue moves to <place>".

These carry no word of deciding, so the decision tracker misses them, yet a later one silently overturns an
earlier one about the same matter. An assignment is a declarative sentence (no question, no modal, no
condition) whose subject is a thing, not a person or a pronoun, and not somebody's own ("my job is ..."), with a
complement that names something definite (a name, a number, or "the ..."). Matters are compared by their words,
so "quiz night" here and "the venue for quiz night" in a question meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from polymem.language import lexical as lex
from polymem.language.concluding import GOAL_SENSES
from polymem.language.models import parsed

_PERSONAL = {"my", "his", "her", "their", "your", "its"}
_MODAL = {"could", "would", "should", "might", "may", "can", "ca", "must"}
_PLACE_PREPS = {"in", "at", "on", "to"}
# change place or kind: "moves to", "switched to", "shifted to", "changed to", "relocated to"
_SHIFT = ("move.v.02", "move.v.04", "switch_over.v.01", "switch.v.03", "switch.v.04", "shift.v.02", "change.v.01",
          "change.v.02", "relocate.v.01", "relocate.v.02", "transfer.v.04")


@dataclass
class Assignment:
    matter: str  # the matter's words, lower case ("quiz night")
    value: str  # what it is set to ("Paddington 2")
    sentence: str


def assignments(text: str) -> list[Assignment]:
    doc = parsed(text)
    out: list[Assignment] = []
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?") or any(t.lower_ == "if" for t in sent):
            continue
        for t in sent:
            a = _copula(t) if t.lemma_ == "be" else _change(t)
            if a is not None:
                out.append(Assignment(a[0], a[1], sent.text.strip()))
    return out


def _subject(v: Any) -> Any | None:
    s = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if s is None and v.pos_ == "NOUN":  # "barbecue moves to ...", parsed as a compound noun
        s = next((c for c in v.children if c.dep_ == "compound" and c.i < v.i), None)
    if s is None or s.pos_ not in ("NOUN", "PROPN") or s.ent_type_ == "PERSON":
        return None
    if any(c.dep_ == "poss" and c.lower_ in _PERSONAL for c in s.children) or lex.is_person_noun(s.lemma_.lower(), 1):
        return None
    if any(c.dep_ == "det" and c.lower_ in ("a", "an", "any", "every", "each") for c in s.children):
        return None  # "an online X is just Y": any X, said of its kind; no matter of the group's set
    if lex.noun_is(s.lemma_.lower(), "time", senses=1) and not any(c.dep_ in ("compound", "det")
                                                                    for c in s.children):
        # "today is Monday", "tonight is Heat": no matter ("quiz night" and "the picnic" are)
        return None
    return s


def _modal(v: Any) -> bool:
    return any(c.dep_ == "aux" and c.lower_ in _MODAL for c in v.children)


def _copula(v: Any) -> tuple[str, str] | None:
    s = _subject(v)
    if s is None or _modal(v) or any(c.dep_ == "neg" for c in v.children):
        return None
    comp = next((c for c in v.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN", "NUM")), None)
    if comp is not None and lex.noun_in_senses(comp.lemma_.lower(), GOAL_SENSES, first=2, exact=True):
        return None  # "June Next Fest is the goal": the subject is the value, the goal no matter's value
    if comp is None:
        prep = next((c for c in v.children if c.dep_ == "prep" and c.lower_ in _PLACE_PREPS), None)
        comp = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
    if comp is None or not _definite(comp):
        return None
    return _matter(s), _phrase(comp)


def _change(v: Any) -> tuple[str, str] | None:
    """"the barbecue moves to the allotment", "the party's been switched to Friday": a matter changed to a value."""
    lemma = v.lemma_.lower()
    if v.pos_ == "NOUN" and lemma.endswith("s"):
        lemma = lemma[:-1]  # "moves" tagged as a noun
    if v.pos_ not in ("VERB", "NOUN") or not lex.verb_in_senses(lemma, _SHIFT, first=3, exact=True):
        return None
    to = next((c for c in v.children if c.dep_ == "prep" and c.lower_ == "to"), None)
    comp = next((c for c in to.children if c.dep_ == "pobj"), None) if to is not None else None
    s = _subject(v)
    if s is None or comp is None or _modal(v) or not _definite(comp):
        return None
    return _matter(s), _phrase(comp)


def moved_to(sent: Any) -> tuple[str, str] | None:
    """"practice moves to Wednesdays", "the picnic moves to the dunes": the first matter the sentence changes to a
    value by a verb of moving or switching (see `_change`), as (matter, value)."""
    if sent.text.rstrip().endswith("?") or any(t.lower_ == "if" for t in sent):
        return None
    return next((a for t in sent if (a := _change(t)) is not None), None)


def _definite(n: Any) -> bool:
    """A name, a number or "the ..." ("a must" or "fine" set nothing)."""
    toks = list(n.subtree)
    return any(t.pos_ in ("PROPN", "NUM") for t in toks) or any(
        c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in n.children) or any(
        c.dep_ == "poss" for c in n.children)


def _matter(s: Any) -> str:
    words = [t.lemma_.lower() for t in s.subtree if t.i <= s.i and t.dep_ in ("compound", "amod", "nmod") or t == s]
    return " ".join(w for w in words if w.isalpha())


def _phrase(n: Any) -> str:
    """The value's words up to the first comma or dash, at most fourteen words."""
    toks = []
    for t in n.subtree:
        if t.i > n.i and t.text in (",", "-", "–", "—", ";", ":", "(", "."):
            break
        toks.append(t)
    while toks and toks[0].dep_ == "det" and toks[0].lower_ not in ("the", "this", "that"):
        toks = toks[1:]  # "a", "any": the value named, not its article ("the old granary" keeps its own)
    return " ".join(t.text for t in toks[:14]).replace(" 's", "'s")
