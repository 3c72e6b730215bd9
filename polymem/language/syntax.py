"""Parse helpers shared by the statement reader: who possesses a noun, whether a clause is negated, hedged
or in "used to", which noun phrase a token heads, whether a token names a place or an employer, and whether a
sentence is about a short stay. They read a spaCy parse; nothing here knows about statements."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Protocol

from polymem.language import lexical as lex
from polymem.language import timeexpr


class PersonFinder(Protocol):
    def person_in(self, text: str) -> str | None: ...


THIRD_PERSON = frozenset({"she", "he", "her", "him", "his", "hers", "they", "them", "their"})
_MODALS = {"might", "may", "could", "would", "should", "ll", "'ll", "will", "wo", "shall", "'d", "d", "must"}
_PLACE_ENTS = {"GPE", "LOC", "FAC"}
_ORG_ENTS = {"ORG", "FAC", "GPE", "PERSON", "NORP", "PRODUCT"}
_TEMPORARY_DATE = re.compile(r"(?i)\b(?:today|tonight|tomorrow|yesterday|weekend|week|monday|tuesday|wednesday|thursday|"
                             r"friday|saturday|sunday|morning|evening|afternoon|night)\b")


def temporary_time(word: str) -> bool:
    """A word of a passing time: a day, a part of one, a week or a weekend ("tonight", "friday")."""
    return _TEMPORARY_DATE.fullmatch(word) is not None


def noun_name(tok: Any) -> str:
    """A noun with the noun compounds before it, the head in its base form ("choir practices": "choir practice")."""
    return " ".join([c.lower_ for c in tok.lefts if c.dep_ == "compound" and c.pos_ == "NOUN"] + [tok.lemma_.lower()])


def possessor(n: Any) -> Any | None:
    return next((c for c in n.children if c.dep_ == "poss"), None) or (
        next((c for c in n.head.children if c.dep_ == "poss"), None) if n.dep_ == "appos" else None)


def negated(v: Any, sent: Any) -> bool:
    return any(c.dep_ == "neg" for c in v.children) or _until_now(v, sent, spaced=False)


def ended(v: Any, sent: Any) -> bool:
    """Negated by "no longer", "not ... anymore", "not ... any more": a state that held until now."""
    return _until_now(v, sent, spaced=True)


def _until_now(v: Any, sent: Any, spaced: bool) -> bool:
    """"no longer" / "no more" / "not ... anymore" (and, `spaced`, "not ... any more") around the verb."""
    # (not inside a clause of its own hung on the verb: "I'm a baker now, not just saturdays anymore")
    toks = [t for t in v.subtree if not _own_clause(t, v)]
    words = [t.lower_ for t in toks]
    pairs = list(zip(words, words[1:], strict=False))
    # ("no more being a nurse": "no more" says "no longer" of a state; "no more than two shifts" counts; "no more
    # peacocks", "so no more long drive": none of a thing to come, said of a noun, not of the verb)
    no_more = any(a == "no" and b == "more" and (i + 2 >= len(words) or words[i + 2] != "than") and not
                  _of_a_noun(toks[i + 1]) for i, (a, b) in enumerate(pairs))
    later = "anymore" in words or "longer" in words or no_more or (spaced and ("any", "more") in pairs)
    return later and any(t.lower_ in ("no", "not", "n't") for t in (toks if _own_neg(v, toks) else sent))


def _own_clause(t: Any, v: Any) -> bool:
    """The token sits under a loosely attached part of the verb's sentence that is negated on its own."""
    while t.i != v.i and t.head.i != t.i:
        if t.dep_ in ("dep", "parataxis", "conj", "advcl") and any(c.dep_ == "neg" for c in t.children):
            return True
        t = t.head
    return False


def _own_neg(v: Any, toks: list[Any]) -> bool:
    """Some other part of the sentence carries a negation of its own, so only the verb's clause counts."""
    return any(t.dep_ == "neg" and t not in toks for t in v.sent)


def _of_a_noun(more: Any) -> bool:
    """"more" in a noun phrase: on the noun ("no more peacocks") or on an adjective of it ("no more hour-long
    commute")."""
    h = more.head
    return h.pos_ == "NOUN" or (h.pos_ == "ADJ" and h.dep_ == "amod" and h.head.pos_ == "NOUN")


def phrasal(v: Any) -> str:
    """The verb with its particles, as WordNet writes a phrasal verb ("give_up", "step_down")."""
    return "_".join([v.lemma_.lower(), *(c.lower_ for c in v.children if c.dep_ == "prt")])


