"""A post the speaker is given by others: "they promoted me to shift lead", "they've made me head fitter", "I've
been made deputy head", "they appointed me treasurer at the club".

The verb is one of appointing (WordNet: appoint, promote, name) or "make"; the speaker is its object right after
it ("... me X") or its passive subject ("I've been made X"). The post is the words after it (and after "to") up
to the clause's next function word. Its head noun must name a trade (for "make", which makes anything, only a
trade: "made me dinner", "made me laugh" give none); "captain of the quiz team", a post in a group, is no job.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import Statement

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

_APPOINT = ("appoint.v.01", "appoint.v.02", "promote.v.02", "name.v.03")
# where the words of a post stop: punctuation, a conjunction, an adverb ("already"), a pronoun, an auxiliary or a
# preposition other than "of" ("head of science")
_STOP_POS = ("CCONJ", "SCONJ", "ADV", "PRON", "AUX", "PART", "VERB", "DET", "NUM", "INTJ")


def _post_words(v: Any, start: int) -> tuple[list[Any], Any | None]:
    """The words of the post and the token that ended them (None at the clause's end)."""
    words: list[Any] = []
    for t in v.doc[start:v.sent.end]:
        if not words and t.lower_ in ("to", "a", "an", "the"):
            continue
        # (the tagger takes a trade typed in lower case for a verb as often: "chief welder")
        verbish = t.pos_ == "VERB" and t.tag_ in ("VB", "VBP") and t.i + 1 < len(t.doc) and t.doc[t.i + 1].pos_ == "NOUN"
        after_of = bool(words) and words[-1].lower_ == "of" and t.pos_ == "DET"  # ("manager of the cafe")
        if t.is_punct or (t.pos_ in _STOP_POS and not verbish and not after_of) or (t.pos_ == "ADP" and t.lower_ != "of"):
            return words, t
        words.append(t)
    return words, None


def _timed(t: Any | None) -> bool:
    """A "for" or "of" with a time after it: a turn or an award ("driver for the night", "employee of the month")."""
    return t is not None and t.lower_ in ("for", "of") and any(
        g.dep_ == "pobj" and lex.noun_in_lexfile(g.lemma_.lower(), ("noun.time",)) for g in t.children)


def appointed(reader: StatementReader, v: Any, sent: Any, speaker: str) -> Statement | None:
    lemma = v.lemma_.lower()
    appoint = lex.verb_in_senses(lemma, _APPOINT, first=3)
    if not (appoint or lemma == "make") or sx.negated(v, sent):
        return None
    passive = v.tag_ == "VBN" and any(c.dep_ == "nsubjpass" and c.lower_ == "i" for c in v.children)
    active = v.i + 1 < len(v.doc) and v.doc[v.i + 1].lower_ == "me"
    if not (passive or active) or any(c.dep_ == "aux" and c.lower_ in ("would", "might", "could", "'d", "’d")
                                      for c in v.children):
        return None  # ("they'd make me manager if ...": a hope)
    words, end = _post_words(v, v.i + (2 if active else 1))
    if not words or len(words) > 5 or (end is not None and end.lower_ in ("'s", "’s")):
        return None  # ("made me a doctor's appointment": the trade owns something)
    of = next((j for j, t in enumerate(words) if t.lower_ == "of"), None)
    if of == 0 or _timed(end) or (of is not None and _timed(words[of])):
        return None
    head = words[of - 1] if of else words[-1]
    word = head.lemma_.lower() if head.pos_ == "NOUN" else head.lower_
    # a trade, or a post in charge ("head of science", "deputy head")
    trade = lex.is_occupation(word) or lex.clipped_occupation(word) or \
        lex.noun_in_senses(word, ("leader.n.01", "head.n.04"), first=6)
    org = sx.org_obj(v, reader) or sx.org_obj(head, reader)
    # any person noun only with a workplace ("named Godfather" is no post)
    if not (trade or (appoint and org and lex.is_person_noun(word, senses=4))):
        return None
    if of is not None and any(lex.noun_is(t.lemma_.lower(), "group_noun") for t in words[of + 1:]):
        return None  # ("made me captain of the quiz team")
    role = " ".join(t.text for t in words)
    if org and not org[:1].isupper() and lex.noun_is(org.split()[-1].lower(), "group_noun"):
        return None  # ("treasurer at the allotment society": a post in a club)
    return Statement("job", speaker, speaker, f"{role} at {org}" if org else role, kind="event")
