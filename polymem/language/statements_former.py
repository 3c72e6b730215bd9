"""A job held before, told looking back: a long stretch spent in a role ("nine years as a tram driver, and I
don't miss the early starts", "spent a decade as a baker at X", "after six yrs as a joiner"), a role marked as
earlier ("a retired librarian", "my former post as a surveyor", "an ex-firefighter") or a job marked so ("my old
job at the mill", "her previous job was at X").

Read from the parse and WordNet: a noun of a long stretch of time (a year, a month, a decade, "ages"), counted
out, with "as <role>"; on an occupation, an adjective whose WordNet senses say it is no longer held (former,
erstwhile, retired) or the prefix "ex-"; on a noun of a job, also one of an earlier time (previous, prior, last,
late). A stretch said to last till now ("ten years as a nurse now", "I've spent ten years as a nurse"), counted in
order ("my final year as ..."), somebody else's, or asked, imagined, wished or denied reads nothing. Each is a past
statement: it can start a history (the job held before the one said now), never replace what is recorded.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import Statement
from polymem.language.statements_people import owner_of, subject_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

# a long stretch of a life: not hours or weeks, which a shift or a holiday takes
_LONG = ("year.n.01", "year.n.02", "year.n.03", "calendar_month.n.01", "month.n.02", "decade.n.01",
         "long_time.n.01")
# "of an earlier time": WordNet's adjective senses of former, erstwhile, previous, prior, last, late, retired
_EARLIER = ("erstwhile.s.01", "former.s.03", "previous.s.01", "anterior.s.02", "last.s.01", "late.s.03",
            "retired.s.01")
# of a person, only what says they no longer hold the role ("the last nurse on the ward", "the late shift nurse",
# "the previous owner" are no former posts)
FORMER = ("erstwhile.s.01", "former.s.03", "retired.s.01")  # a role no longer held
_NOW = ("now", "still", "currently", "today")
# a stretch still running or only counted in order ("my final year as ...", "my first year as ...")
_IN_ORDER = ("first.a.01", "last.a.02", "final.s.02", "concluding.s.01", "last.s.01", "final.a.01")
# a person by what they like or use: "ten years as a Leeds fan", "an ex-smoker" hold no post
_NO_POST = ("enthusiast.n.01", "supporter.n.01", "follower.n.01", "user.n.01")


def former_roles(reader: StatementReader, doc: Any, speaker: str, other: str | None, message_id: str | None,
                 time: datetime | None) -> list[Statement]:
    out: list[Statement] = []
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?"):
            continue
        for t in sent:
            found = _stint(reader, t, sent, speaker, other) or _marked_role(reader, t, sent, speaker, other) or \
                _marked_job(reader, t, sent, speaker, other)
            if found is None or any(st.owner == found[0] for st in out):
                continue
            owner, value = found
            out.append(Statement("job", owner, speaker, value, kind="event" if owner == speaker else "report",
                                 tense="past", time=time, message_id=message_id, sentence=sent.text.strip()))
    return out


def with_former(out: list[Statement], former: list[Statement]) -> list[Statement]:
    """The clause readers' statements with the jobs held before merged in: a job they read of the same words
    for the same owner becomes past ("spent a decade as a baker" is no job held now), the fuller value kept."""
    for f in former:
        # (the same words: the clause reader's value is the former one, or a part of it, once the words that date
        # it are left out; "a head chef" now is another job than the chef before it)
        same = [st for st in out if st.attribute == "job" and st.owner == f.owner and st.sentence == f.sentence
                and _undated(st.value) in _undated(f.value)]
        for st in same:  # (the former reader's value: the role without the words that date it)
            st.tense, st.kind = "past", "event" if st.owner == st.source else "report"
            if len(f.value) >= len(st.value) or " at " in f.value or " at " not in st.value:
                st.value = f.value
        if not same:
            out.append(f)
    return out


def _undated(value: str) -> str:
    words = [w for w in re.split(r"[\s\-–]+", value.lower()) if w and w != "ex" and not _adj_sense(w, FORMER)]
    return " ".join(words)


def long_stretch(t: Any) -> bool:
    """A noun of a long stretch of time: "years", "a decade", "yrs", "ages"."""
    return t.pos_ in ("NOUN", "PROPN") and any(
        lex.noun_in_senses(w, _LONG, first=4, exact=True) for w in {t.lemma_.lower(), t.lower_})


def earlier(t: Any, senses: tuple[str, ...] = _EARLIER) -> bool:
    """An adjective of an earlier time ("former", "previous", "retired"), or the prefix "ex-"."""
    if t.lower_ == "ex" and t.i + 1 < len(t.doc) and t.doc[t.i + 1].text in ("-", "–"):
        return True
    return t.pos_ in ("ADJ", "VERB", "NOUN") and _adj_sense(t.lower_, senses)


def _adj_sense(word: str, senses: tuple[str, ...]) -> bool:
    """One of the word's adjective senses is one of these."""
    return any(s.name() in senses for s in lex._synsets(word, "a"))


