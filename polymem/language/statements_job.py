"""Jobs: a verb of working, joining or being hired ("joined Acme as an analyst"), a change of job ("from X
to Y"), a verbless role the speaker names, and merging a role and an employer said apart."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language import timeexpr
from polymem.language.models import parsed
from polymem.language.statement_types import FIRST_PERSON, Statement
from polymem.language.statements_former import FORMER, begins, earlier
from polymem.language.statements_left import pobj_workplace
from polymem.language.statements_people import owner_of, subject_of
from polymem.language.statements_role import in_charge_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader


_STILL = ("still", "now", "currently", "officially", "basically", "finally")


def self_role(reader: StatementReader, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
    """A job the speaker names without a clause: "Night shift manager at the depot, out by 6am." (a verbless
    fragment headed by an occupation and placed at a workplace), or an offered post ("I've been offered
    operations manager at a distillery"), or a trade said as a way of life ("locksmith life, never off call").
    Read as weak: context, not a statement."""
    # ("settled. X from the 9th": the group's choice, whatever word names it, right after a line that is only
    # the verb of deciding)
    sents = list(doc.sents)
    decided = [i + 1 for i, s in enumerate(sents) if len([t for t in s if t.is_alpha]) <= 2 and any(
        t.pos_ == "VERB" and t.tag_ in ("VBD", "VBN") and
        lex.verb_in_senses(t.lemma_.lower(), _SETTLE, first=2, exact=True) for t in s)]
    for n, sent in enumerate(sents):
        if sent.text.rstrip().endswith("?") or n in decided:
            continue
        if (life := _trade_life(reader, sent)) is not None:
            return [Statement("job", speaker, speaker, life, kind="event", weak=True, message_id=message_id, time=time,
                              sentence=sent.text)]
        if (work := _years_as(sent)) is not None:
            # (told as spent, it is over, unless it goes on: "and counting", "still", "now"; or it is still to
            # come: "two years as a X, starting in May" is a post taken, whose years lie ahead)
            going = any(t.lower_ in ("still", "now", "counting") for t in sent) or begins(sent)
            return [Statement("job", speaker, speaker, work, kind="event", weak=True, message_id=message_id,
                              time=time, sentence=sent.text, tense="present" if going else "past")]
        if (work := _full_time_on(reader, sent)) is not None:
            return [Statement("job", speaker, speaker, work, kind="event", weak=True, message_id=message_id,
                              time=time, sentence=sent.text)]
        if (work := _work_as_subject(sent)) is not None:
            return [Statement("job", speaker, speaker, work, kind="event", weak=True, message_id=message_id,
                              time=time, sentence=sent.text)]
        subjects = [t for t in sent if t.dep_ in ("nsubj", "nsubjpass")]
        for t in sent:
            # a clipped trade ("lab tech") counts only placed at a workplace (below): alone it may be any
            # abbreviation ("6pm aest")
            # (with a noun naming its field, "lab tech", "bus mech": alone, "bro at the pub" is no trade)
            clipped = t.pos_ in ("NOUN", "PROPN") and t.is_lower and lex.clipped_occupation(t.lower_) and any(
                c.dep_ == "compound" and c.pos_ == "NOUN" for c in t.children)
            # (or a post in charge of something: "head of sales at X, the grocery startup")
            # (or a person noun WordNet files under no trade, placed at a named workplace: "scout at the X Trust")
            # (a lower-case role opening the line may be tagged a name or a verb: "warden at X, start in May")
            # (after at most two words before it that can modify a role: "deputy warden at X")
            before_t = [x for x in sent.doc[sent.start:t.i] if not x.is_punct]
            opening = t.pos_ in ("PROPN", "VERB") and t.is_lower and len(before_t) <= 2 and \
                all(x.is_alpha and x.pos_ in ("NOUN", "ADJ", "PROPN") for x in before_t) and \
                t.i + 1 < sent.end and sent.doc[t.i + 1].lower_ in ("at", "for") and lex.is_occupation(t.lower_) and \
                _workplace_after(sent.doc[t.i + 1])
            led = _leading_role(t, sent) and lex.is_occupation(t.lower_)
            if (t.pos_ != "NOUN" or not (lex.is_occupation(t.lemma_.lower()) or in_charge_of(t) is not None or (
                    _at_named_place(t) and lex.taken_on_as(t.lemma_.lower())))) and not clipped and not opening and \
                    not led or sx.possessor(t) is not None:
                continue
            if any(c.dep_ == "det" and c.lower_ not in ("a", "an") for c in t.children):
                continue  # "the manager": somebody else
            if t.i > sent.start and sent.doc[t.i - 1].pos_ == "INTJ":
                continue  # "yes doctor", "thanks captain": someone addressed, not the speaker's trade
            # (a post in charge of something may hang the workplace on its field: "head of sales at X, the ...")
            hosts = [t, *([f] if (f := in_charge_of(t)) is not None else [])]
            fragment = t.dep_ in ("ROOT", "appos") and not subjects and any(
                c.dep_ == "prep" and c.lower_ in ("at", "for", "with", "in") and any(
                    p.dep_ == "pobj" and p.ent_type_ not in ("DATE", "TIME") and not p.like_num and
                    not lex.noun_is(p.lemma_.lower(), "time", senses=2) for p in c.children)
                for h in hosts for c in h.children)
            # "still knackered, still a PE teacher at Westfield": a clause that opens with an adverb of
            # continuing state and an indefinite role says what the speaker is, whatever the parser attached
            left = [x for x in sent.doc[max(sent.start, t.left_edge.i - 2):t.i] if x.dep_ != "compound"]
            opened = len(left) >= 2 and left[-1].lower_ in ("a", "an") and left[-2].pos_ == "ADV" and \
                left[-2].lower_ in _STILL and (left[-2].i == sent.start or sent.doc[left[-2].i - 1].is_punct)
            # "same thing. structural engineer.", "project coordinator!!": a sentence that is only a role
            # (a one-word line only with a word that is a person first: "classic!" is no trade, "nurse." is)
            words = [x for x in sent if x.is_alpha]
            bare = t.dep_ == "ROOT" and not subjects and not any(x.pos_ in ("VERB", "AUX") for x in sent) and \
                not any(c.dep_ in ("det", "poss") and c.lower_ not in ("a", "an") for c in t.children) and \
                len(words) <= 6 and (len(words) > 1 or lex.is_person_noun(t.lemma_.lower(), senses=1))
            # "Dispatch supervisor at the harbour, twelve cranes by noon": a role at a workplace opening the
            # sentence and closed by a comma, whatever the parser made the rest of it
            at = next((c for h in hosts for c in h.children if c.dep_ == "prep" and c.lower_ in ("at", "for", "with")),
                      None)
            after = at.right_edge.i + 1 if at is not None else -1
            leading = at is not None and all(x.is_punct or x.is_space or not x.is_alpha
                                             for x in sent.doc[sent.start:t.left_edge.i]) and \
                after < len(sent.doc) and sent.doc[after].text in (",", ";", "—", "-") and \
                not any(c.dep_ == "det" for c in t.children)
            # "as a nurse, I'd say ...": a role the speaker speaks as, opening the sentence (weak, like the rest)
            speaking_as = t.dep_ == "pobj" and t.head.lower_ == "as" and t.head.i <= sent.start + 1 and any(
                c.lower_ in ("a", "an") for c in t.children) and any(x.lower_ == "i" and x.dep_ == "nsubj"
                                                                     for x in sent)
            # (a bare role in a line that names another member cheers their news: "head chef AND events lead. X for
            # president" is X's post, said by someone else)
            # (not a member named beside "I": "freelance translator. bob and I go way back")
            others = [p for x in doc.sents for p in reader.people(x.text) if p != speaker and
                      not any(w.lower_ in ("i", "me", "my", "we") for w in x)]
            # (an indefinite one, "ha, an acrobat. Nibs ...": a bare "vet nurse." answers what the speaker does)
            described = any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in t.children) and _said_of_another(sent)
            fragment = fragment or opened or ((bare or led) and not clipped and not others and not described) \
                or leading or speaking_as
            offered = t.dep_ in ("dobj", "oprd", "attr") and _offered_to_speaker(t.head, sent)
            if fragment or offered:
                # "Bo got the role! night porter at the Grand": a role after a member's news of a post is theirs
                owner = speaker if offered else (taker_before(reader, doc, sent, speaker) or speaker)
                # "not a courier anymore.", "Retired glazier.": a role said to be over
                former = [c for c in t.lefts if c.dep_ in ("amod", "compound") and earlier(c, FORMER)]
                over = sx.ended(t, sent) or bool(former)
                role = sx.phrase(t, drop_det=True)
                if opening or led:
                    role = " ".join(x.text for x in sent.doc[sent.start:t.i + 1] if not x.is_punct)
                if former:
                    role = " ".join(x.text for x in t.doc[former[-1].i + 1:t.i + 1])
                if (headed := in_charge_of(t)) is not None:  # ("head of sales": with what the post heads)
                    role = f"{role} of {sx.phrase(headed, drop_det=True)}"
                # (the workplace may hang on the field a post heads: "head of sales at X")
                # (or on the verb of offering: "got offered shift supervisor at X")
                org = next((o for h in (t, headed, t.head if offered else None) if h is not None and
                            (o := sx.org_obj(h, reader))), None)
                return [Statement("job", owner, speaker, f"{role} at {org}" if org else role,
                                  kind="event" if owner == speaker else "report", tense="past" if over else "present",
                                  weak=True, message_id=message_id, time=time, sentence=sent.text)]
    return []


def _full_time_on(reader: StatementReader, sent: Any) -> str | None:
    """"going full time on the pottery", "full-time with the boat tours now": what the speaker turns to full time is
    their work (said of "I" or of nobody; not "Lem is full time on it", not "not going full time on it")."""
    for t in sent:
        if t.lemma_.lower() != "time" or not any(c.dep_ == "amod" and c.lower_ == "full" for c in t.children):
            continue
        h = t.head if t.dep_ == "npadvmod" else t
        if sx.negated(h, sent) or any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in FIRST_PERSON
                                      for c in h.children):
            continue
        # a turn made ("going full time on X"), not a stretch of days ("full time on the sofa today", "working full
        # time on the prep this week", "until the exams")
        if h.lemma_ != "go" or any(x.lower_ in ("today", "tonight", "week", "weekend", "until", "till", "til")
                                   for x in sent):
            continue
        for c in (*t.children, *h.children):
            if c.dep_ != "prep" or c.lower_ not in ("on", "with"):
                continue
            for p in c.children:
                if p.dep_ == "pobj" and p.pos_ == "NOUN" and not reader.person_in(p.text) and \
                        p.lower_ not in ("it", "this", "that") and not lex.noun_is(p.lemma_.lower(), "time", senses=2) \
                        and not lex.is_person_noun(p.lemma_.lower(), 1):  # ("full time with the kids")
                    return sx.phrase(p, drop_det=True)
    return None


def _leading_role(t: Any, sent: Any) -> bool:
    """"freelance piano tuner now, mostly churches": a role in lower case that opens a sentence, closed by a
    comma, with a word before it that narrows it or "now"/"still" after it, however the parser hung the rest. One
    bare word before a clause is someone addressed ("driver, stop here"); a sentence speaking to "you" addresses
    someone too."""
    if t.pos_ not in ("NOUN", "PROPN") or not t.is_lower or t.i == sent.end - 1:
        return False
    if any(x.lower_ in ("you", "your", "u", "ur") for x in sent):
        return False
    before = list(sent.doc[sent.start:t.i])
    if len(before) > 4 or not all(x.is_alpha and x.is_lower and x.pos_ in ("NOUN", "PROPN", "ADJ") for x in before):
        return False
    j = t.i + 1
    while j < sent.end and sent.doc[j].lower_ in _STILL:
        j += 1
    if not ((bool(before) or j > t.i + 1) and j < sent.end and sent.doc[j].text in (",", ";", "—", "-")):
        return False
    rest = [x for x in sent.doc[j + 1:sent.end] if not x.is_punct and not x.is_space]
    # (what follows asks or tells someone, or is a clause of its own: "taxi driver, stop here", "guest speaker, wish
    # me luck", "total beginner still, be patient")
    if not rest or rest[0].tag_ == "VB" or any(x.lower_ in ("please", "pls", "plz") for x in rest) or \
            any(x.dep_ in ("nsubj", "nsubjpass") for x in rest):
        return False
    # without "now"/"still", only with where the work is after it (a name, an organisation, "based in ...")
    return j > t.i + 1 or any(x.pos_ == "PROPN" or x.ent_type_ in ("ORG", "GPE") or x.lower_ == "based" or
                              lex.organisation_noun(x.lemma_.lower()) for x in rest)


def taker_before(reader: StatementReader, doc: Any, sent: Any, speaker: str) -> str | None:
    """The member another sentence of the message, before this one, says took up a post ("Bo got the role!"); the
    latest one, and none when the role is labelled with its holder ("me: cashier at X")."""
    if any(t.text == ":" for t in sent):
        return None
    found = None
    for x in doc.sents:
        if x.start >= sent.start:
            break
        for t in x:
            if t.dep_ == "dobj" and _a_post(t) and t.head.pos_ == "VERB" and \
                    lex.verb_in_senses(t.head.lemma_.lower(), _TAKE_UP, first=3, exact=True) and \
                    not sx.negated(t.head, x) and not sx.hedged(t.head):
                subj = next((c for c in t.head.children if c.dep_ == "nsubj"), None)
                who = reader.person_in(subj.text) if subj is not None else None
                if who is not None and who != speaker:
                    found = who
    return found


# getting, accepting, starting or being offered something (WordNet): what one does with a post one takes up
_TAKE_UP = ("get.v.01", "acquire.v.01", "accept.v.02", "take.v.08", "land.v.04", "start.v.01", "begin.v.03",
            "offer.v.01", "offer.v.02", "secure.v.04")


def _a_post(t: Any) -> bool:
    """A word for a post: a job, a position, a role (not "place" or "spot", which are first places)."""
    lemma = t.lemma_.lower()
    return t.pos_ == "NOUN" and (lex.noun_is(lemma, "job", senses=1) or lex.noun_in_senses(
        lemma, ("function.n.03", "position.n.06", "post.n.04"), first=3, exact=True))


def _offer_from(reader: StatementReader, t: Any) -> str | None:
    """The firm an offer comes from ("an offer from <Name> Ventures"): a proper name, no member's, no place's."""
    if t.pos_ != "NOUN" or not lex.noun_in_senses(t.lemma_.lower(), ("offer.n.01", "offer.n.02"), first=2, exact=True):
        return None
    # (an offer for something, "for my old car", "on the house", is a sale, not a post)
    if any(c.dep_ == "prep" and c.lower_ in ("for", "on") for h in (t, t.head) for c in h.children):
        return None
    firm = next((p for h in (t, t.head) for c in h.children if c.dep_ == "prep" and c.lower_ == "from"
                 for p in c.children if p.dep_ == "pobj" and p.pos_ == "PROPN"), None)
    if firm is None or reader.person_in(firm.text) or firm.ent_type_ == "PERSON" or \
            lex.is_place_name(sx.phrase(firm).lower().replace(" ", "_")):
        return None
    return sx.phrase(firm)


def _first_stretch_at(reader: StatementReader, sent: Any) -> str | None:
    """"first week at Brightwater Labs done": the speaker's first stretch of time at a named firm (not "at the
    beach", not a town, not somebody else's first day)."""
    for t in sent:
        # ("first" before it, however the tagger took it)
        if t.pos_ != "NOUN" or not lex.noun_is(t.lemma_.lower(), "time", senses=1) or not (
                t.i > sent.start and sent.doc[t.i - 1].lower_ == "first") or any(
                c.dep_ == "poss" and c.lower_ not in FIRST_PERSON for c in t.children):
            continue
        for c in t.children:
            if c.dep_ != "prep" or c.lower_ not in ("at", "with"):
                continue
            # the name right after "at", however the parser hung it ("first week at Brightwater Labs done")
            run = []
            for x in sent.doc[c.i + 1:sent.end]:
                if x.pos_ != "PROPN":
                    break
                run.append(x)
            if run and reader.person_in(run[0].text) is None and not any(lex.is_place_name(x.lower_) for x in run) \
                    and not any(x.ent_type_ in ("GPE", "LOC", "DATE", "TIME") for x in run):
                return " ".join(x.text for x in run)
    return None


_DECLINE = ("reject.v.01", "refuse.v.02", "decline.v.02", "turn_down.v.01")


def _not_taken(v: Any, sent: Any) -> bool:
    """The post was not taken up now: "got the job done" (a task finished), "almost got the X job", "turned it
    down", "said no", or a year long past ("back in 2010 I got the X job")."""
    if any(c.dep_ in ("xcomp", "ccomp", "oprd") for c in v.children) or any(
            c.dep_ == "acl" and c.tag_ == "VBN" for o in v.children if o.dep_ == "dobj" for c in o.children):
        return True  # ("got the job done": however the parser hangs "done")
    if any(c.dep_ == "advmod" and c.lower_ in ("almost", "nearly") for c in v.children):
        return True
    if _declined(v, sent):
        return True
    return any(x.like_num and len(x.text) == 4 and x.text.isdigit() and x.head.lower_ in ("in", "back", "since")
               for x in sent)


def _declined(v: Any, sent: Any) -> bool:
    """"..., but turned it down", "but I said no": what `v` got or was offered is refused later in the sentence."""
    # (said by the one offered: "I said no", or no subject; not "Lem said no to his")
    return any(x.pos_ == "VERB" and x.i > v.i and lex.verb_in_senses(sx.phrasal(x), _DECLINE, first=3, exact=True)
               for x in sent) or any(x.lower_ == "no" and x.head.lemma_ == "say" and not any(
                   c.dep_ == "nsubj" and c.lower_ not in FIRST_PERSON for c in x.head.children) for x in sent)


def post_taken(reader: StatementReader, doc: Any, speaker: str, message_id: str | None,
               time: datetime | None) -> list[Statement]:
    """"X offered me a project architect role", "got the CSIRO job!!", "offered the sports physio job at the
    clinic in Y": a post the speaker got, accepted or was offered, named by the trade or the employer in front of
    the word for it (or the employer after "at", or the one offering it); or a first stretch at a named firm
    ("first week at X done"). Weak, like any offer: what the speaker holds where nothing says otherwise, never a
    statement over one."""
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?"):
            continue
        if (firm := _first_stretch_at(reader, sent)) is not None:
            return [Statement("job", speaker, speaker, firm, kind="event", weak=True, message_id=message_id, time=time,
                              sentence=sent.text.strip())]
        for t in sent:
            # ("took up an offer from <firm>": the offer of a firm is a post)
            offered_by = _offer_from(reader, t)
            if not (_a_post(t) or offered_by) or t.dep_ != "dobj" or t.head.pos_ != "VERB":
                continue
            v = t.head
            lemma = sx.phrasal(v)
            if not (lex.verb_in_senses(lemma, _TAKE_UP, first=3, exact=True) or
                    lex.verb_in_senses(v.lemma_.lower(), _TAKE_UP, first=3, exact=True)) or \
                    sx.negated(v, sent) or sx.hedged(v) or _not_taken(v, sent):
                continue
            # (a label before a colon is no subject: "News: offered the X job")
            subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass") and not (
                c.i + 1 < len(doc) and doc[c.i + 1].text == ":")), None)
            offer = lex.verb_in_senses(v.lemma_.lower(), ("offer.v.01", "offer.v.02"), first=2)
            to_me = any(c.dep_ in ("dative", "nsubjpass") and c.lower_ in FIRST_PERSON for c in v.children)
            # the speaker's: said of "I", or with no subject at all ("offered the X job!!"), or offered to "me"
            employer = None
            if subj is not None and subj.lower_ not in FIRST_PERSON:
                if not (offer and to_me and subj.pos_ == "PROPN" and reader.person_in(subj.text) is None and
                        not lex.is_person_noun(subj.lemma_.lower(), 2) and not lex.is_place_name(subj.lower_)):
                    continue  # (not "Dad offered me a job", "Barcelona offered me a role")
                employer = sx.phrase(subj)  # "Acme offered me a role": the employer offers it
            mods = [c for c in t.lefts if c.dep_ in ("compound", "amod") and c.pos_ in ("NOUN", "PROPN", "ADJ")]
            trade = [c for c in mods if c.pos_ != "PROPN" and (
                lex.is_occupation(c.lemma_.lower()) or lex.clipped_occupation(c.lower_))]
            named = [c for c in mods if c.pos_ == "PROPN" and reader.person_in(c.text) is None and
                     not lex.is_place_name(c.lower_)]  # ("the London job": where, not who employs)
            org = offered_by or sx.org_obj(t, reader) or sx.org_obj(v, reader) or employer or \
                (" ".join(c.text for c in named) if named else None)
            if trade:  # (from the trade's own nouns: "the new teacher job" is a teacher's)
                # (a trade the tagger read as an adjective has no noun to start from: "the admin job")
                start = next((x.i for x in t.doc[trade[0].left_edge.i:trade[0].i + 1] if x.pos_ in ("NOUN", "PROPN")),
                             trade[0].i)
                role = " ".join(x.text for x in t.doc[start:trade[-1].i + 1] if not (x.pos_ == "PROPN" and x in named))
            elif not org:
                continue
            else:
                role = None
            value = f"{role} at {org}" if role and org else (role or org or "")
            return [Statement("job", speaker, speaker, value, kind="event", weak=True, message_id=message_id, time=time,
                              sentence=sent.text.strip())]
    return []


