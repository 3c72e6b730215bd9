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


def asking(sent: Any) -> bool:
    """A question, with or without its mark: "did u grow up in X", "where'd you live before" (an auxiliary
    before its subject, at the start or after a question word)."""
    if sent.text.rstrip().endswith("?"):
        return True
    words = [t for t in sent if not t.is_punct]
    if words and words[0].tag_ in ("WRB", "WP", "WDT"):
        words = words[1:]
    if not words or words[0].pos_ != "AUX" or words[0].dep_ not in ("aux", "ROOT"):
        return False
    v = words[0].head if words[0].dep_ == "aux" else words[0]
    return any(c.dep_ in ("nsubj", "expl") and c.i > words[0].i for c in v.children)


# (span as written, value, sentence, character offset of the span in the parsed text)
Found = tuple[str, str, Any, int]


def places(reader: Any, doc: Any) -> list[Found]:
    """Each place name the message gives outside questions, with the proper nouns before it ("Hong Kong")."""
    out: list[Found] = []
    seen: set[str] = set()
    for sent in doc.sents:
        if asking(sent):
            continue
        for t in sent:
            if t.dep_ == "compound" and t.head.pos_ == "PROPN" and t.head.i == t.i + 1:
                continue  # ("Hong" of "Hong Kong": the name is read at its last word)
            if not (t.ent_type_ in _PLACE_ENTS or lex.is_place_name(t.lower_)) or not sx.is_place(t, reader):
                continue
            ent = next((e for e in doc.ents if e.start <= t.i < e.end and e.label_ in _PLACE_ENTS), None)
            first = doc[ent.start] if ent is not None else t
            while ent is None and first.i > sent.start and doc[first.i - 1].pos_ == "PROPN" and \
                    doc[first.i - 1].head.i == t.i and doc[first.i - 1].dep_ in ("compound", "amod", "nmod"):
                first = doc[first.i - 1]
            span = ent.text if ent is not None else doc[first.i:t.i + 1].text
            value = span.title() if span.islower() or (span.isupper() and len(span) > 3) else span
            value = sx.without_dates(value)
            if span.lower() in seen:
                continue
            seen.add(span.lower())
            out.append((span, value, sent, first.idx))
    return out


# what "of" after a person noun names when the phrase praises a quality ("judge of character", "master of patience")
_QUALITY = ("noun.attribute", "noun.feeling", "noun.motive")


def _a_quality(lemma: str) -> bool:
    """A quality in one of its first senses, and no activity in its first two ("operations", "research" are
    fields one heads)."""
    ss = lex._synsets(lemma, "n")
    return any(x.lexname() in _QUALITY for x in ss[:3]) and not any(x.lexname() == "noun.act" for x in ss[:2])


def occupations(reader: Any, doc: Any) -> list[Found]:
    """Each occupation noun the message gives outside questions ("night nurse", "glazier"), with the nouns
    compounded before it."""
    out: list[Found] = []
    for sent in doc.sents:
        if asking(sent):
            continue
        for t in sent:
            # (a person first: "my chair" is a seat before it is whoever chairs a meeting)
            if t.pos_ != "NOUN" or t.dep_ == "compound" or not lex.is_occupation(t.lemma_.lower()) or \
                    not lex.is_person_noun(t.lemma_.lower(), senses=1) or reader.person_in(t.text):
                continue
            if any(p.dep_ == "pobj" and _a_quality(p.lemma_.lower())
                   for c in t.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children):
                continue  # "an excellent judge of character": a person by a quality, no trade
            first = t
            while first.i > sent.start and doc[first.i - 1].dep_ == "compound" and doc[first.i - 1].head.i in (
                    t.i, first.i):
                first = doc[first.i - 1]
            span = doc[first.i:t.i + 1].text
            value = " ".join([*(x.lower_ for x in doc[first.i:t.i]), t.lemma_.lower()])
            out.append((span, value, sent, first.idx))
    return out


# Probability a "held before" reading needs to be added: the thresholds are calibrated on balanced lines, where
# chat names far more places and trades that were never anyone's home or job.
ADD_P = 0.6


def _told_as_over(doc: Any, span: str, at: int | None = None) -> bool:
    """What the parse rules out: a state said to hold ("now", "still"), a negated one ("didn't become a X"), a
    wished or supposed one ("if I lived in X", "would have stayed in X"), one of somebody else's ("my parents
    left X", "my boss was a X", "so you lived in X"), a place one comes from on a trip ("flew back from X": a
    verb with "from" is the rules' to read), a trade that is the subject of its clause ("the supervisor said
    ...": somebody else)."""
    flags = grammar_flags(doc, span, at)
    if flags["now"] or flags["negated"] or flags["hedged"]:
        return False
    t = span_token(doc, span, at)
    if t is None:
        return True
    if t.dep_ in ("nsubj", "nsubjpass"):
        return False  # "the plumber said ...": a trade as the subject of a clause is someone doing something
    v = t.head.head if t.dep_ == "pobj" else t.head  # the verb the span is an argument of, through a preposition
    if t.dep_ in ("dobj", "attr", "oprd", "pobj") and v.pos_ in ("VERB", "AUX"):
        subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is not None and subj.lower_ not in ("i", "we"):
            return False  # the subject's state, not the speaker's (also "you": said back to someone)
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
        rels = relations(task, [(doc.text, span, at) for span, _, _, at in found], [doc] * len(found))
        for (span, value, sent, at), rel in zip(found, rels, strict=True):
            if rel is None or not rel.label.endswith("_before") or rel.p < ADD_P or not _told_as_over(doc, span, at):
                continue
            out.append(Statement(attr, speaker, speaker, value, kind="event", tense="past", weak=True,  # type: ignore[arg-type]
                                 message_id=message_id, time=time, sentence=sent.text.strip()))
            break  # (one per attribute and message, as the rules keep it)
    return out
