"""Questions about the group rather than one person: ranging over every member ("each of us"), about a plan or
an occasion, settled or changed, offering options. Parse and WordNet senses, no phrase lists."""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language.models import parsed

_UNIVERSAL = ("each", "every", "all")
_EVERY_PRONOUN = ("everyone", "everybody", "everyone's", "everybody's")


def ranges_over_members(doc: Any) -> bool:
    """Whether a question asks about every member: "everyone", "everybody", a universal quantifier on a person
    noun ("each cousin", "every committee member's", "all the members"), "the whole group", or the group ("each of us", "each of
    the five", "all of you"), or "we all". English quantifiers and WordNet's person nouns, no phrase list."""
    for t in doc:
        low = t.lower_
        if low in _EVERY_PRONOUN:
            return True
        if low == "all" and t.head.lower_ in ("we", "they", "you"):
            return True  # "where do we all live"
        if low in ("whole", "entire") and t.dep_ == "amod" and lex.noun_is(t.head.lemma_.lower(), "group_noun", 1):
            return True  # "the whole group", "the entire team"
        if t.dep_ == "nsubj" and t.pos_ == "NOUN" and lex.noun_is(t.lemma_.lower(), "group_noun", 1) and \
                t.head.pos_ == "VERB" and lex.verb_is(t.head.lemma_.lower(), "reside", senses=1):
            return True  # "where does the crew live?": a group lives in no one place, its members each do
        if low not in _UNIVERSAL:
            continue
        head = t.head if t.dep_ in ("det", "predet") else None
        if head is not None and head.pos_ == "NOUN" and lex.is_person_noun(head.lemma_.lower(), 2):
            return True  # "each cousin", "every member's"
        # ("all six of them": the parser may hang "of them" on the number)
        counted = [*(n for n in t.children if n.like_num), *([t.head] if t.head.like_num else [])]
        of = next((c for x in (t, *counted) for c in x.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        if of is not None:
            # (every object: the tokenizer cuts "co-tenants" into three)
            for obj in (c for c in of.children if c.dep_ == "pobj"):
                if obj.lower_ in ("us", "you", "them") or obj.like_num or obj.pos_ == "NUM" or _people_noun(obj) or \
                        (any(c.dep_ == "nummod" for c in obj.children) and not lex._synsets(obj.lemma_.lower(), "n")):
                    # "each of us", "each of the five", "all of the cousins", "each of the six co-tenants" (a
                    # counted set of a word WordNet lacks: the members counted)
                    return True
    return False


def town_for_each(doc: Any) -> bool:
    """A town asked for each member, not for the group: a wh-word on a word for a town ("which city", "what town")
    with no "we" / "us" / "all of us" acting ("which city are we all going to?" asks where the group goes)."""
    town = any(t.tag_ in ("WDT", "WP") and t.dep_ == "det" and lex.noun_is(t.head.lemma_.lower(), "city", senses=1)
               for t in doc) or any(  # "send me the present town for every one of us": the town asked for, to be told
        t.pos_ == "NOUN" and lex.noun_is(t.lemma_.lower(), "city", senses=1) and
        (t.dep_ == "ROOT" or (t.dep_ == "dobj" and t.head.dep_ == "ROOT")) for t in doc)
    # (nor everyone acting together: "what town did everyone vote for?", "which city is everybody meeting in?";
    # "each of us" counts us one by one)
    return town and not any(t.lower_ in ("we", "us") and t.dep_ in ("nsubj", "nsubjpass", "pobj") and not _one_by_one(t)
                            for t in doc) and \
        not any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in _EVERY_PRONOUN for t in doc)


def _one_by_one(t: Any) -> bool:
    """"us" counted one by one: "each of (the seven of) us", "every one of us"."""
    while t.dep_ == "pobj" and t.head.lower_ == "of":
        t = t.head.head
        if t.lower_ in ("each", "every", "one"):
            return True
    return False


def _people_noun(t: Any) -> bool:
    """A noun for people, or a compound written with a hyphen whose last part is one ("co-tenants")."""
    lemma = t.lemma_.lower()
    return lex.is_person_noun(lemma, 2) or ("-" in lemma and lex.is_person_noun(lemma.rsplit("-", 1)[1], 2))


def who_and_where(doc: Any) -> bool:
    """A question pairing people with places: "who" as subject and a second wh-word of place in its clause
    ("who lives where?", "who's living in which city now?"): every member with their value."""
    who = next((t for t in doc if t.lower_ == "who" and t.dep_ in ("nsubj", "nsubjpass")), None)
    if who is None or not (who.head.lemma_ in ("be", "base") or lex.verb_is(who.head.lemma_.lower(), "reside", 2)):
        return False  # ("who proposed where to meet?" asks who proposed)
    # (the parser may hang "which" apart from its noun: "who's in which town at the moment?")
    city = any(t.tag_ in ("WDT", "WP") and any(n.pos_ == "NOUN" and lex.noun_is(n.lemma_.lower(), "city", senses=1)
                                               for n in ([t.head] if t.dep_ == "det" else doc[t.i + 1:t.i + 2]))
               for t in doc)
    # "where" with a verb of living ("who lives where?"); with "be" only a town asked ("who was where when ...")
    # ("who's been to which city?" asks of trips: being is living only "in" a town)
    inside = who.head.lemma_ != "be" or any(t.lower_ == "in" and t.dep_ == "prep" for t in doc)
    # ("who is where now?": being, in the present and tied to no other time, is where one lives)
    now = who.head.lemma_ == "be" and who.head.tag_ in ("VBZ", "VBP") and \
        not any(t.lower_ in ("when", "while", "during") for t in doc)
    return (city and inside) or ((who.head.lemma_ != "be" or now) and any(t.lower_ == "where" for t in doc))


def members_in_plural(doc: Any) -> bool:
    """A plural of people as the question's subject or owner, with no "which" on it and no owner of its own:
    "where do the members live?", "which cities are the cousins in?", "the guys' home towns", "people in this
    group". Persons by WordNet (a kind of person, or a kind of "people": "folks"); the caller asks it only of a
    question about a home or a job, so "where are the guests staying?" stays a question about a plan."""
    for t in doc:
        if t.tag_ == "NNPS" and any(c.dep_ == "det" and c.lower_ == "the" for c in t.children) and \
                not lex.is_place_name(t.lower_) and any(x.lower_ == "their" for x in doc):
            return True  # "name the Harbour Rowers and their home towns": the group by its name, its members by "their"
        if t.tag_ not in ("NNS", "NNPS") or t.dep_ not in ("nsubj", "nsubjpass", "attr", "poss"):
            continue
        lemma = t.lemma_.lower()
        if not (lex.is_person_noun(lemma, 1) or lex.noun_in_senses(lemma, ("people.n.01",), first=1)):
            continue
        if lex.noun_in_senses(lemma, ("relative.n.01",), first=1) and not any(c.lower_ == "our" for c in t.children):
            continue  # "where do the parents live?": somebody's family, unless "our cousins"
        if any(c.tag_ in ("WDT", "WP", "WP$", "CD") or c.dep_ in ("nummod", "acl", "relcl") or c.pos_ == "PROPN"
               or (c.dep_ == "poss" and c.lower_ != "our") for c in t.children):
            continue  # "which members", "Ana's friends", "the two newcomers", "the kids sleeping over": some
            # people, not every member
        return True
    return False


def matter_words(question: str, terms: list[str]) -> list[str]:
    """The question's words that can name a matter the group settled or what was done about it: its nouns,
    names, numbers, adjectives and verbs ("the harvest supper", "booked"), not its adverbs ("really",
    "originally"), which say how the asker sees it and which the deciding lines rarely repeat."""
    keep = {w for t in parsed(question) if t.pos_ in ("NOUN", "PROPN", "NUM", "ADJ", "VERB")
            for w in (t.lower_, t.lemma_.lower())}
    return [w for w in terms if w in keep]


# occasions a group plans (WordNet classes): a trip, a meal, a party, a holiday, a gathering
OCCASIONS = ("social_event.n.01", "meal.n.01", "journey.n.01", "vacation.n.01", "party.n.02", "gathering.n.01",
             "field_day.n.04", "celebration.n.01")


def head_nouns(question: str) -> set[str]:
    """The head of the question's first noun phrase, lower-cased, as written and as its lemma ("theme" of "what is
    the quiz theme now?", not "quiz"; "refreshments" of "what was arranged for refreshments at the open day?",
    not the occasion after it): what is asked about, its modifiers and later phrases only narrowing it down."""
    first = next((t for t in parsed(question) if t.pos_ == "NOUN" and t.dep_ not in ("compound", "poss")), None)
    return {first.lower_, first.lemma_.lower()} if first is not None else set()


def settled(doc: Any) -> bool:
    """A verb of deciding or choosing, "go with", or finality ("finally", "in the end", "end up")."""
    for t in doc:
        lemma = t.lemma_.lower()
        if t.pos_ == "VERB" and (lex.verb_in_senses(lemma, ("decide.v.01", "decide.v.02", "choose.v.01",
                                                            "settle.v.03", "pick_out.v.01")) or
                                 (lemma == "go" and any(c.lower_ == "with" for c in t.children))):
            return True
        if lemma in ("finally", "eventually", "ultimately") or (lemma == "end" and any(
                c.dep_ == "prt" and c.lower_ == "up" for c in t.children)):
            return True
    return False


# adjectives that place a thing among its versions ("the original venue", "the final date")
_VERSION_ADJ = frozenset({"original", "initial", "first", "final", "latest", "new", "previous", "earlier", "former",
                          "current"})


def about_a_plan(doc: Any) -> bool:
    """A question about what a group settled on: a verb of deciding or choosing, a group as subject ("the club",
    "they", "we"), or an adverb of finality ("finally", "in the end", "eventually")."""
    for t in doc:
        lemma = t.lemma_.lower()
        if t.pos_ == "VERB" and lex.verb_in_senses(lemma, ("decide.v.01", "decide.v.02", "choose.v.01", "settle.v.03",
                                                          "agree.v.01", "reserve.v.04", "book.v.01", "pick_out.v.01",
                                                          "hold.v.03", "stage.v.02")):
            return True  # (and "where is the fete being held?": an event someone organises)
        if t.dep_ in ("nsubj", "nsubjpass") and (t.lower_ in ("we", "they", "everyone", "everybody") or
                                                 lex.noun_is(lemma, "group_noun")):
            return True  # "what gift is everyone buying?": the group acting together
        if lemma in ("finally", "eventually", "ultimately") or (lemma == "end" and t.head.lower_ == "in") or (
                lemma == "end" and any(c.dep_ == "prt" and c.lower_ == "up" for c in t.children)):
            return True  # "in the end", "what did they end up with"
        if t.dep_ in ("nsubj", "nsubjpass", "attr") and t.pos_ == "NOUN" and \
                lex.noun_in_senses(lemma, OCCASIONS, first=2):
            return True  # "where's the summer holiday now?": an occasion the group plans
        if t.dep_ in ("nsubj", "attr") and t.tag_ == "NNS" and lex.is_person_noun(lemma, 1) and not any(
                c.tag_ in ("WDT", "WP") for c in t.children):
            return True  # "what present are the siblings giving?": several people acting together
        if t.lower_ in ("will", "'ll", "gonna") and not any(
                c.dep_ in ("nsubj", "nsubjpass") and (c.pos_ in ("PROPN", "PRON") and c.lower_ not in (
                    "what", "which", "it") or lex.is_person_noun(c.lemma_.lower(), 1)) for c in t.head.children):
            return True  # "what flavour will the cake be?": a thing to come, not a person's plan
        if t.lemma_ == "go" and t.tag_ == "VBG" and any(
                c.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)
                for c in t.children) and any(
                c.dep_ in ("nsubj", "nsubjpass") and c.pos_ == "NOUN" and not lex.is_person_noun(c.lemma_.lower(), 1)
                for c in t.children):
            return True  # "where is the weekend going to be?": the same future said with "be going to"
        if t.pos_ == "NOUN" and t.dep_ in ("nsubj", "nsubjpass", "attr") and not lex.is_person_noun(lemma, 1) and any(
                c.dep_ == "amod" and c.lower_ in _VERSION_ADJ for c in t.children) and not any(
                c.dep_ == "poss" for c in t.children):
            return True  # "what was the original venue?": one version of a thing that changed, nobody's own
    if ranges_over_members(doc):
        return True  # "how much is each person putting in?": what every member does, as arranged
    return thing_changed(doc)