_FOUND = ("establish.v.01", "open.v.02", "start.v.06", "set_up.v.06", "originate.v.02", "operate.v.01")
# a place of work or a business (WordNet): a studio, a bakery, a firm, a shop; not a bottle or a door
_BUSINESS = ("workplace.n.01", "place_of_business.n.01", "organization.n.01", "business.n.01", "restaurant.n.01",
             "shop.n.01", "establishment.n.04")


# held as one's own, a business by its first sense: "my own bakery", "her own firm"; not "my own office", "his own
# band", "my own house" (a room, a group or a home one has is no business)
_HELD = ("business.n.01", "company.n.01", "commercial_enterprise.n.02", "shop.n.01", "restaurant.n.01",
         "mercantile_establishment.n.01", "tavern.n.01", "factory.n.01")
_TRADED_FROM = ("conveyance.n.03",)  # run or started as a business of one's own: "my own food truck", "her own tour boat"


def own_business(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"she's opening her own pottery studio", "I've set up my own agency", "running my own café now": a place
    of work of one's own, founded or run, is one's job ("owner of pottery studio")."""
    phrasal = sx.phrasal(v)
    # ("she has her own catering firm", "he's got his own van hire business": held now, not "had")
    holds = v.lemma_.lower() in ("have", "get") and v.tag_ != "VBD" and not any(
        c.dep_ == "aux" and c.tag_ == "VBD" for c in v.children) and not (
        v.dep_ == "xcomp" and v.head.lemma_.lower() == "use")  # ("I used to have my own salon")
    if not (holds or lex.verb_in_senses(phrasal, _FOUND, first=6, exact=True) or
            lex.verb_in_senses(v.lemma_.lower(), _FOUND, first=6, exact=True)) or sx.hedged(v) or sx.negated(v, sent):
        return []
    obj = next((c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN" and _own_possessor(c) is not None
                and (lex.noun_in_senses(c.lemma_.lower(), _HELD, first=1) if holds else
                     lex.noun_in_senses(c.lemma_.lower(), _BUSINESS + _TRADED_FROM, first=3))), None)
    if obj is None and not holds:
        return _business_opened(reader, v, sent, speaker, other)
    if obj is None:
        return []
    poss = _own_possessor(obj)
    owner = owner_of(reader, poss, speaker, other, sent) if poss is not None else None
    if owner is None or owner != subject_of(reader, v, sent, speaker, other):
        return []  # ("he helped me open my own shop": the shop is still mine, but said of his doing)
    words = [t for t in obj.doc[obj.left_edge.i:obj.i + 1] if t.dep_ not in ("poss", "det") and t.tag_ != "PRP$"
             and t.lower_ != "own"]
    return [Statement("job", owner, speaker, "owner of " + " ".join(t.text for t in words), kind="event")]


def _business_opened(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"I'm opening a cheese shop in X with my cousin", "she's just started a kayak-hire company": a business founded now (not
    done: "we opened a tab"), by the member who is the subject, is their job. Not a question."""
    if v.tag_ != "VBG" or sent.text.rstrip().endswith("?") or \
            not lex.verb_in_senses(v.lemma_.lower(), _FOUND, first=6, exact=True):
        return []
    # (a business that trades: "a bakery", "a tour company", not "a choir", "a book club", "a new team")
    obj = next((c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN" and any(
        d.dep_ == "det" and d.lower_ in ("a", "an") for d in c.children) and
                lex.noun_in_senses(c.lemma_.lower(), _HELD, first=3)), None)
    subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if obj is None or subj is None or subj.lower_ in ("we", "they", "you", "it") or \
            (owner := subject_of(reader, v, sent, speaker, other)) is None:
        return []
    words = [t for t in obj.doc[obj.left_edge.i:obj.i + 1] if t.dep_ != "det"]
    return [Statement("job", owner, speaker, "owner of " + " ".join(t.text for t in words), kind="event")]


