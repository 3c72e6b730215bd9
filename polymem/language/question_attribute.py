"""Which attribute of a person a question asks about (a home, a job, a pet, with a category word the answer must
fall under), read from the parse and WordNet word classes; and the verbs of changing one (moving, switching jobs)."""

from __future__ import annotations

from typing import Any, Literal

from polymem.language import lexical as lex
from polymem.language import timeexpr
from polymem.language.answer_kind import of_animals
from polymem.language.question_views import asks_left

Attribute = Literal["city", "job", "pet"]


def _stranded_hosts(be: Any) -> list[Any]:
    """Where the parser may hang the preposition a "which firm was X with?" strands: on the verb, or on the
    person it follows."""
    return [*be.children, *(x for c in be.children if c.dep_ in ("nsubj", "attr") for x in c.children)]


def _asked_noun(t: Any) -> bool:
    """The noun is what the question asks for or about, not a modifier or someone's belonging named in
    passing ("Maria's dogs' names"): a wh-determined noun, an object, an attribute, a subject."""
    if any(c.dep_ == "case" for c in t.children) or t.dep_ in ("poss", "compound"):
        return False
    if t.dep_ == "conj" and t.head is not t:  # "every member and their town": asked as the noun it is joined to
        return _asked_noun(t.head)
    return t.dep_ in ("dobj", "attr", "nsubj", "nsubjpass", "pobj", "ROOT", "oprd") or \
        any(c.tag_ in ("WDT", "WP") for c in t.children)


def _where_noun(lemma: str) -> bool:
    """A word for where something is, within two steps of WordNet's "location" ("location", "whereabouts",
    "place", "spot"), not a kind of site or building further down ("bakery", "garden")."""
    senses = lex.wordnet().synsets(lemma, "n")[:1]
    loc = lex.wordnet().synset("location.n.01")
    return bool(senses) and any(loc in p and len(p) - 1 - p.index(loc) <= 2 for p in senses[0].hypernym_paths())


def _someone(t: Any) -> bool:
    """A person as owner: a personal pronoun, a name, "everyone", a person noun."""
    return t.pos_ in ("PRON", "PROPN") and t.lower_ not in ("its", "it") or \
        lex.is_person_noun(t.lemma_.lower(), 1) or t.lower_ in ("everyone", "everybody", "anyone", "anybody")


