"""A sum the group sets anew, said as what happens: "the fee goes up to £5 from may", "dues drop to €10", "raising the
deposit to $40" (not asked, hedged or denied; not one member's own rent, not a venue's price).

Read by the decision tracker (a sum reset settles a matter only when the group settled that matter with a sum before)
and by the deciding-clause readers.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from polymem.language import group as group_acts
from polymem.language import lexical as lex
from polymem.language.concluding import HEDGES


def amount_changed(sent: Any) -> tuple[str, str] | None:
    """"the fee goes up to £5 from may", "dues drop to €10", "raising the deposit to $40": a sum set anew, said
    as what happens (not asked, hedged or denied). Returns the matter (the subject, or the object of a verb of
    raising with no subject or the group as subject) and the new sum as written ("£5")."""
    if sent.text.rstrip().endswith("?"):
        return None
    for v in sent:
        if v.pos_ != "VERB" or v.tag_ == "VBD" or any(
                c.dep_ == "neg" or (c.dep_ == "aux" and (c.lemma_.lower() in HEDGES or c.tag_ in ("VBD", "MD") and
                                                         c.lemma_.lower() not in ("will", "shall"))) or
                (c.dep_ == "advmod" and c.lower_ in ("maybe", "perhaps", "possibly")) for c in v.children):
            continue  # ("I'd raise the fee to £7", "maybe raise it to £7": put forward, not set)
        lemma = v.lemma_.lower()
        # (a verb of moving an amount, or any verb with "up"/"down": "goes up", "comes down", "bumping it up")
        # (or any verb of undergoing a change, WordNet's "change.v.02": "subs go to £9")
        if not (lex.verb_in_senses(lemma, group_acts.CHANGE_SENSES, first=2, exact=True) or
                lex.verb_in_senses(lemma, group_acts.MAGNITUDE_SENSES, first=2) or
                (lemma not in ("be", "have") and lex.verb_in_senses(lemma, ("change.v.02",), first=4)) or
                any(c.lower_ in ("up", "down") and c.dep_ in ("prt", "advmod", "quantmod") for c in v.subtree
                    if c.head == v or c.head.head == v)):
            continue
        num = _sum_after_to(v)
        if num is None:
            continue
        if v.dep_ == "ccomp" and lex.verb_in_lexfile(v.head.lemma_.lower(), ("verb.communication",)):
            continue  # "the caretaker says the hall is going up to £60": news of a price, not the group's sum
        subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        obj = next((c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
        if subj is not None and any(c.dep_ == "poss" and c.lower_ != "our" for c in subj.children):
            continue  # "my rent goes up to £900": one member's own
        if subj is not None and subj.pos_ == "NOUN" and not lex.is_person_noun(subj.lemma_.lower(), 1) and \
                not _priced_thing(subj.lemma_.lower()):
            matter = subj
        elif obj is not None and (subj is None or subj.lower_ in ("we", "us", "i")):
            matter = obj  # "raising the fee to £7", "we're bumping dues to £12"
        else:
            continue
        return matter.lemma_.lower(), num
    return None


def _priced_thing(lemma: str) -> bool:
    """A place, a building or an organisation ("the hall", "the club"): what has a price, not the sum the group
    sets."""
    ss = lex._synsets(lemma, "n")[:1]
    return bool(ss) and (ss[0].lexname() in ("noun.location", "noun.group") or lex.noun_in_senses(
        lemma, ("structure.n.01", "room.n.01", "building.n.01", "facility.n.01", "establishment.n.04"), first=3))


def _sum_after_to(v: Any) -> str | None:
    """The sum a verb goes to: the number after "to" (as the object of "to", or with "up to" read as its
    quantifier), with its currency sign ("£5"); a number with no sign or unit is no sum."""
    for t in v.subtree:
        if not t.like_num or t.i == 0:
            continue
        to = t.doc[t.i - 1] if t.doc[t.i - 1].lower_ == "to" else (
            t.doc[t.i - 2] if t.i > 1 and t.doc[t.i - 2].lower_ == "to" else None)
        if to is None:
            continue
        sign = t.doc[t.i - 1] if t.doc[t.i - 1].lower_ != "to" else None
        if sign is not None and unicodedata.category(sign.text[:1]) == "Sc":
            return sign.text + t.text
        if t.i + 1 < len(t.doc) and t.doc[t.i + 1].lower_ in ("quid", "euros", "euro", "dollars", "bucks", "pounds"):
            return f"{t.text} {t.doc[t.i + 1].text}"
    return None
