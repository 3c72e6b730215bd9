"""Homes and jobs held before, read by meaning (`relations.py`), beside the grammar rules.

Every place and occupation a message names, where the rules read nothing of the speaker's, is given to the
relation classifier with that span; where it is confident the speaker lived there or worked as that before,
the message yields a past statement like the rules' ones, weak (context, not a plain statement): it can start
a person's history, never replace a record.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.relations import grammar_flags, relations, span_token
from polymem.language.statement_types import Statement

_PLACE_ENTS = ("GPE", "LOC")


def _asking(sent: Any) -> bool:
    return sent.text.rstrip().endswith("?")


def places(reader: Any, doc: Any) -> list[tuple[str, str, Any]]:
    """(span as written, value, sentence) of each place name the message gives outside questions."""
    out: list[tuple[str, str, Any]] = []
    seen: set[str] = set()
    for sent in doc.sents:
        if _asking(sent):
            continue
        for t in sent:
            if not (t.ent_type_ in _PLACE_ENTS or lex.is_place_name(t.lower_)) or not sx.is_place(t, reader):
                continue
            ent = next((e for e in doc.ents if e.start <= t.i < e.end and e.label_ in _PLACE_ENTS), None)
            span = ent.text if ent is not None else t.text
            value = span.title() if span.islower() or (span.isupper() and len(span) > 3) else span
            value = sx.without_dates(value)
            if span.lower() in seen or span not in doc.text:
                continue
            seen.add(span.lower())
            out.append((span, value, sent))
    return out


def occupations(reader: Any, doc: Any) -> list[tuple[str, str, Any]]:
    """(span as written, value, sentence) of each occupation noun the message gives outside questions
    ("night nurse", "glazier"), with the nouns compounded before it."""
    out: list[tuple[str, str, Any]] = []
    for sent in doc.sents:
        if _asking(sent):
            continue
        for t in sent:
            # (a person first: "my chair" is a seat before it is whoever chairs a meeting)
            if t.pos_ != "NOUN" or t.dep_ == "compound" or not lex.is_occupation(t.lemma_.lower()) or \
                    not lex.is_person_noun(t.lemma_.lower(), senses=1) or reader.person_in(t.text):
                continue
            first = t
            while first.i > sent.start and doc[first.i - 1].dep_ == "compound" and doc[first.i - 1].head.i in (
                    t.i, first.i):
                first = doc[first.i - 1]
            span = doc[first.i:t.i + 1].text
            if span not in doc.text:
                continue
            value = " ".join([*(x.lower_ for x in doc[first.i:t.i]), t.lemma_.lower()])
            out.append((span, value, sent))
    return out


# Probability a "held before" reading needs to be added: the thresholds are calibrated on balanced lines, where
# chat names far more places and trades that were never anyone's home or job.
ADD_P = 0.6


def _told_as_over(doc: Any, span: str) -> bool:
    """What the parse rules out: a state said to hold ("now", "still"), a negated one ("didn't become a X"), a
    place one comes from on a trip ("flew back from X": a verb with "from" is the rules' to read), a trade
    that is the subject of its clause ("the supervisor said ...": somebody else)."""
    flags = grammar_flags(doc, span)
    if flags["now"] or flags["negated"]:
        return False
    t = span_token(doc, span)
    if t is None:
        return True
    if t.dep_ in ("nsubj", "nsubjpass"):
        return False  # "the plumber said ...": a trade as the subject of a clause is someone doing something
    if t.dep_ == "pobj" and t.head.lower_ == "from":
        h = t.head.head  # (through "back", "over", "home": "flew back from X")
        while h.pos_ in ("ADV", "ADP", "PART") and h.head.i != h.i:
            h = h.head
        return h.pos_ not in ("VERB", "AUX")
    return True


def meant(reader: Any, doc: Any, speaker: str, message_id: str | None, time: datetime | None,
          read: list[Statement]) -> list[Statement]:
    """The rules' statements of this message (`read`), with a home or job the speaker held before added, weak,
    where the rules read nothing of the speaker's for that attribute and the classifier is confident the
    message says the speaker lived there or worked as that before ("one big move from X to Y was plenty",
    "twenty years a welder, my lungs are glad I stopped").

    Only what was held before is added: measured on the group chats (docs/bench/language.md, twentieth pass),
    a home or job read as held now from context the rules passed over was more often wrong than right (most
    places a chat names are no one's home), and the classifier overruling the rules' own readings (dropping a
    home it took for a visit) undid frames the rules read on purpose ("join by video from X, as usual")."""
    out = list(read)
    for task, attr, spans in (("home", "city", places), ("job", "job", occupations)):
        if any(st.attribute == attr and st.owner == speaker for st in read):
            continue
        found = spans(reader, doc)
        if not found:
            continue  # (the classifier is trained on first use: not for a message that needs none)
        for (span, value, sent), rel in zip(found, relations(task, [(doc.text, f[0]) for f in found]), strict=True):
            if rel is None or not rel.label.endswith("_before") or rel.p < ADD_P or not _told_as_over(doc, span):
                continue
            out.append(Statement(attr, speaker, speaker, value, kind="event", tense="past", weak=True,  # type: ignore[arg-type]
                                 message_id=message_id, time=time, sentence=sent.text.strip()))
            break  # (one per attribute and message, as the rules keep it)
    return out