def _noun_lemma(t: Any) -> str:
    """A noun with its "of" complement when WordNet knows the whole ("line of work")."""
    of = next((c for c in t.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    obj = next((p for p in of.children if p.dep_ == "pobj"), None) if of is not None else None
    if obj is not None and lex.known_noun(f"{t.lemma_.lower()}_of_{obj.lemma_.lower()}"):
        return f"{t.lemma_.lower()}_of_{obj.lemma_.lower()}"
    return t.lemma_.lower()


def _ones_employment(t: Any, lemma: str) -> bool:
    """A noun one of whose first three senses is a job (WordNet: "work" as employment), someone's, as what the
    question asks ("Bo's work these days?", "what's her work now?"); not the work done on something ("Bo's
    work on the mural")."""
    # (what the noun is, not what it does: "what did Bo's post say?" asks of a message)
    if any(x.lower_ == "where" for x in t.doc) or lex.noun_is_exactly(lemma, "job", senses=1):
        return False  # ("where is Bo's work?": a place; "Ana's post": a message as often, read by `_asks_post`)
    return (t.dep_ == "ROOT" or (t.dep_ in ("nsubj", "attr") and t.head.lemma_ == "be")) and \
        any(c.dep_ == "poss" and _someone(c) for c in t.children) and \
        not any(c.dep_ == "prep" for c in t.children) and lex.noun_is_exactly(lemma, "job", senses=3)


def _asks_post(t: Any, lemma: str) -> bool:
    """"Ana's job title", "Bo's current role", "her position at work": a name for a post (a role, a title, or a
    position held somewhere) that is someone's or a job's ("her role in the play", "his position on the vote",
    "Sefa's job interview" are no posts)."""
    at_work = any(c.dep_ == "prep" and c.lower_ in ("at", "with", "for") for c in t.children)
    if not at_work and any(c.dep_ == "prep" for c in t.children):
        return False
    if not (any(c.dep_ == "compound" and lex.noun_is_exactly(c.lemma_.lower(), "job", senses=2) for c in t.children)
            or any(c.dep_ == "poss" and _someone(c) for c in t.children)):
        return False
    return lex.noun_in_senses(lemma, ("function.n.03",), first=2, exact=True) or lex.noun_in_senses(
        lemma, ("title.n.06",), first=6, exact=True) or (
        at_work and lex.noun_in_senses(lemma, ("position.n.06",), first=8, exact=True))


# where people work: an organisation ("firm", "orchestra", "charity"), a place of business ("bakery", "office"), a
# workplace ("lab", "studio") or a periodical ("magazine"); a building ("hospital", "restaurant") only with a verb of work
_WORKPLACE = ("organization.n.01", "establishment.n.04", "workplace.n.01", "publication.n.01")
_BUILDING = ("building.n.01",)
_WORK_PREPS = frozenset({"at", "with", "for", "in", "on"})


_EARLIER = ("previous", "old", "former", "last", "first", "earlier")  # (a home asked by its age: "her old place")


def _asks_workplace(t: Any, lemma: str) -> bool:
    """"which school does Mo teach at?", "what label is Bo with now?", "which hospital is Cy working at?", "which
    firm did Di leave?": a wh-determined organisation or workplace whose verb has a person for subject, the verb
    one of working, joining or leaving, or "be" with a preposition left at the end, asks for an employer ("which
    hotel is Ana staying at?", "which club did we book?" do not)."""
    if not any(c.tag_ in ("WDT", "WP") for c in t.children):
        return False
    org = lex.noun_in_senses(lemma, _WORKPLACE, first=2)
    if not (org or lex.noun_in_senses(lemma, _BUILDING, first=2)):
        return False
    h = t.head
    # (a name the tagger took for an adjective, "what company is Teo at", counts: capitalised mid-question)
    # (or a name the parser hung on the verb as a compound: "which restaurant did Ana cook at?")
    if h.pos_ not in ("VERB", "AUX") or not any(
            c.dep_ in ("nsubj", "attr", "acomp") and c.i != t.i and (_someone(c) or (
                c.i > 0 and c.text[:1].isupper() and not lex.known_word(c.lower_))) or (
                c.dep_ == "compound" and c.pos_ == "PROPN" and c.i > t.i) for c in h.children):
        return False
    verb = h.lemma_.lower()
    if lex.work_verb(verb) or lex.verb_in_senses(verb, ("work.v.02", "work.v.01"), first=2, exact=True):
        return True
    if not org:
        return False
    if verb == "be":
        return any(c.dep_ in ("prep", "advmod") and c.lower_ in _WORK_PREPS for c in [
            *_stranded_hosts(h), *(x for c in h.children if c.dep_ == "acomp" for x in c.children)])
    if t.dep_ == "dobj" and lex.verb_in_senses(verb, ("join.v.01", "leave.v.01", "quit.v.01", "hire.v.01"), first=2):
        return True
    # "which orchestra does Cy play in?", "which paper does Di write for?": an organisation someone does something
    # for, with or in (not one they travel with: "which airline is Cy flying with?")
    moving = lex.verb_in_lexfile(verb, ("verb.motion",), first=2)
    return any(c.dep_ == "prep" and c.lower_ in _WORK_PREPS and not any(p.dep_ == "pobj" for p in c.children) and
               not (moving and c.lower_ == "with") for c in h.children)


def _their_workplace(t: Any, lemma: str) -> bool:
    """"Ana's old company", "her firm": an organisation someone has, asked for."""
    # (a firm or an institution in its first sense: "Ana's farewell party", "her band" are no employers)
    return _asked_noun(t) and lex.noun_in_senses(lemma, ("institution.n.01", "business.n.01"), first=1) and any(
        c.dep_ == "poss" and _someone(c) and c.lower_ not in ("our", "my", "your") for c in t.children)


def _fate(t: Any) -> bool:
    """The animal noun is the subject of a verb other than "be" or "have", or the object of one (directly or
    through a preposition): the question asks what the animal does or undergoes."""
    h = t.head.head if t.dep_ == "pobj" else t.head
    # (a word that can be a verb, however the small tagger took it: "where does Bo's dog live?" ends on "live")
    verb = h.pos_ in ("VERB", "AUX") or (h.pos_ == "ADV" and bool(lex._synsets(h.lower_, "v")))
    if t.dep_ == "nsubj" and h.lemma_ == "be" and any(x.lower_ == "where" for x in t.doc):
        return True  # "where is Ana's dog now?": the animal's whereabouts
    if t.dep_ not in ("nsubj", "dobj", "pobj") or not verb or h.lemma_ in ("be", "have"):
        return False
    return not lex.verb_is(h.lemma_.lower(), "possess") and not lex.verb_in_lexfile(h.lemma_.lower(),
                                                                                     ("verb.communication",))


def question_attribute(doc: Any) -> tuple[Attribute | None, str | None]:
    wh = {t.lower_ for t in doc if t.tag_ in ("WRB", "WP", "WDT", "WP$")}
    for t in doc:
        lemma = t.lemma_.lower()
        # "a bird owner", "dog owners" (the tagger may take the animal word for an adjective: "a parrot owner")
        owner_of = t.dep_ in ("compound", "amod") and t.head.pos_ == "NOUN" and _asked_noun(t.head) and \
            lex.noun_derived_from(t.head.lemma_.lower(), "possess")
        if (t.pos_ == "NOUN" or (owner_of and t.pos_ == "ADJ")) and (lex.generic_pet(lemma) or lex.pet_category(lemma)) \
                and (_asked_noun(t) or owner_of):
            generic = lex.generic_pet(lemma)
            # a kind of animal is a category only as something kept: "Does anyone have / own a dog?"
            kept = t.head.pos_ in ("VERB", "AUX") and lex.verb_is(t.head.lemma_.lower(), "possess") or \
                t.dep_ == "attr" or owner_of or (  # "a bird owner"
                    # "What kind of dog does Bex have?", "what breed of dog is Comet?": a sort of kept animal
                    t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.pos_ == "NOUN" and
                    any(lex.noun_in_senses(w, ("kind.n.01", "breed.n.01", "taxonomic_group.n.01"), first=2)
                        for w in {t.head.head.lemma_.lower(), t.head.head.lower_})) or (  # ("species": no "specie")
                    # "is there anyone with a cat?", "someone with a dog": a person with an animal keeps it
                    t.dep_ == "pobj" and t.head.lower_ == "with" and _someone(t.head.head))
            if generic or kept:
                return "pet", None if generic else lemma
    for t in doc:  # "who owns Pickle?", "who keeps Rolo?": someone's by name, not a person and no place, is an animal
        if t.dep_ == "ROOT" and "who" in wh and t.pos_ == "VERB" and lex.verb_in_senses(
                t.lemma_.lower(), ("own.v.01", "have.v.01", "keep.v.01"), first=1, exact=True) and any(
                c.dep_ == "dobj" and c.pos_ == "PROPN" and c.ent_type_ not in ("GPE", "LOC")
                and not lex.is_place_name(c.lower_) for c in t.children):
            return "pet", None
    for t in doc:  # "what breed is Winnie?": a noun WordNet glosses as a variety of animals asks about a pet
        if t.pos_ == "NOUN" and _asked_noun(t) and of_animals(t.lemma_.lower()):
            return "pet", None
    for t in doc:  # "the name of Tunde's corgi": an animal someone has is kept, whatever else is asked of it
        # (unless the question asks what the animal does or what befell it: "where does Ana's cat live now?",
        # "what became of Bo's hens?", "who is looking after Cy's gecko?" ask about the animal, not which it is)
        # ("the cat Ana adopted", "the dog that she rescued": a relative clause of getting or having, a person its
        # subject, says whose; not "the dog you saw")
        if t.pos_ == "NOUN" and lex.is_animal(t.lemma_.lower()) and any(c.dep_ == "poss" or (
                c.dep_ == "relcl" and _got(c) and any(x.dep_ == "nsubj" and x.pos_ in ("PROPN", "PRON") and
                                                      x.lower_ not in ("it", "that", "which", "what")
                                                      for x in c.children)) for c in t.children) and not _fate(t):
            return "pet", None if lex.generic_pet(t.lemma_.lower()) else t.lemma_.lower()  # only a corgi answers
    for t in doc:  # the small tagger misreads question nouns ("Which pets does X keep?", "what kind of pet sleeps ..."):
        # a generic animal word just after a wh-word asks about pets whatever its tag
        if t.pos_ != "NOUN" and t.is_alpha and any(lex.generic_pet(w) for w in (t.lower_, t.lower_.rstrip("s"))) \
                and any(x.tag_ in ("WDT", "WP") for x in doc[max(0, t.i - 3):t.i]):
            return "pet", None
    if "where" in wh and any(t.lower_ in ("live", "lives", "lived") and t.pos_ in ("VERB", "NOUN") and not any(
            c.dep_ == "poss" for c in t.children) for t in doc) and not any(
            t.pos_ == "NOUN" and lex.is_animal(t.lemma_.lower()) for t in doc):
        # "where every one of the club lives": the tagger may take the verb for the plural of "life" (and the clause
        # for a noun phrase); "where" with a form of "live" asks where someone lives (not an animal: its fate)
        return "city", None
    for t in doc:  # "which city did X live in before the new job?": the wh-word's own noun is asked; the job dates it
        # ("which town did X move to for the job?": the job is why, the town what; "which city is each of them
        # working from?": where they are, whatever they do there)
        if t.pos_ == "NOUN" and any(c.tag_ in ("WDT", "WP") for c in t.children) and \
                lex.noun_is(t.lemma_.lower(), "city", senses=1) and not _in_dating_clause(t) and (
                any((_in_dating_clause(x) or x.dep_ == "pobj") and lex.noun_is_exactly(x.lemma_.lower(), "job", senses=2)
                    for x in doc) or any(x.pos_ == "VERB" and lex.verb_in_senses(x.lemma_.lower(), ("work.v.02",
                                                                                            "work.v.01"), first=2)
                                         and any(c.dep_ == "prep" and c.lower_ == "from" for c in x.children)
                                         for x in doc)):
            return "city", None
    for t in doc:
        lemma = _noun_lemma(t) if t.pos_ == "NOUN" else t.lemma_.lower()
        # ("for a living", "earns her living"; a bare "living" is the verb the tagger misread: "where's X living?")
        earned = lemma == "living" and any(c.dep_ in ("det", "poss") for c in t.children)
        if t.pos_ == "NOUN" and (lex.noun_is_exactly(lemma, "job", senses=2) or earned or lemma in (
                "employer", "profession", "career", "occupation", "boss")) and _asked_noun(t):
            return "job", None
        if t.pos_ == "NOUN" and _asked_noun(t) and _asks_post(t, lemma):
            return "job", None
        if t.pos_ == "NOUN" and _ones_employment(t, lemma):
            return "job", None  # "Bo's work these days?": the word in its sense of employment
        if t.pos_ == "VERB" and _we_plan(t):
            continue  # "should we hire Bo for the gig?" plans; it asks about no one's job
        if t.pos_ == "VERB" and lex.verb_in_senses(lemma, ("hire.v.01",), first=2, exact=True) and any(
                c.dep_ == "dobj" and _someone(c) for c in t.children):
            return "job", None  # "which firm employs Ana?": its subject is the employer asked for
        if t.pos_ == "NOUN" and (_asks_workplace(t, lemma) or _their_workplace(t, lemma)):
            return "job", None  # "what firm is Jo at these days?": the organisation someone is at employs them
        if t.pos_ == "VERB" and lex.verb_in_senses(lemma, ("work.v.02", "hire.v.01"), first=2) and not any(
                c.dep_ in ("nsubj", "nsubjpass") and (c.lower_ in ("what", "which") or (
                    c.pos_ == "NOUN" and lex.known_noun(c.lemma_.lower()) and not lex.is_person_noun(
                        c.lemma_.lower(), 1))) for c in t.children):
            # (not "what is being served": a thing as subject is no one's work)
            # "Who works in healthcare?", "Who works as a glazier?": the object is a category
            cat = next((p.lemma_.lower() for c in t.children if c.dep_ == "prep" and c.lower_ in ("in", "as")
                        for p in c.children if p.dep_ == "pobj" and p.pos_ == "NOUN"), None)
            return "job", None if _in_dating_clause(t) else cat
        # ("who is a translator?": the tagger may make the trade the subject and "who" the complement)
        if t.pos_ == "NOUN" and lex.is_occupation(lemma) and (t.dep_ == "attr" or t.head.lower_ == "as" or (
                t.dep_ == "nsubj" and t.head.lemma_ == "be" and any(
                    c.dep_ == "attr" and c.lower_ == "who" for c in t.head.children))):
            # ("what did Bo do until he retrained as a pilot?": the trade dates the question, the answer is another)
            return "job", None if _in_dating_clause(t) else lemma
    for t in doc:
        lemma = t.lemma_.lower()
        subj = next((c.lemma_.lower() for c in t.children if c.dep_ == "nsubj"), "")
        # (living itself, asked with no modal, asks where the group's members live: "which towns do we all live in
        # now?"; a kind of dwelling, "could we camp there?", "where should we camp?", plans a trip)
        dwelling = t.pos_ == "VERB" and lex.verb_in_senses(lemma, _LIVE, first=1, exact=True) and not any(
            c.tag_ == "MD" for c in t.children)
        if subj in ("group", "we", "team", "they") and not dwelling:
            continue  # "What did the group settle on?" is about a decision, not a home ("where does the team live?" is)
        if subj and lex.is_animal(subj):
            continue  # "where does Ana's cat live now?": the animal's whereabouts, not its keeper's home
        if t.pos_ == "NOUN" and _asked_noun(t) and any(c.dep_ == "poss" and _someone(c) for c in t.children) and \
                (_where_noun(lemma) or lex.noun_is(lemma, "dwelling", senses=1)) and \
                any(c.dep_ == "amod" and c.lower_ in _EARLIER for c in t.children):
            return "city", None  # "Ana's previous place?", "his old flat?": where someone lived
        if (t.pos_ == "VERB" and lex.verb_is(lemma, "reside", senses=4)) or \
                (lemma == "home" and t.dep_ in ("attr", "nsubj", "oprd", "dobj", "compound", "npadvmod", "advmod")):
            # "who lives in Accra?": the town asked by is the category the answer's homes must be
            town = next((p for c in t.children if c.dep_ == "prep" and c.lower_ == "in" for p in c.children
                         if p.dep_ == "pobj" and p.pos_ in ("PROPN", "NOUN") and p.text[:1].isupper()), None) \
                if "who" in wh else None
            return "city", town.text if town is not None else None
        # "a summary of which city each of us is based in", "the town we're living in": a city a person is in, the preposition left at
        # the end of the clause
        if t.pos_ == "NOUN" and lex.noun_is(lemma, "city", senses=1) and _stranded_in(t):
            return "city", None
        # "each member's home city", "which city is Tom in": a city someone is in, not one visited
        if t.pos_ == "NOUN" and lex.noun_is(lemma, "city", senses=1) and _asked_noun(t) and (
                any(c.dep_ == "poss" for c in t.children) or t.head.lemma_ in ("be", "live") or (
                    t.dep_ == "dobj" and lex.verb_in_senses(t.head.lemma_.lower(), _MOVE)) or asks_left(doc)):
            return "city", None  # ("moved city"; "which city did Ana leave": a home given up)
        if t.pos_ == "NOUN" and _asked_noun(t) and any(c.dep_ == "poss" and _someone(c) for c in t.children) and \
                not any(c.dep_ == "prep" for c in t.children) and _where_noun(lemma):  # not "her place in the queue"
            return "city", None  # "everybody's location", "her whereabouts", "Ana's place": where a person is
    if (attr := start_or_move(doc)) is not None:
        return attr, None
    if "where" in wh and any(t.lemma_ in ("be", "live") and t.dep_ == "ROOT" and not any(
            c.dep_ == "nsubj" and lex.is_animal(c.lemma_.lower()) for c in t.children) for t in doc):
        return "city", None
    if "where" in wh and any(t.dep_ == "ROOT" and t.pos_ == "VERB" and lex.work_verb(t.lemma_.lower()) for t in doc):
        return "job", None  # "where does Mai teach these days?"
    if wh & {"what", "which"} and any(
            t.dep_ == "ROOT" and t.pos_ == "VERB" and t.lemma_ != "do" and lex.work_verb(t.lemma_.lower()) and
            # (a habit asked in the present: not "what did X cook last night?", "what is X teaching his kids?")
            any(c.dep_ == "aux" and c.lemma_ == "do" and c.tag_ in ("VBZ", "VBP") for c in t.children) and
            any(c.dep_ == "dobj" and c.tag_ in ("WDT", "WP") or any(d.tag_ in ("WDT", "WP") for d in c.children)
                for c in t.children if c.dep_ == "dobj") and
            not any(c.dep_ in ("dative", "prep") for c in t.children) and
            any(c.dep_ == "nsubj" and c.lower_ not in ("we", "you", "they") for c in t.children) for t in doc):
        return "job", None  # "which subject does Mai teach?": what one does as one's trade is the trade
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is not None and root.lemma_ == "use":  # "what did Bo use(d) to do?": the "do" under the habit asks
        root = next((c for c in root.children if c.dep_ == "xcomp" and c.lemma_ == "do"), root)
    if root is not None and root.lemma_ == "do" and "what" in wh and not _one_occasion(root) and not any(
            c.dep_ in ("xcomp", "ccomp", "dobj") or (c.dep_ == "advcl" and not _dated_by(c)) or (
                c.dep_ == "prep" and c.lower_ not in ("before", "after", "until") and not _a_time(c) and (
                    c.lower_ != "for" or any(p.lemma_ not in ("living", "work") for p in c.children)))
            for c in root.children
            if c.tag_ not in ("WP",)):
        # "What does Odile do (these days)?", "what did Bo do before he went into teaching?" ask for a job
        return "job", None
    return None, None


def _got(v: Any) -> bool:
    """A verb of getting or having (WordNet's possession verbs, in one of its first senses): "adopted", "rescued"."""
    return lex.verb_in_lexfile(v.lemma_.lower(), ("verb.possession",), first=2)


def _a_time(prep: Any) -> bool:
    """A phrase that dates the question ("at the beginning", "in March", "during the spring"), beside "for work"."""
    return any(p.dep_ == "pobj" and (lex.noun_is(p.lemma_.lower(), "time", senses=2) or timeexpr.calendar_name(p.lower_)
                                     or p.lemma_.lower() in ("beginning", "start", "end") or _this_time(p))
               for p in prep.children) and any(c.dep_ == "prep" and c.lower_ == "for" for c in prep.head.children)


def _this_time(noun: Any) -> bool:
    """"at this point", "at that stage": a noun pointed at by "this" / "that" with any sense of an instant or a
    stretch of time names the time asked about, though its first senses are no times."""
    return any(c.dep_ == "det" and c.lower_ in ("this", "that") for c in noun.children) and \
        lex.noun_in_senses(noun.lemma_.lower(), ("point.n.06", "time_period.n.01"), first=12)


def _dated_by(clause: Any) -> bool:
    """A clause that only dates the question ("before he went into games", "until she retrained"): what someone
    did up to a change is what they did for a living then."""
    return any(m.dep_ == "mark" and m.lower_ in ("before", "until", "till") for m in clause.children)


def _in_dating_clause(t: Any) -> bool:
    """Inside a clause or phrase that dates the question ("... before she became a nurse", "until her move")."""
    return any((a.dep_ == "advcl" and _dated_by(a)) or (a.dep_ == "prep" and a.lower_ in ("before", "until", "till"))
               for a in t.ancestors)


def _one_occasion(do: Any) -> bool:
    """"What did Ana do last weekend / yesterday?": a past "do" dated to one occasion asks what happened, not what
    someone works as ("what does she do these days?" stays a job)."""
    if not any(c.lemma_ == "do" and c.dep_ == "aux" and c.tag_ == "VBD" for c in do.children):
        return False
    return any(c.dep_ in ("npadvmod", "advmod") and lex.noun_in_senses(c.lemma_.lower(), _OCCASIONS, first=2)
               and not any(d.lower_ in ("these", "nowadays") for d in c.subtree) for c in do.children)


_OCCASIONS = ("time_period.n.01", "time_unit.n.01", "day.n.04")  # "last weekend", "yesterday", "that night"


def _we_plan(v: Any) -> bool:
    """"should we ...", "could I ...": a modal with the askers as subject plans what they will do."""
    return any(c.tag_ == "MD" for c in v.children) and any(
        c.dep_ == "nsubj" and c.lower_ in ("we", "i", "us") for c in v.children)


def _stranded_in(t: Any) -> bool:
    """The noun is where a person is: a "which" on it or a relative clause under it, and a clause of being or
    living whose subject is someone and whose "in" has no object of its own."""
    clauses = [c for c in t.children if c.dep_ == "relcl"]
    if t.dep_ == "conj":  # "each member and the city they're in": the parser may hang the clause elsewhere
        clauses += [v for v in t.doc if v.pos_ in ("AUX", "VERB") and v.i > t.i]
    if any(c.tag_ in ("WDT", "WP") for c in t.children):
        clauses += [v for v in t.doc if v.pos_ in ("AUX", "VERB") and v.i > t.i]
    return any((v.lemma_ == "be" or lex.verb_is(v.lemma_.lower(), "reside", senses=1)) and
               any(c.dep_ == "nsubj" and _someone(c) for c in v.children) and
               any(c.lower_ == "in" and not any(p.dep_ == "pobj" for p in c.children) for c in v.children)
               for v in clauses)


_MOVE = lex.MOVE_SENSES
_LIVE = ("populate.v.01", "reside.v.01", "live.v.02")  # to live somewhere itself, not a kind of it (camp, lodge)
_SWAP = ("change.v.01", "change.v.02", "change.v.05", "switch.v.01", "switch.v.03", "exchange.v.01", "trade.v.04")


def changes(t: Any, attribute: str) -> bool:
    """A verb of moving home (for a city), of changing or swapping (its object the attribute: "changed jobs"),
    or "have" with a new one ("has a new job")."""
    if t.pos_ not in ("VERB", "AUX"):
        return False
    lemma = t.lemma_.lower()
    if attribute == "city" and lex.verb_in_senses(lemma, _MOVE):
        return True
    objs = [c for c in t.children if c.dep_ == "dobj"]
    if lex.verb_in_senses(lemma, _SWAP, first=3, exact=True) and objs:
        return True
    return attribute == "job" and lemma in ("have", "get", "start", "land") and any(
        a.lower_ == "new" for o in objs for a in o.children if a.dep_ == "amod")


def start_or_move(doc: Any) -> Attribute | None:
    """A job begun at a workplace ("start at Lumen Pay", "her first day at the studio") or a move made to a
    place ("make the move to Bilbao"): what a when-question about someone dates."""
    for t in doc:
        at = [p for c in t.children if c.dep_ == "prep" and c.lower_ in ("at", "with") for p in c.children
              if p.dep_ == "pobj" and p.pos_ in ("PROPN", "NOUN")]
        # (a workplace by its name, however it is cased ("start at quillworks"), or a building first of all: "start
        # at the aquarium", not "at the party", a gathering; started by a person, not "the gig starts at the pub")
        starter = next((c for c in t.children if c.dep_ == "nsubj"), None)
        if (starter is None or starter.pos_ in ("PROPN", "PRON")) and any(
                p.pos_ == "PROPN" or p.ent_type_ == "ORG" or lex.unknown_word(p.lower_) or (
                any(d.dep_ == "det" for d in p.children) and
                lex.noun_in_lexfile(p.lemma_.lower(), ("noun.artifact",))) for p in at) and \
                t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), ("get_down.v.07", "begin.v.02", "begin.v.03"),
                                                        first=3, exact=True):
            return "job"
        if at and t.pos_ == "NOUN" and any(c.dep_ == "amod" and c.lower_ == "first" for c in t.children) and \
                lex.noun_is(t.lemma_.lower(), "time", senses=4):
            return "job"
        to = [p for c in t.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children if p.dep_ == "pobj"]
        if to and t.pos_ == "NOUN" and t.lemma_.lower() in ("move", "relocation") and \
                any(p.pos_ == "PROPN" or p.ent_type_ in ("GPE", "LOC") or lex.is_place_name(p.lower_) or
                    lex.unknown_word(p.lower_) for p in to):
            return "city"
    return None
