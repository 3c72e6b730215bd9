"""Homes and jobs a message shows in passing, read by meaning: history for questions about what held before.

People rarely announce the job or town they have until they leave it; before that, it shows only in passing
("three call-outs before lunch, locksmith life", "rain over X again, the whole week"). The
relation classifier (`relations.py`) reads such a line as the speaker's present home or job where no rule does.
Measured on the group chats (docs/bench/language.md, twentieth pass), a reading like that is more often wrong
than right as where someone lives *now*: most places and trades a chat names are no one's. So these readings are
never statements (the writer records none, no answer of the present takes one): the answerer reads them only
for a question about what held *before* a change, among the person's own lines from before it, where the
change itself narrows what a passing mention can be.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from polymem.language import lexical as lex
from polymem.language.relations import grammar_flags, relations, span_token
from polymem.language.statement_types import FIRST_PERSON, Statement
from polymem.language.statements_meaning import Found, asking, places

_TASKS = {"city": "home", "job": "job"}


def trades(reader: Any, doc: Any) -> list[Found]:
    """Each word for a trade the message gives outside questions, however the tagger took it ("statistician life":
    an adjective; "wine merchant life": a compound), with the nouns compounded before it."""
    out: list[Found] = []
    for sent in doc.sents:
        if asking(sent):
            continue
        for t in sent:
            lemma = t.lemma_.lower() if t.pos_ == "NOUN" else t.lower_
            if t.pos_ not in ("NOUN", "ADJ", "PROPN") or not t.is_alpha or not lex.is_occupation(lemma) or \
                    not lex.is_person_noun(lemma, senses=1) or reader.person_in(t.text):
                continue
            if t.dep_ == "compound" and t.head.i == t.i + 1 and t.head.pos_ == "NOUN" and \
                    lex.is_occupation(t.head.lemma_.lower()):
                continue  # ("junior" of "junior doctor" is read at "doctor")
            first = t
            while first.i > sent.start and doc[first.i - 1].dep_ in ("compound", "amod") and \
                    doc[first.i - 1].is_alpha and doc[first.i - 1].head.i in (t.i, first.i):
                first = doc[first.i - 1]
            span = doc[first.i:t.i + 1].text
            out.append((span, " ".join([*(x.lower_ for x in doc[first.i:t.i]), lemma]), sent, first.idx))
    return out


def _speaker_holds(doc: Any, span: str, at: int, attribute: str) -> bool:
    """What the parse rules out of a present reading: a negated or wished state ("if I lived in X"), a state
    over ("no longer", "used to", "former"), one of somebody else's ("my sister's flat in X", "she works as a
    Y"), a place left on a trip ("back from X"), a trade that is the subject of its clause ("the nurse said")."""
    flags = grammar_flags(doc, span, at)
    if flags["negated"] or flags["hedged"] or flags["no longer"] or flags["used to"] or flags["earlier"] or \
            flags["someone else's"] or flags["question"]:
        return False
    t = span_token(doc, span, at)
    if t is None:
        return False
    if attribute == "job" and t.dep_ in ("nsubj", "nsubjpass"):
        return False
    v = t.head.head if t.dep_ == "pobj" else t.head
    if t.dep_ in ("dobj", "attr", "oprd", "pobj", "nsubj") and v.pos_ in ("VERB", "AUX"):
        subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass") and c.i != t.i), None)
        if subj is not None and subj.lower_ not in FIRST_PERSON and subj.pos_ == "PRON":
            return False
    return not (t.dep_ == "pobj" and t.head.lower_ == "from")


def shown(reader: Any, doc: Any, speaker: str, attribute: str, message_id: str | None = None,
          time: datetime | None = None) -> Statement | None:
    """The speaker's home (attribute "city") or job ("job") the message shows in passing, as a weak present
    statement, or None. Only for reading history (module docstring)."""
    if attribute not in _TASKS:
        return None
    found = places(reader, doc) if attribute == "city" else trades(reader, doc)
    if not found:
        return None  # (the classifier is trained on first use: not for a message that needs none)
    rels = relations(_TASKS[attribute], [(doc.text, span, at) for span, _, _, at in found], [doc] * len(found))  # type: ignore[arg-type]
    best: tuple[float, Found] | None = None
    for item, rel in zip(found, rels, strict=True):
        # (a label is given where its cross-validated precision reached `relations.PRECISION`)
        if rel is None or not rel.label.endswith("_now") or not _speaker_holds(doc, item[0], item[3], attribute):
            continue
        if best is None or rel.p > best[0]:
            best = (rel.p, item)
    if best is None:
        return None
    _, (_, value, sent, _) = best
    return Statement(attribute, speaker, speaker, value, kind="event", weak=True,  # type: ignore[arg-type]
                     message_id=message_id, time=time, sentence=sent.text.strip())
