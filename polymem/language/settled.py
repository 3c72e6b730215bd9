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
from polymem.language import value_kind as vk
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


# "undergo a change; become different": going up, rising, dropping, doubling
_UNDERGO = ("change.v.02",)


def changed_to(sent: Any) -> tuple[Any, str] | None:
    """"dues go to $25 from September", "so households go up to $90", "meetups move to Thursdays": a matter
    changed to a value by a verb of changing with the matter as its subject, said in the simple present (or with
    "will") as what now holds; "the rent is going up" is news of a change coming, "could go up" a thought. A sum
    needs money in it or a matter of money ("the temperature drops to 5" is no decision), a day or time a verb
    of moving a plan ("the bus gets to town at 7" is none). (the matter's noun, the value as written) or None."""
    if sent.text.rstrip().endswith("?") or any(t.lower_ == "if" for t in sent):
        return None
    for v in sent:
        lemma = v.lemma_.lower()
        if v.pos_ != "VERB" or v.tag_ not in ("VBP", "VBZ", "VB") or lemma in ("be", "have") or _modal(v) or \
                any(c.dep_ in ("neg", "mark") or (c.dep_ == "aux" and c.lower_ in ("do", "does")) for c in v.children):
            continue
        if v.tag_ == "VB" and not any(c.dep_ == "aux" and c.lower_ in ("will", "'ll", "’ll") for c in v.children):
            continue
        shifts = lex.verb_in_senses(lemma, _SHIFT, first=3, exact=True)
        if not shifts and not lex.verb_in_senses(lemma, _UNDERGO, first=4):
            continue
        s, value = _subject(v), _to_value(v)
        if s is None or value is None:
            continue
        kind = vk.value_kind(value)
        if kind == "amount" and (vk.money(value) or lex.noun_in_senses(s.lemma_.lower(), vk.MONEY_SENSES, first=2)) \
                or kind == "date" and shifts:
            return s, value
    return None


def _to_value(v: Any) -> str | None:
    """The value after "to" on the verb or on its "up"/"down" ("go up to $90"), or a number the parser made the
    verb's object or modifier with "to" before it; None where the verb has another object ("moves the meeting")."""
    nums = [c for c in v.children if c.like_num and c.dep_ in ("npadvmod", "dobj", "attr") and
            any(x.lower_ == "to" for x in c.lefts)]
    if nums:
        first = next(x for x in nums[0].lefts if x.lower_ == "to")
        return v.doc[first.i + 1:nums[0].right_edge.i + 1].text
    if any(c.dep_ == "dobj" for c in v.children):
        return None
    heads = [v, *(c for c in v.children if c.dep_ in ("prt", "advmod") and c.lower_ in ("up", "down", "back"))]
    for h in heads:
        for c in h.children:
            if c.dep_ == "prep" and c.lower_ == "to":
                p = next((x for x in c.children if x.dep_ == "pobj"), None)
                if p is not None and (p.pos_ in ("NUM", "NOUN", "PROPN") or p.like_num):
                    return v.doc[p.left_edge.i:p.right_edge.i + 1].text
    return None


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