_ORDINAL = ("st", "nd", "rd", "th")
_AFFAIRS = ("anniversary.n.01", "ceremony.n.01", "farewell.n.02")  # a birthday, a wedding, a send-off
_GIFT = ("gift.n.01", "present.n.02")


def _an_occasion(noun: Any) -> bool:
    """A noun for something that happens to or for a person and that others arrange: an occasion ("her leaving
    do", "his birthday", "the send-off"), an ordinal standing for a birthday ("Opa's 75th"); not her job or her
    first day there."""
    low = noun.lower_
    if low[:1].isdigit() and low.endswith(_ORDINAL):
        return True
    if noun.pos_ not in ("NOUN", "PROPN", "ADJ") or lex.is_person_noun(noun.lemma_.lower(), 1):
        return False
    lemma = noun.lemma_.lower()
    return any(lex.noun_in_senses(part, OCCASIONS + _AFFAIRS, first=2)
               for part in {lemma, lemma.replace("-", "_"), lemma.replace("-", "")})


def _group_acting(verb: Any) -> bool:
    """The verb's subject is the group: "we", "they", "everyone", or a noun for a group ("the club"); a verb with
    no subject of its own has its governing verb's ("what did the club end up giving Ana?")."""
    while verb.dep_ in ("xcomp", "conj") and not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
        verb = verb.head
    return any(c.dep_ in ("nsubj", "nsubjpass") and (c.lower_ in ("we", "they", "everyone", "everybody") or
                                                    lex.noun_is(c.lemma_.lower(), "group_noun", senses=1))
               for c in verb.children)


