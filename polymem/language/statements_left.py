"""A workplace left: the job someone held before ("quit the bakery", "said goodbye to Kestrel Labs", "handed in
my notice at the café", "friday was my last day at the depot"). A chat says what someone leaves far more often
than what they did until then; the place left is their earlier employer (a past statement: it can start a
history, never replace what is recorded).

Read from the parse and WordNet: verbs of leaving a position (WordNet's "give up or retire from a position",
"leave (a job) voluntarily"), leave-taking said to an organisation, a thing handed back at a workplace, and a
last stretch of time at one. A workplace is a named organisation, or a noun WordNet files as an artifact or a
group (a library, a café, a firm), never a location or a natural object ("my last day at the beach").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import Statement
from polymem.language.statements_farewell import bade
from polymem.language.statements_former import long_stretch
from polymem.language.statements_people import owner_of, somebody_else, subject_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

_LEAVE_POST = ("leave_office.v.01", "vacate.v.01", "retire.v.01")


_NOT_A_NAME = ("noun.location", "noun.time", "noun.event", "noun.act", "noun.state", "noun.process",
               "noun.phenomenon", "noun.feeling", "noun.food")  # ("at lunch": a meal is a time)


def bare_name(p: Any) -> bool:
    """A singular common noun with no determiner after "at" is a name written in lower case ("my notice at
    thistle", "a shift at juniper"): English gives a count noun a determiner ("at the beach"). The nouns that
    go bare after "at" are of places, times and doings ("at home", "at noon", "at work"): not names."""
    # (or the object of leaving a post: "quit stripe")
    left = p.dep_ == "dobj" and lex.verb_in_senses(p.head.lemma_.lower(), _LEAVE_POST, first=3, exact=True)
    if p.tag_ not in ("NN", "JJ") or not p.is_lower or (p.head.lower_ != "at" and not left) or any(
            c.dep_ in ("det", "poss", "amod", "nummod", "compound") for c in p.children):
        return False
    lemma = p.lemma_.lower()
    return bool(lex._synsets(lemma, "n")) and not lex.noun_in_lexfile(lemma, _NOT_A_NAME) and \
        not lex.noun_is(lemma, "job") and not lex.noun_in_senses(lemma, _TERRAIN, first=1)  # "at sea"


_TERRAIN = ("body_of_water.n.01", "geological_formation.n.01", "land.n.04", "land.n.02")


def _natural(p: Any) -> bool:
    """A noun of land, water or an occasion in its first sense ("beach", "harbour", "festival"): no employer."""
    return lex.noun_in_lexfile(p.lemma_.lower(), ("noun.location", "noun.object", "noun.event", "noun.time"))


def workplace(p: Any, reader: StatementReader) -> str | None:
    """The noun phrase `p` heads when it names a place of work, else None."""
    if reader.person_in(p.text) or p.ent_type_ in ("DATE", "TIME", "GPE", "LOC") or not (
            p.pos_ in ("NOUN", "PROPN") or (p.pos_ == "ADJ" and p.dep_ == "pobj" and lex.known_noun(p.lower_))):
        return None  # (an adjective as object of a preposition is a noun the tagger misread: "at thistle")
    # a name of several words: "Dudbridge Primary", "Kelso general" (lower-case chat leaves the head in lower case)
    if p.ent_type_ == "ORG" or ((p.text[:1].isupper() or p.is_lower and not _natural(p)) and any(
            (c.dep_ == "compound" and c.text[:1].isupper()) or (c.dep_ == "cc" and c.text == "&") or  # "Marsh & Pike"
            (c.dep_ == "prep" and c.lower_ == "of" and any(x.text[:1].isupper() for x in c.children))
            for c in p.children)):
        return sx.phrase(p)
    senses = lex.wordnet().synsets(p.lemma_.lower(), "n")[:2] if p.is_alpha else []
    if senses and all(s.lexname() not in lex.WORK_LEXNAMES for s in senses):
        return p.text if bare_name(p) else None  # "the beach", "home", "the park", "Christmas"
    if p.text[:1].isupper() and p.i > p.sent.start:
        return sx.phrase(p)
    if lex.noun_is(p.lemma_.lower(), "job") or lex.noun_is(p.lemma_.lower(), "dwelling"):
        return None  # "quit my job" names no employer; "left the flat" is no workplace
    return sx.phrase(p)


def left_job(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """The workplace a verb says its subject left, as a past job."""
    lemma = v.lemma_.lower()
    org = None
    if lex.verb_in_senses(lemma, _LEAVE_POST, first=3, exact=True):
        # "quit stripe", "resigned from the council" (not "quit smoking": a gerund is an activity)
        org = next((w for c in v.children if c.dep_ == "dobj" and c.tag_ != "VBG"
                    and (w := workplace(c, reader))), None) or pobj_workplace(v, ("from",), reader)
    elif lemma == "say" and any(c.dep_ == "dobj" and bade(c.text) for c in v.children):
        org = pobj_workplace(v, ("to",), reader)  # "said goodbye to KPMG"
    elif lemma == "hand" and any(c.dep_ in ("prt", "prep") and c.lower_ == "in" for c in v.children):
        org = pobj_workplace(v, ("at", "to"), reader)  # "handed in my badge at the café"
    if org is None:
        org = job_left(reader, v)
    if org is None and _gives_up(v):
        # "quit teaching", "gave up bartending": a trade left, said by its doing
        # (not a doing with its own object or aim: "quit painting the fence", "gave up waiting for him")
        org = next((trade for c in v.children if c.dep_ in ("dobj", "xcomp") and c.lower_.endswith("ing")
                    and not any(x.dep_ in ("dobj", "xcomp", "ccomp", "prep", "prt") for x in c.children)
                    and (trade := lex.trade_of_gerund(c.lower_))), None)
    if org is None or sx.negated(v, sent) or sx.hedged(v):
        return []
    owner = subject_of(reader, v, sent, speaker, other)
    return [Statement("job", owner, speaker, org, kind="event", tense="past")] if owner else []


_GIVE_UP = ("discontinue.v.01", "leave.v.01", "leave.v.02", "abandon.v.02")


def _gives_up(v: Any) -> bool:
    """A verb of leaving a post or giving something up ("quit", "resigned", "gave up")."""
    verb = sx.phrasal(v)
    return lex.verb_in_senses(verb, _LEAVE_POST, first=3, exact=True) or \
        lex.verb_in_senses(verb, _GIVE_UP, first=3, exact=True)


def job_left(reader: StatementReader, v: Any) -> str | None:
    """"gave up my job at the mill", "left the courier job", "quit my bar job": a job noun left, named by its
    workplace or by the trade before it."""
    if not _gives_up(v):
        return None
    job = next((c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN" and
                lex.noun_is_exactly(c.lemma_.lower(), "job")), None)
    if job is None:
        return None
    org = pobj_workplace(job, ("at", "with", "for"), reader) or pobj_workplace(v, ("at", "with", "for"), reader)
    if org:
        return org
    # (the trade: a person's or a doing's word, "the courier job", "my teaching job"; not "my day job", "my office job")
    trade = [c for c in job.lefts if c.dep_ in ("compound", "amod") and c.pos_ in ("NOUN", "PROPN", "VERB")]
    last = trade[-1] if trade else None
    if last is None or not (last.tag_ == "VBG" or lex.is_person_noun(last.lemma_.lower()) or
                            lex.clipped_occupation(last.lower_)):
        return None
    return " ".join(t.text for t in job.doc[trade[0].i:last.i + 1])


def years_at(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"after twelve years at the Harbour Board, I've taken a job at X": a long stretch at a workplace that the
    clause moves on from is the subject's earlier employer."""
    for c in v.children:
        if c.dep_ != "prep" or c.lower_ != "after":
            continue
        for n in (p for p in c.children if p.dep_ == "pobj"):
            # years or months, not hours at a museum
            counted = any(x.dep_ == "nummod" or x.like_num for x in n.children)
            if counted and n.lemma_.lower() in ("year", "month", "decade") and \
                    (org := pobj_workplace(n, ("at", "with", "for"), reader)) and not sx.negated(v, sent) and \
                    (owner := subject_of(reader, v, sent, speaker, other)):
                return [Statement("job", owner, speaker, org, kind="event", tense="past")]
    return []


def enough_of(reader: StatementReader, v: Any, sent: Any, speaker: str) -> list[Statement]:
    """"ten years at X is enough", "nine years of fixing boilers as a Y at X was plenty": a counted long stretch
    someone says was enough is over; the post it was spent in (a role after "as", a workplace after "at") was
    the speaker's (or the possessor's: "her forty years at X")."""
    if v.lemma_ != "be" or sent.text.rstrip().endswith("?") or sx.negated(v, sent) or not any(
            x.lower_ in ("enough", "plenty") and (x.head.i == v.i or x.head.head.i == v.i) for x in sent):
        return []
    n = next((c for c in v.children if c.dep_ == "nsubj" and long_stretch(c) and any(
        x.dep_ == "nummod" or x.like_num for x in c.children)), None)
    if n is None:
        return []
    role = next((p for t in n.subtree if t.dep_ == "prep" and t.lower_ == "as" for p in t.children
                 if p.dep_ == "pobj" and p.pos_ in ("NOUN", "PROPN")), None)
    org = next((w for t in [n, *n.subtree] if (w := pobj_workplace(t, ("at", "with", "for"), reader))), None)
    if org is None and (role is None or not (lex.is_occupation(role.lemma_.lower()) or role.text.isupper())):
        return []
    what = " ".join(x.text for x in role.subtree if x.i == role.i or (x.i < role.i and x.dep_ in ("compound", "amod"))) \
        if role is not None else None
    poss = next((c for c in n.children if c.dep_ == "poss"), None)
    owner = (reader.person_in(poss.text) or (speaker if poss.lower_ in ("my", "our") else None)) if poss is not None \
        else speaker
    if owner is None:
        return []
    value = f"{what} at {org}" if what and org else (what or org)
    return [Statement("job", owner, speaker, value, kind="event", tense="past")]  # type: ignore[arg-type]


def last_at(reader: StatementReader, n: Any, sent: Any, speaker: str, other: str | None) -> Statement | None:
    """"my last day at Lanark Electric was the 30th", "friday was my last shift at the depot": a final stretch
    of time at a workplace ends a job there (the owner's past employer); a first one ("my first week at the
    seed bank has been a whirlwind") starts one."""
    marks = {c.lemma_.lower() for c in n.children if c.dep_ == "amod"}
    first = bool(marks & {"first"}) and not marks & {"last", "final"}
    # ("last night at X, clear skies": an adverb of time, only the night before, with nobody's stretch ending)
    # (not the subject the tagger missed: "last day at the depot was friday")
    deictic = not first and n.dep_ == "npadvmod" and not any(c.dep_ in ("poss", "det") for c in n.children) and not (
        n.head.lemma_ == "be" and not any(c.dep_ in ("nsubj", "expl") for c in n.head.children))
    if not (first or marks & {"last", "final"}) or deictic or \
            not (lex.noun_is(n.lemma_.lower(), "time", senses=4) or lex.noun_is(n.lemma_.lower(), "job")):
        return None
    if first and (n.sent.text.rstrip().endswith("?") or (n.head.pos_ in ("VERB", "AUX") and sx.hedged(n.head))):
        return None  # "how was your first day at X?", "my first day at X will be ..." asks or plans
    org = pobj_workplace(n, ("at", "with", "for"), reader) or (  # "... was my last day at the depot"
        pobj_workplace(n.head, ("at",), reader) if n.head.lemma_ == "be" else None)
    if not org or (n.head.pos_ in ("VERB", "AUX") and sx.negated(n.head, sent)):
        return None
    owner = _stint_owner(reader, n, speaker, other, sent)
    return Statement("job", owner, speaker, org, kind="event", tense="present" if first else "past") if owner else None


def last_in(reader: StatementReader, n: Any, sent: Any, speaker: str, other: str | None) -> Statement | None:
    """"our last week in Tromsø", "last full day in Gdańsk tomorrow", "my final month in Leeds": the last stretch of
    time in a place ends living there (a past statement). Marked as a stretch of one's own by a possessor, by
    "final" or by a second modifier: a bare "last night in X" is yesterday evening, "the last day in X" a trip's."""
    marks = [c for c in n.children if c.dep_ == "amod"]
    if not any(c.lemma_.lower() in ("last", "final") for c in marks) or \
            not lex.noun_is(n.lemma_.lower(), "time", senses=4) or sent.text.rstrip().endswith("?"):
        return None
    own = sx.possessor(n) is not None or any(c.lemma_.lower() == "final" for c in marks) or len(marks) > 1
    # (what the clause around it says, "can't believe it", "won't be dull", leaves the stretch the last one; a
    # holiday has a last day too: the message must speak of moving out, a home or leaving)
    if not own or not _moving_out(n.doc):
        return None
    place = sx.place_obj(n, reader, preps=("in",))
    after = n.doc[n.i + 1] if n.i + 1 < len(n.doc) else None
    if place is None and after is not None and after.lower_ == "in":  # the parser hung "in X" on the verb
        place = next((sx.phrase(p) for p in after.children if p.dep_ == "pobj" and sx.is_place(p, reader)), None)
    poss = sx.possessor(n)
    # ("our last week in X": the household's home, the speaker's too)
    owner = speaker if poss is None or poss.lower_ in ("our", "ours") else owner_of(reader, poss, speaker, other, sent)
    return Statement("city", owner, speaker, place, kind="event", tense="past") if place and owner else None


def _moving_out(doc: Any) -> bool:
    """A word of leaving or moving house in the message, or a dwelling ("the flat is all boxes")."""
    return any((t.pos_ == "VERB" and (lex.verb_is(t.lemma_.lower(), "leave", senses=3) or
                                      lex.verb_is(t.lemma_.lower(), "reside", senses=4))) or
               # (a noun however tagged: "the flat is all boxes")
               (t.dep_ in ("nsubj", "dobj", "pobj") and t.pos_ in ("NOUN", "ADJ") and lex.noun_is(t.lemma_.lower(),
                                                                                               "dwelling"))
               for t in doc)


def _stint_owner(reader: StatementReader, n: Any, speaker: str, other: str | None, sent: Any) -> str | None:
    """Whose stretch of time at work a noun is: its possessor's, the speaker's when it has none, nobody's when it
    is the group's ("our first evenings at the scout hut went fine": the group's time at a place, no job)."""
    poss = sx.possessor(n)
    if poss is None:
        return speaker
    if poss.lower_ in ("our", "ours"):
        return None
    return owner_of(reader, poss, speaker, other, sent)


_STINT = ("hours.n.01", "work_time.n.01")  # a shift, overtime: time spent at work


def shift_at(reader: StatementReader, n: Any, sent: Any, speaker: str, other: str | None) -> Statement | None:
    """"4 night shifts in a row at the infirmary this week", "doing overtime at the depot again": time worked at
    a workplace says the speaker works there (a weak reading: a later job replaces it). Not a first or last
    one (`last_at`), not a question, not a plan, not somebody else's."""
    lemma = n.lemma_.lower()
    if n.pos_ != "NOUN" or not lex.noun_in_senses(lemma, _STINT, first=3) or \
            any(c.dep_ == "amod" and c.lemma_.lower() in ("first", "last", "final") for c in n.children) or \
            sent.text.rstrip().endswith("?"):
        return None
    if any(c.lower_ in ("next", "coming") for c in n.children):
        return None  # "at a trade fair in X next week": a plan for a stretch to come, no work done there
    head = n.head if n.head.pos_ in ("VERB", "AUX") else None
    if head is not None and (sx.hedged(head) or sx.negated(head, sent)):
        return None
    org = pobj_workplace(n, ("at", "for"), reader) or (pobj_workplace(head, ("at",), reader) if head is not None
                                                      else None)
    if org is None:  # "shifts in a row at X": the place may hang on the noun after the stint
        org = next((w for c in n.children if c.dep_ == "prep" for p in c.children if p.dep_ == "pobj"
                    for w in [pobj_workplace(p, ("at",), reader)] if w), None)
    owner = _stint_owner(reader, n, speaker, other, sent)
    if not org or owner is None or (sx.possessor(n) is None and somebody_else(reader, sent, speaker)):
        return None  # "shifts at the depot are grim for him": somebody else's
    return Statement("job", owner, speaker, org, kind="state", weak=True)


def pobj_workplace(head: Any, preps: tuple[str, ...], reader: StatementReader,
                   named: Callable[[Any], bool] = lambda p: True) -> str | None:
    """The first workplace an object of one of these prepositions names (and `named` accepts)."""
    for c in head.children:
        if c.dep_ == "prep" and c.lower_ in preps:
            for p in c.children:
                if p.dep_ == "pobj" and named(p) and (w := workplace(p, reader)):
                    return w
    return None


def was(st: Statement) -> Statement:
    """A state said to have ended ("I don't work at Pellow Freight anymore"): true until now, so a past statement."""
    if not st.polarity:
        st.polarity, st.tense, st.kind = True, "past", "event"
    return st


def no_longer_at(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"I'm no longer at Harrow Freight", "she's not with the council anymore": being at a named organisation,
    ended, is a job held before (being at a place of any other kind is only a visit)."""
    if v.lemma_ != "be":
        return []
    org = pobj_workplace(v, ("at", "with"), reader, lambda p: p.ent_type_ == "ORG" or p.text[:1].isupper())
    if org is None or (owner := subject_of(reader, v, sent, speaker, other)) is None:
        return []
    return [Statement("job", owner, speaker, org, kind="event", tense="past")]


def now_at(reader: StatementReader, doc: Any, read: list[Statement], speaker: str, other: str | None) -> list[Statement]:
    """"Tobiah quit X. He's at Y now": after a job left, being at a named organisation "now" is the post taken
    (with no post left in the message it may be a visit: "I'm at the Copper Kettle now")."""
    left = {st.owner for st in read if st.attribute == "job" and st.tense == "past"}
    if not left:
        return []
    out: list[Statement] = []
    others = left - {speaker}
    for v in doc:
        sent = v.sent
        if v.lemma_ != "be" or v.dep_ not in ("ROOT", "ccomp", "conj") or sx.negated(v, sent) or \
                not any(c.lower_ == "now" for c in v.children) or sent.text.rstrip().endswith("?"):
            continue
        # (a named organisation, not a place one is at: "she's at the airport now")
        org = pobj_workplace(v, ("at", "with"), reader, lambda p: p.ent_type_ == "ORG" or (
            p.text[:1].isupper() and p.ent_type_ not in ("GPE", "LOC", "FAC") and not lex.is_place_name(p.lower_)))
        subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
        # ("he" is the one just said to have left)
        owner = None if not org else next(iter(others)) if subj is not None and subj.lower_ in ("he", "she", "they") \
            and len(others) == 1 else subject_of(reader, v, sent, speaker, other)
        if org and owner in left and not any(st.attribute == "job" and st.owner == owner and st.tense != "past"
                                             for st in read):
            out.append(Statement("job", owner, speaker, org, kind="event" if owner == speaker else "report",
                                 sentence=sent.text.strip()))
    return out


def towns_not_workplaces(read: dict[str, list[Statement]], towns: set[str]) -> dict[str, list[Statement]]:
    """Without the jobs whose whole value is a town the same chat names as someone's home ("leaving <town> for
    good" read as a workplace left, where the gazetteer does not know a small town): a chat's own strong readings
    of homes say what its names are. `towns`: homes known from earlier, as written."""
    def bare(value: str) -> str:
        return value.strip().lower().removeprefix("the ")

    known = {bare(t) for t in towns} | {bare(st.value) for sts in read.values() for st in sts
                                         if st.attribute == "city" and not st.weak and st.polarity}
    return {mid: [st for st in sts if not (st.attribute == "job" and bare(st.value) in known)]
            for mid, sts in read.items()}