def _own_possessor(obj: Any) -> Any | None:
    """Whose own the thing is: "my own bakery", or "a bakery of her own"."""
    if any(a.lower_ == "own" for a in obj.children if a.dep_ == "amod"):
        return sx.possessor(obj)
    own = next((p for c in obj.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                if p.lower_ == "own"), None)
    return next((c for c in own.children if c.dep_ == "poss"), None) if own is not None else None


def _trade_life(reader: StatementReader, sent: Any) -> str | None:
    """"tax auditor life", "sous chef life at a noodle bar": English names the trade one lives by in front of
    "life" (with no possessor or article: "city life", "such is student life" name no trade)."""
    for t in sent:
        if (of := _life_of(t, sent)) is not None:
            org = sx.org_obj(of, reader)
            start = min([c.left_edge.i for c in of.lefts if c.dep_ != "det"] + [of.i])
            role = " ".join(x.text for x in t.doc[start:of.i + 1])
            return f"{role} at {org}" if org else role
        if t.lemma_.lower() != "life" or any(c.dep_ in ("poss", "det") for c in t.children):
            continue
        # (said as the speaker's own now: a fragment, or the subject of what follows; not "I miss nurse life",
        # "reading about pilot life", "nurse life was hard", "my friend says doctor life is brutal")
        # (a compound too: "pharmacist life lads" hangs "life" on the vocative)
        v = t.head
        # (only on a word closing the sentence: not "my doctor life coach says", "pilot life expectancy")
        closing = v.i == max((x.i for x in sent if not x.is_punct and not x.is_space), default=-1)
        if t.dep_ not in ("ROOT", "appos", "npadvmod", "nsubj", "dep", "compound") or (
                t.dep_ == "nsubj" and (v.tag_ in ("VBD", "VBN") or v.dep_ == "ccomp")) or (
                t.dep_ == "compound" and (v.pos_ not in ("NOUN", "PROPN") or not closing or
                                          lex._synsets(f"life_{v.lemma_.lower()}", "n"))):
            continue
        # the word right before it, whatever the tagger made of it ("mechanic life": an adjective)
        trade = t.doc[t.i - 1] if t.i > sent.start else None
        if trade is None or not trade.is_alpha or not (
                lex.is_occupation(trade.lemma_.lower() if trade.pos_ == "NOUN" else trade.lower_) or
                lex.clipped_occupation(trade.lower_)):
            continue
        # ("sous chef life", "app dev life": the words before it that name the trade, however the parser hung them)
        start = min([c.left_edge.i for c in t.children if c.dep_ in ("compound", "amod") and c.i < t.i], default=trade.i)
        words = " ".join(x.text for x in t.doc[start:trade.i + 1] if x.is_alpha or x.text in ("-", "&"))
        org = sx.org_obj(t, reader)
        return f"{words} at {org}" if org else words
    return None


