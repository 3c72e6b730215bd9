"""Matters a group sets out to settle, and whether two names name one matter: "let us settle the autumn lantern
walk", "we need a venue and a date"; "the walk" and "the autumn lantern walk" are one matter, "the summer party"
and "the Christmas party" two. From the parse and WordNet's senses of deciding and needing."""

from __future__ import annotations

from typing import Any

from polymem.language import group as group_acts
from polymem.language import lexical as lex
from polymem.language.decision_clauses import PLAN_SENSES, trouble_word
from polymem.language.models import parsed


def open_matters(doc: Any) -> list[str]:
    """"We need a venue and a date", "let's pick a restaurant", "let us settle the autumn lantern walk", "decide
    on the venue": the objects of a verb of needing or choosing with the group as subject, with the nouns
    naming them, are matters still open ("we settled on friday" settles it: none is left open)."""
    out: list[str] = []
    for v in doc:
        if v.pos_ != "VERB" or v.tag_ in ("VBD", "VBN") or \
                not lex.verb_in_senses(v.lemma_.lower(), PLAN_SENSES, first=2, exact=True):
            continue
        if not _ours(v):
            continue
        objs = [c for c in v.children if c.dep_ == "dobj"] + [
            p for c in v.children if c.dep_ == "prep" and c.lower_ in ("on", "about") for p in c.children
            if p.dep_ == "pobj"]
        for o in (c for c in objs if common_noun(c)):
            for n in [o, *(c for c in o.conjuncts if common_noun(c))]:
                name = " ".join([c.lower_ for c in n.subtree if c.dep_ == "compound" and c.i < n.i and
                                 common_noun(c)] + [n.lemma_.lower()])
                if name not in out and not lex.is_person_noun(n.lemma_.lower(), 1):
                    out.append(name)
    return out


def same_matter(a: str | None, b: str | None) -> bool:
    """Two names of one matter: the same head noun, and one is the bare noun or they share another word."""
    if not a or not b:
        return False
    wa, wb = a.lower().split(), b.lower().split()
    return wa == wb or (wa[-1] == wb[-1] and (len(wa) == 1 or len(wb) == 1 or bool(set(wa[:-1]) & set(wb[:-1]))))


def common_noun(t: Any) -> bool:
    """A common noun, also where the tagger takes a lower-case one for a name ("the lantern walk")."""
    return t.pos_ == "NOUN" or (t.pos_ == "PROPN" and t.is_lower and lex.known_noun(t.lemma_.lower()))


# what a label puts forward rather than names a matter (WordNet): a proposal, an idea, a plan, a choice, an offer
_PUT_FORWARD = ("proposal.n.01", "idea.n.01", "plan.n.01", "decision.n.01", "choice.n.02", "option.n.02",
                "thought.n.01", "opinion.n.01", "compromise.n.01", "content.n.05", "check.n.01", "offer.n.01",
                "offer.n.02")


def asked_matter(texts: list[str]) -> str | None:
    """The matter a discussion opened by naming it alone: a question that is only a noun phrase ("tickets?",
    "and the venue?") or a label before a colon or a dash ("Venue for the show: ..."), the earliest first. The noun must be
    an ordinary one (not a time, a person or a name)."""
    for text in texts:  # (the earliest: "food? ... pizza?" names the matter before its options)
        doc = parsed(text)
        for sent in doc.sents:
            words = [t for t in sent if t.is_alpha]
            # (a spaced dash labels as a colon does: "kitty - shall we say £30?", "and the cake — ...")
            colon = next((t for t in sent if t.text == ":" or (t.text in ("-", "–", "—") and t.i > sent.start and
                                                             t.doc[t.i - 1].whitespace_ and t.whitespace_)), None)
            if colon is not None:
                words = [t for t in words if t.i < colon.i]
            elif not sent.text.rstrip().endswith("?"):
                continue
            if not 1 <= len(words) <= 4 or any(t.pos_ in ("VERB", "AUX", "PRON") or t.lower_ in ("no", "not")
                                               for t in words):
                continue  # ("no worries - ...": a reply, no matter)
            # (a sentence's first word keeps its capital: "Venue for the show:")
            noun = [t for t in words if common_noun(t) or (t.i == sent.start and t.pos_ == "PROPN" and
                                                            lex.known_noun(t.lower_) and not lex.can_name(t.lower_))]
            # (the label's head is the noun nothing else in it governs: "venue" of "venue for the show")
            inside = {t.i for t in words}
            head = next((t for t in noun if t.head.i not in inside or t.head.i == t.i), None)
            if head is None or (colon is not None and any(t.pos_ == "ADJ" for t in words)):
                continue  # ("bad news: ...": a header for what follows, no matter)
            lemma = head.lemma_.lower() if head.pos_ == "NOUN" else head.lower_
            if lex.news_word(lemma) or \
                    lex.noun_in_senses(lemma, _PUT_FORWARD, first=1) or (colon is not None and lex.noun_in_lexfile(
                        lemma, ("noun.communication", "noun.event"))):
                continue  # ("Update: ...", "idea: ...", "counter offer: ...": a header for news or a proposal)
            if not lex.known_noun(lemma) or lex.is_person_noun(lemma, 1) or lex.noun_is(lemma, "time", senses=2):
                continue
            return " ".join([c.lower_ for c in head.lefts if c.dep_ == "compound" and common_noun(c)] + [lemma])
    return None


