"""Where people live, read outside a clause of living: a place talked about in the present as where the
speaker is, a demonym or resident noun ("a Glaswegian now"), and a bare introduction ("Ravi here, Aarhus")."""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language import timeexpr, weather
from polymem.language.demonyms import demonym_place, resident_of
from polymem.language.statement_types import FIRST_PERSON, Statement
from polymem.language.statements_former import earlier
from polymem.language.statements_people import somebody_else, subject_of

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader


def local_place(reader: StatementReader, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
    """"Arequipa is all orange leaves today", "31 degrees in Perth and hail tomorrow", "a new bathroom here in
    Arequipa": the speaker talks about a place in the present, as where they are, with nobody else as subject
    and no travel: a weak city. Judged per clause, so "looking at flats in X I can't afford" next to
    "here in Y" does not count; a place marked "here" wins."""
    # "my street", "I'm ..." place the speaker; "my cousin says Melbourne ..." does not
    # (not a past clause, "I was there for a festival once", nor a thing of the mind, "in my opinion")
    # (nor a promise, "I will write you a reference")
    # (nor a condition: "if we get a work party together")
    here = any(t.lower_ in FIRST_PERSON and ((t.dep_ == "nsubj" and t.head.tag_ != "VBD" and not any(
        c.dep_ == "aux" and c.tag_ == "MD" or c.dep_ == "mark" and c.lower_ in ("if", "unless")
        for c in t.head.children)) or (
        t.dep_ == "poss" and not lex.is_person_noun(t.head.lemma_.lower()) and _concrete(t.head.lemma_.lower())))
        for t in doc) or any(
        t.lower_ in ("today", "tonight", "now", "rn", "currently", "morning", "here") for t in doc) or any(
        t.lower_ == "this" and t.dep_ == "det" and lex.noun_is(t.head.lemma_.lower(), "settlement", senses=1)
        for t in doc)  # "very on brand for this town"
    found: list[tuple[bool, Any, Any]] = []
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?"):
            continue
        for t in sent:
            # the frame places the speaker itself ("evening from X!", "X is minus nine")
            framed = homely_frame(t) or (t.dep_ == "nsubj" and weather.reported_at(t)) or weather.named_with_weather(t)
            # ("still in X": being somewhere goes on; not "X is still pricey", a place judged)
            still = t.dep_ == "pobj" and t.head.lower_ == "in" and any(
                doc[k].lower_ == "still" and all(x.pos_ in ("ADV", "ADP", "PART") for x in doc[k + 1:t.i - 1])
                for k in range(max(0, t.i - 4), t.i - 1))  # ("still in X", "still up in X")
            if not (here or framed or still):
                continue
            if _route(t):
                continue  # "X-Y is a short hop": two places joined as a way between them, where nobody lives
            # (a name the frame places, made of common words, is a place too: "here in Mill Bay")
            if not (t.ent_type_ == "GPE" or lex.is_place_name(t.lower_) or framed) or not (sx.is_place(t, reader) or (
                    framed and t.dep_ == "pobj" and t.pos_ == "PROPN" and t.text[:1].isupper() and t.is_alpha and
                    not reader.person_in(t.text) and not _dated(t))):
                continue
            if not framed and t.dep_ not in ("pobj", "nsubj") and lex.gazetteer_only(t.lower_):
                continue  # a greeting that is also a town's name: a town only GeoNames knows needs a place's frame
            if not (framed or t.dep_ in ("nsubj", "ROOT", "npadvmod", "appos") or (
                    t.dep_ == "pobj" and t.head.lower_ == "in")):
                continue
            if t.dep_ == "nsubj" and not framed and any(o.dep_ in ("dobj", "dative") and any(
                    c.dep_ == "poss" and c.lower_ in FIRST_PERSON for c in o.children) for o in t.head.children):
                continue  # "X gets my vote", "X has my heart": the speaker's view of a place, not where one is
            if t.dep_ == "nsubj" and not framed and lex.gazetteer_only(t.lower_) and any(
                    o.dep_ in ("dobj", "prt") for o in t.head.children):
                continue  # "Kestrel's brought in flexi hours": a name only a gazetteer knows as a town, doing
                # something to something, is a firm or a person as often
            h = t.head.head if t.dep_ == "pobj" else None
            if not framed and h is not None and _someone_there(h):
                continue  # "a breeder in X", "someone in X", "a rescue greyhound in X": where they are
            if t.dep_ == "pobj" and any(c.dep_ == "det" and c.lower_ == "no" for c in t.head.head.children):
                continue  # "no sunburn in X": what will not happen somewhere
            if not framed and t.dep_ == "ROOT" and any(c.dep_ == "intj" and c.pos_ == "INTJ" for c in t.children):
                continue  # "X yes!!", "yes X": a place chosen (a trip voted for), not where one is
            if t.dep_ == "pobj" and t.head.head.dep_ == "pobj" and t.head.head.head.lower_ in ("at", "for", "with",
                                                                                            "from"):
                continue  # "starting at Acme Labs in X", "parts come from a supplier in X": where a firm is
            if not framed and (any(x.text == "/" for x in sent) or any(
                    c.dep_ == "cc" and c.lower_ == "or" for c in (*t.children, *t.head.children))):
                continue  # "york / bath", "bath or whitby": places offered as options, not where one is
            if t.dep_ == "nsubj" and t.head.lemma_ == "sound":
                continue  # "whitby sounds lovely": a place heard of and judged (an option), not where one is
            if not framed and any(sx.put_forward(a) for a in t.ancestors):
                continue  # "I propose a chalet in X": an option put forward, not where one is
            if not framed and t.dep_ == "pobj" and sx.for_a_season(t.head.head):
                continue  # "I'm in X in July", "over the summer": a stay for that while
            if not framed and _stay(t):
                continue  # "the 5 months in X feel like a dream": a stretch spent there, not where one is
            clause = sx.clause_of(t)
            # "my yard in X": a home of the speaker's, not an old one ("my old flat in X")
            own = h is not None and h.pos_ == "NOUN" and home_noun(h.lemma_.lower()) \
                and any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in h.children) \
                and not any(c.dep_ == "amod" and earlier(c) for c in h.children)
            if away(reader, clause, speaker, tense=not own) or (t.dep_ == "pobj" and sx.purpose(list(t.head.head.subtree))):
                continue  # (the parser may hang "for a course" anywhere on the clause of "in X")
            marked = any(x.lower_ == "here" for x in (t.head, t.head.head)) or any(
                c.lower_ == "here" for c in t.head.head.children)
            found.append((marked, t, sent))
    if not found:
        return []
    _, t, sent = max(found, key=lambda f: f[0])
    # lower-case or shouted ("EDINBURGH") chat: a name as a gazetteer writes it (short capitals may be initials)
    v = t.text.title() if t.text.islower() or (t.text.isupper() and len(t.text) > 3) else sx.phrase(t)
    v = sx.without_dates(v)
    return [Statement("city", speaker, speaker, v, weak=True, message_id=message_id, time=time,
                      sentence=sent.text)]


