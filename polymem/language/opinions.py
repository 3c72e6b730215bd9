"""Judgements of a person named only by a pronoun: "you're really brave", "he's the most generous person I
know". The sentence must judge plainly (`acts.judgement` 1.0, read from the parse); whom the pronoun means is
left to the caller, who knows the addressee and who was named last."""

from __future__ import annotations

from polymem.language.acts import judgement
from polymem.language.models import parsed

PRONOUNS = {"you": "you", "u": "you", "he": "he", "she": "she"}


def pronoun_judgements(text: str) -> list[tuple[str, str]]:
    """(pronoun, predicate as written) for each sentence whose subject is the pronoun and which judges it."""
    out: list[tuple[str, str]] = []
    for sent in parsed(text).sents:
        if sent.text.rstrip().endswith("?") or judgement(sent.text) < 1.0:
            continue
        be = next((t for t in sent if t.lemma_ == "be" and any(
            c.dep_ == "nsubj" and c.lower_ in PRONOUNS for c in t.children)), None)
        if be is None or any(c.dep_ == "neg" or (c.dep_ == "aux" and c.tag_ == "MD") for c in be.children):
            # "he must be ancient by now": a guess, not a judgement
            continue
        subj = next(c for c in be.children if c.dep_ == "nsubj" and c.lower_ in PRONOUNS)
        pred = [t for t in sent if t.i > be.i and not (t.is_punct and t.i == sent.end - 1)]
        cut = next((i for i, t in enumerate(pred) if t.text in (".", "!", ";") or (
            t.is_punct and i > 0 and pred[i - 1].dep_ in ("acomp", "attr"))), len(pred))
        words = " ".join(t.text for t in pred[:cut]).strip(" ,")
        if words:
            out.append((PRONOUNS[subj.lower_], words))
    return out