def members_aside(doc: Any, names: frozenset[str]) -> bool:
    """Every member the question names is someone the group does something for, not who acts or whose state is
    asked: whose occasion it is ("where was Opa's 75th held in the end?"), for whom ("the present they agreed on
    for Ana"), or to whom the group gives ("what did they end up giving Ana?")."""
    found = [t for t in doc if t.lower_ in names or t.lower_.removesuffix("'s") in names]
    if not found:
        return False
    # for whom or to whom the group does something only where the question names an occasion or a gift ("for her
    # 30th", "what present"); "what did the company pay Ana?", "where did the firm post Ana?" ask of her own lot
    occasion = any(_an_occasion(t) or (t.pos_ in ("NOUN", "ADJ") and lex.noun_in_senses(
        t.lower_, _GIFT, first=2, exact=True)) for t in doc)
    for t in found:
        while t.dep_ in ("compound", "flat") and t.head.i != t.i:  # "Aunt Rima's": the whole name
            t = t.head
        head = t.head
        if t.dep_ == "poss" and _an_occasion(head):
            continue
        if occasion and t.dep_ == "pobj" and head.lower_ in ("for", "to") and head.head.pos_ == "VERB" and \
                _group_acting(head.head):
            continue  # (not "which city is home for Ana?": her home)
        if occasion and t.dep_ in ("dative", "dobj") and head.pos_ == "VERB" and _group_acting(head):
            continue
        return False
    return True


