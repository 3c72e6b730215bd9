"""One sentence -> statements: each verb (living, leaving, a dwelling, a job, having an animal), each copula
("I'm a glazier", "Tartu is home") and each noun with a possessor ("my whippet", "her new job at Acme")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language import timeexpr
from polymem.language.group import BOOK_SENSES
from polymem.language.statement_types import FIRST_PERSON, Statement
from polymem.language.statements_appointed import appointed
from polymem.language.statements_city import (
    home_part,
    home_to,
    intro,
    roll_call,
    travel_noun_from,
    travels_from,
)
from polymem.language.statements_former import earlier
from polymem.language.statements_job import (
    RETIRED,
    from_to,
    job_from_verb,
    own_business,
    taker_before,
    with_org,
)
from polymem.language.statements_left import (
    enough_of,
    job_left,
    last_at,
    last_in,
    left_job,
    no_longer_at,
    shift_at,
    was,
    years_at,
)
from polymem.language.statements_people import owner_of, possessor_id, somebody_else, subject_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader

# being employed, holding an office (WordNet): work, serve; not starting somewhere
_HOLD_POST = ("work.v.02", "serve.v.02")
# ending one's work (WordNet): stop, quit, give up, retire, be fired or laid off
_END_POST = ("discontinue.v.01", "leave_office.v.01", "retire.v.01", "displace.v.03", "furlough.v.01")
# living somewhere (WordNet): live, reside, inhabit, dwell; not moving there
_DWELL = ("populate.v.01", "reside.v.01", "inhabit.v.02")
# a person named only as a person ("a Tamworth girl", "a Derby lad"), unlike "a Derby fan"
_PLAIN_PEOPLE = ("girl.n.01", "boy.n.01", "woman.n.01", "man.n.01", "person.n.01", "guy.n.01", "lady.n.01",
                 "male_child.n.01", "female_child.n.01", "local.n.01")


def sentence_statements(reader: StatementReader, tokens: Any, speaker: str, other: str | None, sent: Any) -> list[Statement]:
    out: list[Statement] = intro(reader, sent, speaker) or roll_call(reader, sent, speaker)
    for tok in tokens:
        if tok.pos_ in ("VERB", "AUX") and tok.dep_ not in ("aux", "auxpass"):
            sts = verb_statements(reader, tok, sent, speaker, other)
            if sx.ended(tok, sent) and not sx.hedged(tok):  # "no longer in Leeds": where they lived until now
                sts = [was(st) for st in sts] + no_longer_at(reader, tok, sent, speaker, other)
            elif not any(st.attribute == "job" for st in sts):
                sts += with_org(reader, tok, sent, speaker, other)
            out += sts
        elif tok.pos_ in ("NOUN", "PROPN") or (tok.dep_ == "amod" and tok.head.pos_ == "PROPN"):
            out += noun_statements(reader, tok, sent, speaker, other) + travel_noun_from(reader, tok, sent, speaker)
    # (a weak home last: a stronger reading of the same town, "got the train home to X", comes first)
    out += home_to(reader, sent, speaker)
    for st in out:  # "my parrot Kiwi", "our dog Bramble", "a ferret named Pickle": what the animal is called
        if st.attribute == "pet" and not st.name:
            animal = next((t for t in sent if t.lower_ == st.value.split()[-1].lower()), None)
            st.name = pet_name(reader, animal) if animal is not None else ""
    return out


def pet_name(reader: StatementReader, n: Any) -> str:
    """The name an animal noun is given in its sentence: an apposed name ("our dog Bramble"), the name it
    modifies ("my parrot Kiwi"), or the object of naming ("a ferret named Pickle")."""
    def ok(t: Any) -> bool:
        return t.is_alpha and t.text[:1].isupper() and reader.person_in(t.text) is None and not lex.is_animal(t.lower_)
    for c in n.children:
        # "two hens, Wilma and Dot": every name apposed (which the parser may join as a conjunct after a comma)
        if ok(c) and (c.dep_ == "appos" or (c.dep_ == "conj" and c.pos_ == "PROPN" and n.doc[c.i - 1].text == ",")):
            return " and ".join([c.text, *(x.text for x in c.conjuncts if ok(x))])
        if c.dep_ == "acl" and c.lemma_ in ("name", "call"):
            named = next((x for x in c.children if x.dep_ in ("oprd", "attr", "xcomp", "dobj") and ok(x)), None)
            if named is not None:
                return sx.proper_name(named)
    if n.dep_ in ("amod", "compound") and n.head.pos_ == "PROPN" and ok(n.head):
        return n.head.text
    return ""


def _home_to_come(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"next week I'll be living in Tromsø", "we will live in Tromsø from May": a home in the plain future is a move
    already settled (the way "we're moving to X" is), unless a condition hangs it ("if I get it, I'll live in X")."""
    moving = lex.moving_verb(v.lemma_.lower()) and v.tag_ == "VBG"
    if not (lex.verb_in_senses(v.lemma_.lower(), _DWELL, first=3) or moving) or sx.negated(v, sent) or \
            sent.text.rstrip().endswith("?") or any(t.dep_ == "mark" and t.lower_ in ("if", "unless") for t in sent):
        return []
    # ("I'll be moving over there in the summer": to the place the message named before)
    place = sx.place_obj(v, reader, preps=("to", "into")) if moving else sx.place_obj(v, reader)
    place = place or (_there(reader, v) if moving else None)
    owner = subject_of(reader, v, sent, speaker, other) if place else None
    return [Statement("city", owner, speaker, place, kind="event")] if place and owner else []