def _role(t: Any) -> bool:
    lemma = t.lemma_.lower()
    return t.pos_ in ("NOUN", "PROPN") and (lex.is_occupation(lemma) or lex.clipped_occupation(t.lower_) or
                                            lex.noun_is(lemma, "occupation_person", senses=8))


def _stint_role(t: Any) -> bool:
    """What a long stretch is spent "as": a trade, any person noun but a relation, a devotee or a consumer ("a
    courier", "a firefighter"), or a word WordNet lacks with an article ("a barista")."""
    lemma = t.lemma_.lower()
    return _role(t) or (t.pos_ == "NOUN" and not lex.noun_is(lemma, "kin") and
                        not lex.noun_in_senses(lemma, _NO_POST, first=3) and (
        lex.is_person_noun(lemma, senses=3) or (not lex.known_noun(lemma) and t.is_alpha and any(
            c.lower_ in ("a", "an") for c in t.children))))


def _as_role(*heads: Any) -> Any | None:
    """The role after "as" on one of the heads, or deeper in a head's phrase with no verb between ("eleven years
    behind the bar as a cellar hand")."""
    def phrase_of(h: Any) -> list[Any]:
        return [t for t in h.subtree if not any(a.pos_ in ("VERB", "AUX") for a in t.ancestors
                                                 if a.i != h.i and h in a.ancestors)]
    return next((p for h in heads for c in phrase_of(h) if c.dep_ == "prep" and c.lower_ == "as"
                 for p in c.children if p.dep_ == "pobj" and _stint_role(p)), None)


def _value(reader: StatementReader, role: Any, *more: Any) -> str:
    org = next((o for h in (role, *more) if (o := sx.org_obj(h, reader))), None)
    # the role without the words that date it ("retired teacher", "ex-firefighter": a teacher, a firefighter)
    start = min([t.left_edge.i for t in role.lefts if t.dep_ in ("compound", "amod", "nmod")] + [role.i])
    words = [t for t in role.doc[start:role.i + 1] if not earlier(t) and t.text not in ("-", "–") and
             t.dep_ != "det"]
    r = " ".join(t.text for t in words) or role.text
    return f"{r} at {org}" if org else r


def _verb(t: Any) -> Any | None:
    """The verb a noun hangs on, through a preposition ("after six years as ...": the verb "after" modifies)."""
    h = t.head.head if t.head.dep_ == "prep" else t.head
    return h if h.i != t.i and h.pos_ in ("VERB", "AUX") else None


def _unreal(v: Any | None, sent: Any) -> bool:
    return v is not None and (sx.hedged(v) or sx.negated(v, sent))


def begins(sent: Any) -> bool:
    """The sentence speaks of a start still to come or just made ("starting in July", "start monday"): a verb of
    beginning that is no past tense (WordNet), in a sentence with no verb in the past ("spent two years as X,
    starting in 2019": over)."""
    # ("after six years as a welder, starting fresh as a baker": the stretch is over, the start another's)
    return not any(t.tag_ == "VBD" or t.lower_ == "after" for t in sent) and any(
        t.pos_ == "VERB" and t.tag_ not in ("VBD", "VBN") and
        lex.verb_in_senses(t.lemma_.lower(), _BEGIN, first=2, exact=True) for t in sent)


_BEGIN = ("begin.v.01", "start.v.01", "get_down.v.07", "begin.v.03", "start.v.06")


