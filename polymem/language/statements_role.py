"""A post taken or given up: "stepping up as Design Lead", "becoming Head of Support", "got made shift supervisor
at X", "congratulations to Ana, promoted from Senior Analyst to Team Manager", "I'm stepping down as Treasurer".

Read from the parse: a verb of becoming, a verb with "as <post>" (not one of seeing, saying or dressing), or a
passive verb of appointing or making, and the post it names — an occupation, or a title typed in capitals that
names a person in charge ("Head of People") or a person by a field ("Design Lead"). A verb of leaving makes the
post one held before, as does "from" before the post left for another. Wishes, conditions and negations read
nothing. The owner is the verb's subject, the person asked to take the post ("Bo asked me to step up as ..."),
or, for a participle of appointing with no subject, the member named just before it.
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
_LEAVE = ("leave.v.01", "leave.v.02", "quit.v.01", "resign.v.01", "retire.v.02", "vacate.v.02", "leave_office.v.01")


def taken_roles(reader: StatementReader, doc: Any, speaker: str, other: str | None, message_id: str | None,
                time: datetime | None) -> list[Statement]:
    """One post per owner (the first said), with the post held before where the sentence names it."""
    out: list[Statement] = []
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?"):
            continue
        for v in sent:
            if v.pos_ not in ("VERB", "AUX") or (found := _post(v, reader)) is None:
                continue
            post, before, left = found
            owner = _owner(reader, v, sent, speaker, other)
            if owner is None or any(st.owner == owner for st in out) or sx.negated(v, sent) or _unreal(v):
                continue
            kind = "report" if owner != speaker else "state"
            if before is not None:
                out.append(Statement("job", owner, speaker, _title(reader, before), kind=kind, tense="past",
                                     message_id=message_id, time=time, sentence=sent.text.strip()))
            out.append(Statement("job", owner, speaker, _title(reader, post, v), kind=kind,  # type: ignore[arg-type]
                                 tense="past" if left else "present", message_id=message_id,
                                 time=sx.when(sent, time) if time else None, sentence=sent.text.strip()))
    return out


def with_roles(out: list[Statement], roles: list[Statement]) -> list[Statement]:
    """The clause readers' statements with the posts taken merged in. A post is read whole, with its owner and
    the post held before: it replaces what the clause readers made of the same words ("promoted from A to B" is
    no job called "A to B"), unless they read that post for that owner already (with its workplace: "joined X
    as an analyst")."""
    for role in roles:
        said = [st for st in out if st.attribute == "job" and role.value.lower() in st.value.lower()]
        # (what the clause readers read of it in part: "Ormsby" of "Shift Lead at Ormsby")
        out = [st for st in out if not (st.attribute == "job" and st.owner == role.owner and st not in said
                                        and st.value.lower() in role.value.lower())]
        for st in said:
            if st.owner == role.owner and role.tense == "past":
                st.tense = "past"  # "stepping down as X": the clause readers read the post, not its leaving
        if not any(st.owner == role.owner for st in said):
            out = [st for st in out if st not in said] + [role]
    return out


def _post(v: Any, reader: StatementReader) -> tuple[Any, Any | None, bool] | None:
    """The post a verb says someone takes (or leaves), and the one "from" says they held."""
    lemma = v.lemma_.lower()
    if lemma == "become":
        post = next((c for c in v.children if c.dep_ in ("attr", "dobj", "oprd")), None)
        return (post, None, False) if post is not None and is_post(post) else None
    if v.tag_ == "VBN" and lex.verb_in_senses(lemma, _APPOINT, first=4):
        held = _pobj(v, "from")
        # ("promoted from A to B": the parser may hang "to B" under "from A")
        to = _pobj(v, "to") or (_pobj(held, "to") if held is not None else None)
        post = to if to is not None else next((c for c in v.children if c.dep_ in ("dobj", "oprd", "attr")), None)
        # (an appointment to a post in lower case needs a workplace: "made captain of the quiz team" is no job)
        # (or one in charge of a field or a department: "made head of maths", not of a team or a family)
        of = _pobj(post, "of") if post is not None else None
        field = of is not None and not lex.noun_is(of.lemma_.lower(), "group_noun") and \
            lex.noun_in_senses(post.lower_, ("leader.n.01",), first=6)
        if post is not None and is_post(post) and (post.text[:1].isupper() or sx.org_obj(post, reader) or
                                                   sx.org_obj(v, reader) or held is not None or field):
            return post, held if held is not None and is_post(held) else None, False
    as_ = _pobj(v, "as")
    if as_ is not None and is_post(as_) and not lex.verb_in_lexfile(lemma, _REGARDING):
        phrasal = sx.phrasal(v)
        # (exactly a sense of leaving: "start" is a kind of leaving a place, "started as X" takes a post)
        left = lex.verb_in_senses(phrasal, _LEAVE, first=3, exact=True) or \
            lex.verb_in_senses(lemma, _LEAVE, first=2, exact=True)
        return as_, None, left  # "stepping down as Treasurer", "quit as Team Lead": the post is left
    return None


def _pobj(v: Any, prep: str) -> Any | None:
    return next((p for c in v.children if c.dep_ == "prep" and c.lower_ == prep for p in c.children
                 if p.dep_ == "pobj"), None)


def _unreal(v: Any) -> bool:
    """A wish, a condition or a plan not yet made real: "if I became a teacher", "wanted to become a pilot"."""
    return sx.hedged(v) or any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in v.children) or any(
        c.tag_ == "MD" and c.lower_ in ("would", "could", "might", "'d") for c in v.children)