def used_to(v: Any) -> bool:
    return v.head.i != v.i and v.head.lemma_ == "use" and any(c.lower_ == "to" for c in v.children)


def simple_past(v: Any) -> bool:
    """A state told in the simple past, as over: "I was a courier", "we lived in X for years", "X was home".
    Not a perfect ("I've been a nurse for years") or a passive ("was made manager") (both take an
    auxiliary), nor reported speech, which English backshifts ("Bo said he lived in X"), nor one said to
    hold now ("she was a dentist now")."""
    reported = v.dep_ == "ccomp" and lex.verb_in_lexfile(v.head.lemma_.lower(), ("verb.communication", "verb.cognition"))
    # ("I lived in X and still do": the clause joined to it says it holds; "worked as a nurse today": one shift)
    return v.tag_ == "VBD" and not any(c.dep_ in ("aux", "auxpass") for c in v.children) and not reported and \
        not any(t.lower_ in ("now", "currently", "still") for t in v.subtree) and not occasion(v)


# the longest a time said with a past verb may span and still be one occasion ("last night", "on Monday",
# "last week"), not a stretch a state held for
_OCCASION_DAYS = 8


def occasion(v: Any) -> bool:
    """The verb is dated to one day or a few ("worked as a waiter last night", "was in X yesterday", "on
    Monday"): an episode, not a state that held for a while. A time the state lasted until ("till
    yesterday") is no occasion."""
    anchor = datetime(2000, 6, 15)  # (any day: only the length of the span counts)
    for c in v.children:
        if c.dep_ in ("npadvmod", "advmod", "tmod") or (c.dep_ == "prep" and c.lower_ in ("on", "at")):
            span = timeexpr.resolve(" ".join(t.text for t in c.subtree), anchor)
            if span is not None and (span[1] - span[0]).days <= _OCCASION_DAYS:
                return True
    return False


def at_clock_time(v: Any) -> bool:
    """The verb is timed to the hour ("leaving X at 6", "off at half 7"): a journey, not a move."""
    def clock(p: Any) -> bool:  # "6", "7:30", "6am", noon; not a year, an age ("at 22") or a number word
        m = re.fullmatch(r"(\d{1,2})(?::\d\d)?(?:am|pm)?", p.lower_)
        return p.lower_ in ("noon", "midnight", "dawn") or (m is not None and (int(m.group(1)) <= 12 or ":" in p.text))
    return any(c.dep_ == "prep" and c.lower_ in ("at", "around") and any(
        p.dep_ == "pobj" and clock(p) for p in c.children) for c in v.children)


def at_an_event(v: Any) -> bool:
    """A past verb dated by an event ("was in X when the news broke"): where one happened to be, not a home
    held ("when I was a student" is a state, and dates nothing)."""
    return v.tag_ == "VBD" and any(
        c.dep_ == "advcl" and c.tag_ == "VBD" and any(m.lower_ in ("when", "while") for m in c.children
                                                     if m.dep_ in ("advmod", "mark"))
        and not lex.verb_in_lexfile(c.lemma_.lower(), ("verb.stative",)) for c in v.children)


PUT_FORWARD = ("propose.v.01", "suggest.v.01", "suggest.v.02", "recommend.v.01")


def modal(t: Any) -> bool:
    """A modal verb, not the month the tagger took for one: no modal follows a preposition ("starting in may")."""
    return t.lower_ in _MODALS and not (t.lower_ == "may" and t.i > 0 and t.doc[t.i - 1].pos_ == "ADP")