def _stint(reader: StatementReader, n: Any, sent: Any, speaker: str, other: str | None) -> tuple[str, str] | None:
    """"twelve years as a welder", "spent a decade as a baker", "after six yrs as a joiner at X"; not a stretch
    still to come ("two years as a X, starting in May": a post taken)."""
    if begins(sent):
        return None
    if not long_stretch(n) or any((c.like_num and c.tag_ == "JJ") or (c.dep_ == "amod" and _adj_sense(c.lower_, _IN_ORDER))
                                  for c in n.children):
        return None  # ("my tenth year as ...", "my final year as ...": a stretch counted in order, still running)
    # (a stretch counted out, "ten years", "a decade", "years": not a point in time, "next month")
    if not (n.tag_ == "NNS" or any(c.dep_ == "nummod" or c.like_num or c.lower_ in ("a", "an") for c in n.children)):
        return None
    v = _verb(n)
    # spent it, worked it, after it: the verb's subject's stretch (a stretch opening the sentence before its verb,
    # "nine years as a welder, and I don't miss it", is a fragment of the speaker's)
    argument = n.head.dep_ == "prep" or (v is not None and n.i > v.i)
    if argument and v is not None and lex.verb_in_lexfile(v.lemma_.lower(), ("verb.cognition", "verb.perception",
                                                                              "verb.communication")):
        return None  # "imagine ten years as a dentist", "she told me about her years as ..."
    role = _as_role(n, v) if argument and v is not None else _as_role(n)
    if role is None and n.i + 1 < sent.end and n.doc[n.i + 1].lower_ == "as":
        # the parser took "as" for a conjunction ("nine years as a tram driver will do that"): the noun it heads
        role = next((t for t in n.doc[n.i + 2:min(n.i + 6, sent.end)] if t.pos_ == "NOUN" and t.dep_ != "compound"),
                    None)
        role = role if role is not None and _stint_role(role) else None
    if role is None or (argument and _unreal(v, sent)):
        return None
    # "nine years as a nurse now", "I've spent nine years as a nurse": a stretch that lasts till now (one the
    # clause comes "after" is over, whatever holds now: "after nine years as a nurse I'm now a manager")
    over = n.head.dep_ == "prep" and n.head.lower_ == "after"
    if any(c.lower_ in _NOW for h in (n, v if argument and not over else None) if h is not None for c in h.children):
        return None
    if argument and not over and v is not None and any(c.dep_ == "aux" and c.lemma_ == "have" and c.tag_ in ("VBP", "VBZ")
                                          for c in v.children):
        return None
    poss = sx.possessor(n)
    if poss is not None:
        owner = owner_of(reader, poss, speaker, other, sent)
    elif argument and v is not None:
        owner = subject_of(reader, v, sent, speaker, other)
    else:  # a verbless stretch opening the sentence is the speaker's ("forty years as a cook, you learn ...")
        owner = speaker
    return (owner, _value(reader, role, n)) if owner else None


def _marked_role(reader: StatementReader, t: Any, sent: Any, speaker: str, other: str | None) -> tuple[str, str] | None:
    """"a retired librarian", "an ex-paramedic", "working as a former surveyor": a role no longer held, said of
    someone (the copula's subject, the verb's subject with "as", or the member it stands beside)."""
    # "ex-" before the role, however the parser split it ("an ex-paramedic, believe it or not")
    ex = t.i >= 2 and t.doc[t.i - 1].text in ("-", "–") and t.doc[t.i - 2].lower_ == "ex" and t.is_alpha and \
        (lex.is_occupation(t.lower_) or lex.is_occupation(t.lemma_.lower()))
    if ex:
        be = next((x for x in reversed(t.doc[sent.start:t.i]) if x.lemma_ == "be"), None)
        owner = subject_of(reader, be, sent, speaker, other) if be is not None and not _unreal(be, sent) else None
        return (owner, t.text) if owner else None
    if not _role(t) or not any(earlier(c, FORMER) for c in t.lefts if c.dep_ in ("amod", "compound", "nmod", "attr", "dep")) \
            or any(c.lower_ == "no" for c in t.children):
        return None  # ("I'm no former nurse")
    v = _verb(t)
    if t.dep_ == "attr" and v is not None and v.lemma_ == "be" and not _unreal(v, sent):
        owner = subject_of(reader, v, sent, speaker, other)
    elif t.dep_ == "pobj" and t.head.lower_ == "as" and v is not None and not _unreal(v, sent):
        owner = subject_of(reader, v, sent, speaker, other)
    elif t.dep_ == "appos":
        owner = owner_of(reader, t.head, speaker, other, sent)
    else:
        return None
    return (owner, _value(reader, t, *([v] if v is not None else []))) if owner else None


def _marked_job(reader: StatementReader, n: Any, sent: Any, speaker: str, other: str | None) -> tuple[str, str] | None:
    """"my old job at the mill", "her previous job was at X", "my former role as a surveyor", "my last job
    was pharmacist": a job of an earlier time, with its workplace or its role."""
    if n.pos_ != "NOUN" or not lex.noun_is(n.lemma_.lower(), "job") or \
            not any(earlier(c) for c in n.children if c.dep_ == "amod"):
        return None
    poss = sx.possessor(n)
    owner = owner_of(reader, poss, speaker, other, sent) if poss is not None else None
    v = _verb(n)
    if owner is None or _unreal(v, sent):
        return None
    role = _as_role(n) or next((c for c in n.children if c.dep_ == "compound" and _role(c)), None)
    if role is None and n.dep_ == "nsubj" and v is not None and v.lemma_ == "be":
        role = next((c for c in v.children if c.dep_ == "attr" and _role(c)), None)
    if role is not None:
        return owner, _value(reader, role, n)
    org = sx.org_obj(n, reader) or (sx.org_obj(v, reader) if n.dep_ == "nsubj" and v is not None and
                                    v.lemma_ == "be" else None)
    return (owner, org) if org else None