def _workplace_after(prep: Any) -> bool:
    """What "at"/"for" takes is a place of work: a name, a word no dictionary has, or a workplace noun (not
    "plumber at 3 tomorrow", "courier at the door")."""
    obj = next((p for p in prep.children if p.dep_ == "pobj"), None)
    if obj is None or obj.like_num or obj.ent_type_ in ("DATE", "TIME"):
        return False
    return obj.pos_ == "PROPN" or not lex.known_word(obj.lower_) or lex.noun_is(obj.lemma_.lower(), "workplace") or \
        any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in obj.children)


def _life_of(t: Any, sent: Any) -> Any | None:
    """"glamorous life of a welder at X": a line with no verb that is the life "of a" trade (indefinite: one's
    own kind of life; not "the life of the party", "a book on the life of a monk"). The trade's token."""
    if t.lemma_.lower() != "life" or t.dep_ != "ROOT" or any(x.pos_ in ("VERB", "AUX") for x in sent) or \
            any(c.dep_ in ("poss", "det") for c in t.children):
        return None  # ("the life of a postman in this rain": anyone's, said of the trade)
    return next((p for c in t.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                 if p.dep_ == "pobj" and p.pos_ == "NOUN" and lex.is_occupation(p.lemma_.lower()) and
                 any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in p.children)), None)