def hedged(v: Any) -> bool:
    """The clause is wanted, planned, supposed or conditional: "want to move", "thinking of getting a cat",
    "if I moved", "might move", "should get a dog"."""
    if any(c.dep_ == "aux" and modal(c) for c in v.children):
        return True
    if any(c.dep_ == "mark" and c.lower_ in ("if", "unless", "whether") for c in v.children):
        return True
    h = v
    own_subject = any(c.dep_ in ("nsubj", "nsubjpass") for c in v.children)
    for _ in range(3):
        if h.dep_ in ("xcomp", "ccomp", "pcomp", "advcl") and h.head.i != h.i:
            if h.head.i < h.i and any(t.text in (":", ";", "—") for t in h.doc[h.head.i + 1:h.left_edge.i]):
                break  # "I wanted to tell you first: we're leaving X": after a colon a statement of its own
            h = h.head
            if any(c.dep_ == "nsubj" and c.tag_ in ("WP", "WDT") for c in h.children) and h.dep_ == "ROOT":
                break  # "starting at X as a coach, ... kids who'd never get near a club": a relative clause misread
            if not own_subject and h.pos_ in ("VERB", "AUX") and any(c.dep_ == "aux" and modal(c)
                                                                    for c in h.children):
                return True  # "I'd love to work at X someday"
            if h.pos_ == "VERB" and lex.verb_is(h.lemma_.lower(), "intend", senses=2) and h.lemma_ != "use":
                return True
            if h.pos_ == "VERB" and lex.verb_in_senses(h.lemma_.lower(), PUT_FORWARD, first=3, exact=True):
                return True  # "I suggest we move to the scout hut": a plan put forward
            if h.pos_ == "ADP":  # "thinking of getting a cat", "talking about moving"
                if h.lower_ in ("of", "about") and h.head.pos_ == "VERB" and h.head.lemma_ != "use":
                    return True
                h = h.head
        else:
            break
    return False


_CLOSED = ("ADP", "DET", "PRON", "CCONJ", "SCONJ", "AUX", "PART")


def is_place(tok: Any, reader: PersonFinder) -> bool:
    if reader.person_in(tok.text) or not tok.is_alpha:
        return False
    if tok.is_stop and tok.pos_ in _CLOSED:
        return False  # "In." answering a roll call: a function word, whatever state it abbreviates
    if tok.pos_ == "INTJ" or (len(tok.text) <= 2 and not tok.text.isupper()):
        return False  # an exclamation ("Oh ..."), not the state it abbreviates
    if tok.head.lower_ in ("in", "since", "until", "by") and timeexpr.calendar_name(tok.lower_) and \
            not any(c.dep_ in ("compound", "det") for c in tok.children):
        return False  # "in March": a month (or a day), whatever town shares its name
    if tok.text[:1].isupper() and tok.is_alpha and tok.pos_ not in ("PROPN",) and \
            (lex.is_place_name(tok.lower_) or not lex.known_word(tok.lower_)):
        return True  # a capitalised name the tagger took for another part of speech
    if tok.ent_type_ in _PLACE_ENTS:
        return True
    if tok.text.islower() and len(tok.text) <= 2:
        return False  # chat shorthand ("ur so brave lol"), not the ancient city
    if tok.pos_ in ("NOUN", "PROPN", "ADJ", "VERB") and tok.text.islower() and lex.is_place_name(tok.lower_):
        return True  # lower-case chat: "moved to amsterdam"
    if tok.pos_ != "PROPN" or tok.ent_type_ in ("DATE", "TIME", "MONEY", "CARDINAL", "ORDINAL"):
        return False
    # a proper noun made of ordinary words ("Mulberry Lane") needs the NER's word that it is a place
    words = [t for t in tok.subtree if t.pos_ == "PROPN" and t.is_alpha] or [tok]
    return not all(lex.known_word(t.lower_) for t in words) or any(lex.is_place_name(t.lower_) for t in words) \
        or lex.is_place_name("_".join(t.lower_ for t in words)) \
        or (len(words) == 1 and tok.text[:1].isupper() and lex.town_sense(tok.lower_)) \
        or (len(words) == 1 and tok.text[:1].isupper() and not tok.text.isupper() and tok.i > tok.sent.start
            and lex.in_gazetteer(tok.lower_))  # "Bend", "Reading"; a capitalised town GeoNames lists ("Derby")


def place_obj(head: Any, reader: PersonFinder, preps: tuple[str, ...] = ("in", "to", "into", "near")) -> str | None:
    # (the parser may hang the place on the verb's particle: "moved up to X", "headed back to X")
    kids = [*head.children, *(p for c in head.children if c.dep_ in ("prt", "advmod") and c.pos_ in ("ADP", "ADV")
                              for p in c.children if p.dep_ == "prep")]
    # ... or on the place left: "moving from X to Y" hangs "to Y" under "from" or under X
    left = [c for c in head.children if c.dep_ == "prep" and c.lower_ == "from"]
    kids += [p for c in left for x in (c, *(o for o in c.children if o.dep_ == "pobj")) for p in x.children
             if p.dep_ == "prep" and p.lower_ in ("to", "into")]
    for c in kids:
        if c.dep_ == "prep" and c.lower_ in preps:
            for p in c.children:
                if p.dep_ == "pobj" and not is_place(p, reader):
                    # "in Berlin btw": the tagger made the place a modifier of a chat word
                    p = next((m for m in p.children if m.dep_ == "compound" and is_place(m, reader)), p)
                if p.dep_ in ("pobj", "compound") and is_place(p, reader):
                    v = without_dates(phrase(p) if p.dep_ == "pobj" else p.text)
                    return v.title() if v.islower() else v  # lower-case chat: "amsterdam" -> "Amsterdam"
        if c.dep_ in ("npadvmod", "dobj", "attr") and c.pos_ == "PROPN" and c.ent_type_ in _PLACE_ENTS \
                and is_place(c, reader):
            return phrase(c)
    return None