def verb_statements(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    lemma = v.lemma_.lower()
    if lemma == "be" and _going_to(v):  # "I'm going to be a ferry pilot out of X": a post to come
        return _post_to_come(reader, v, sent, speaker, other, ahead=True)
    if sx.hedged(v):
        # "I shall join from X as usual": setting off from home in the plain future still says where home is
        plain = [c.lower_ for c in v.children if c.dep_ == "aux" and c.tag_ == "MD"]
        if not plain or not set(plain) <= {"will", "shall", "'ll", "’ll"}:
            return []
        if lemma == "be" and any(c.dep_ == "advmod" and c.lower_ == "still" for c in v.children):
            # "I'll still be in Kraków": what holds now and goes on holding
            return [st for st in copula_statements(reader, v, sent, speaker, other, False, False) if st.attribute == "city"]
        return travels_from(reader, v, sent, speaker, other) + _home_to_come(reader, v, sent, speaker, other) + \
            _post_to_come(reader, v, sent, speaker, other)
    neg, past = sx.negated(v, sent), sx.used_to(v)
    neg = neg or (past and sx.negated(v.head, sent))  # "I didn't use to be a teacher", "never used to be"
    out: list[Statement] = []
    if lemma == "be":  # ("ten years at X was enough": a post left)
        return enough_of(reader, v, sent, speaker) + copula_statements(reader, v, sent, speaker, other, neg, past) + \
            ([] if neg or past else retired(reader, v, sent, speaker, other))
    if not neg:
        out += retired(reader, v, sent, speaker, other)
    owner = None
    if lex.verb_is(lemma, "reside") and not _moves_a_thing(v):
        place = sx.place_obj(v, reader) or _there(reader, v)
        # "we lived in X for years": living somewhere, in the simple past, is over (a move in it is not:
        # "we moved to X" says where they live now)
        over = past or (lex.verb_in_senses(lemma, _DWELL, first=3) and sx.simple_past(v))
        # ("moved out of the flat in X": the town of the home left)
        over = over or (lex.moving_verb(lemma) and any(
            c.dep_ in ("prep", "prt") and c.lower_ == "out" and any(g.lower_ == "of" for g in c.children)
            for c in v.children) and sx.place_obj(v, reader, preps=("to", "into")) is None)
        if place and (owner := subject_of(reader, v, sent, speaker, other)):
            out.append(Statement("city", owner, speaker, place, kind="event" if lemma != "live" else "state",
                                 polarity=not neg, tense="past" if over else "present"))
    if lex.verb_is(lemma, "reside") and not neg:
        out += _moved_rooms(reader, v, sent, speaker, other)
    # "I've left Derby": where the owner lived before ("leaving X at 6 to beat the traffic": a journey)
    if lex.verb_is(lemma, "leave", senses=3) and not neg and not sx.at_clock_time(v):
        gone = next((c for c in v.children if c.dep_ == "dobj" and (sx.is_place(c, reader) or (
            c.pos_ == "NOUN" and c.is_alpha and not lex.known_word(c.lower_) and not reader.person_in(c.text) and
            not any(d.dep_ in ("det", "poss") for d in c.children)))), None)  # (a name tagged as a noun)
        if gone is not None and (owner := owner or subject_of(reader, v, sent, speaker, other)):
            # a name no gazetteer knows, left: more often a workplace ("i left havdal!") than a town
            # ("left X for Leeds": leaving for a place, X is a place too)
            value = re.split(r"(?i)\s+for\s+", sx.phrase(gone))[0]  # (the parse may join "X for Y" as one name)
            firm = _firm_name(value)  # ("leaving <River> Civil": a place's name leads a firm's)
            known = not firm and (lex.is_place_name(gone.lower_) or gone.ent_type_ in ("GPE", "LOC") or
                                  lex.is_place_name(sx.phrase(gone).lower().replace(" ", "_")) or
                                  sx.place_obj(v, reader, preps=("for", "to")) is not None)
            out.append(Statement("city" if known else "job", owner, speaker, value, kind="event", tense="past"))
            if (known or firm) and (goes := _left_for(reader, v, gone)) is not None and goes.lower() != value.lower():
                # "leaving Leeds for Bristol", "leaving X for their Y office", "left X for a job in Y": where
                # they go is where they live next
                out.append(Statement("city", owner, speaker, goes, kind="event", tense="present"))
    # "I'm never leaving X", "not leaving X any time soon": a town one will not leave is where one lives (a known
    # place only: "not leaving the house today" says nothing of a home)
    if lex.verb_is(lemma, "leave", senses=3) and neg and v.tag_ in ("VBG", "VBP", "VBZ") and \
            not sent.text.rstrip().endswith("?"):
        stay = next((c for c in v.children if c.dep_ == "dobj" and c.pos_ == "PROPN" and sx.is_place(c, reader) and
                     (lex.is_place_name(c.lower_) or c.ent_type_ in ("GPE", "LOC"))), None)
        if stay is not None and (owner := owner or subject_of(reader, v, sent, speaker, other)):
            v_ = sx.phrase(stay)
            out.append(Statement("city", owner, speaker, v_.title() if v_.islower() else v_))
    # "signed a lease in Tartu", "bought a flat in Tromsø": a dwelling object with a place; also one completed
    # on (a sale concluded: not "passed on", "offer accepted on", which wait for the move)
    doer = not any(c.dep_ in ("dobj", "prt") for c in v.children) and any(
        c.dep_ == "nsubj" and c.pos_ in ("PRON", "PROPN") for c in v.children) and \
        lex.verb_in_senses(lemma, ("complete.v.01", "finish.v.01", "close.v.01"), first=2)
    # ("got the keys for the flat in X": what comes into their hands opens a dwelling, which is theirs)
    # (done, not planned or asked: "gonna get the keys ...", "when do we get the keys ...")
    receives = v.tag_ in ("VBD", "VBN") and lex.verb_in_senses(lemma, _RECEIVE, first=3, exact=True) and \
        not sent.text.rstrip().endswith("?")
    # ("signed for a cottage in X": what one signs for is what the agreement gives)
    homes: set[str] = set()  # the dwellings taken here: no workplace of the same verb ("signed for a cottage")
    signs = lex.verb_in_senses(lemma, _SIGN, first=2, exact=True) and not any(c.dep_ == "dobj" for c in v.children)
    for obj in [c for c in v.children if c.dep_ == "dobj"] + [
            p for c in v.children if doer and c.dep_ == "prep" and c.lower_ == "on" for p in c.children
            if p.dep_ == "pobj"] + [
            p for c in v.children if signs and c.dep_ == "prep" and c.lower_ == "for" for p in c.children
            if p.dep_ == "pobj"] + [
            p for c in v.children if receives and c.dep_ == "dobj" for pr in c.children
            if pr.dep_ == "prep" and pr.lower_ in ("to", "for", "of") for p in pr.children if p.dep_ == "pobj" and
            # (one's own or a bare one: not "ur flat", "my mum's flat", "the holiday cottage")
            not any(x.dep_ == "compound" or (x.dep_ == "poss" and x.lower_ not in ("my", "our", "his", "her", "their"))
                    for x in p.children)]:
        # (a verb WordNet knows: a word the tagger made a verb, "that glamping place near X", acquires nothing)
        # (nor one reserved for a stay: "booked the hostel in X")
        if lex.noun_is(obj.lemma_.lower(), "dwelling") and not neg and not _looked_at(v) and not sx.put_forward(v) and \
                not lex.verb_in_senses(lemma, BOOK_SENSES, first=2, exact=True) and \
                lex._synsets(lemma, "v"):
            # ("a cottage outside X": a home just outside a town is that town's)
            place = sx.place_obj(obj, reader, ("in", "to", "into", "near", "outside")) or sx.place_obj(v, reader) or \
                _by_landmark(obj, reader) or _by_landmark(obj, reader, named=True) or _name_in(obj, reader)
            if place and (owner := owner or subject_of(reader, v, sent, speaker, other)):
                # ("sold the house in X", "vacated the flat in X": a home given up, where they lived before)
                gone = lex.verb_in_senses(lemma, _GIVE_UP_HOME, first=2, exact=True)
                out.append(Statement("city", owner, speaker, place, kind="event", tense="past" if gone else "present"))
                homes.add(sx.phrase(obj).lower())
    out += from_to(reader, v, sent, speaker, other)
    out += travels_from(reader, v, sent, speaker, other)  # "cycling over from Leeds": most likely home
    left = left_job(reader, v, sent, speaker, other)  # "quit the bakery": the job held before
    out += left + years_at(reader, v, sent, speaker, other)  # "after ten years at X, ...": likewise
    out += own_business(reader, v, sent, speaker, other)  # "opening her own pottery studio"
    job = job_from_verb(reader, v, lemma, sent, speaker, other) or appointed(reader, v, sent, speaker)
    if job and not any(st.value.lower() in job.value.lower() for st in left) and job.value.lower() not in homes:  # ("gave up my job at X": left)
        job.polarity = job.polarity and not neg
        # "used to work as", "worked as a translator back then" (holding a post, in the simple past), "fired as",
        # "retired as", "quit as": a job held before
        if past or (lex.verb_in_senses(lemma, _HOLD_POST, first=3) and sx.simple_past(v)) or \
                lex.verb_in_senses(sx.phrasal(v), _END_POST, first=4):
            job.tense, job.kind = "past", "event"
        out.append(job)
    # "took on two hens": a verb with its particle is one word to WordNet
    particle = next((c.lower_ for c in v.children if c.dep_ == "prt"), None)
    if (lex.verb_is(lemma, "possess") or (particle and (lex.verb_is(f"{lemma}_{particle}", "possess") or lex.verb_in_senses(
            f"{lemma}_{particle}", ("take_in.v.01",), first=1)))) and not neg:  # (or gave it a home: "took in")
        for obj in (c for c in v.children if c.dep_ in ("dobj", "attr")):
            if lex.is_animal(obj.lemma_.lower()) and (sx.possessor(obj) is None or _handed_over(reader, v, obj)) and \
                    (owner := subject_of(reader, v, sent, speaker, other)):
                out.append(Statement("pet", owner, speaker, sx.animal_phrase(obj)))
    return out


# coming to own something someone else had: inheriting, adopting, taking in (not having, keeping or fetching it)
_TAKE_OVER = ("inherit.v.01", "inherit.v.02", "adopt.v.02", "adopt.v.05", "take_in.v.01")


def _handed_over(reader: StatementReader, v: Any, obj: Any) -> bool:
    """"we've inherited gran's hamster", "we adopted the vicar's cat": an animal that was another's, come into
    the subject's keeping for good. A member's animal taken in is minded, not owned ("took in Ana's cat")."""
    owner = sx.possessor(obj)
    if owner is None or owner.lower_ in ("my", "our") or reader.person_in(owner.text) is not None:
        return False
    lemma = sx.phrasal(v)  # ("take_in")
    # (for a while only: "took in my brother's rabbit for a fortnight", "... while he's away")
    for_a_while = any(c.dep_ == "prep" and c.lower_ == "for" and any(
        lex.noun_is(p.lemma_.lower(), "time", senses=2) for p in c.children) for c in (*v.children, *obj.children)) or \
        any(c.dep_ == "advcl" and any(m.lower_ in ("while", "until", "till") for m in c.children) for c in v.children)
    return lemma not in ("have", "own", "keep") and not for_a_while and \
        lex.verb_in_senses(lemma, _TAKE_OVER, first=5, exact=True)


def _by_landmark(home: Any, reader: StatementReader, named: bool = False) -> str | None:
    """"a flat above the chemist in X", "a room behind the station in X": the town of the landmark a dwelling is
    placed by (a preposition of place with no place of its own, then the landmark's "in X"). `named`: any name
    there will do (`_name_in`), as a dwelling's frame says it is a town though no gazetteer lists it."""
    for c in home.children:
        # (not a preposition of who or what it is for, of what it holds, or where it comes from)
        if c.dep_ == "prep" and c.lower_ not in ("in", "to", "into", "near", "for", "with", "of", "from", "about",
                                                 "like", "than", "as"):
            for p in c.children:
                if p.dep_ == "pobj" and p.pos_ == "NOUN" and (
                        place := _name_in(p, reader) if named else sx.place_obj(p, reader, ("in",))):
                    return place
    return None


def _name_in(head: Any, reader: StatementReader) -> str | None:
    """A capitalised name after "in" on the head that is no member, no date and no firm: a town, when what
    stands there is a dwelling ("a flat in <Name>"); not a name ending in a common noun ("<Name> Street")."""
    for c in head.children:
        if c.dep_ == "prep" and c.lower_ == "in":
            for p in c.children:
                name = sx.phrase(p) if p.dep_ == "pobj" else ""
                # (a capitalised word the tagger left a common noun counts: "a flat in Saunter")
                if p.dep_ == "pobj" and p.pos_ in ("PROPN", "NOUN") and p.is_alpha and p.text[:1].isupper() and \
                        not reader.person_in(p.text) and not timeexpr.calendar_name(p.lower_) and \
                        p.ent_type_ not in ("DATE", "TIME", "ORG", "PERSON", "NORP") and \
                        (len(name.split()) == 1 or not lex.known_noun(p.lower_)):
                    return name
    return None


def retired(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"he retired on friday", "I'm retired now": a member gone into retirement (WordNet's first
    sense of retiring, with no object: not "we retired the old van"; said of a member, not "the van was retired")
    holds no post now, which is what they do."""
    if v.lemma_.lower() == "be":
        word = next((c for c in v.children if c.dep_ in ("acomp", "attr") and c.lower_ == "retired"), None)
        if word is None:
            return []
    # (nor one to come: "going to retire", "wants to retire"; nor a word describing a noun: "a retired show pony")
    # (nor withdrawing somewhere or from play: "retired to bed", "retired hurt"; nor under a condition or a time:
    # "when I retire"; nor in the present, which speaks of what is to come: "I retire in march", "retiring next spring")
    elif not (v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), ("retire.v.01",), first=1, exact=True)) or \
            any(c.dep_ in ("dobj", "mark", "acomp", "oprd", "xcomp") or (c.dep_ == "prep" and c.lower_ == "to")
                for c in v.children) or v.dep_ in ("xcomp", "amod", "acl") or v.tag_ in ("VBP", "VBZ", "VB") or \
            (v.tag_ == "VBG" and any(t.ent_type_ in ("DATE", "TIME") or t.lower_ in ("next", "soon")
                                     for t in v.subtree)):
        return []
    subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is not None and not (subj.lower_ in FIRST_PERSON | sx.THIRD_PERSON | {"you"} or reader.person_in(subj.text) or (
            subj.pos_ == "NOUN" and lex.is_person_noun(subj.lemma_.lower(), 1) and sx.possessor(subj) is not None)):
        return []  # ("my elbows are retiring", "the woman who ran it retired": no member's post)
    owner = subject_of(reader, v, sent, speaker, other)
    return [Statement("job", owner, speaker, RETIRED, kind="event")] if owner else []


_PLANNED = ("noun.event", "noun.act", "noun.time", "noun.communication", "noun.food")  # what a plan moves (WordNet)
_GATHERINGS = ("social_event.n.01", "meeting.n.01", "gathering.n.01")


def _moves_a_thing(v: Any) -> bool:
    """"moving the picnic to X", "moving it to X": a verb of moving whose object is a plan (an event, an act, a
    time, a gathering, a name WordNet lacks with "the") or a bare "it"; "moved the family to X", "moved
    everything to X" still move a home."""
    if not lex.moving_verb(v.lemma_.lower()):
        return False
    for c in v.children:
        if c.dep_ != "dobj":
            continue
        if c.lower_ in ("it", "this", "that"):
            return True
        lemma = c.lemma_.lower()
        senses = lex._synsets(lemma, "n")[:2]
        if c.pos_ in ("NOUN", "PROPN") and any(d.dep_ == "det" for d in c.children) and (
                not senses or any(s.lexname() in _PLANNED for s in senses) or
                lex.noun_in_senses(lemma, _GATHERINGS, first=2)):
            return True
    return False


def _name_beside(reader: StatementReader, n: Any) -> Any | None:
    """The name just after an animal word that it describes ("my dog Rex also votes no", "my cat Rex just walked
    in"): the parser makes the word a compound of the name or a second subject beside it. Not a member's name nor
    a place's."""
    nxt = n.doc[n.i + 1] if n.i + 1 < len(n.doc) else None
    if nxt is None or nxt.pos_ != "PROPN" or not nxt.is_alpha or reader.person_in(nxt.text) or \
            lex.is_place_name(nxt.lower_) or nxt.ent_type_ in ("GPE", "LOC", "ORG", "DATE", "TIME"):
        return None
    if (n.dep_ == "compound" and n.head.i == nxt.i) or (n.dep_ == nxt.dep_ == "nsubj" and n.head.i == nxt.head.i):
        return nxt
    return None


def _firm_name(value: str) -> bool:
    """A name of several words ending in a common word that names no place ("<Name> Analytics", "<Name> Civil"):
    a firm's, not a town's, whatever the words before it name (a town's whole name is in the gazetteer)."""
    words = value.split()
    if len(words) < 2 or not words[-1][:1].isupper() or lex.is_place_name("_".join(words).lower()):
        return False
    last = words[-1].lower()
    noun = lex.wordnet().morphy(last, "n") or last
    return lex.known_word(last) and not lex.is_place_name(last) and \
        not lex.noun_in_lexfile(noun, ("noun.location", "noun.object"))


def _left_for(reader: StatementReader, v: Any, gone: Any) -> str | None:
    """The place "for" names after a place left: the object itself, a place naming it ("their Y office"), or the
    place it is in ("a job in Y")."""
    for head in (v, gone):
        for c in head.children:
            if c.dep_ == "prep" and c.lower_ == "for":
                for p in c.children:
                    if p.dep_ == "pobj":
                        # ("for a job in Y" moves someone; "for a conference in Y" is a trip)
                        post = lex.noun_is(p.lemma_.lower(), "job") or lex.is_occupation(p.lemma_.lower())
                        place = sx.place_obj(head, reader, preps=("for",)) or \
                            (sx.place_obj(p, reader, preps=("in", "at", "near")) if post else None)
                        if place is not None:
                            return place
    return None


def copula_statements(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None, neg: bool, past: bool,
                      ahead: bool = False) -> list[Statement]:
    subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None and (past or ahead):  # "I used to / I'm going to be a librarian": the subject hangs on the head
        subj = next((c for c in v.head.children if c.dep_ == "nsubj"), None)
    # "I was a courier (back then)", "we were in X till 2019", "X was home": a state in the simple past is over
    held_before = past or sx.simple_past(v)
    attr = next((c for c in v.children if c.dep_ in ("attr", "acomp")), None)
    out: list[Statement] = []
    # "Home is Tartu" / "Tartu is home (now)" / "Tartu's been home for years"
    for a, b in ((subj, attr), (attr, subj)):
        if a is not None and b is not None and a.lemma_.lower() in ("home", "base") and sx.is_place(b, reader):
            owner = possessor_id(reader, a, speaker, other, sent) or speaker
            out.append(Statement("city", owner, speaker, sx.phrase(b), polarity=not neg,
                                 tense="past" if held_before else "present"))
            return out
    # "pastry chef is officially my job title now" / "my job is pastry chef": a trade said to be
    # someone's job, either way round
    for a, b in ((subj, attr), (attr, subj)):
        if a is None or b is None or b.pos_ != "NOUN" or not any(
                lex.noun_is(w.lemma_.lower(), "job") for w in [a, *(c for c in a.children if c.dep_ == "compound")]):
            continue
        poss = sx.possessor(a)
        owner = possessor_id(reader, a, speaker, other, sent) if poss is not None else None
        # ("my old job was easier tbh": a word after a comparison is no trade)
        if owner and (lex.is_occupation(b.lemma_.lower()) or not lex.known_noun(b.lemma_.lower())) and \
                not any(c.tag_ in ("JJR", "JJS") for c in b.children):
            out.append(Statement("job", owner, speaker, sx.phrase(b, drop_det=True), polarity=not neg,
                                 tense="past" if held_before else "present"))
            return out
    home = next((c for c in v.children if c.lemma_.lower() in ("home", "base") and c.dep_ != "nsubj"), None)
    if home is not None and subj is None:  # the tagger missed the subject: "Tartu is still home"
        subj = next((c for c in v.children if c.i < v.i and c.text[:1].isupper() and c.is_alpha
                     and (lex.is_place_name(c.lower_) or not lex.known_word(c.lower_))), None)
    if home is not None and subj is not None and sx.is_place(subj, reader):
        out.append(Statement("city", possessor_id(reader, home, speaker, other, sent) or speaker, speaker,
                             sx.phrase(subj), polarity=not neg))
        return out
    if subj is None:
        if v.tag_ == "VBG" and attr is not None and attr.pos_ == "NOUN" and lex.is_occupation(attr.lemma_.lower()):
            org = sx.org_obj(attr, reader)  # "being a ward clerk at the depot"
            role = sx.phrase(attr, drop_det=True)
            # "being a midwife"; "no more being a midwife", "gave up being a midwife": the job held until now
            h = v.head if v.head.i != v.i else None
            # (not "didn't quit being", "never gonna quit being"; "she quit being a chef" is hers)
            ended = sx.ended(v, sent) or (h is not None and lex.verb_in_senses(sx.phrasal(h), _END_POST, first=4)
                                          and not sx.negated(h, sent) and not sx.hedged(h) and not (
                                              h.dep_ == "xcomp" and (sx.negated(h.head, sent) or h.head.lemma_ == "go")))
            who = next((c for c in h.children if c.dep_ in ("nsubj", "nsubjpass")), None) if h is not None else None
            owner = owner_of(reader, who, speaker, other, sent) if who is not None else speaker
            if owner is None:
                return out
            st = Statement("job", owner, speaker, f"{role} at {org}" if org else role, polarity=not ended)
            out.append(was(st) if ended else st)
        return out
    owner = owner_of(reader, subj, speaker, other, sent)
    if owner is None:
        poss = sx.possessor(subj)  # "Nina's new place is in Tartu"
        if poss is not None and lex.noun_is(subj.lemma_.lower(), "dwelling"):
            owner = owner_of(reader, poss, speaker, other, sent)
            place = sx.place_obj(v, reader)
            if owner and place:
                out.append(Statement("city", owner, speaker, place, polarity=not neg))
        return out
    # "I'm in Tartu (now)": a place after "in", unless the sentence is about a short stay
    place = sx.place_obj(v, reader, preps=("in",))
    # ("I was in X yesterday", "was in X when the news broke": where one happened to be then)
    if place and not sx.temporary(sent) and not sx.occasion(v) and not sx.for_a_season(v) and not sx.at_an_event(v):
        # "we're in Asturias, eating cheese every day": a party somewhere is as likely a trip as a home
        party = subj is not None and subj.lower_ in ("we", "us") and not any(
            c.dep_ == "advmod" and c.lower_ == "now" for c in v.children) and not _moved_in(sent.doc)
        # ("we're in Leeds now", "we're in Leeds! moved in on friday": a home)
        out.append(Statement("city", owner, speaker, place, polarity=not neg,
                             tense="past" if held_before else "present", weak=party))
    # "I'm a Tamworth girl now", "we're Cumbria residents now": a person named by the place they live
    if attr is not None and attr.pos_ == "NOUN" and (
            lex.noun_in_senses(attr.lemma_.lower(), ("inhabitant.n.01",), first=2) or
            lex.noun_in_senses(attr.lemma_.lower(), _PLAIN_PEOPLE, first=2, exact=True) or
            lex.noun_derived_from(attr.lemma_.lower(), "reside")):
        where = next((c for c in attr.children if c.dep_ in ("compound", "amod") and sx.is_place(c, reader)), None)
        if where is not None:
            out.append(Statement("city", owner, speaker, sx.phrase(where), polarity=not neg,
                                 tense="past" if past else "present"))
            return out
    # "I'm a glazier (at Pane & Co)", "she's now an editor at Maison Verte"
    if attr is not None and attr.pos_ == "NOUN":
        org = sx.org_obj(attr, reader) or sx.org_obj(v, reader)
        lemma = attr.lemma_.lower()
        # a noun WordNet does not know ("barista") is taken as a trade when an employer follows
        # (not a rank among the group: "the finest map-reader among us", "the worst cook I know" praise or tease)
        # (with a workplace named it is still the post: "the best nurse on the ward at X")
        ranked = not org and any(c.tag_ in ("JJS", "JJR") and (c.lemma_.lower() in ("good", "bad", "well") or any(
            r.dep_ == "relcl" for r in attr.children)) for c in attr.children)
        if not ranked and (lex.is_occupation(lemma) or (org and (lex.is_person_noun(lemma) or not lex.known_noun(lemma))
                                                         and not lex.noun_is(lemma, "kin"))):
            role = sx.phrase(attr, drop_det=True)
            value = f"{role} at {org}" if org else role
            out.append(Statement("job", owner, speaker, value, polarity=not neg,
                                 tense="past" if held_before else "present"))
    return out


def _post_to_come(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None,
                  ahead: bool = False) -> list[Statement]:
    """"From May I'll be a paramedic with the county service": a post in the plain future, placed at an employer,
    is one taken (an event dated by the message); not under a condition ("if they take me, I'll be ...") nor
    asked, and not a trade alone ("I'll be a nervous wreck", "I'll be the chef tonight"). `ahead`: "going to be",
    where a trade (WordNet's occupations) with "a" is a post too ("I'm going to be a glassblower")."""
    if v.lemma_ != "be" or sent.text.rstrip().endswith("?") or sx.negated(v, sent) or any(
            t.lower_ in ("if", "unless", "when", "once") and t.dep_ == "mark" for t in sent):
        return []
    out = copula_statements(reader, v, sent, speaker, other, False, False, ahead=ahead)
    attr = next((c for c in v.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    trade = ahead and attr is not None and lex.is_occupation(attr.lemma_.lower()) and \
        any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in attr.children)
    return [Statement("job", st.owner, speaker, st.value, kind="event") for st in out
            if st.attribute == "job" and (" at " in st.value or trade)]


def _going_to(v: Any) -> bool:
    """"I'm going to be": the verb under a progressive "go" with "to", said of one person (not "we're going to be a
    player short"), not denied ("not going to"), not a plan given up ("was going to"), not for an occasion or a time
    ("tonight", "when I grow up")."""
    go = v.head
    if not (v.dep_ == "xcomp" and go.lemma_ == "go" and go.tag_ == "VBG" and
            any(c.dep_ == "aux" and c.lower_ in ("to", "na") for c in v.children)):
        return False
    if any(c.dep_ == "neg" for c in go.children) or any(c.dep_ == "aux" and c.tag_ == "VBD" for c in go.children):
        return False
    if any(c.dep_ == "nsubj" and c.lower_ in ("we", "they", "it", "you") for c in go.children):
        return False
    return not any(t.tag_ == "WRB" or sx.temporary_time(t.lower_) for t in v.sent)


# giving up a home (WordNet): selling it, vacating it
_GIVE_UP_HOME = ("sell.v.01", "vacate.v.02", "vacate.v.01")
_RECEIVE = ("get.v.01", "receive.v.01", "receive.v.02")  # coming into one's hands
_SIGN = ("sign.v.01", "sign.v.02")  # putting one's name to an agreement
_SHORT = ("minute.n.01", "hour.n.01", "second.n.01", "min.n.01")


def noun_statements(reader: StatementReader, n: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    lemma = n.lemma_.lower()
    out: list[Statement] = []
    if lex.is_animal(lemma) and n.pos_ == "NOUN" and n.dep_ in ("appos", "attr") and \
            lex.noun_is(n.head.lemma_.lower(), "kin") and sx.possessor(n.head) is None:
        return [Statement("pet", speaker, speaker, sx.animal_phrase(n))]
    if n.dep_ in ("compound", "amod") and n.head.pos_ == "PROPN" and lex.is_animal(n.lower_) and \
            (p := sx.possessor(n.head)) is not None and (o := owner_of(reader, p, speaker, other, sent)):
        return [Statement("pet", o, speaker, sx.animal_phrase(n))]  # "my parrot Zazu"
    # (a stretch of time, not a day of the calendar: "20 june in X" dates an event there)
    if lex.noun_is(lemma, "time", senses=2) and any(c.dep_ == "nummod" for c in n.children) and \
            not timeexpr.calendar_name(lemma) and \
            not any(t.dep_ in ("nsubj", "nsubjpass") and t.head == n.head and t.lower_ not in FIRST_PERSON
                    for t in sent if t != n):
        # "Twelve years in Hamburg", "Six years doing sound at the Old Vic": the speaker's state
        if place := sx.place_obj(n, reader, preps=("in",)):
            # ("the 5 months in X feel like a dream", "those two years in X": a stretch marked as one that is over;
            # not one to come or still running: "the next two weeks in X", "the 5 months in X so far", "will be")
            v = n.head if n.head.pos_ in ("VERB", "AUX") else None
            if lex.noun_in_senses(lemma, _SHORT, first=1, exact=True) or any(
                    c.lower_ in ("next", "coming") for c in n.children) or (v is not None and any(
                    c.dep_ == "aux" and c.lower_ in ("will", "'ll") for c in v.children)):
                return []  # "the 10 minutes in X airport", "the next two weeks in X will be busy": no home
            ongoing = "so far" in sent.text.lower() or (v is not None and any(
                c.dep_ == "aux" and c.lemma_ == "have" for c in v.children))
            over = not ongoing and any(c.dep_ == "det" and c.lower_ in ("the", "those", "that") or (
                c.dep_ == "poss" and c.lower_ in ("my", "our")) for c in n.children)
            return [Statement("city", speaker, speaker, place, tense="past" if over else "present")]
        for c in n.children:
            if c.dep_ in ("acl", "relcl") and c.tag_ == "VBG" and (org := sx.org_obj(c, reader)):
                what = next((sx.phrase(o, drop_det=True) for o in c.children if o.dep_ == "dobj"), None)
                # "years teaching history at X": the doer of the work is the trade ("history teacher")
                if (trade := lex.trade_of_gerund(c.lower_)) is not None:
                    what = f"{what} {trade}" if what else trade
                # "after ten years X-ing at Y, ...": a stretch that has ended
                over = n.head.dep_ == "prep" and n.head.lower_ == "after"
                return [Statement("job", speaker, speaker, f"{what} at {org}" if what else org,
                                  tense="past" if over else "present")]
    if (past_job := last_at(reader, n, sent, speaker, other)) is not None:
        return [past_job]
    if (past_home := last_in(reader, n, sent, speaker, other)) is not None:
        return [past_home]
    if (stint := shift_at(reader, n, sent, speaker, other)) is not None:
        return [stint]
    poss = sx.possessor(n)
    if poss is not None and n.pos_ == "NOUN" and lex.noun_in_senses(lemma, ("dwelling.n.01", "housing.n.01",
                                                                           "apartment.n.01"), first=2):
        # "her Ballykeeran house", "my Tralee flat": a home named after its place (a weak reading: a second home is
        # named so too)
        place = next((c for c in n.children if c.dep_ == "compound" and sx.is_place(c, reader)), None)
        if place is not None and (o := owner_of(reader, poss, speaker, other, sent)):
            return [Statement("city", o, speaker, sx.phrase(place), weak=True)]
    if poss is None and (place := _new_home(reader, n, sent, speaker)):
        return [Statement("city", speaker, speaker, place)]
    if poss is None and (org := _job_got(reader, n, sent, speaker)):
        return [Statement("job", speaker, speaker, org, kind="event")]
    if poss is None and n.dep_ in ("ROOT", "appos") and lex.is_occupation(lemma) and \
            not any(t.dep_ in ("nsubj", "nsubjpass") for t in sent) and (org := sx.org_obj(n, reader)):
        # a verbless reader-description: "Midwife at Northfield Clinic from next week." (after "X got the
        # role!", X's)
        who = taker_before(reader, sent.doc, sent, speaker) or speaker
        return [Statement("job", who, speaker, f"{sx.phrase(n, drop_det=True)} at {org}",
                          kind="event" if who == speaker else "report")]
    if poss is None or (n.dep_ == "compound" and _name_beside(reader, n) is None):  # ("my dog Rex": Rex's kind)
        return out
    if n.dep_ == "appos" and poss.head.i == n.head.i and lex.is_person_noun(n.head.lemma_.lower()):
        return out  # "my cousins gecko" read as "my cousins, (a) gecko": the cousin's animal
    owner = owner_of(reader, poss, speaker, other, sent)
    if owner is None:
        return out
    head_verb = n.head if n.head.pos_ in ("VERB", "AUX") else None
    # (a negated copula or possession denies it, "Rollo is not my dog"; other verbs do not: "my parrot won't stop")
    if head_verb is not None and (sx.hedged(head_verb) or (sx.negated(head_verb, sent) and (
            head_verb.lemma_ == "be" or lex.verb_is(head_verb.lemma_.lower(), "possess")))):
        return out
    if any(c.dep_ == "neg" for c in n.children):
        return out  # "not my snake, not my problem": a fragment denying it
    # "my whippet", "our new kitten", "Tofu, my saluki": an animal someone has
    # (not a made thing acted on, "chewed through my charger", a device in its second sense)
    if lex.is_animal(lemma) and n.pos_ == "NOUN" and not lex.noun_is_body(lemma) and \
            not (n.dep_ == "pobj" and lex.artifact_second(lemma)) \
            and not any(c.dep_ == "compound" and lex.artifact(c.lower_) for c in n.children):  # "my laptop charger"
        name = _name_beside(reader, n)
        out.append(Statement("pet", owner, speaker, sx.animal_phrase(n), name=name.text if name is not None else ""))
    # "back at my place in Galway", "Nina's new flat in Tartu", "hello from my porch in X"
    elif (lex.noun_is(lemma, "dwelling") or home_part(lemma)) and (
            place := sx.place_obj(n, reader, preps=("in",)) or _next_in(n, reader)) and not (
            home_part(lemma) and not lex.noun_is(lemma, "dwelling") and
            not re.fullmatch(r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*", place)):
        # (a part of a home is in a town named, not in a building: "my bedroom in the rental in Oslo")
        # ("my former flat in X": a home one had, not one one has)
        gone = any(c.dep_ == "amod" and earlier(c) for c in n.children)
        out.append(Statement("city", owner, speaker, place, kind="event" if gone else "state",
                             tense="past" if gone else "present"))
    # "my new job at Acme", "her new role with Northwind", "My job: actuary at Brightwave" (not one left: "quit
    # my job at Acme")
    elif lex.noun_is(lemma, "job") and not (n.dep_ == "dobj" and job_left(reader, n.head) is not None):
        role = next((c for c in n.children if c.dep_ in ("appos", "attr") and c.pos_ == "NOUN"), None)
        org = sx.org_obj(n, reader) or (sx.org_obj(role, reader) if role is not None else None)
        trade = lex.trade_of_gerund(n.lower_) if n.lower_.endswith("ing") else None
        if role is not None and (lex.is_occupation(role.lemma_.lower()) or org):
            r = sx.phrase(role, drop_det=True)
            out.append(Statement("job", owner, speaker, f"{r} at {org}" if org else r))
        elif trade and org:
            # "my lecturing in marine biology at X": the doer of the work, with its field ("lecturer in ...")
            field = next((p for c in n.children if c.dep_ == "prep" and c.lower_ == "in" for p in c.children
                          if p.dep_ == "pobj" and p.pos_ == "NOUN" and not sx.is_place(p, reader)), None)
            r = f"{trade} in {sx.phrase(field, drop_det=True)}" if field is not None else trade
            out.append(Statement("job", owner, speaker, f"{r} at {org}"))
        elif org:
            out.append(Statement("job", owner, speaker, org))
    return out


def _looked_at(v: Any) -> bool:
    """A verb of seeing or seeking: a flat viewed or looked for ("seeing a flat in X on monday") is before any
    move."""
    lemma = v.lemma_.lower()
    return v.pos_ == "VERB" and (lex.verb_in_lexfile(lemma, ("verb.perception",)) or lex.verb_in_senses(
        lemma, ("search.v.01", "look_for.v.01", "see.v.05", "view.v.02"), first=2))


def _new_home(reader: StatementReader, n: Any, sent: Any, speaker: str) -> str | None:
    """"new apartment in Toronto is tiny", "got an offer on a flat in X!! moving in april": a new dwelling
    somewhere, or one in a message about moving, said with nobody else in the sentence, is the speaker's (chat
    drops the "my")."""
    if n.pos_ != "NOUN" or not lex.noun_is(n.lemma_.lower(), "dwelling") or n.sent.text.rstrip().endswith("?"):
        return None
    fresh = any(c.dep_ == "amod" and c.lower_ == "new" for c in n.children)
    # ("a night in the new house in X": the new home one is in; not one looked for, "viewing a new flat in X")
    new = fresh and (n.dep_ in ("nsubj", "ROOT", "dobj") or (
        n.dep_ == "pobj" and n.head.lower_ in ("in", "into") and any(c.dep_ == "det" and c.lower_ == "the" for c in n.children)
        and not _looked_at(n.head.head) and not sx.hedged(n.head.head)))
    # "got an offer on a flat in X!! moving sun 12 april": a dwelling somewhere in a message about moving
    if not (new or (n.dep_ in ("dobj", "pobj") and _moving(n.doc))) or _looked_at(n.head):
        return None
    if somebody_else(reader, sent, speaker) or any(
            t.lower_ in ("you", "u", "your") or (t.pos_ == "NOUN" and lex.is_person_noun(t.lemma_.lower())) for t in sent):
        return None
    return sx.place_obj(n, reader, preps=("in",))


def _job_got(reader: StatementReader, n: Any, sent: Any, speaker: str) -> str | None:
    """"i got it. the job at Brightfold!!": a job at a workplace named alone after the speaker said they got
    something (a verb of getting with "it" or "the job" in an earlier sentence of the message)."""
    if n.dep_ != "ROOT" or not lex.noun_is(n.lemma_.lower(), "job", senses=2) or sent.text.rstrip().endswith("?") \
            or any(t.pos_ in ("VERB", "AUX") for t in sent):
        return None
    got = any(t.pos_ == "VERB" and lex.verb_is(t.lemma_.lower(), "possess", senses=2) and t.i < sent.start and
              any(c.dep_ == "nsubj" and c.lower_ in FIRST_PERSON for c in t.children) for t in sent.doc)
    return sx.org_obj(n, reader) if got else None


def _moving(doc: Any) -> bool:
    """A move of house told in the message ("moving sun 12 april", "we move next week"), not denied or wished."""
    return any(t.pos_ == "VERB" and t.lemma_.lower() != "live" and lex.verb_in_senses(t.lemma_.lower(), ("move.v.04", "relocate.v.01"), first=4)
               and not sx.hedged(t) and not sx.negated(t, t.sent) for t in doc)


def _moved_in(doc: Any) -> bool:
    """"moved in", "moving in on Friday": a verb of settling with "in" as its particle, anywhere in the message."""
    return any(t.pos_ == "VERB" and lex.verb_is(t.lemma_.lower(), "reside") and any(
        c.dep_ in ("prt", "advmod") and c.lower_ == "in" for c in t.children) for t in doc)


def _next_in(n: Any, reader: StatementReader) -> str | None:
    """"sat in my flat in Leeds": the parser may hang the place on the verb; a place phrase right after the
    dwelling's noun still says where the dwelling is."""
    nxt = n.doc[n.i + 1] if n.i + 1 < len(n.doc) else None
    if nxt is None or nxt.lower_ != "in" or nxt.dep_ != "prep" or nxt.head.i not in (n.head.i, n.head.head.i):
        return None
    place = next((p for p in nxt.children if p.dep_ == "pobj" and sx.is_place(p, reader)), None)
    if place is None:
        return None
    v = sx.without_dates(sx.phrase(place))
    return v.title() if v.islower() else v


def _there(reader: StatementReader, v: Any) -> str | None:
    """"got the job in Incheon, moving up there next month": a move "there" goes to the last place the message
    named before it. So does a move the sentence gives as a consequence ("the post is in X, so I'm moving in
    May"): where it goes is the place the clause before it gave a post, or "it", as being in (not "the rent in X
    is insane, so moving": where one leaves)."""
    if not lex.moving_verb(v.lemma_.lower()):
        return None
    if any(c.dep_ == "advmod" and c.lower_ == "there" for c in [*v.children, *(x for c in v.children for x in c.children)]):
        named = [t for t in sx.names_before(v) if sx.is_place(t, reader)]
    elif any(c.dep_ in ("advmod", "mark") and c.lower_ == "so" and c.i < v.i for c in v.children) and not any(
            c.dep_ in ("dobj", "prt") for c in v.children):
        named = [t for t in sx.names_before(v) if t.i >= v.sent.start and t.dep_ == "pobj" and
                 (t.head.lower_ == "to" or (t.head.lower_ == "in" and _post_or_it_in(t.head.head))) and
                 sx.is_place(t, reader)]
    else:
        return None
    if not named:
        return None
    name = sx.phrase(named[-1])
    return name.title() if name.islower() else name


def _post_or_it_in(be: Any) -> bool:
    """"it's in X", "the post is located in X": a copula whose subject is "it" or a post or a workplace."""
    subj = next((c for c in be.children if c.dep_ == "nsubj"), None)
    lemma = subj.lemma_.lower() if subj is not None else ""
    return be.lemma_ == "be" and subj is not None and (subj.lower_ in ("it", "that") or lex.noun_is_exactly(
        lemma, "job", senses=2) or lex.noun_in_senses(lemma, ("position.n.06",), first=8, exact=True) or
        lex.noun_is(lemma, "workplace", senses=1))


def _moved_rooms(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"moved into the X flat", "into a flat in X": a dwelling placed by its town; "moving out of leeds": the place left."""
    out: list[Statement] = []
    for prep in (c for c in v.children if c.dep_ == "prep"):
        for p in (x for x in prep.children if x.dep_ == "pobj"):
            if prep.lower_ in ("into", "to") and lex.noun_is(p.lemma_.lower(), "dwelling") and \
                    not sx.place_obj(v, reader):
                # (or placed after it: "moved into a flat in X")
                town = next((c for c in p.children if c.dep_ in ("compound", "amod") and sx.is_place(c, reader)), None) \
                    or next((x for c in p.children if c.dep_ == "prep" and c.lower_ == "in" for x in c.children
                             if x.dep_ == "pobj" and sx.is_place(x, reader)), None)
                if town is not None and (owner := subject_of(reader, v, sent, speaker, other)):
                    out.append(Statement("city", owner, speaker, town.text.title() if town.text.islower() else town.text,
                                         kind="event"))
    # (a move only: "based out of X", "living out of a van" say where one is)
    moving = lex.verb_in_senses(v.lemma_.lower(), (*lex.MOVE_SENSES, "settle.v.04"), first=4)
    # (the parser may hang "from" on an adverb: "moved here / over / back from X")
    heads = [v, *(c for c in v.children if c.dep_ == "advmod" and c.pos_ == "ADV")]
    preps = [c for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ in ("from", "out")]
    out_of = [x for p in preps if p.lower_ == "out" for o in p.children if o.dep_ == "prep" and o.lower_ == "of"
              for x in o.children if x.dep_ == "pobj" and sx.is_place(x, reader)]
    if not moving and out_of and not sx.place_obj(v, reader) and (owner := subject_of(reader, v, sent, speaker, other)):
        # "based out of Lisbon": where one is based
        name = sx.proper_name(out_of[0])
        out.append(Statement("city", owner, speaker, name.title() if name.islower() else name, kind="event"))
    for prep in (c for c in preps if moving):
        # "out of X" hangs "of" under "out"; a place may hide as a compound ("out of leeds end of june")
        pobjs = [x for x in prep.children if x.dep_ == "pobj"] if prep.lower_ == "from" else \
            [x for o in prep.children if o.dep_ == "prep" and o.lower_ == "of" for x in o.children if x.dep_ == "pobj"]
        for p in pobjs:
            place = p if sx.is_place(p, reader) else next(
                (c for c in p.children if c.dep_ in ("compound", "amod") and sx.is_place(c, reader)), None)
            if place is not None and (owner := subject_of(reader, v, sent, speaker, other)):
                name = sx.proper_name(place)
                out.append(Statement("city", owner, speaker, name.title() if name.islower() else name,
                                     kind="event", tense="past"))
    return out
