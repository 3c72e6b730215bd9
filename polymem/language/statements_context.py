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


_WORK_PREPS = ("at", "for", "with", "in")


def workplaces(reader: Any, doc: Any) -> list[Found]:
    """Each place of work the message names after "at / for / with / in" outside questions: a firm by its name
    ("a double at Zorbati", "invoicing for Quellmark") or a common noun WordNet files under places of work
    ("off shift at the tannery"); never a town, a person or a date."""
    out: list[Found] = []
    for sent in doc.sents:
        if asking(sent):
            continue
        for t in sent:
            if t.dep_ != "pobj" or t.head.lower_ not in _WORK_PREPS or not any(c.isalpha() for c in t.text) or \
                    reader.person_in(t.text):
                continue
            # (lower-case chat tags an unknown name as a common noun: "a double at zorbati")
            # (a name after "in" is a place far more often than a firm: only the NER's firm counts there; messages
            # are parsed without the NER (models.MESSAGE_SKIP), so in a message only a place-of-work noun does)
            if t.ent_type_ in ("ORG", "FAC") or (t.head.lower_ != "in" and (
                    t.pos_ == "PROPN" or (t.pos_ == "NOUN" and not lex.known_word(t.lower_)))):
                if t.ent_type_ in ("GPE", "LOC", "DATE", "TIME", "PERSON", "NORP") or lex.is_place_name(t.lower_):
                    continue
                first = t
                while first.i > sent.start and doc[first.i - 1].head.i in (t.i, first.i) and \
                        doc[first.i - 1].pos_ in ("PROPN", "NOUN", "ADJ", "ADP") and doc[first.i - 1].dep_ in (
                        "compound", "amod", "nmod") and doc[first.i - 1].is_alpha:
                    first = doc[first.i - 1]
                if all(lex.known_word(x.lower_) and not x.text[:1].isupper() for x in doc[first.i:t.i + 1]):
                    continue
            elif t.pos_ == "NOUN" and lex.noun_is(t.lemma_.lower(), "workplace", senses=1):
                first = t
                while first.i > sent.start and doc[first.i - 1].dep_ == "compound" and \
                        doc[first.i - 1].head.i in (t.i, first.i):
                    first = doc[first.i - 1]
            else:
                continue
            span = doc[first.i:t.i + 1].text
            out.append((span, span, sent, first.idx))
    return out


def _speakers_own(reader: Any, doc: Any, f: Found, raw: str | None, attribute: str) -> bool:
    """What the parse leaves possible as the speaker's: a name, not negated (unless the place is the subject of
    the negation: "X never looked so grey" is about X, not the speaker's tie to it), wished, asked or somebody
    else's."""
    t = span_token(doc, f[0], f[3])
    if _not_a_name(t, f, raw, attribute):
        return False
    flags = grammar_flags(doc, f[0], f[3])
    subject = t is not None and t.dep_ in ("nsubj", "nsubjpass")
    return not (flags["negated"] and not subject) and not flags["hedged"] and not flags["someone else's"] and \
        not flags["question"] and not _someone_elses(reader, t)


def _not_a_name(t: Any, f: Found, raw: str | None, attribute: str) -> bool:
    """An everyday word taken for a name, or a name taken for a trade (`t`: the span's token): one written in
    lower case only ("nice house"), one that opens its sentence ("Nice!"), a trade word written as a name
    mid-sentence ("the Gardeners theme")."""
    everyday = lex.known_word(f[0].lower()) and not lex.place_only(f[0].lower())
    if everyday and raw is not None and f[0] not in raw and f[0].lower() in raw:
        return True
    if attribute == "city":  # (also an everyday word the tagger did not take for a noun: "X is lovely")
        return everyday and t is not None and (t.is_sent_start or t.pos_ not in ("PROPN", "NOUN"))
    if t is not None and t.pos_ == "ADJ" and lex._synsets(t.lower_, "a"):
        return True  # an adjective WordNet knows ("X is lovely"), not a trade the tagger mistook
    return raw is not None and t is not None and not t.is_sent_start and f[1][:1].islower() and f[0][:1].isupper() \
        and f[0] in raw


