"""A matter's value changed by a verb of changing with the matter as its subject: "dues go to $25 from
September", "so households go up to $90", "the fee rises to 30 from May". Said in the simple present (or with
"will"), it is what the group now has; "the rent is going up" is news of a change coming, "could go up to" a
thought, and neither settles anything.

The verb's sense comes from WordNet (undergoing a change, or one of the verbs of changing a plan), the matter and
the value from the parse: no word list.
"""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language.group import CHANGE_SENSES

_UNDERGO = ("change.v.02",)  # "undergo a change; become different": going up, rising, dropping, doubling
_HEDGES = ("could", "might", "may", "would", "should", "can", "must")


def changed_to(sent: Any) -> tuple[Any, str] | None:
    """(the matter's noun, the new value as written) or None."""
    if sent.text.rstrip().endswith("?"):
        return None
    for v in sent:
        if v.pos_ != "VERB" or v.tag_ not in ("VBP", "VBZ", "VB") or not _changing(v.lemma_.lower()):
            continue
        kids = list(v.children)
        if any(c.dep_ in ("dobj", "neg", "mark") for c in kids) or any(
                c.dep_ == "aux" and (c.lower_ in _HEDGES or c.lower_ in ("do", "does")) for c in kids):
            continue  # ("moves the meeting": the matter is its object, read elsewhere; "if it goes up")
        if v.tag_ == "VB" and not any(c.dep_ == "aux" and c.lower_ in ("will", "'ll", "’ll") for c in kids):
            continue
        matter = next((c for c in kids if c.dep_ == "nsubj"), None)
        if matter is None or matter.pos_ != "NOUN" or lex.is_person_noun(matter.lemma_.lower()) and \
                not _counted_people(matter):
            continue  # ("she moves to Leeds": a person going somewhere, not a matter changed)
        value = _to_value(v)
        if value:
            return matter, value
    return None


def _changing(lemma: str) -> bool:
    return lemma not in ("be", "have") and (lex.verb_in_senses(lemma, _UNDERGO, first=4) or
                                            lex.verb_in_senses(lemma, CHANGE_SENSES, first=2, exact=True))


def _counted_people(noun: Any) -> bool:
    """"households go up to $90": a plural of those who pay, the share each pays being the matter."""
    return noun.tag_ == "NNS" and lex.noun_in_senses(noun.lemma_.lower(), ("family.n.01", "household.n.01"), first=2)


def _to_value(v: Any) -> str | None:
    """The value after "to" on the verb or on its "up"/"down" ("go up to $90"), or a number the parser hung on
    the verb with "to" before it."""
    heads = [v, *(c for c in v.children if c.dep_ in ("prt", "advmod") and c.lower_ in ("up", "down", "back"))]
    for h in heads:
        for c in h.children:
            if c.dep_ == "prep" and c.lower_ == "to":
                p = next((x for x in c.children if x.dep_ == "pobj"), None)
                if p is not None and (p.pos_ in ("NUM", "NOUN", "PROPN") or p.like_num):
                    return v.doc[p.left_edge.i:p.right_edge.i + 1].text
    for c in v.children:
        if c.like_num and c.dep_ in ("npadvmod", "dobj", "attr") and any(x.lower_ == "to" for x in c.lefts):
            first = next(x for x in c.lefts if x.lower_ == "to")
            return v.doc[first.i + 1:c.right_edge.i + 1].text
    return None
