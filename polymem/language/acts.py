"""Requests, agreements and judgements read from the clause, not from phrase lists: a request asks the
listener to do something ("can u record a video?", "Wren, bring the chairs"); an agreement accepts ("yeah mate, consider
it done", "ya ok i handle it", "I'll sort it"); a judgement predicates a quality of someone ("she is so dramatic")."""

from __future__ import annotations

from functools import lru_cache

from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.language.syntax import THIRD_PERSON

_YOU = {"you", "u", "ya", "y'all", "yall"}
_MODAL = {"can", "could", "would", "will", "wo", "ca"}


@lru_cache(maxsize=20_000)
def is_request(text: str) -> bool:
    for sent in parsed(text).sents:
        root = sent.root
        # "can u record a video?", "would you bring the chairs?": the listener as subject of a modal question
        if sent.text.rstrip().endswith("?") and any(
                t.dep_ == "nsubj" and t.lower_ in _YOU and any(c.dep_ == "aux" and c.lower_ in _MODAL
                                                                for c in t.head.children) for t in sent):
            return True
        # "Wren, bring the chairs": a bare verb with no subject, after a name or at the start
        vocative = [c for c in root.children if c.dep_ in ("nsubj", "npadvmod")
                    and c.i + 1 < len(c.doc) and c.doc[c.i + 1].text == ","]
        if root.pos_ == "VERB" and root.tag_ == "VB" and root.i - sent.start <= 3 and not any(
                c.dep_ in ("nsubj", "aux") and c not in vocative for c in root.children):
            return True
    return False


@lru_cache(maxsize=20_000)
def is_agreement(text: str) -> bool:
    doc = parsed(text)
    first = next((t for t in doc if not t.is_punct), None)
    if first is None or any(t.dep_ == "neg" for t in doc[:6]):
        return False
    if first.pos_ == "INTJ" and first.lower_ not in ("hi", "hey", "hello", "lol", "haha", "wow", "oh", "thanks"):
        return True  # "yeah mate, ...", "sure, ...", "ok ..."
    for sent in list(doc.sents)[:2]:
        subj = next((t for t in sent if t.dep_ == "nsubj" and t.head == sent.root), None)
        if subj is not None and subj.lower_ == "i" and sent.root.pos_ == "VERB" and (
                any(c.dep_ == "aux" and c.lower_ in ("'ll", "ll", "will", "can") for c in sent.root.children)
                or (sent.root.tag_ == "VBP" and any(c.dep_ == "dobj" and c.lower_ in ("it", "that", "this")
                                                    for c in sent.root.children))):
            return True  # "I'll sort it", "i handle it"
    return False


def evaluative(text: str) -> bool:
    """Whether a message judges someone: an adjective or noun predicated of a person-like subject ("she is
    so dramatic", "Vesna is a legend", "too bossy"), or an intensified adjective in a fragment. Read from
    the parse, not from a list of evaluative words."""
    doc = parsed(text)
    for t in doc:
        if t.lemma_ == "be" and t.dep_ == "ROOT":  # "she is soooo dramatic": any adjective in the predicate
            subj = next((c for c in t.children if c.dep_ == "nsubj"), None)
            if subj is not None and (subj.pos_ == "PROPN" or subj.lower_ in THIRD_PERSON | {"you"}) and any(
                    x.pos_ == "ADJ" and x not in set(subj.subtree) for x in t.subtree):
                return True
        if t.dep_ in ("acomp", "attr") and t.pos_ in ("ADJ", "NOUN") and t.head.lemma_ == "be":
            subj = next((c for c in t.head.children if c.dep_ == "nsubj"), None)
            if subj is not None and (subj.pos_ == "PROPN" or subj.lower_ in THIRD_PERSON | {"you"}):
                return True
            # "the man is a windbag": a person named by a trait (not by work or kin) said of a person
            if subj is not None and t.pos_ == "NOUN" and subj.pos_ == "NOUN" and \
                    lex.is_person_noun(subj.lemma_.lower(), 1) and lex.is_person_noun(t.lemma_.lower(), 1) and \
                    not lex.is_occupation(t.lemma_.lower()) and not lex.noun_is(t.lemma_.lower(), "kin"):
                return True
        if t.pos_ == "ADJ" and any(c.dep_ == "advmod" and c.pos_ == "ADV" for c in t.children) and \
                t.dep_ in ("ROOT", "amod", "acomp", "conj"):
            return True  # "saint yes but also too bossy", "so punctual"
        if t.tag_ in ("JJS", "RBS") and t.head.pos_ in ("NOUN", "PROPN"):
            return True  # "the most generous bloke in the building"
    return False