def _someone_elses(reader: Any, t: Any) -> bool:
    """The clause of the span's token `t` has another person for subject, named or by pronoun: "Ana's moved to
    X", "she works at Y"."""
    if t is None:
        return False
    v = t.head.head if t.dep_ == "pobj" else t.head
    subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass") and c.i != t.i), None)
    # (a name as the subject, known or not: "Piet's moved to X", or a person by a noun: "my cousin moved to X";
    # the place itself as subject is the span)
    return subj is not None and (subj.lower_ in ("he", "she", "they") or subj.ent_type_ == "PERSON"
                                 or subj.pos_ == "PROPN" or bool(reader.person_in(subj.text))
                                 or (subj.pos_ == "NOUN" and (lex.noun_is(subj.lemma_.lower(), "kin")
                                                              or lex.is_person_noun(subj.lemma_.lower()))))


def work_done(reader: Any, doc: Any) -> list[Found]:
    """Trades a line shows by the work done, outside questions: a verb whose doer WordNet names by a trade,
    done by the speaker ("taught three lessons in the sleet today" -> teacher); a person noun set before a word
    for a stint of work ("on courier shifts", "my cleaner job"); a trade clipped to its first syllables in a
    role's place ("6 yrs as a physio")."""
    out: list[Found] = []
    for sent in doc.sents:
        if asking(sent):
            continue
        for t in sent:
            low = t.lemma_.lower()
            if t.pos_ == "VERB" and t.tag_ in ("VBD", "VBZ", "VBP", "VBG") and not any(
                    c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in FIRST_PERSON for c in t.children) and \
                    lex.work_verb(low) and (trade := lex.agent_noun(low)):
                out.append((t.text, trade, sent, t.idx))
            elif t.pos_ == "NOUN" and t.dep_ == "compound" and t.head.pos_ == "NOUN" and \
                    lex.is_person_noun(low, senses=1) and not reader.person_in(t.text) and (
                    lex.noun_is_exactly(t.head.lemma_.lower(), "job", senses=2) or
                    lex.noun_in_senses(t.head.lemma_.lower(), ("shift.n.03",), first=3, exact=True)):
                out.append((t.text, low, sent, t.idx))
            elif t.pos_ in ("NOUN", "PROPN") and t.head.lower_ == "as" and t.dep_ == "pobj" and \
                    lex.clipped_occupation(t.lower_):
                out.append((t.text, t.lower_, sent, t.idx))
    return out


# Classifier vetoes (relations.py labels): a place it takes this surely for one visited, or anything it takes this
# surely for no one's home or job, is no candidate, however named.
VISIT_P = 0.6
OTHER_P = 0.95
_TASK_OF = {"city": "home", "job": "job"}


def passing(reader: Any, doc: Any, attribute: str, raw: str | None = None) -> list[Found]:
    """Every home (attribute "city") or job ("job": a trade or a place of work) the message names outside
    questions, unless the parse says it is not the speaker's (negated, wished, somebody else's) or the relation
    classifier is sure it is not (`VISIT_P`, `OTHER_P`). Weaker than `shown`: only the last resort of a question
    about what a person held before, when no line of theirs says or shows it plainly. `raw`: the message as
    written, before `reader.cased`: an everyday word it wrote in lower case only ("nice one") is no name."""
    from polymem.language.relations import LABELS, probabilities

    if attribute == "city":
        found = [f for f in places(reader, doc) if not lex.is_country(f[1])]
    elif attribute == "job":
        # (a firm's name before a trade read inside it)
        found = workplaces(reader, doc) + trades(reader, doc) + work_done(reader, doc)
    else:
        return []
    found = [f for f in found if _speakers_own(reader, doc, f, raw, attribute)]
    found = list({f[1].lower(): f for f in reversed(found)}.values())[::-1]  # (one per value, the first)
    if not found:
        return []
    task = _TASK_OF[attribute]
    p = probabilities(task, [(doc.text, span, at) for span, _, _, at in found], [doc] * len(found))  # type: ignore[arg-type]
    other = LABELS[task].index("other")
    visit = LABELS[task].index("visit") if "visit" in LABELS[task] else None
    return [f for f, row in zip(found, p, strict=True)
            if row[other] < OTHER_P and (visit is None or row[visit] < VISIT_P)]