def _dated(t: Any) -> bool:
    """A day, a month or a date ("from Monday", "from 4 June"), not a place."""
    return t.ent_type_ in ("DATE", "TIME", "CARDINAL", "ORDINAL") or any(
        timeexpr.calendar_name(x.lower_) or x.like_num for x in t.subtree)


def _someone_there(h: Any) -> bool:
    """The head "in X" hangs on is a person or an animal other than the speaker ("a breeder in X", "someone in
    X"); not a bare trade the speaker opens with to say what they are ("nurse in X on nights, ...")."""
    if h.pos_ == "PRON":
        return h.tag_ == "NN"  # an indefinite pronoun ("someone", "anybody")
    if h.pos_ != "NOUN" or not (lex.is_person_noun(h.lemma_.lower()) or lex.is_animal(h.lemma_.lower())):
        return False
    bare = h.tag_ == "NN" and not any(c.dep_ in ("det", "poss") for c in h.children)
    return not (bare and lex.is_occupation(h.lemma_.lower()))


# what one's own can place one: a thing, a place, a plant or a creature ("my balcony", "my tomatoes"), not a
# thought, a feeling or an act ("my opinion", "my mood")
_CONCRETE = ("noun.artifact", "noun.location", "noun.object", "noun.plant", "noun.animal", "noun.food",
             "noun.substance", "noun.body")


def _concrete(lemma: str) -> bool:
    return not lex.known_noun(lemma) or lex.noun_in_lexfile(lemma, _CONCRETE)