def whole_word(word: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern for `word` standing as a whole word (no word character either side)."""
    return re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", flags)


def lets(t: Any) -> bool:
    """"lets go with X": "let's" typed without its apostrophe, which the tagger takes for a noun."""
    return t.lower_ == "lets" and t.i + 1 < len(t.doc) and t.doc[t.i + 1].pos_ in ("VERB", "AUX") and \
        not any(c.dep_ in ("det", "poss") for c in t.children)  # (not "the lets are cheap")


def names_before(v: Any) -> list[Any]:
    """The names (heads of proper nouns) the message gives before the token, in order: what a "there" after them
    points back to."""
    return [t for t in v.doc[:v.i] if t.pos_ == "PROPN" and t.dep_ not in ("compound", "flat")]


def without_dates(place: str) -> str:
    """"in zwolle 3-9 may": the dates after a place's name are no part of it."""
    return re.sub(r"\s+\d[\d\s\-–]*$", "", place)


def org_obj(head: Any, reader: PersonFinder) -> str | None:
    for c in head.children:
        if c.dep_ in ("prep", "agent") and c.lower_ in ("at", "for", "with", "by", "in") and not lex.adverb_idiom(c):
            for p in c.children:
                if p.dep_ != "pobj" or reader.person_in(p.text) or p.ent_type_ in ("DATE", "TIME") or \
                        timeexpr.is_time_word(p.text):
                    continue
                if c.lower_ == "in" and p.ent_type_ != "ORG" and not (
                        p.pos_ == "NOUN" and any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in p.children)
                        and lex.noun_is(p.lemma_.lower(), "workplace")):
                    continue  # "a welder in Leeds": a place, not an employer ("in a bakery" is one)
                if c.lower_ == "by" and p.pos_ == "NOUN" and lex.known_noun(p.lemma_.lower()) and not (
                        lex.organisation_noun(p.lemma_.lower()) or
                        lex.noun_in_lexfile(p.lemma_.lower(), lex.WORK_LEXNAMES)):
                    continue  # "hired by the council / a bakery" names an employer; "by the end" none
                if p.pos_ == "NOUN" and lex.noun_in_lexfile(p.lemma_.lower(), ("noun.time", "noun.event")):
                    continue  # "for the date", "for the moment", "at the party": a time or an occasion
                # "Sumo Digital's Sheffield studio": a workplace named through its owner
                # (a name before a common noun, typed half in lower case: "at thames water", "at Tamar dairies")
                if p.pos_ == "PROPN" or p.ent_type_ in _ORG_ENTS or any(
                        d.dep_ == "det" or (d.dep_ in ("poss", "compound") and d.pos_ == "PROPN") or (
                            d.dep_ == "amod" and d.text[:1].isupper() and not lex._synsets(d.lower_, "a"))
                        for d in p.children) \
                        or (p.text[:1].isupper() and p.i > p.sent.start):
                    return phrase(p)
    return None


SINGLING = ("only", "sole", "same", "very")


def singles_out(w: Any) -> bool:
    """A word that singles a thing out and names none of it ("the only vet", "the same school"): in lower case and
    unhyphened, so not "Same Day X" or "same-day"."""
    return w.text in SINGLING and w.i + 1 < len(w.doc) and w.doc[w.i + 1].text != "-"


# words that join the parts of a name in the languages names come from ("Monte do Varnholt", "Banco de X"); the
# parser may take them for verbs ("do") or names
NAME_PARTICLES = frozenset({"da", "das", "de", "del", "della", "der", "des", "di", "do", "dos", "du", "van", "von"})