def is_post(t: Any) -> bool:
    """An occupation, or a capitalised title naming a person in charge ("Head of People", "Chief") or a person
    by a field ("Design Lead": a person noun under a modifier); not "a Guest" or "Godfather"."""
    if t.pos_ not in ("NOUN", "PROPN") or t.ent_type_ in ("PERSON", "GPE", "DATE", "TIME"):
        return False
    if lex.is_occupation(t.lemma_.lower()) or lex.is_occupation(t.lower_):
        return True
    if in_charge_of(t) is not None:
        return True
    if not t.text[:1].isupper() or not lex.is_person_noun(t.lower_, senses=12):
        return False
    in_charge = lex.noun_in_senses(t.lower_, ("leader.n.01",), first=6)
    by_field = any(c.dep_ == "compound" and c.text[:1].isupper() and not lex.is_person_noun(c.lower_, senses=3)
                   for c in t.children)
    return in_charge or by_field


def in_charge_of(t: Any) -> Any | None:
    """What `t` is in charge of, in any case, when that is not a person: "head of maths", "chair of the board"."""
    of = _pobj(t, "of")
    # (not a count of animals: "sixty head of cattle")
    # (a field or a line of work, as WordNet files it: "head of maths", "director of research", "head of sales";
    # not "head of the queue", "head of security for the wedding", "sixty head of cattle")
    ok = of is not None and lex.noun_in_senses(t.lower_, ("leader.n.01",), first=6) and \
        of.ent_type_ != "PERSON" and not any(c.dep_ == "nummod" or c.like_num for c in t.children) and \
        any(x.lexname() in ("noun.cognition", "noun.act") for x in lex._synsets(of.lemma_.lower(), "n")[:2]) and \
        not any(x.lexname() in ("noun.group", "noun.state", "noun.animal") for x in lex._synsets(of.lemma_.lower(), "n")[:1])
    return of if ok else None


def _title(reader: StatementReader, t: Any, v: Any | None = None) -> str:
    """The post as said, with what it heads ("Head of People") and where it is held."""
    # the head and the modifiers right before it (`sx.phrase` runs a capitalised name on: "A to B Manager")
    start = t.i
    while start > 0 and t.doc[start - 1].head == t and t.doc[start - 1].dep_ in ("compound", "amod"):
        start -= 1
    while start < t.i and sx.singles_out(t.doc[start]):
        start += 1  # "the only welder": the word singling the post out is no part of it
    words = t.doc[start:t.i + 1].text
    of = _pobj(t, "of")
    if of is not None and (of.text[:1].isupper() or t.is_lower):  # ("head of maths": what it heads, in any case)
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
    if v.tag_ == "VBN" and lex.verb_in_senses(v.lemma_.lower(), _APPOINT, first=4) and not any(
            c.dep_ in ("nsubj", "nsubjpass") and (c.pos_ in ("PRON", "PROPN") or lex.is_person_noun(c.lemma_.lower()))
            for c in v.children):  # ("Congrats to Sefa, promoted ...": the parser may make the greeting a subject)
        # "congratulations to Sefa, promoted to X": a participle with no subject tells of the member just named
        named = [p for t in sent if t.i < v.i and t.pos_ == "PROPN" and (p := reader.person_in(t.text))]
        if named:
            return named[-1]
    return subject_of(reader, v, sent, speaker, other)