_ANEW = {"new", "different", "other", "alternative", "another"}
_SOMEWHERE = {"somewhere", "anywhere", "someplace"}


def wanted_anew(doc: Any) -> str | None:
    """"we need somewhere else for the meeting", "gotta find another date", "looking for a different pub": the
    group (not one member: "I need a new job") wants a replacement for something. Returns "place" for somewhere
    else, else the noun wanted anew."""
    for t in doc:
        if t.lower_ in _SOMEWHERE and any(c.lower_ == "else" for c in [*t.children, t.head]):
            verb = t.head.head if t.head.lower_ == "else" else t.head
            # ("somewhere else to park": a place for another purpose, said by its verb)
            purpose = any(c.dep_ in ("relcl", "acl", "xcomp", "advcl") and c.i > t.i for c in verb.children)
            return "place" if _groups_want(verb) and not purpose else None
        if t.pos_ == "NOUN" and t.dep_ == "dobj" and any(c.dep_ == "det" and c.lower_ == "the" for c in t.children) and \
                _group_changes(t.head):
            return t.lemma_.lower()  # "could we move the dates?": the matter to be settled anew
        if t.pos_ != "NOUN" or not any(c.lower_ in _ANEW and c.dep_ in ("amod", "det") for c in t.children):
            continue
        verb = t.head.head if t.dep_ == "pobj" else t.head
        if t.dep_ in ("dobj", "pobj") and verb.pos_ == "VERB" and _groups_want(verb):
            return t.lemma_.lower()
    return None


def trouble_with(doc: Any) -> str | None:
    """"bad news re the quiz venue", "slight problem with the date": a message that opens a trouble about a
    matter names it (the noun after "re"/"with"/"about"/"on")."""
    if any(t.lower_ in ("jk", "lol", "solved", "sorted") for t in doc):
        return None  # ("bad news re the date... jk", "problem with the date solved")
    for t in doc:
        if not trouble_word(t):
            continue
        for c in t.children:
            if c.dep_ == "prep" and c.lower_ in ("re", "with", "about", "on", "regarding"):
                p = next((x for x in c.children if x.dep_ == "pobj" and x.pos_ == "NOUN"), None)
                if p is not None:
                    return p.lemma_.lower()
    return None


def _group_changes(verb: Any) -> bool:
    """A verb of changing (WordNet's change, shift, move senses) the group asks or urges itself to do: "can we
    move ...?", "let's change ...", "we should shift ..."."""
    if verb.pos_ != "VERB" or verb.tag_ in ("VBD", "VBN") or \
            not lex.verb_in_senses(verb.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True):
        return False
    return _ours(verb, modal=True)


def _ours(v: Any, modal: bool = False) -> bool:
    """The group acts: "we" the subject (with a modal, if `modal`: "can we", "we should"), or "let's"."""
    we = any(c.dep_ == "nsubj" and c.lower_ in ("we", "us") for c in v.children) and (
        not modal or any(c.dep_ == "aux" and c.tag_ == "MD" for c in v.children))
    return we or v.head.lemma_ == "let" or any(c.lower_ == "let" for c in v.children)


def _groups_want(verb: Any) -> bool:
    """A verb of needing, finding or looking for, said by the group or by nobody ("gotta find ...")."""
    lemma = verb.lemma_.lower()
    if verb.pos_ != "VERB" or verb.tag_ in ("VBD", "VBN") or not (
            lex.verb_in_senses(lemma, PLAN_SENSES, first=3, exact=True) or lemma in ("look", "search")):
        return False
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    return subj is None or subj.lower_ in ("we", "us", "'s", "let's")