# a home and the street or district it is in (WordNet): "my flat in X" places the speaker in X
_HOME_NOUNS = ("dwelling.n.01", "housing.n.01", "apartment.n.01", "thoroughfare.n.01", "road.n.01",
               "neighborhood.n.01", "residential_district.n.01", "garden.n.01", "yard.n.02")  # (and its yard)


_HOME_PARTS = ("balcony.n.01", "patio.n.01", "porch.n.01", "kitchen.n.01", "bedroom.n.01", "living_room.n.01")


def home_noun(lemma: str) -> bool:
    """A home, its street or district, or a part of it ("my balcony in X"; not a room of any kind: a hotel's)."""
    return lex.noun_in_senses(lemma, _HOME_NOUNS, first=8) or home_part(lemma)


def home_part(lemma: str) -> bool:
    """A part of a home that places its owner where it is: a balcony, a porch, a kitchen (not a hotel's room)."""
    return lex.noun_in_senses(lemma, _HOME_PARTS, first=2, exact=True)

_STRETCH = ("week.n.01", "week.n.02", "month.n.01", "month.n.02", "night.n.01", "day.n.01", "day.n.04", "weekend.n.01")


def _route(t: Any) -> bool:
    """The place is one end of two places written as one ("X-Y", "X–Y"): a way between them, unless the
    whole is itself a place a gazetteer knows."""
    parts = [x for x in re.split(r"\s*[-–]\s*", sx.phrase(t)) if x]
    return len(parts) == 2 and all(lex.is_place_name(x.lower().replace(" ", "_")) for x in parts) and \
        not lex.is_place_name(sx.phrase(t).lower().replace(" ", "_"))


def _stay(t: Any) -> bool:
    """"the five months in X", "my year in X": a place named as where a counted or bounded stretch of time was
    spent (not "first week in X", which the frame reads as the start of living there)."""
    h = t.head.head if t.dep_ == "pobj" and t.head.lower_ == "in" else None
    # (not "this morning in X": the present moment there)
    return h is not None and h.pos_ == "NOUN" and lex.noun_is(h.lemma_.lower(), "time", senses=1) and any(
        c.dep_ == "nummod" or (c.dep_ == "det" and c.lower_ in ("the", "those", "that")) or
        (c.dep_ == "poss" and c.lower_ in ("my", "our")) for c in h.children) and not any(
        c.dep_ == "amod" and c.lower_ in ("first", "next", "coming") for c in h.children)


def _labelled_news(t: Any, named: bool) -> bool:
    """"X update: ...", "X news: ...": a message that opens by naming the place its news comes from."""
    h = t.head
    # (a place a gazetteer knows: "Netflix update:" is no dateline)
    return named and (lex.is_place_name(t.lower_) or t.ent_type_ == "GPE") and t.dep_ in ("compound", "amod") and \
        h.pos_ == "NOUN" and h.i == t.i + 1 and \
        t.i == t.sent.start and h.i + 1 < len(t.doc) and t.doc[h.i + 1].text == ":" and \
        lex.noun_in_lexfile(h.lemma_.lower(), ("noun.communication",))


def homely_frame(t: Any) -> bool:
    """A name the sentence itself frames as where the speaker lives, so it counts though no gazetteer knows it:
    "here in X", "my flat / my street in X", "living in X" (a verb of residing, as a gerund), a greeting
    sent from it ("evening from X!"), and the speaker's home named after it ("our X flat")."""
    named = t.pos_ == "PROPN" or (t.pos_ in ("NOUN", "ADJ") and lex.is_place_name(t.lower_)) or (  # lower-case chat
        t.pos_ == "NOUN" and t.text[:1].isupper() and t.i > t.sent.start and not lex.known_word(t.lower_))  # a name the tagger missed
    if _labelled_news(t, named):
        return True
    if t.dep_ == "compound" and named and t.head.pos_ == "NOUN" and not t.head.lemma_.lower().endswith("ing") and \
            lex.noun_in_senses(t.head.lemma_.lower(), _HOME_NOUNS[:3], first=8) and \
            any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in t.head.children):  # not "the X villa"
        return True
    # "from X btw": the tagger made the place a modifier of a chat word no dictionary has
    obj = t.head if t.dep_ == "compound" and t.head.dep_ == "pobj" and not lex.known_word(t.head.lower_) else t
    if obj.dep_ != "pobj" or obj.head.lower_ not in ("in", "from") or not named:
        return False
    prep, h = obj.head, obj.head.head
    if prep.lower_ == "from":  # "Hello from X", "Evening from X": the sentence opens with the greeting
        first = t.sent[0]
        if h.tag_ == "VBG" and h.i == first.i and lex.verb_in_lexfile(
                h.lemma_.lower(), ("verb.communication",), first=2):  # ("write": first a making, then a telling)
            return True  # "reporting from X", "writing from X": where the speaker speaks from
        return prep.i == first.i + 1 and (first.pos_ == "INTJ" or lex.noun_is(first.lemma_.lower(), "time", senses=1)
                                          or _greeting(first.lower_)) \
            or _dateline(first, prep)
    return _framed_in(t, prep, h)


