"""A move told without its destination in the clause, the town named elsewhere in the message: "we're
relocating, X this time", "did she say she's moving? her wife took a post in X", "right, I'm moving. off to X in
the autumn".

The verb is one of changing residence (WordNet, `lexical.moving_verb`) with no object but a dwelling, no
particle ("moving on") and no place after a preposition of its own (the clause rules read those). It is the
speaker's say, or news told inside a question ("did she say she's moving?"), not a question about it ("are you
moving?"). The destination is the one town the rest of the message names (not one moved away from); with none
or several, nothing is read.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import Statement
from polymem.language.statements_meaning import places
from polymem.language.statements_people import subject_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader


# an arrow typed between two names: "from the one to the other"
_NAME = r"[A-Z][\w'’-]*(?:[^\S\n][A-Z][\w'’-]*){0,3}"
_ARROWED = re.compile(rf"({_NAME})\s*(?:→|⟶|⇒|➡️?|-+>|=>)\s*({_NAME})")


def _bare_move(v: Any, sent: Any) -> bool:
    if v.pos_ != "VERB" or not lex.moving_verb(v.lemma_.lower()) or sx.negated(v, sent) or \
            v.dep_ in ("csubj", "nsubj", "amod", "acl", "relcl", "xcomp", "advcl"):
        return False  # ("moving there would be a dream": the move is the subject of a wish)
    for c in v.children:
        if c.dep_ == "prt" or c.dep_ == "advcl" or (c.dep_ == "advmod" and c.lower_ in ("there", "here", "home")):
            return False  # ("moving on", "moving there": a place said by an adverb)
        if c.dep_ == "prep" and c.lower_ == "out":
            return False  # ("moved out of my aunt's place in X": the place named is the one left)
        # a destination of its own ("to X", "into a flat", "near X"); a time or a purpose is none ("in August")
        if c.dep_ == "prep" and (c.lower_ in ("to", "into", "towards", "near") or any(
                g.dep_ == "pobj" and (g.pos_ == "PROPN" or lex.noun_is(g.lemma_.lower(), "dwelling"))
                for g in c.children)):
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
            found = places(reader, doc)
            arrow = _arrowed(doc.text, found)
            # (an arrow between the towns leaves the parser no subject, or a town for one: the speaker's own move;
            # "my sister moved, X → Y" is not)
            subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
            owner = subject_of(reader, v, sent, speaker, other) or \
                (speaker if arrow and (subj is None or arrow[1] <= subj.idx < arrow[2]) else None)
            if owner is None:
                return []
            towns = {value for span, value, s, at in found if _destination(doc, at, v)}
            if arrow:  # "X → Y, moved last weekend": the town the arrow points to
                towns = {arrow[0]}
            if len(towns) != 1:
                return []
            kind = "event" if owner == speaker else "report"
            return [Statement("city", owner, speaker, next(iter(towns)), kind=kind, message_id=message_id,  # type: ignore[arg-type]
                              time=time, sentence=sent.text.strip())]
    return []


def _arrowed(text: str, found: list[Any]) -> tuple[str, int, int] | None:
    """The one name an arrow points to from a town ("Leeds → York"; not "Mon -> Tue", "Jira -> Linear"): where a
    move went, with where the arrow's names start and end in the text. The town pointed to is the one a place
    reading finds there (`found`: `places` of the message), or the name as written where none does (a town no
    gazetteer lists)."""
    towns = {span.lower() for span, *_ in found}
    arrows = {(m.group(2), m.start(), m.end()) for m in _ARROWED.finditer(text) if m.group(1).lower() in towns}
    if len(arrows) != 1:
        return None
    name, start, end = next(iter(arrows))
    known = [value for _, value, _, at in found if at == end - len(name)]
    return (known[0] if known else name), start, end


# "pass time in a specific way", "inhabit", "stay put": a town one is somewhere in now
_BE_SOMEWHERE = ("live.v.01", "populate.v.01", "inhabit.v.01", "stay.v.01", "stay.v.02", "remain.v.01")


def _destination(doc: Any, at: int, move: Any) -> bool:
    """The place at character offset `at` can be where the move goes: said in a verbless fragment ("Galway this
    time") or under the move, a verb of moving, or one of getting work there ("got a job in X"); not one left ("from
    X", "goodbye X", "leaving X"), named beside another ("X or Y"), in a negated clause or where someone else lives
    or stays ("mum's in Leeds", "Bo is staying in York")."""
    tok = next((t for t in doc if t.idx == at), None)
    if tok is None:
        return False
    if any(c.dep_ in ("conj", "cc") for c in tok.children) or tok.dep_ == "conj":
        return False
    if tok.head.lower_ in ("from",) or lex.noun_in_senses(tok.head.lower_, ("farewell.n.02", "adieu.n.01"), first=3) \
            or any(w.lower_ in ("goodbye", "bye", "farewell") for w in doc[max(tok.i - 2, 0):tok.i + 1]):
        return False
    v = sx.nearest_verb(tok.head)
    if v.pos_ not in ("VERB", "AUX"):
        return True  # a fragment
    if v.i == move.i:
        return True
    lemma = v.lemma_.lower()
    if any(c.dep_ == "neg" for c in v.children) or lex.verb_in_senses(lemma, ("leave.v.01", "leave.v.05"), first=3):
        return False
    if lex.moving_verb(lemma):
        return True
    if lemma == "be" or lex.verb_in_senses(lemma, _BE_SOMEWHERE, first=3):
        return False  # (someone else somewhere: "mum's in Leeds", "Bo is staying in York")
    # work got there ("his partner got a job in X")
    return any(c.dep_ == "dobj" and lex.noun_is(c.lemma_.lower(), "job") for c in v.children)
