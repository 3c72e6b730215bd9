"""A move told without its destination in the clause, the town named elsewhere in the message: "we're moving
again! X this time", "he's moving AGAIN? his partner got a job in X", "big news, I'm moving. off to X in May".

The verb is one of changing residence (WordNet, `lexical.moving_verb`) with no object but a dwelling, no
particle ("moving on") and no place after a preposition of its own (the clause rules read those). It is the
speaker's say, or news told inside a question ("has X told you he's moving?"), not a question about it ("are you
moving?"). The destination is the one town the rest of the message names (not one moved away from); with none
or several, nothing is read.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import Statement
from polymem.language.statements_meaning import places
from polymem.language.statements_people import subject_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader


def _bare_move(v: Any, sent: Any) -> bool:
    if v.pos_ != "VERB" or not lex.moving_verb(v.lemma_.lower()) or sx.negated(v, sent) or \
            v.dep_ in ("csubj", "nsubj", "amod", "acl", "relcl", "xcomp", "advcl"):
        return False  # ("moving there would be a dream": the move is the subject of a wish)
    for c in v.children:
        if c.dep_ == "prt" or (c.dep_ == "prep" and any(g.dep_ == "pobj" for g in c.children)) or c.dep_ == "advcl" \
                or (c.dep_ == "advmod" and c.lower_ in ("there", "here", "home")):  # (a place said by an adverb)
            return False
        if c.dep_ == "dobj" and not lex.noun_is(c.lemma_.lower(), "dwelling"):
            return False  # ("moving the party", "moving desks": no home)
        if c.dep_ == "aux" and c.lower_ in ("would", "might", "could", "should", "'d", "’d"):
            return False  # ("we might move"): a thought, not a move
    if sent.text.rstrip().endswith("?") and v.dep_ not in ("ccomp",):
        return False  # "are you moving?": asked, not told
    return True


def moved_to_named(reader: StatementReader, doc: Any, speaker: str, other: str | None, message_id: str | None,
                   time: datetime | None) -> list[Statement]:
    for sent in doc.sents:
        for v in sent:
            if not _bare_move(v, sent):
                continue
            owner = subject_of(reader, v, sent, speaker, other)
            if owner is None:
                return []
            towns = {value for span, value, s, at in places(reader, doc) if not _left(doc, at)}
            if len(towns) != 1:
                return []
            kind = "event" if owner == speaker else "report"
            return [Statement("city", owner, speaker, next(iter(towns)), kind=kind, message_id=message_id,  # type: ignore[arg-type]
                              time=time, sentence=sent.text.strip())]
    return []


def _left(doc: Any, at: int) -> bool:
    """The place at character offset `at` is one moved away from ("from X")."""
    tok = next((t for t in doc if t.idx == at), None)
    return tok is not None and tok.dep_ == "pobj" and tok.head.lower_ == "from"