def _work_as_subject(sent: Any) -> str | None:
    """"Teaching chemistry in Dundee is relentless", "marine geology at Ostrander is all fieldwork": work (a verb
    whose doer is a trade, or a discipline) placed at a named place, as what a sentence of the speaker's talks
    about, says what the speaker does there (a day of it told in the past tense too). Not "cooking for my kids is ..." (no
    place named), "her teaching in Leeds" (someone else's), nor "swimming in the lake" (no trade)."""
    root = sent.root
    if root.pos_ not in ("AUX", "VERB") or root.tag_ not in ("VBZ", "VBP", "VBD"):
        return None
    for t in sent:
        subject = t if t.dep_ in ("csubj", "nsubj") and t.head == root else \
            t.head if t.dep_ == "compound" and t.head.dep_ == "nsubj" and t.head.head == root else None
        if subject is None or not (_trade_gerund(t) or (_discipline(t) and root.tag_ != "VBD" and _at_work(sent.doc))):
            continue  # (a discipline alone may be studied: "law at Kingsmere is intense"; said beside work, worked)
        phrase = [x for x in subject.subtree]
        # ("my lecturing in X at Y resumes": the speaker's own work, its possessor dropped)
        own = next((x for x in phrase if x.dep_ == "poss" and x.head.i == t.i and x.lower_ == "my"), None)
        phrase = [x for x in phrase if x is not own]
        if any(x.dep_ == "poss" or x.lower_ in ("my", "your", "his", "her", "their", "our") for x in phrase):
            return None  # ("her teaching", "teaching my nephew chess": not a trade placed somewhere)
        place = next((x for x in phrase if x.dep_ == "pobj" and x.head.lower_ in ("in", "at") and (
            x.pos_ == "PROPN" or lex.is_place_name(x.lower_) or (x.is_lower and not lex.known_word(x.lower_)))), None)
        if place is None:
            return None
        start, end = min(x.i for x in phrase), max(x.i for x in phrase)
        words = " ".join(x.text for x in sent.doc[start:end + 1] if not x.is_punct or x.text in ("&", "-"))
        return words[:1].lower() + words[1:]
    return None


def _trade_gerund(t: Any) -> bool:
    """A gerund of a verb whose doer is a trade ("teaching", "nursing")."""
    return t.lower_.endswith("ing") and bool(verb := lex.wordnet().morphy(t.lower_, "v")) and lex.work_verb(verb)


def _discipline(t: Any) -> bool:
    """A discipline or an occupation named ("marine biology", "plumbing")."""
    return t.pos_ == "NOUN" and lex.noun_in_senses(t.lemma_.lower(), ("discipline.n.01", "occupation.n.01"), first=2)


# WordNet senses of a place or a person of someone's work ("the lab", "the office", "my boss")
_WORK_SENSES = ("workplace.n.01", "place_of_business.n.01", "work.n.01", "employee.n.01", "employer.n.01")


def _at_work(doc: Any) -> bool:
    return any(x.pos_ == "NOUN" and lex.noun_in_senses(x.lemma_.lower(), _WORK_SENSES, first=2) for x in doc)


def _at_named_place(t: Any) -> bool:
    """The noun is placed "at"/"with"/"for" a name ("at the National X Centre", "with Acme")."""
    return any(c.dep_ == "prep" and c.lower_ in ("at", "with", "for") and any(
        p.dep_ == "pobj" and (p.pos_ == "PROPN" or p.ent_type_ == "ORG") for p in c.children) for c in t.children)


def _years_as(sent: Any) -> str | None:
    """"nine years a welder and my back knows it", "twenty years as a nurse, ...": a sentence opened by a span of
    time spent as a trade (a count of years, months, decades) says the speaker's trade, without a verb. Read by
    position: the parser hangs these fragments any way it likes."""
    doc = sent.doc
    span = next((t for t in sent if t.i <= sent.start + 1 and t.pos_ == "NOUN" and lex.noun_in_senses(
        t.lemma_.lower(), ("time_period.n.01", "time_unit.n.01"), first=1) and any(
        c.dep_ == "nummod" or (c.dep_ == "amod" and c.lower_ in ("many", "few")) for c in t.children)), None)
    if span is None:
        return None
    j = span.i + 1 + (span.i + 1 < sent.end and doc[span.i + 1].lower_ == "as")
    if j >= sent.end or doc[j].lower_ not in ("a", "an"):
        return None
    k = j + 1
    while k < sent.end - 1 and doc[k].dep_ in ("compound", "amod") and doc[k].pos_ in ("NOUN", "ADJ"):
        k += 1
    t = doc[k]
    if k >= sent.end or t.pos_ != "NOUN" or not lex.is_occupation(t.lemma_.lower()):
        return None
    if any(x.tag_ in ("VBD", "VBN") and any(c.dep_ == "nsubj" and c.lower_ == "i" for c in x.children) for x in sent):
        return None  # "..., my lungs are glad I stopped": over, as the reading by meaning finds
    return " ".join([*(x.lower_ for x in doc[j + 1:k]), t.lemma_.lower()])


def _offered_to_speaker(v: Any, sent: Any) -> bool:
    """"I've been offered a job teaching at X", "got offered shift supervisor at X" (chat drops the "I" of a passive
    that opens the line): a post offered, not yet held."""
    if v.pos_ != "VERB" or not lex.verb_in_senses(v.lemma_.lower(), ("offer.v.01", "offer.v.02"), first=2) or \
            sx.negated(v, sent):
        return False
    if _declined(v, sent):
        return False  # ("... but I said no": an offer refused is no post)
    subjectless = v.dep_ == "ROOT" and any(c.dep_ == "auxpass" and c.i == sent.start for c in v.children) and \
        not any(c.dep_ in ("nsubj", "nsubjpass", "dative") for c in v.children)
    return subjectless or any(c.dep_ in ("nsubjpass", "dative") and c.lower_ in FIRST_PERSON for c in v.children)


