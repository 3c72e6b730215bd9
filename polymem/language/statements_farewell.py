"""What a farewell leaves behind: "farewell, Oxford!", "so long night shifts, hello days", "goodbye
intern days". A word WordNet glosses as a farewell remark, then a place or a trade: the place is a home
held before, the trade a job held before; whose, the member the message was about before (else the speaker).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import FIRST_PERSON, Statement
from polymem.language.statements_people import owner_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

_FAREWELL = ("adieu.n.01", "farewell.n.01")


def bade(word: str) -> bool:
    """A farewell word ("goodbye", "bye", "farewell", "so_long")."""
    return word.replace("_", "").isalpha() and lex.noun_in_senses(word.lower(), _FAREWELL, first=2, exact=True)


def _farewell(t: Any) -> bool:
    """A farewell word, or the last word of a two-word one ("so long")."""
    return bade(t.text) or (t.i > 0 and bade(f"{t.doc[t.i - 1].lower_}_{t.lower_}"))


def farewells(reader: StatementReader, doc: Any, speaker: str, other: str | None, message_id: str | None,
              time: datetime | None) -> list[Statement]:
    out: list[Statement] = []
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?"):
            continue
        for t in sent:
            if not _farewell(t) or (t.i > sent.start and _farewell(doc[t.i - 1])):
                continue
            span = []
            for x in doc[t.i + 1:sent.end]:
                if x.is_punct or x.pos_ in ("ADP", "SCONJ", "CCONJ", "VERB", "AUX") or x.tag_ in ("PRP", "PRP$") \
                        or _farewell(x) or lex.noun_in_senses(x.lower_, ("hello.n.01",), first=1):
                    if span or not _farewell(x):
                        break
                    continue  # "bye, bye X"
                span.append(x)
            if not span or any(reader.person_in(x.text) for x in span):
                continue  # "bye Ana!": a member taken leave of
            owner = _about(reader, doc, sent, speaker, other)
            if len(span) > 1 and span[-1].text[:1].isupper() and lex.organisation_noun(span[-1].lemma_.lower()):
                # "goodbye Thornaby College": a name whose head is a kind of organisation is a workplace left
                out.append(Statement("job", owner, speaker, " ".join(x.text for x in span), tense="past",
                                     kind="report" if owner != speaker else "state", message_id=message_id,
                                     time=time, sentence=sent.text.strip()))
                continue
            place = next((x for x in span if x.pos_ in ("PROPN", "NOUN") and sx.is_place(x, reader)), None)
            if place is not None and not lex.is_country(place.text):
                v = " ".join(x.text for x in sx.name_parts(place) if not _farewell(x))
                out.append(Statement("city", owner, speaker, v.title() if v.islower() else v, tense="past",
                                     kind="report" if owner != speaker else "state", message_id=message_id,
                                     time=time, sentence=sent.text.strip()))
                continue
            trade = next((x for x in span if x.pos_ in ("NOUN", "ADJ", "PROPN") and lex.is_occupation(x.lemma_.lower())),
                         None)
            if trade is not None:
                out.append(Statement("job", owner, speaker, trade.lower_, tense="past",
                                     kind="report" if owner != speaker else "state", message_id=message_id,
                                     time=time, sentence=sent.text.strip()))
    return out


def _about(reader: StatementReader, doc: Any, sent: Any, speaker: str, other: str | None) -> str:
    """The member the latest subject before the farewell names ("she's got the flat in X! ... goodbye Y"), else the
    speaker."""
    for t in reversed(doc[:sent.start]):
        if t.dep_ in ("nsubj", "nsubjpass"):
            if t.lower_ in FIRST_PERSON:
                return speaker
            who = owner_of(reader, t, speaker, other, t.sent)
            if who is not None:
                return who
    return speaker