def offers_options(doc: Any) -> bool:
    """A yes/no question offering alternatives to the group: "are we renting or buying?"."""
    return any(t.dep_ == "cc" and t.lower_ == "or" for t in doc) and any(
        t.dep_ in ("nsubj", "nsubjpass") and (t.lower_ in ("we", "they") or lex.noun_is(t.lemma_.lower(), "group_noun"))
        for t in doc)


_NOW_THEN = ("now", "anymore", "originally", "initially", "currently", "still")
_CHANGE = ("change.v.01", "change.v.02", "switch.v.01", "move.v.02", "shift.v.01", "redirect.v.01")


def asks_new_value(question: str) -> bool:
    """"What date did we change the walk to?", "which day was it moved to?": a verb of changing with "to" asks for
    the value it changed to, not the one before."""
    return any(t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), _CHANGE, first=2, exact=True) and any(
        c.dep_ in ("prep", "dative") and c.lower_ == "to" for c in t.children) for t in parsed(question))


def thing_changed(doc: Any) -> bool:
    """"What night is practice on now?", "which night did practice use to be on?", "the money was redirected to
    what?": a thing (no person the subject) asked about now against before, or with a verb of changing, is a
    matter the group settled and changed."""
    if any(t.dep_ in ("nsubj", "nsubjpass") and (t.pos_ == "PROPN" or (t.pos_ == "PRON" and t.lower_ not in (
            "we", "they", "what", "which", "it")) or lex.is_person_noun(t.lemma_.lower(), 1)) for t in doc):
        return False
    for t in doc:
        lemma = t.lemma_.lower()
        if t.pos_ == "ADV" and lemma in _NOW_THEN:
            return True
        if lemma == "use" and t.i + 1 < len(doc) and doc[t.i + 1].lower_ == "to":
            return True  # "used to be"
        # a verb of changing, or its noun after "before" / "after" ("before the switch")
        if (t.pos_ == "VERB" or (t.dep_ == "pobj" and t.head.lower_ in ("before", "after", "since"))) and \
                lex.verb_in_senses(lemma, _CHANGE, first=2, exact=True):
            return True
    return False