def from_to(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"I've gone from quantity surveyor to commercial manager": a change of job, the old one before it."""
    frm = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "from" for p in c.children
                if p.dep_ == "pobj" and p.pos_ == "NOUN" and lex.is_occupation(p.lemma_.lower())), None)
    to = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
               if p.dep_ == "pobj" and p.pos_ == "NOUN" and lex.is_occupation(p.lemma_.lower())), None)
    if frm is None or to is None or sx.negated(v, sent):
        return []
    owner = subject_of(reader, v, sent, speaker, other)
    if owner is None:
        return []
    return [Statement("job", owner, speaker, sx.phrase(frm, drop_det=True), kind="event", tense="past"),
            Statement("job", owner, speaker, sx.phrase(to, drop_det=True), kind="event")]


RETIRED = "retired"  # the job of a member gone into retirement
# deciding in its plain senses (not agreeing or booking: "agreed to drive", "confirmed")
_SETTLE = ("decide.v.01", "decide.v.02", "settle.v.03", "finalize.v.01", "choose.v.01")
_APPOINT = ("appoint.v.01", "appoint.v.02", "promote.v.02", "name.v.03")
_IN_CHARGE = ("operate.v.01", "manage.v.02", "head.v.02", "oversee.v.01", "direct.v.04")  # being in charge of


def job_from_verb(reader: StatementReader, v: Any, lemma: str, sent: Any, speaker: str, other: str | None) -> Statement | None:
    # ("as X" of a verb of putting forward is what something is offered as, not a post: "I propose Saturday as the
    # backup", "I suggest the boathouse, with the hut as the fallback")
    said = lex.verb_in_senses(lemma, sx.PUT_FORWARD, first=3, exact=True)
    role_tok = None if said else next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "as"
                                       for p in c.children if p.dep_ == "pobj"), None)
    if role_tok is not None and _said_of_a_thing(v) and not lex.is_person_noun(role_tok.lemma_.lower()):
        role_tok = None  # "use the shed as storage": "as" says what the object serves as, not anyone's post
    if role_tok is None and v.tag_ == "VBN" and (lex.verb_in_senses(lemma, _APPOINT, first=3) or any(
            c.dep_ == "oprd" and c.pos_ == "NOUN" and lex.is_occupation(c.lemma_.lower()) for c in v.children)):
        # (any verb whose passive takes a trade as its object's predicate: "has been made commercial manager")
        # "she has been appointed seed conservation scientist at X", "was made head of sales"
        # (only with a workplace: "named captain of the quiz team" is no job)
        role_tok = next((c for c in v.children if c.dep_ in ("oprd", "attr", "xcomp") and c.pos_ == "NOUN"
                         and (sx.org_obj(v, reader) or sx.org_obj(c, reader))), None)
    role = sx.phrase(role_tok, drop_det=True) if role_tok is not None else None
    if role_tok is not None and (lead := next((c for c in role_tok.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"
                                               and c.i == role_tok.left_edge.i == role_tok.i - 1), None)) is not None:
        role = f"{lead.text} {role}"  # "made head vet": the parser may read "head" as the subject of "vet"
    org = sx.org_obj(v, reader) or (sx.org_obj(role_tok, reader) if role_tok is not None else None)
    if org is None and (lemma == "work" or lex.work_verb(lemma)):
        # "I work nights at the Royal X", "I teach maths at Y": the parser hangs the workplace on the object
        org = next((o for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN" and (o := sx.org_obj(c, reader))),
                   None)
    if role is None and (promoted := _promoted_to(v, reader)) is not None:
        role, org = promoted  # "got promoted to team lead at Brightfold", "been promoted to head of science"
    # "sign it at the restaurant", "started it at school": a verb of hiring or starting done to a thing
    employed = (lex.verb_is(lemma, "employ") or lex.verb_is(lemma, "begin")) and not any(
        c.dep_ == "dobj" and c.lower_ in ("it", "this", "that", "them", "these", "those") for c in v.children)
    # (not "signed up with the army": an employer)
    if employed and any(c.dep_ == "prt" and c.lower_ == "up" for c in v.children) and \
            lex.verb_in_senses(sx.phrasal(v), ("sign_up.v.02",), first=2, exact=True) and \
            not any(c.dep_ == "dobj" for c in v.children) and any(c.dep_ == "prep" and c.lower_ == "for"
                                                                  for c in v.children):
        employed = False  # "signed up for an evening class": joining an activity, nobody hired
    if employed and lex.verb_is(lemma, "employ") and any(
            c.dep_ == "dobj" and c.pos_ == "NOUN" and not lex.is_person_noun(c.lemma_.lower()) and
            not _a_post(c) for c in v.children):
        employed = False  # "hire a minibus at the station": a thing hired is rented, nobody is taken on
    # "landed a job at X", "got a new position with Y": the object names a job
    # only with a verb of getting / starting / holding: "reading Tales of X" is not a job
    job_obj = next((c for c in v.children if c.dep_ == "dobj" and lex.noun_is(c.lemma_.lower(), "job")), None) \
        if employed or lex.verb_is(lemma, "possess") else \
        next((c for c in v.children if c.dep_ == "dobj" and lex.noun_is(c.lemma_.lower(), "job", senses=1)), None)
    if job_obj is None:  # "accepted a design role at X", "taken a position with Y": a post held
        # at an organisation (a role, or a job in any sense), whatever the verb
        job_obj = next((c for c in v.children if c.dep_ == "dobj" and (
            lex.noun_is(c.lemma_.lower(), "job") or lex.noun_in_senses(c.lemma_.lower(), ("function.n.03",), first=2,
                                                                        exact=True)) and sx.org_obj(c, reader)), None)
    if job_obj is None and role is None and org and (employed or lex.verb_is(lemma, "possess") or lex.verb_in_senses(
            lemma, ("accept.v.02", "accept.v.01"), first=3)) and not sx.negated(v, sent):
        # "accepted the head of music job at X": the parser makes the post the object and hangs the word for a
        # job on its "of"; the post is the words before that word
        for d in (c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN"):
            inner = next((p for c in d.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                          if p.dep_ == "pobj" and lex.noun_is(p.lemma_.lower(), "job", senses=1)), None)
            if inner is not None and (lex.is_occupation(d.lemma_.lower()) or lex.noun_in_senses(
                    d.lemma_.lower(), ("leader.n.01",), first=6)):  # ("head of maths": a post in charge)
                words = [t for t in d.doc[d.i:inner.i] if t.dep_ not in ("det", "poss")]
                role = " ".join(t.text for t in words)
                employed = True
    if job_obj is not None and any(x.dep_ == "acl" and x.tag_ == "VBN" for x in job_obj.children):
        return None  # "got the plumber job done": a task finished, no post
    posted = False  # the role is the trade said in front of a word for a post ("got the X job")
    if job_obj is not None:
        employed = True
        if role_tok is None:  # "a new job as a paramedic at City Ambulance"
            role_tok = next((p for c in job_obj.children if c.dep_ == "prep" and c.lower_ == "as"
                             for p in c.children if p.dep_ == "pobj"), None)
            # "the post of deputy head gardener for the Trust": a trade after "of" names the post
            role_tok = role_tok or next((p for c in job_obj.children if c.dep_ == "prep" and c.lower_ == "of"
                                         for p in c.children if p.dep_ == "pobj" and p.pos_ == "NOUN" and
                                         lex.is_occupation(p.lemma_.lower())), None)
            if role_tok is not None:
                role = sx.phrase(role_tok, drop_det=True)
                org = org or sx.org_obj(role_tok, reader)
        org = org or sx.org_obj(job_obj, reader)
        turned_down = lex.verb_in_senses(sx.phrasal(v), ("reject.v.01", "refuse.v.02", "decline.v.02"), first=3,
                                         exact=True)
        if role_tok is None and (employed or lex.verb_is(lemma, "possess")) and not lex.verb_is(lemma, "leave") \
                and not turned_down:
            # "got the data analyst job": the trade is said in front of the word for a job (got or held, not quit)
            # (the tagger reads a trade typed in lower case as adjectives as often: "the head chef job")
            mods = [c for c in job_obj.lefts if c.dep_ in ("compound", "amod") and c.pos_ in ("NOUN", "PROPN", "ADJ")]
            while mods and mods[0].pos_ == "ADJ" and not lex.known_noun(mods[0].lower_):
                mods = mods[1:]  # "the new nursing job": a word that is no noun opens no trade
            if mods and _trade_before_post(mods[-1]):
                role = " ".join(t.text for t in job_obj.doc[mods[0].left_edge.i:mods[-1].i + 1])
                posted = True
            elif mods and not org and all(_workplace_word(t) for t in mods) and not any(
                    c.dep_ == "advmod" and c.lower_ in ("almost", "nearly") for c in v.children):
                org = " ".join(t.text for t in job_obj.doc[mods[0].left_edge.i:mods[-1].i + 1])  # "the bakery job"
    # "joined Acme", "hired by Acme"
    if not org and lemma == "join" and (d := next((c for c in v.children if c.dep_ == "dobj"), None)):
        # (a name typed in lower case is a word no dictionary knows: "joined northwind as a tester")
        # (or a capitalised common noun after a name: "joined Quillmarsh Dairies", tagged a noun)
        if (d.pos_ == "PROPN" or not lex.known_word(d.lower_) or (d.text[:1].isupper() and any(
                c.dep_ == "compound" and c.pos_ == "PROPN" for c in d.children))) and d.is_alpha and \
                not reader.person_in(d.text):
            org = sx.phrase(d)
    charge = lex.verb_in_senses(lemma, _IN_CHARGE, first=4, exact=True)
    if role is None and not said and charge and _habitual(v) and \
            not any(c.dep_ == "nsubj" and c.lower_ == "we" for c in v.children):
        # "I'm running the dispatch desk at X", "she manages the warehouse at Y": what one is in charge of at a workplace
        # is the post (a part of the firm, not an occasion: "running the raffle at the fete" is no job)
        for d in (c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN" and not
                  lex.is_person_noun(c.lemma_.lower(), senses=1) and not lex.noun_in_lexfile(
                      c.lemma_.lower(), ("noun.event", "noun.time", "noun.communication", "noun.food")) and not
                  lex.noun_in_senses(c.lemma_.lower(), ("game.n.01", "social_event.n.01"), first=1) and not
                  lex.noun_is(c.lemma_.lower(), "dwelling")):
            if (at := org or sx.org_obj(d, reader)) is not None:
                role, org, posted = sx.phrase(d, drop_det=True), at, True
                break
    # (not in a clause about a thing: "the slides I use for the school visits")
    # (nor a verb saying a content: "I propose we restore the budget" is a proposal, not a proposer's post;
    # "I teach at X to pay the bills" is still a post; a clause before the verb is no content of it but a sentence
    # the parser joined to it: "I quit X in May, now I coach at Y")
    # (nor what "we" do somewhere: "we'll hire a minibus at the station" is an arrangement, no trade)
    # (a verb of being in charge names its post by what is run, above, or names none: "running the raffle")
    agent = lex.agent_noun(lemma) if org and _habitual(v) and v.dep_ != "relcl" and not said and not charge and not any(
        c.dep_ == "ccomp" and c.i > v.i and any(x.dep_ in ("nsubj", "nsubjpass") for x in c.children)
        for c in v.children) and \
        not any(c.dep_ == "nsubj" and c.lower_ == "we" for c in v.children) else None
    if not (role or (employed and org) or agent):
        return None
    owner = subject_of(reader, v, sent, speaker, other)
    if owner is None:
        return None
    if agent and not role:
        obj = next((c for c in v.children if c.dep_ == "dobj"), None)
        role = f"{obj.text.lower()} {agent}" if obj is not None and obj.pos_ == "NOUN" and not lex.noun_in_lexfile(
            obj.lemma_.lower(), ("noun.time",)) else agent  # ("I work nights at X": no "nights worker")
    post = role.split(" of ")[0].split()[-1].lower() if role else ""  # ("head of science": the head)
    # ("starting as a lookout", "hired as a scout": the frame makes a post of a person noun WordNet files
    # under no trade)
    framed = role_tok is not None and role_tok.head.lower_ == "as" and role_tok.head.head.i == v.i and (
        lemma == "work" or lex.work_verb(lemma) or lex.verb_is(lemma, "begin") or lex.verb_is(lemma, "employ"))
    if role and not (lex.is_occupation(post) or lex.clipped_occupation(post) or org or posted or (
            " of " in role and lex.is_person_noun(post, senses=4)) or (framed and lex.taken_on_as(post))):
        return None
    value = f"{role} at {org}" if role and org else (role or org or "")
    # an offer the speaker got is context, not the job they hold
    return Statement("job", owner, speaker, value, kind="event" if lemma != "work" else "state",
                     weak=_offered_to_speaker(v, sent)) if value else None


def _said_of_another(sent: Any) -> bool:
    """The message's other sentences are about a third party and none about the speaker: a bare noun then
    describes that party ("an acrobat. Nibs just climbs the curtains"), not the speaker's trade."""
    rest = [x for s in sent.doc.sents if s.start != sent.start for x in s]
    return not any(x.lower_ in FIRST_PERSON for x in sent.doc) and any(
        x.dep_ in ("nsubj", "nsubjpass") and (x.pos_ == "PROPN" or x.lower_ in ("he", "she"))
        for x in rest)


def _said_of_a_thing(v: Any) -> bool:
    """The verb has a thing for its direct object, which an "as" phrase that names no person then describes
    ("keep the van as a spare", "use the hall as a store"); a person as the object is the one taken on ("took me
    on as a tester"), and a person noun after "as" is the subject's ("two shifts a week as a nurse")."""
    # (a named object is an employer joined, "joined Acme as a tester"; a post taken, "took the job as a tester")
    # (nor a stretch of time: "spent the summer as bar staff")
    return any(c.dep_ == "dobj" and c.pos_ == "NOUN" and not lex.is_person_noun(c.lemma_.lower()) and
               not lex.noun_in_lexfile(c.lemma_.lower(), ("noun.time",)) and
               not lex.noun_is(c.lemma_.lower(), "job") and not lex.noun_in_senses(
                   c.lemma_.lower(), ("function.n.03",), first=2, exact=True) for c in v.children)


def _trade_before_post(t: Any) -> bool:
    """The word in front of "job" names the trade: an occupation, or (the word for a post says the rest is a
    trade) a working person or an occupation in any of its first senses (a trade whose first WordNet sense is
    something else, a sum of money or a book's leaf; "the teaching job")."""
    if _a_post(t):
        return False  # ("a job teaching ...": the word for a post itself names no trade)
    low = t.lemma_.lower()
    return lex.is_occupation(low) or (lex.noun_is(low, "occupation_person") and not lex.noun_is(low, "kin")) or \
        lex.noun_is(low, "job", senses=3) or lex.clipped_occupation(t.lower_)


def _workplace_word(t: Any) -> bool:
    """A noun in front of a word for a job that says where it is ("the bakery job"): a place of work (WordNet),
    not a room ("the kitchen job": a contract) nor a time ("the summer job")."""
    # (a name, "the Keyline job", is read with its checks by `post_taken`: a town or a long-past post is none)
    return t.pos_ == "NOUN" and lex.noun_is(t.lemma_.lower(), "workplace")


def _habitual(v: Any) -> bool:
    """The verb says what someone does these days: the present ("I teach at X") or the present progressive ("I'm
    teaching at X now"), not a past or planned occasion ("I taught at X once", "I'll be writing for Y")."""
    if v.tag_ in ("VBP", "VBZ"):
        return True
    h = v.head
    if v.tag_ == "VBG" and v.dep_ in ("xcomp", "dobj") and h.i != v.i and lex.verb_is(h.lemma_.lower(), "begin") and \
            h.tag_ in ("VBD", "VBN", "VBP", "VBZ") and not sx.negated(h, v.sent) and not sx.hedged(h):
        return True  # "started lecturing at X in May": what one has taken up and does since
    # (a day named makes it one occasion: "I'm playing at the Blue Room on Friday", "cooking at Jo's tonight")
    return v.tag_ == "VBG" and any(c.dep_ == "aux" and c.tag_ in ("VBP", "VBZ") and c.lemma_ == "be"
                                   for c in v.children) and not any(
        (timeexpr.is_time_word(t.lower_) and t.lower_ not in ("now", "week", "month", "year")) or
        lex.noun_in_senses(t.lemma_.lower(), ("evening.n.01", "night.n.01", "morning.n.01"), first=1)
        for t in v.subtree if t.i > v.i and t.pos_ in ("NOUN", "PROPN", "ADV"))


def _promoted_to(v: Any, reader: StatementReader) -> tuple[str, str | None] | None:
    """A passive verb of appointing ("promoted", "appointed") and the post after "to", whatever the parser made of
    it (it often reads "to team lead" as an infinitive): the words up to "at"/"with"/"for" or the clause's end,
    and the workplace after them. The post must name a person (a trade, "head of X") or come with a workplace."""
    if v.tag_ != "VBN" or not lex.verb_in_senses(v.lemma_.lower(), _APPOINT, first=3):
        return None
    to = next((t for t in v.subtree if t.lower_ == "to" and t.i == v.i + 1), None)
    if to is None:
        return None
    words: list[Any] = []
    for t in v.doc[to.i + 1:v.sent.end]:
        if t.is_punct or t.lower_ in ("at", "with", "for", "in", "from", "and", "but", "so"):
            break
        words.append(t)
    words = [t for t in words if t.lower_ not in ("a", "an", "the")]
    if not words or len(words) > 5:
        return None
    org = sx.org_obj(words[-1], reader) or sx.org_obj(v, reader) or next(
        (sx.phrase(p) for t in v.doc[words[-1].i + 1:v.sent.end] if t.lower_ in ("at", "with") for p in t.children
         if p.dep_ == "pobj" and (p.pos_ == "PROPN" or p.text[:1].isupper() or
                                  any(d.dep_ == "det" for d in p.children))), None)
    head = next((t for t in words if t.lower_ == "of"), None)
    noun = (v.doc[head.i - 1] if head is not None and head.i > words[0].i else words[-1]).lemma_.lower()
    if not (org or lex.is_occupation(noun) or lex.is_person_noun(noun, senses=4)):
        return None
    return " ".join(t.text for t in words), org


def merge_jobs(sts: list[Statement]) -> list[Statement]:
    """"Tomas got a job at Kestrel Labs, he's now a chemist there": one job, role at employer."""
    out: list[Statement] = []
    for s in sts:
        prev = next((o for o in out if o.attribute == "job" == s.attribute and o.owner == s.owner
                     and o.polarity == s.polarity and o.tense == s.tense  # a job left is not the new one
                     and " at " not in o.value and " at " not in s.value), None)
        if prev is None:
            out.append(s)
            continue
        if RETIRED in (prev.value, s.value):  # "I retired last year and now I'm a potter": the work done now
            if prev.value == RETIRED:
                out[out.index(prev)] = s
            continue
        role_first = lex.is_occupation(prev.value.split()[-1].lower())
        role_now = lex.is_occupation(s.value.split()[-1].lower())
        if role_first != role_now:
            prev.value = f"{prev.value} at {s.value}" if role_first else f"{s.value} at {prev.value}"
        else:
            out.append(s)
    return out


def with_org(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"I've been with the Donau Philharmonic six years", "she's with Arup now": being with a named organisation
    for a stretch of time, or now, is working there (being with it tonight is only a visit)."""
    if v.lemma_ != "be" or sx.hedged(v) or sx.negated(v, sent):
        return []
    perfect = any(c.dep_ == "aux" and c.lemma_ == "have" for c in v.children)
    lasting = any(t.lower_ in ("now", "currently", "since") or (
        t.pos_ == "NOUN" and t.dep_ in ("npadvmod", "pobj") and lex.noun_is(t.lemma_.lower(), "time", senses=2)
        and t.lemma_.lower() not in ("tonight", "today", "weekend", "evening", "night", "morning"))
        for t in v.subtree)
    if not (perfect or lasting):
        return []
    # a named organisation: the tagger's ORG, or a name of several words or with an article ("the Donau
    # Philharmonic"); one bare name may be a partner ("been with Tom for years")
    org = pobj_workplace(v, ("with",), reader, lambda p: p.ent_type_ != "PERSON" and (p.ent_type_ == "ORG" or (
        p.text[:1].isupper() and any(c.dep_ in ("compound", "det") for c in p.children))))
    # (a clause the parser hung under another one about a person: "X is at Y Hospital now, she broke her wrist";
    # not a noun phrase that describes the firm: "at Y Labs now, a tiny outfit making apps")
    joined = False
    if v.dep_ in ("ccomp", "advcl", "conj"):
        told = next((c for c in v.head.children if c.dep_ == "nsubj"), None)
        joined = told is None or told.pos_ == "PRON" or reader.person_in(told.text) is not None
    if org is None and lasting and not joined and \
            not any(c.lower_ in ("just", "right") for c in v.subtree) and not any(
            (c.dep_ == "nsubj" and c.lower_ == "we") or (c.dep_ == "prep" and c.lower_ in ("for", "with")) or
            c.dep_ in ("advcl", "xcomp", "ccomp", "conj", "parataxis") for c in v.children):
        # "I'm at Kelby Labs now": at a name whose head word is a kind of organisation, for now and not just this
        # minute, and nothing else said of it (not "we", not for an occasion: "at X College now for the careers
        # fair", not a clause of what one does there: "at X Hospital now, visiting my gran", "with mum"); at a
        # place of another kind ("at the Quillmarsh Arms now") one is only visiting
        org = pobj_workplace(v, ("at",), reader, _named_organisation)
    if org is None or (owner := subject_of(reader, v, sent, speaker, other)) is None:
        return []
    return [Statement("job", owner, speaker, org, kind="state", tense="past" if v.tag_ == "VBD" else "present")]


_AT = ("at", "with", "for")


def _named_organisation(p: Any) -> bool:
    """A name of several capitalised words whose head is a kind of organisation or workplace, or the tagger's ORG."""
    if p.ent_type_ in ("PERSON", "GPE", "LOC", "FAC"):
        return False
    return p.ent_type_ == "ORG" or (p.text[:1].isupper() and any(c.dep_ == "compound" and c.text[:1].isupper()
                                                                  for c in p.children) and
                                    lex.organisation_noun(p.lemma_.lower()))


def _employer(t: Any) -> bool:
    """A firm or a place of work: a name, or a noun WordNet files as a group or a made thing ("a cider mill"),
    not "at heart", "for now"."""
    if t.ent_type_ in ("DATE", "TIME", "GPE") or t.pos_ not in ("NOUN", "PROPN"):
        return False
    return t.pos_ == "PROPN" or t.ent_type_ == "ORG" or lex.noun_in_lexfile(t.lemma_.lower(), lex.WORK_LEXNAMES)


def role_and_place(text: str, value: str) -> str | None:
    """A job read as a role or a workplace alone, completed from its own sentence: "offered head brewer at a
    cider mill" (a role: the workplace after it), "a locksmith job at Harwick Keys" (a workplace: the trade
    naming the post). None when the sentence gives nothing more."""
    words = value.lower().split()
    if not words or " at " in f" {value.lower()} ":
        return None
    doc = parsed(text)
    last = next((t for t in doc if t.lower_ == words[-1] and (len(words) == 1 or doc[max(0, t.i - len(words) + 1):t.i + 1]
                                                                .text.lower() == value.lower())), None)
    if last is None:
        return None
    if lex.is_occupation(last.lemma_.lower()):  # a role: a workplace hung on it or on its verb
        for h in (last, last.head):
            for c in h.children:
                if c.dep_ == "prep" and c.lower_ in _AT:
                    p = next((x for x in c.children if x.dep_ == "pobj" and _employer(x)), None)
                    if p is not None:
                        return f"{value} {c.lower_} {sx.phrase(p)}"
        return None
    prep = last.head if last.dep_ == "pobj" and last.head.lower_ in _AT else None
    if prep is None:
        return None
    post = prep.head  # "a locksmith spot at X", "chef at X"
    trade = post if post.pos_ == "NOUN" and lex.is_occupation(post.lemma_.lower()) else next(
        (c for c in post.children if c.dep_ in ("compound", "amod") and lex.is_occupation(c.lemma_.lower())), None)
    if trade is not None:
        return f"{trade.text} {prep.lower_} {value}"
    # "she got the job at X!! lead chemist!!!": the post said on its own right after, as a bare noun phrase
    after = next((s for s in doc.sents if s.start > last.i), None)
    words = [t for t in after if not (t.is_punct or t.is_space)] if after is not None else []
    if 0 < len(words) <= 4 and all(t.pos_ in ("NOUN", "ADJ", "PROPN") for t in words) and \
            lex.is_occupation(words[-1].lemma_.lower()):
        return f"{' '.join(t.text for t in words)} {prep.lower_} {value}"
    return None
