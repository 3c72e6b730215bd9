"""A post taken: "stepping up as Design Lead", "becoming Head of Support", "got made shift supervisor",
"congratulations to Ana, promoted from Senior Analyst to Team Manager".

Read from the parse: a verb of becoming, a verb with "as <post>" (not one of seeing, saying or dressing), or a
passive verb of appointing or making, and the post it names — an occupation, or a title typed in capitals
whose head noun has a sense naming a person ("Head", "Lead", "Director"). The post held before, where "from"
names it, is history. The owner is the verb's subject (`subject_of`: for a participle with no subject, the
member named just before it) or the person asked to take it ("Bo asked me to step up as ...").
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import Statement
from polymem.language.statements_people import owner_of, subject_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

_APPOINT = ("appoint.v.01", "appoint.v.02", "promote.v.02", "name.v.03", "make.v.03")
# verbs whose "as X" says how someone is seen, spoken of or dressed, not a post they hold
_REGARDING = ("verb.perception", "verb.cognition", "verb.communication", "verb.body", "verb.emotion")


def taken_roles(reader: StatementReader, doc: Any, speaker: str, other: str | None, message_id: str | None,
                time: datetime | None) -> list[Statement]:
    out: list[Statement] = []
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?"):
            continue
        for v in sent:
            if v.pos_ not in ("VERB", "AUX"):
                continue
            found = _post(v, reader)
            if found is None:
                continue
            post, before = found
            owner = _owner(reader, v, sent, speaker, other)
            if owner is None or sx.negated(v, sent):
                continue
            kind = "report" if owner != speaker else "state"
            if before is not None:
                out.append(Statement("job", owner, speaker, _title(reader, before), kind=kind, tense="past",
                                     message_id=message_id, time=time, sentence=sent.text.strip()))
            out.append(Statement("job", owner, speaker, _title(reader, post, v), kind=kind,  # type: ignore[arg-type]
                                 message_id=message_id, time=sx.when(sent, time) if time else None,
                                 sentence=sent.text.strip()))
            return out
    return out


def _post(v: Any, reader: StatementReader) -> tuple[Any, Any | None] | None:
    """The post a verb says someone takes, and the one "from" says they held."""
    lemma = v.lemma_.lower()
    if lemma == "become":
        post = next((c for c in v.children if c.dep_ in ("attr", "dobj", "oprd")), None)
        return (post, None) if post is not None and is_post(post) else None
    appointed = v.tag_ == "VBN" and lex.verb_in_senses(lemma, _APPOINT, first=4)
    if appointed:
        to = _pobj(v, "to")
        post = to if to is not None else next((c for c in v.children if c.dep_ in ("dobj", "oprd", "attr")), None)
        # (an appointment to a post in lower case needs a workplace: "made captain of the quiz team" is no job)
        if post is not None and is_post(post) and (post.text[:1].isupper() or sx.org_obj(post, reader) or
                                                   sx.org_obj(v, reader) or _pobj(v, "from") is not None):
            held = _pobj(v, "from")
            return post, held if held is not None and is_post(held) else None
    as_ = _pobj(v, "as")
    if as_ is not None and is_post(as_) and not lex.verb_in_lexfile(lemma, _REGARDING):
        return as_, None
    return None


def _pobj(v: Any, prep: str) -> Any | None:
    return next((p for c in v.children if c.dep_ == "prep" and c.lower_ == prep for p in c.children
                 if p.dep_ == "pobj"), None)


def is_post(t: Any) -> bool:
    """An occupation, or a capitalised title whose head has a sense naming a person ("Design Lead")."""
    if t.pos_ not in ("NOUN", "PROPN") or t.ent_type_ in ("PERSON", "GPE", "DATE", "TIME"):
        return False
    if lex.is_occupation(t.lemma_.lower()) or lex.is_occupation(t.lower_):
        return True
    return t.text[:1].isupper() and lex.is_person_noun(t.lower_, senses=12) and not lex.noun_is(t.lower_, "kin")


def _title(reader: StatementReader, t: Any, v: Any | None = None) -> str:
    """The post as said, with what it heads ("Head of People") and where it is held."""
    # the head and the modifiers right before it (`sx.phrase` runs a capitalised name on: "A to B Manager")
    start = t.i
    while start > 0 and t.doc[start - 1].head == t and t.doc[start - 1].dep_ in ("compound", "amod"):
        start -= 1
    words = t.doc[start:t.i + 1].text
    of = _pobj(t, "of")
    if of is not None and of.text[:1].isupper():
        words = f"{words} of {sx.phrase(of, drop_det=True)}"
    # where it is held: said with the post, or with a verb of working or starting ("joins Acme as ...")
    org = sx.org_obj(t, reader) or (sx.org_obj(v, reader) if v is not None and (
        lex.work_verb(v.lemma_.lower()) or lex.verb_is(v.lemma_.lower(), "begin")) else None)
    return f"{words} at {org}" if org and org not in words else words


def _owner(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> str | None:
    if v.dep_ == "xcomp":  # "Bo asked me to step up as ...": the one asked takes the post
        asked = next((c for c in v.head.children if c.dep_ == "dobj"), None)
        if asked is not None:
            return owner_of(reader, asked, speaker, other, sent)
    return subject_of(reader, v, sent, speaker, other)