def _dateline(first: Any, prep: Any) -> bool:
    """"Morning all, and happy new year from X", "Sad news from X", "Kia ora from X": a sentence that opens by
    saying where it is sent from. "From" hangs on a greeting (an interjection, a word no dictionary has, a
    greeting, or a time of day or year) with no number and no bare article ("about an hour from X"), and nothing
    before "from" is a verb, a person or a made thing ("a parcel from X", "my cousin from X")."""
    before = list(first.doc[first.i:prep.i])
    if not [w for w in before if not w.is_punct]:  # "(from a very rainy X obvs)": the message opens with it
        return not any(t.lower_ == "to" and t.i > prep.i for t in prep.sent)  # ("from X to Y": a route)
    if any(w.pos_ in ("VERB", "AUX", "NUM") or w.tag_ in ("PRP", "PRP$") or (w.pos_ == "NOUN" and (
            lex.is_person_noun(w.lemma_.lower()) or lex.artifact(w.lemma_.lower()))) for w in before):
        return False
    h = prep.head
    if h.i == prep.i or h.pos_ == "ADP":  # "Far from X", "about an hour from X": "from" heads the sentence
        return False
    if any(w.pos_ == "INTJ" or (w.is_alpha and not lex.known_word(w.lower_)) for w in (h, *h.children) if w.i < prep.i):
        return True  # ("Kia ora from X": a greeting in another language, one of its words unknown)
    lemma = h.lemma_.lower()
    # (an article only with a word of praise: "a happy solstice from X", not "an hour from X")
    return h.pos_ in ("NOUN", "PROPN") and not any(c.dep_ == "nummod" for c in h.children) and (
        not any(c.dep_ == "det" for c in h.children) or any(c.dep_ == "amod" for c in h.children)) and (
        lex.noun_is(lemma, "time", senses=1) or _greeting(lemma))


def _greeting(word: str) -> bool:
    return lex.noun_in_senses(word, ("greeting.n.01", "hello.n.01"), first=1)


def _framed_in(t: Any, prep: Any, h: Any) -> bool:
    if h.pos_ == "NOUN" and any(c.dep_ == "amod" and c.lower_ == "first" for c in h.children) and \
            lex.noun_in_senses(h.lemma_.lower(), _STRETCH, first=2) and not any(
                c.dep_ == "poss" and c.lower_ not in FIRST_PERSON for c in h.children):
        return True  # "first week in X done": the speaker's first stretch of time there
    if h.lower_ == "home" and h.pos_ in ("ADV", "NOUN") and not any(c.dep_ == "poss" and c.lower_ not in FIRST_PERSON
                                                                 for c in h.children):
        return True  # "home again in X!": where the speaker's home is
    if h.lower_ == "back" and h.pos_ == "ADV" and prep.lower_ == "in" and not any(
            c.dep_ in ("nsubj", "expl") and c.lower_ not in FIRST_PERSON for c in (*h.children, *h.head.children)):
        return True  # "back in X after the week away", "I'm back in X": where the speaker has come home to
    if h.lower_ == "here" or (prep.lower_ == "in" and prep.i > 0 and t.doc[prep.i - 1].lower_ == "here"):
        return True  # ("the sanctuary here in X": the parser may hang "here" and "in X" side by side)
    lemma = h.lemma_.lower()
    if h.pos_ == "NOUN" and home_noun(lemma) and any(c.dep_ == "poss" and c.lower_ in FIRST_PERSON
                                                       for c in h.children):
        return True
    return h.tag_ in ("VBG", "NN") and h.lower_.endswith("ing") and lex.verb_is(
        h.lower_[:-3] if h.pos_ == "NOUN" else lemma, "reside", senses=4)


