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
    "idea" itself ("Ines's harbour idea": harbour); of a change ("moving the party to Friday"), where it
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


def _pobj(p: Any | None) -> Any | None:
    return next((g for g in p.children if g.dep_ in ("pobj", "pcomp")), None) if p is not None else None


def _opinion_object(obj: Any) -> bool:
    """An object that makes "happy with" a view, not a backing: one's own thing ("their new flat"), how something
    went ("how the party went")."""
    return any(c.dep_ == "poss" and c.pos_ == "PRON" for c in obj.children) or \
        any(t.tag_ == "WRB" for t in obj.subtree)


def _verb_backing(t: Any, drop: set[int]) -> list[str] | None:
    lemma = t.lemma_.lower()
    parts = [c for c in t.children if c.dep_ in ("prt", "advmod") and c.pos_ in ("ADP", "ADV")]
    preps = [c for c in t.children if c.dep_ == "prep"]
    obj = next((c for c in t.children if c.dep_ == "dobj"), None)
    # a phrasal verb WordNet knows is judged as such ("backed out": withdrew)
    phrasal = [f"{lemma}_{c.lower_}" for c in parts if lex._synsets(f"{lemma}_{c.lower_}", "v")]
    forms = phrasal or [lemma, *(f"{lemma}_{c.lower_}" for c in preps)]
    # the present simple is a habit ("who supports X?": a fan), not a choice made in the chat
    if t.tag_ in ("VBZ", "VBP") or any(c.lower_ in ("against", "into", "onto") for c in preps):
        return None  # ("voted against X", "backed the car into the gate")
    liked = obj is not None and lex.verb_in_senses(lemma, _LIKE_SENSES, first=3) and \
        lex.noun_in_senses(obj.lemma_.lower(), _IDEA, exact=True)
    along = [f for f in phrasal if lex.verb_in_senses(f, ("play_along.v.01",), first=1)]
    if along and _prep(t, "with") is None:
        return None  # ("went along to the gig": came too)
    if liked or any(lex.verb_in_senses(f, BACK_SENSES, first=4) for f in forms):
        if obj is not None:
            if obj.pos_ == "PRON":
                return None  # ("supported her"): a person helped, not an option
            return _object_words(obj, drop)
        # "sided with Kit on the date", "voted for X": the objects of "for", "with", "on" ("voted in the election"
        # sets a scene)
        return [w for p in preps if p.lower_ in ("for", "with", "on", "of") for g in p.children
                if g.dep_ in ("pobj", "pcomp") for w in _object_words(g, drop)] or None
    # "went for X": go with "for" is choosing (WordNet's go_for: "respond favorably to"); not "is going for
    # dinner", going somewhere, nor "went for a run", an outing
    if lemma == "go" and (obj := _pobj(_prep(t, "for"))) is not None and not any(c.dep_ == "dobj" for c in t.children) \
            and not any(c.dep_ == "aux" and c.lemma_ == "be" for c in t.children) and \
            not any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in obj.children) and \
            not lex.noun_is(obj.lemma_.lower(), "job"):
        return _object_words(obj, drop)
    return None


def _copula_backing(t: Any, drop: set[int]) -> list[str] | None:
    for c in t.children:
        # "ok with X", "happy with X" (not one's own thing, nor how something went: a view)
        if c.dep_ == "acomp" and c.pos_ == "ADJ" and (obj := _pobj(_prep(c, "with") or _prep(t, "with"))) is not None and (
                _approving(c.lemma_.lower()) or any(s.name() in _PLEASED for s in lex._synsets(c.lemma_.lower(), "a")[:2])):
            return None if _opinion_object(obj) else _object_words(obj, drop)
        # "up for X"
        if c.lower_ == "up" and c.dep_ in ("advmod", "prt", "acomp", "prep") and \
                (obj := _pobj(_prep(t, "for") or _prep(c, "for"))) is not None:
            return _object_words(obj, drop)
        # "in favour of X" (the parser hangs "of" on the noun or on the verb)
        if c.dep_ == "prep" and c.lower_ == "in":
            fav = next((g for g in c.children if g.dep_ == "pobj" and
                        lex.noun_in_senses(g.lemma_.lower(), _FAVOUR, exact=True)), None)
            if fav is not None and (obj := _pobj(_prep(fav, "of") or _prep(t, "of"))) is not None:
                return _object_words(obj, drop)
    return None


def backed_option(doc: Any) -> list[str] | None:
    """The option's words when the question asks who backed it, else None."""
    for t in doc:
        # (the asking clause's own verb: not "who wanted to know who was going for X?")
        if not _asking_subject(t) or t.dep_ not in ("ROOT", "relcl"):
            continue
        drop = {c.i for c in t.subtree if c.dep_ == "poss"}
        got = _verb_backing(t, drop) if t.pos_ == "VERB" else _copula_backing(t, drop) if t.lemma_ == "be" else None
        if got is not None:
            return got
    return None
