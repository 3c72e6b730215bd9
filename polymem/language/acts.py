"""Requests and agreements read from the clause, not from phrase lists: a request asks the listener to do
something ("can u record a video?", "Wren, bring the chairs"); an agreement accepts ("yeah mate, consider
it done", "ya ok i handle it", "I'll sort it")."""

from __future__ import annotations

from functools import lru_cache

from polymem.language.models import parsed

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