def away(reader: StatementReader, clause: list[Any], speaker: str, tense: bool = True) -> bool:
    """A clause about a trip, a plan, the past, a wish or somebody else: not where the speaker is. `tense`
    False: a past verb does not move the place ("my yard in X flooded again": the yard is still there)."""
    text = " ".join(t.text for t in clause)
    now = any(t.lower_ in ("today", "now", "rn", "currently", "here") for t in clause)
    # ("since sunday", "last monday" date a present state: no trip)
    dated = re.sub(r"(?i)\b(?:since|last)\s+\w+", "", text)
    # ("back home in X friday": getting home on a day is no trip; travel verbs are still read below)
    homeward = any(t.lower_ == "home" and t.pos_ in ("ADV", "NOUN") and
                   any(c.dep_ == "prep" and c.lower_ == "in" and c.i > t.i for c in t.children) for t in clause)
    if (not now and not homeward and re.search(r"(?i)\b(?:weekend|tomorrow|next|tonight|" + "|".join(timeexpr.WEEKDAYS) + r")\b",
                              dated)) or sx.purpose(clause):
        return True  # a trip ("in Rome this weekend", "in Tartu on business"), not where one lives
    # "moved in yesterday": a move into a home is where one lives now, not a past trip
    verbs = [t for t in clause if t.pos_ in ("VERB", "AUX") and not (lex.verb_is(t.lemma_.lower(), "reside") and any(
        c.dep_ in ("prt", "advmod") and c.lower_ == "in" for c in t.children))]
    here = any(t.lower_ == "here" for t in clause)
    if tense and any(t.tag_ in ("VBD", "MD") for t in verbs) and not any(t.tag_ in ("VBZ", "VBP") for t in verbs) and not (
            here and not any(t.tag_ == "MD" for t in verbs)):
        return True  # a past trip or a plan (a past event "here in X" is still where the speaker is)
    if any(sx.hedged(t) for t in verbs) or any(t.lemma_.lower() in ("look", "search", "browse", "dream", "want",
                                                                    "wish", "miss") for t in verbs):
        return True  # "looking at flats in X", "I miss X": elsewhere
    if any(lex.verb_in_senses(t.lemma_.lower(), ("travel.v.01", "visit.v.01", "fly.v.01", "go.v.01"),
                              first=2, exact=True) for t in verbs if t.lemma_.lower() != "be"):
        return True
    if any(t.lower_ in ("you", "your", "yours", "ya", "u") for t in clause):
        return True  # "X is on your doorstep now": where the addressee is
    if not here and any(
            t.lower_ in ("we", "us") and t.dep_ == "nsubj" and t.head.lemma_ != "be" and
            not lex.verb_is(t.head.lemma_.lower(), "reside") for t in clause):
        return True  # "we collect the minibus in X", "we play in X": what the group does there, an arrangement
    if here and any(t.lower_ == "in" and t.i > 0 and t.doc[t.i - 1].lower_ == "here" for t in clause):
        return False  # "my landlord here in X has ...": "here" is where the speaker is, whoever acts
    # "He's going to be a driver in X": a clause under another verb has that verb's subject
    v = next((t for t in clause if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass")), None)
    ruling = [c for c in v.head.children if c.dep_ in ("nsubj", "nsubjpass")] \
        if v is not None and v.dep_ == "xcomp" and v.head.i != v.i else []
    others = [t for t in [*clause, *ruling] if t.dep_ in ("nsubj", "nsubjpass", "poss") and
              (t.lower_ in sx.THIRD_PERSON or (reader.person_in(t.text) not in (None, speaker)) or
               (t.pos_ == "NOUN" and lex.is_person_noun(t.lemma_.lower())))]
    return bool(others) or any(lex.noun_is(t.lemma_.lower(), "kin") for t in clause if t.pos_ == "NOUN")


def demonym_city(reader: StatementReader, doc: Any, speaker: str, other: str | None, message_id: str | None,
             time: datetime | None) -> list[Statement]:
    """"<Name> is officially a Glaswegian now": a copula whose complement WordNet glosses as the people of
    a place (`language/demonyms.py`)."""
    for t in doc:
        if t.dep_ != "attr" or t.head.lemma_ not in ("be", "become") or t.pos_ not in ("NOUN", "PROPN") or \
                t.sent.text.rstrip().endswith("?") or sx.negated(t.head, t.sent):
            continue
        if any(c.dep_ == "attr" and c.i > t.i for c in t.head.children):
            continue  # "she's a chilean rose tarantula" parsed with two complements: the first modifies the last
        place = demonym_place(t.lemma_.lower()) or resident_of(t, reader)
        owner = subject_of(reader, t.head, t.sent, speaker, other) if place else None
        if place and owner:
            past = t.head.tag_ == "VBD" or sx.used_to(t.head)
            place = place.title() if place.islower() else place
            return [Statement("city", owner, speaker, place, kind="report" if owner != speaker else "state",
                              tense="past" if past else "present", time=time, message_id=message_id,
                              sentence=t.sent.text.strip())]
    for t in doc:  # "a Tartu resident as of today!": a verbless line naming what the speaker now is
        if t.dep_ != "ROOT" or t.pos_ != "NOUN" or t.sent.text.rstrip().endswith("?") or any(
                x.dep_ in ("nsubj", "nsubjpass", "expl", "poss") or x.lower_ in ("not", "no", "never")
                for x in t.sent) or (place := resident_of(t, reader)) is None:
            continue
        return [Statement("city", speaker, speaker, place.title() if place.islower() else place, time=time,
                          message_id=message_id, sentence=t.sent.text.strip())]
    for t in doc:  # "Mina's a Tartu resident now": "'s" before "a" is "is", though parsed as a possessive
        p = next((c for c in t.children if c.dep_ == "poss" and c.i + 2 < len(doc) and
                  doc[c.i + 1].lower_ in ("'s", "’s") and doc[c.i + 2].lower_ in ("a", "an")), None)
        if p is None or t.pos_ != "NOUN" or t.sent.text.rstrip().endswith("?"):
            continue
        place = demonym_place(t.lemma_.lower()) or resident_of(t, reader)
        owner = reader.person_in(p.text) if place else None
        if place and owner:
            past = False
            return [Statement("city", owner, speaker, place, kind="report" if owner != speaker else "state",
                              tense="past" if past else "present", time=time, message_id=message_id,
                              sentence=t.sent.text.strip())]
    return []


def intro(reader: StatementReader, sent: Any, speaker: str) -> list[Statement]:
    """"Fernanda, Lisbon." / "Ravi here, Aarhus": the speaker's own name, then a bare place name."""
    parts = [p.strip() for p in re.split(r"[,;:\-–—]", sent.text.strip(" .!")) if p.strip()]
    at = next((i for i, p in enumerate(parts[:3]) if reader.person_in(re.sub(r"(?i)\s+here$", "", p)) == speaker), None)
    if at is None or at + 1 >= len(parts):
        return []
    place = parts[at + 1]
    toks = [t for t in sent if t.text in place.split()]
    if toks and all(t.pos_ == "PROPN" for t in toks) and len(toks) <= 3 and not reader.person_in(place):
        return [Statement("city", speaker, speaker, place)]
    return []


def roll_call(reader: StatementReader, sent: Any, speaker: str) -> list[Statement]:
    """"Narva checking in", "Tartu reporting in!": a sentence that opens with a place name and a verb of
    reporting one's presence ("check in", "report in") says where the speaker answers from: most likely home
    (weak). However the parser hangs the words, they stand side by side."""
    words = [t for t in sent if not t.is_punct and not t.is_space]
    if len(words) < 3 or sent.text.rstrip().endswith("?"):
        return []
    for i, t in enumerate(words[:-2]):
        if any(w.pos_ != "INTJ" for w in words[:i]):
            break  # (the place opens the sentence: not "two guests from X checking in")
        v, prt = words[i + 1], words[i + 2]
        if not (t.text[:1].isupper() or t.is_lower) or reader.person_in(t.text) or \
                not lex.is_place_name(t.lower_) or v.tag_ != "VBG" or prt.lower_ != "in":
            continue
        after = words[i + 3] if i + 3 < len(words) else None
        if after is not None and after.lower_ not in ("from", "here", "now", "today"):
            continue  # "X checking in the bags": "in" takes an object, no presence reported
        lemma = v.lemma_.lower()
        if lex._synsets(f"{lemma}_in", "v") or lex.verb_in_lexfile(lemma, ("verb.communication",), first=2):
            name = t.text
            return [Statement("city", speaker, speaker, name.title() if name.islower() else name, weak=True,
                              sentence=sent.text)]
        break
    return []


_TRAVEL = ("travel.v.01",)
_RELOCATE = ("move.v.07", "relocate.v.02", "move.v.02")  # moving house is read elsewhere, with its date


def travels_from(reader: StatementReader, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
    """"Cycling over from Leeds after work", "I'll dial in from Dundalk as usual": the place someone sets out
    from (or joins from) to meet the others is most likely home. A passing reading (weak): it may start a home,
    never replace one. Not a past trip, a move, a negation or a question."""
    lemma = v.lemma_.lower()
    if v.pos_ != "VERB" or v.tag_ == "VBD" or sent.text.rstrip().endswith("?") or sx.negated(v, sent):
        return []
    if not (lemma in ("join", "dial") or (lex.verb_in_senses(lemma, _TRAVEL, first=3) and
                                           not lex.verb_in_senses(lemma, _RELOCATE, first=2, exact=True))):
        return []
    # "from X" on the verb, or on its means ("join by video from X"); a trip on to somewhere named is an
    # itinerary ("flying from Glasgow to Lisbon"), and the group travelling together says nobody's home
    heads = [v, *(p for c in v.children if c.dep_ == "prep" and c.lower_ in ("by", "on", "via")
                  for p in c.children if p.dep_ == "pobj")]
    place = next((p for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ == "from"
                  for p in c.children if p.dep_ == "pobj" and sx.is_place(p, reader)), None)
    onward = sx.place_obj(v, reader, ("to",)) or (place is not None and sx.place_obj(place, reader, ("to",)))
    # the traveller is a person ("a choir coming in from Derby" says where the band lives)
    subj = next((c for c in v.children if c.dep_ == "nsubj"), v.head if v.dep_ in ("acl", "relcl") else None)
    if place is None or onward or (subj is not None and (subj.lower_ in ("we", "us") or subj.pos_ == "NOUN")):
        return []
    if (owner := subject_of(reader, v, sent, speaker, other)) is None:
        return []
    return [Statement("city", owner, speaker, sx.phrase(place), weak=True, sentence=sent.text)]


def travel_noun_from(reader: StatementReader, n: Any, sent: Any, speaker: str) -> list[Statement]:
    """"the drive up from Olympia is brutal", "my commute from Leeds": a way one travels regularly, named as a
    noun, set off from a place: most likely home (weak). Not an itinerary on to a named place, not somebody
    else's, not one journey told in the past, not a question."""
    lemma = n.lemma_.lower()
    # a way of going WordNet glosses as between work and home ("commute"): its start is home, even on a day
    # told in the past or with the other end named ("the commute from Trowbridge to Bristol was grim")
    homeward = n.pos_ == "NOUN" and any("home" in s.definition() for s in lex._synsets(lemma, "v")[:2])
    if n.pos_ != "NOUN" or sent.text.rstrip().endswith("?") or not (
            homeward or lex.verb_in_senses(lemma, _TRAVEL, first=3)):
        return []
    if any(t.tag_ in ("VBD", "VBN") for t in sent) and not homeward:
        return []  # "the flight from Lisbon was delayed": one journey told, not a way one goes
    if not homeward and any(c.like_num or (c.dep_ in ("compound", "nummod", "poss") and lex.noun_in_lexfile(
            c.lemma_.lower(), ("noun.time", "noun.quantity"))) for c in n.children):
        return []  # "10 min walk from the station", "an hour's drive from X": how far, not a way one goes
    poss = next((c for c in n.children if c.dep_ == "poss"), None)
    if poss is not None and poss.lower_ not in FIRST_PERSON:
        return []
    heads = [n, *(c for c in n.children if c.dep_ in ("prt", "advmod"))]  # "the drive up / down from X"
    place = next((p for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ == "from"
                  for p in c.children if p.dep_ == "pobj" and sx.is_place(p, reader)), None)
    if place is None or (not homeward and (sx.place_obj(n, reader, ("to",)) or sx.place_obj(place, reader, ("to",)))):
        return []
    if somebody_else(reader, sent, speaker):
        return []
    name = sx.proper_name(place)  # not "Leeds to York": the far end hangs on the place
    return [Statement("city", speaker, speaker, name.title() if name.islower() else name, weak=True,
                      sentence=sent.text)]


# a stay away from where one lives, or a trip on a day ahead or a habit of the past: "home to X for the holidays",
# "this weekend", "I used to drive home to X" say a family's home or an old one, not one's own now
_A_STAY = re.compile(r"(?i)\b(?:for\s+(?:the\s+)?(?:christmas|xmas|easter|diwali|eid|holidays?|weekend|summer|"
                     r"a\s+(?:week|few|couple|month))|this\s+weekend|tomorrow|next\s+\w+|to\s+visit|to\s+see|used\s+to)\b")


def home_to(reader: StatementReader, sent: Any, speaker: str) -> list[Statement]:
    """"the drive home to X was grim", "driving home to X now", "on my way home to X": where the speaker travels
    "home to" is most likely their home (weak: it may start a home, never replace one). Not a stay for a season or
    a visit, not another's home ("her home"), not said of someone else, not a question."""
    if sent.text.rstrip().endswith("?") or _A_STAY.search(sent.text):
        return []
    for h in sent:
        if h.lower_ != "home" or h.pos_ not in ("ADV", "NOUN") or any(c.dep_ == "poss" for c in h.children):
            continue
        # "to X" under "home", or beside it on the word of going it hangs on
        tos = [c for c in [*h.children, *(c for c in h.head.children if c.i > h.i)]
               if c.dep_ == "prep" and c.lower_ == "to"]
        place = next((p for c in tos for p in c.children if p.dep_ == "pobj" and sx.is_place(p, reader)), None)
        going = h.head if h.dep_ in ("advmod", "npadvmod") else h
        # (a word of going: a verb of travelling, or a noun that is one too, "the drive", "the ride"; WordNet knows
        # "way" and "trip" as no such verb)
        if place is None or not (lex.verb_in_senses(going.lemma_.lower(), _TRAVEL, first=3) or
                                 going.lemma_.lower() in ("way", "trip")):
            continue
        # the traveller is the speaker: no other subject or owner of the going ("Sefa is driving home to X"), and
        # nobody taken home ("driving my mum home to X")
        if any((c.dep_ in ("nsubj", "poss") and c.lower_ not in FIRST_PERSON and c.pos_ in ("PRON", "PROPN", "NOUN"))
               or c.dep_ == "dobj" for c in going.children):
            continue
        name = sx.proper_name(place)
        return [Statement("city", speaker, speaker, name.title() if name.islower() else name, weak=True,
                          sentence=sent.text)]
    return []


def based_in(reader: StatementReader, doc: Any, speaker: str, message_id: str | None,
             time: datetime | None) -> list[Statement]:
    """"rotterdam based, ux designer", "Leeds-based illustrator here": a place before "based" describes the
    speaker where nobody else is the sentence's subject and what is based there is the speaker or their trade
    (not "a Leeds-based company", nor "my sister is london based")."""
    for t in doc:
        # (the tagger may read "dundee based" as a past tense; a place basing something has an object)
        if t.lemma_.lower() != "base" or t.tag_ not in ("VBN", "VBD") or t.sent.text.rstrip().endswith("?") or \
                (t.tag_ == "VBD" and any(c.dep_ == "dobj" for c in t.children)):
            continue
        place = next((c for c in t.children if c.i < t.i and c.dep_ in ("nsubj", "npadvmod", "compound", "nmod")
                      and (lex.is_place_name(c.lower_) or c.ent_type_ == "GPE")), None)
        if place is None:
            continue
        if t.dep_ == "amod" and not (lex.is_occupation(t.head.lemma_.lower()) or lex.clipped_occupation(t.head.lower_)):
            continue  # "a Leeds-based company": the company's place
        if any(x.dep_ in ("nsubj", "nsubjpass") and x.i != place.i and x.lower_ not in FIRST_PERSON for x in t.sent):
            continue
        if any(c.dep_ == "poss" for c in place.children) or any(
                p != speaker for p in reader.people(t.sent.text)):
            continue  # "bob's leeds based now": another member's base
        name = " ".join(x.text for x in place.subtree if x.i <= place.i and (x.i == place.i or x.dep_ == "compound"))
        return [Statement("city", speaker, speaker, name.title() if name.islower() else name, weak=True,
                          message_id=message_id, time=time, sentence=t.sent.text.strip())]
    return []