def asks_who(question: str) -> bool:
    """The question asks for a person: "who is doing the food?", "whose idea won?", "by whom", a wh-word or
    "name the" on a person noun ("which member is cooking?", "name the person hosting"), "which of us/them"."""
    doc = parsed(question)
    for t in doc:
        low = t.lower_
        if t.tag_ in ("WP", "WP$") and low in ("who", "whom", "whose"):
            return True
        if low in ("which", "what", "the") and t.dep_ == "det" and t.head.pos_ == "NOUN" and \
                (low != "the" or t.head.head.lemma_ == "name") and lex.is_person_noun(t.head.lemma_.lower(), 2):
            return True
        if low == "which" and _of_people(t, person_nouns=True):
            return True
    return False


def _of_people(t: Any, person_nouns: bool = False) -> bool:
    """"which of us / of them": the word takes "of" and a pronoun of people (with `person_nouns`, also a person
    noun: "which of the cousins")."""
    return any(c.dep_ == "prep" and c.lower_ == "of" and any(
        p.lower_ in ("us", "you", "them") or (person_nouns and lex.is_person_noun(p.lemma_.lower(), 2))
        for p in c.children) for c in t.children)


_SOMEONE = ("anyone", "anybody", "someone", "somebody", "who", "whom", "whoever")


def over_members(doc: Any) -> bool:
    """The question ranges over the members, each or any of them: "everyone", "does anyone ...", "who ...",
    "people in the group", "which of them / of us"."""
    if ranges_over_members(doc) or members_in_plural(doc) or any(t.lower_ in _SOMEONE for t in doc):
        return True
    return any(t.lower_ in ("which", "any", "some", "none") and _of_people(t) for t in doc)


def asks_means(question: str) -> bool:
    """"How is the group getting to X?", "how are we travelling?": "how" on a verb of travelling or arriving,
    asking the means (not "how much", "how long", which ask a quantity, nor "how did we decide on the venue?",
    which asks which)."""
    return any(t.lower_ == "how" and t.dep_ == "advmod" and t.head.pos_ == "VERB" and
               lex.verb_in_senses(t.head.lemma_.lower(), ("travel.v.01", "arrive.v.01"), first=5)
               for t in parsed(question))


BEGIN_SENSES = ("begin.v.01", "begin.v.02", "begin.v.03", "start.v.01", "start.v.02", "get_down.v.07")


def asks_beginning(question: str) -> bool:
    """"what did the fee start out as?", "what did we begin with?": a verb of beginning in the past asks what a
    matter was first, before any change (not "when does it start?", which asks a time)."""
    doc = parsed(question)
    # (not who began it, nor when or at what time: "who started the group?", "what time did it start?")
    if any(t.lower_ in ("when", "where", "who", "whom") or lex.noun_is(t.lemma_.lower(), "time", senses=2)
           for t in doc if t.pos_ in ("PRON", "ADV", "NOUN", "SCONJ")):
        return False
    return any(t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), BEGIN_SENSES, first=3, exact=True) and (
        t.tag_ == "VBD" or any(c.dep_ == "aux" and c.tag_ == "VBD" for c in t.children)) for t in doc)