def phrase(tok: Any, drop_det: bool = False) -> str:
    """The noun phrase a token heads: its compounds, modifiers and flat names, without trailing clauses."""
    keep = {"compound", "amod", "nmod", "flat", "det", "poss", "nummod", "case", "punct"}
    left = [t for t in tok.lefts if t.dep_ in keep]
    start = min([t.left_edge.i for t in left] + [tok.i])
    words = [t for t in tok.doc[start:tok.i + 1]]
    # Proper-name continuations ("St. Mary 's Hospital", "Maison Verte")
    end = tok.i
    for t in tok.rights:
        if t.dep_ in ("compound", "flat", "appos") and t.pos_ == "PROPN" and t.i == end + 1:
            end = t.i
        elif t.dep_ == "nummod" and tok.pos_ == "PROPN" and t.i == end + 1:
            end = t.i  # a number after a name is part of it ("Hydro One", "Studio 54")
    for t in tok.rights:  # "Marsh & Pike"
        if t.dep_ == "cc" and t.text == "&" and t.i == end + 1:
            conj = next((c for c in tok.rights if c.dep_ == "conj" and c.i > t.i), None)
            if conj is not None:
                end = conj.i
    if tok.pos_ == "PROPN":  # a name the parser split: "Bean There", "Stratford upon Avon"
        doc = tok.doc
        while True:
            nxt = doc[end + 1] if end + 1 < len(doc) else None
            if nxt is not None and nxt.text[:1].isupper() and nxt.is_alpha and nxt.pos_ in ("PROPN", "ADV", "ADJ", "NOUN"):
                end += 1
            elif nxt is not None and nxt.is_lower and len(nxt) <= 4 and (
                    nxt.pos_ in ("ADP", "SCONJ", "DET") or nxt.lower_ in NAME_PARTICLES) and \
                    end + 2 < len(doc) and doc[end + 2].pos_ == "PROPN" and doc[end + 2].text[:1].isupper() and \
                    doc[end + 2].ent_type_ not in ("DATE", "TIME") and not timeexpr.is_time_word(doc[end + 2].text):
                end += 2
            elif nxt is not None and nxt.pos_ == "NOUN" and nxt.is_lower and end > tok.i and \
                    doc[end].dep_ == "compound" and doc[end].head.i == nxt.i:
                end += 1  # the common noun the name's last word qualifies: "Monte do Varnholt bakery"
                break
            else:
                break
    words += list(tok.doc[tok.i + 1:end + 1])
    while words and (words[0].dep_ == "punct" or (drop_det and words[0].dep_ == "det")
                     or words[0].text in ("my", "our", "his", "her", "their", "your", "new", "now", "My", "Our")
                     or (words[0].i < tok.i and words[0].pos_ in ("ADJ", "ADV") and singles_out(words[0]))):
        words = words[1:]
    text = "".join(t.text_with_ws for t in words).strip(" ,.;:!-")
    return re.sub(r"\s+", " ", text)


def name_parts(t: Any) -> list[Any]:
    """The proper nouns of a name up to its head ("Mister Ferdinand", "New York"), or the head alone."""
    return [c for c in t.subtree if c.pos_ == "PROPN" and c.i <= t.i] or [t]


def proper_name(t: Any) -> str:
    return " ".join(c.text for c in name_parts(t))


def animal_phrase(n: Any, singular: bool = False) -> str:
    """The animal a noun names with its compound modifiers ("guinea pig"); `singular`: a plural in the
    singular as the dictionary has it ("huskies" -> "husky", not "huskie")."""
    mods = [t.text for t in n.lefts if t.dep_ == "compound"]
    word = n.text
    if singular and n.tag_ == "NNS":
        word = lex.wordnet().morphy(n.lower_, "n") or n.text.rstrip("s")
    # a breed or species the dictionary names with the words before the noun, whatever the parser made of them:
    # "hermit crab", "border collie", "African grey parrot" (the modifiers alone name the animal)
    run: list[Any] = []
    for t in reversed([t for t in n.subtree if t.i < n.i and t.dep_ in ("compound", "amod", "nmod")]):
        if t.i != (run[0].i if run else n.i) - 1:
            break
        run.insert(0, t)
    for k in range(len(run), 0, -1):
        words = [t.lower_ for t in run[-k:]]
        if lex.is_animal("_".join([*words, word.lower()])) or (
                lex._synsets("_".join(words), "n") and lex.is_animal("_".join(words))):
            return " ".join([*words, word.lower()])
    return " ".join([*mods, word]).lower() if n.text[:1].islower() or mods else word


def temporary(sent: Any) -> bool:
    """A short stay, not a home: "in Rome this weekend", "in Tartu on business", "visiting", a clock time."""
    if _TEMPORARY_DATE.search(sent.text) or re.search(r"(?i)\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b", sent.text):
        return True
    return purpose(sent)


