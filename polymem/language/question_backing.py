"""Questions after everyone who took up an option: "who voted for X?", "who went along with Y's idea?", "who was
ok with X?", "who was up for it?".

Asked about an option put to the group, such a question wants every member who backed it: not the one who put
it forward (who_said), nor the one who took on a task (who_agreed, answered by one person). The form is read from
the parse and WordNet: the asked-about subject "who" of a verb of backing, voting or going along, of "be" with an
approving adjective and "with", of "be up for", or of "be in favour of"; the option is the words of that verb's
object.
"""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language.consensus import _approving

# "be behind; approve of" (back, endorse, support), "give support or one's approval to" (second), the senses of
# voting, "judge to be right" (approve of), "consider as the favorite" (favour), "cooperate" (go along),
# "take sides for or against" (side with), "find agreeable" (like: only with an idea as its object)
BACK_SENSES = ("back.v.01", "second.v.01", "vote.v.01", "vote.v.02", "vote.v.03", "approve.v.02", "favor.v.02",
               "play_along.v.01", "side.v.01")
_LIKE_SENSES = ("like.v.02", "like.v.03")
# glad or pleased ("happy with the new date"), beside the approving adjectives of `consensus`
_PLEASED = ("happy.a.01", "glad.a.01", "pleased.s.01")
# "a feeling of favorable regard", "an inclination to approve": in favour of
_FAVOUR = ("favor.n.03", "favor.n.04")
_IDEA = ("idea.n.01", "suggestion.n.01", "proposal.n.01", "proposition.n.01", "plan.n.01")


def _asking_subject(t: Any) -> bool:
    return any(c.dep_ == "nsubj" and c.tag_ in ("WP", "WDT") or (
        c.dep_ == "nsubj" and any(g.tag_ in ("WP", "WDT") for g in c.children)) for c in t.children)


def _prep(t: Any, word: str) -> Any | None:
    return next((c for c in t.children if c.dep_ == "prep" and c.lower_ == word), None)


def _object_words(node: Any, drop: set[int]) -> list[str]:
    """The words of an option phrase: its subtree less determiners, possessors (whose idea it was) and the noun
    "idea" itself ("Gwen's Shrewsbury idea": Shrewsbury); of a change ("moving the party to Friday"), where it
    goes; verbs only where nothing else is left ("who was up for swimming?")."""
    if node.pos_ in ("VERB", "AUX") and (to := _prep(node, "to")) is not None and \
            (goal := next((g for g in to.children if g.dep_ == "pobj"), None)) is not None:
        return _object_words(goal, drop)
    out, verbs = [], []
    for t in node.subtree:
        if t.i in drop or t.dep_ in ("det", "case", "punct", "mark") or t.is_stop and t.pos_ != "NUM":
            continue
        if t.dep_ == "poss" or any(a.dep_ == "poss" for a in [t.head] if a.i == t.i):
            continue
        if t.pos_ == "NOUN" and lex.noun_in_senses(t.lemma_.lower(), _IDEA, exact=True):
            continue
        (verbs if t.pos_ in ("VERB", "AUX") else out).append(t.lower_)
    return out or verbs


def backed_option(doc: Any) -> list[str] | None:
    """The option's words when the question asks who backed it (empty when it names none: "who was up for it?"),
    else None."""
    for t in doc:
        # (the asking clause's own verb: not "who wanted to know who was going for X?")
        if not _asking_subject(t) or t.dep_ not in ("ROOT", "relcl"):
            continue
        drop = {c.i for c in t.subtree if c.dep_ == "poss"}
        lemma = t.lemma_.lower()
        if t.pos_ == "VERB":
            parts = [c for c in t.children if c.dep_ in ("prt", "advmod") and c.pos_ in ("ADP", "ADV")]
            preps = [c for c in t.children if c.dep_ == "prep"]
            forms = [lemma, *(f"{lemma}_{c.lower_}" for c in parts + preps)]
            obj = next((c for c in t.children if c.dep_ == "dobj"), None)
            liked = obj is not None and lex.verb_in_senses(lemma, _LIKE_SENSES, first=3) and \
                lex.noun_in_senses(obj.lemma_.lower(), _IDEA, exact=True)
            if liked or any(lex.verb_in_senses(f, BACK_SENSES, first=3) for f in forms):
                if obj is not None:
                    return _object_words(obj, drop)
                # "sided with Kit on the date": every object of its prepositions
                return [w for p in preps for g in p.children if g.dep_ in ("pobj", "pcomp")
                        for w in _object_words(g, drop)]
            # "went for X": go with "for" is choosing (WordNet's go_for: "respond favorably to"); not "is going
            # for dinner", going somewhere
            if lemma == "go" and (p := _prep(t, "for")) is not None and not any(c.dep_ == "dobj" for c in t.children) \
                    and not any(c.dep_ == "aux" and c.lemma_ == "be" for c in t.children):
                obj = next((g for g in p.children if g.dep_ in ("pobj", "pcomp")), None)
                return _object_words(obj, drop) if obj is not None else []
        if lemma == "be":
            for c in t.children:
                # "ok with X", "happy with X"
                if c.dep_ == "acomp" and c.pos_ == "ADJ" and (p := _prep(c, "with") or _prep(t, "with")) is not None and (
                        _approving(c.lemma_.lower()) or any(s.name() in _PLEASED for s in lex._synsets(c.lemma_.lower(), "a")[:2])):
                    obj = next((g for g in p.children if g.dep_ in ("pobj", "pcomp")), None)
                    return _object_words(obj, drop) if obj is not None else []
                # "up for X"
                if c.lower_ == "up" and c.dep_ in ("advmod", "prt", "acomp") and (p := _prep(t, "for") or _prep(c, "for")):
                    obj = next((g for g in p.children if g.dep_ in ("pobj", "pcomp")), None)
                    return _object_words(obj, drop) if obj is not None else []
                # "in favour of X"
                if c.dep_ == "prep" and c.lower_ == "in":
                    fav = next((g for g in c.children if g.dep_ == "pobj" and
                                lex.noun_in_senses(g.lemma_.lower(), _FAVOUR, exact=True)), None)
                    if fav is not None and (p := _prep(fav, "of")) is not None:
                        obj = next((g for g in p.children if g.dep_ in ("pobj", "pcomp")), None)
                        return _object_words(obj, drop) if obj is not None else []
    return None