_PROPOSE = ("propose.v.01", "recommend.v.01", "submit.v.02")


def put_forward(v: Any) -> bool:
    """A verb of proposing: a cabin suggested for a trip ("I propose a chalet above X") is an option, nobody's home."""
    return v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), _PROPOSE, first=1, exact=True)


_SEASON_PREPS = ("in", "during", "over", "for", "through", "throughout", "until", "till")


def for_a_season(v: Any) -> bool:
    """The verb is held to a month or a season ("I'm in X in July", "over the summer", "for august"): a stay for
    that while, not where one lives ("since March" says how long a home has been one)."""
    return any(c.dep_ == "prep" and c.lower_ in _SEASON_PREPS and any(
        p.dep_ == "pobj" and (timeexpr.calendar_name(p.text) or lex.noun_in_senses(p.lemma_.lower(), ("season.n.02",),
                                                                                   first=1))
        for p in c.children) for c in v.children)


def nearest_verb(tok: Any) -> Any:
    """The token itself when it is a verb, else its nearest verb up the parse, else the root."""
    v = tok
    while v.pos_ not in ("VERB", "AUX") and v.head.i != v.i:  # (spaCy makes a new Token per access: no `is`)
        v = v.head
    return v


def clause_of(tok: Any) -> list[Any]:
    """The tokens of the clause a token belongs to: its nearest verb (or the root) and what hangs from it,
    without the clauses below that have their own verb."""
    v = nearest_verb(tok)
    out = []
    for t in v.subtree:
        u = t
        while u.i != v.i and not (u.pos_ in ("VERB", "AUX") and u.dep_ not in ("aux", "auxpass")):
            u = u.head
        if u.i == v.i:
            out.append(t)
    return out


def purpose(sent: Any) -> bool:
    """"in Tartu on business", "on holiday in Crete": a stay with a purpose, not a home."""
    return any(t.lower_ in ("for", "on") and t.dep_ == "prep" and any(
        c.lemma_ in ("work", "business", "holiday", "vacation", "conference", "trip", "visit", "wedding") or (
            c.dep_ == "pobj" and c.pos_ == "NOUN" and lex.noun_in_senses(c.lemma_.lower(), _STAY_FOR, first=2))
        for c in t.children) for t in sent) or any(t.lemma_ in ("visit", "holiday", "trip") for t in sent)


# what a stay can be for, as WordNet files it: a course, a gathering, a festivity, a journey ("in X for a course")
_STAY_FOR = ("course.n.01", "course.n.02", "meeting.n.01", "social_event.n.01", "education.n.01", "vacation.n.01",
             "journey.n.01", "competition.n.01")


def when(sent: Any, time: datetime) -> datetime:
    return timeexpr.point(sent.text, time, future=prospective(sent)) or time


def prospective(sent: Any) -> bool:
    """Whether a clause speaks of what is still to come: a modal or "going to" future, or a present-tense
    main verb with a time adjunct ("she starts on Monday"); a past form anywhere makes it a report."""
    verbs = [t for t in sent if t.pos_ in ("VERB", "AUX")]
    if any(t.tag_ in ("VBD", "VBN") for t in verbs if t.lemma_ != "go"):
        return False
    if any(t.tag_ == "MD" and t.lower_ in ("will", "'ll", "’ll", "shall", "wo") for t in verbs):
        return True
    if any(t.lower_ == "going" and any(c.dep_ == "xcomp" for c in t.children) for t in sent):
        return True
    root = sent.root
    # ("starting at X in may": a fragment in the progressive, with its subject and "be" left out, is a plan too)
    # (not one that has run "since" a time: "loving my new job since monday")
    fragment = root.tag_ == "VBG" and not any(c.dep_ in ("nsubj", "nsubjpass") or (
        c.dep_ == "aux" and (c.tag_ != "MD" or modal(c))) for c in root.children) and \
        not any(t.lower_ == "since" for t in sent)
    return root.tag_ in ("VBZ", "VBP") and root.lemma_ != "be" or fragment or any(
        t.lower_ in ("till", "until") for t in sent)


def route_origin(phrase: str) -> str:
    """The first place of a route written with an arrow or another symbol ("Oslo → Rome", "Oslo -> Rome"), or with
    "to" between two names ("Oslo to Rome")."""
    first = re.split(r"\s*(?:->|=>|[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f\u2b00-\u2bff])\s*", phrase)[0].strip() or phrase
    return re.split(r"\s+to\s+(?=[A-Z])", first)[0] if first[:1].isupper() else first
