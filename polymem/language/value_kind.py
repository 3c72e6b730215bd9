"""What sort of value a decision settles, and what sort a question asks for: a date (or time), an amount, or
a thing (a place, an activity, an object).

A question about "which night" cannot be answered by a venue, nor "where" by a sum: matching the two kinds
picks the matter a question is about among several a group settled, whatever words either uses.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Literal

from spacy.lang.en.stop_words import STOP_WORDS

from polymem.language import lexical as lex
from polymem.language import timeexpr
from polymem.language.models import parsed

Kind = Literal["date", "amount", "thing", "place"]
# adjectives of measure answered by a number: "how" before one asks for an amount ("how much", "how old", "how
# far"; "how long" may be a time, "how big" a word: "tiny")
_MEASURE = ("much", "many", "old", "far", "tall", "heavy", "expensive")

_ORDINAL_DAY = re.compile(r"(?i)^(?:(?:on|for)\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b")
_MONEY = re.compile(r"[£$€¥]\s?\d|\d\s?(?:euros?|dollars?|pounds?|quid|bucks|eur|usd|gbp)\b", re.I)
_BARE_AMOUNT = re.compile(r"[£$€¥]?[\d.,\s]+(?:each|per\s+\w+|a\s+head|apiece)?", re.I)
# WordNet senses of nouns that ask for a quantity of money: "what budget", "which price"
_CHOOSING = ("choice.n.01", "choice.n.02", "option.n.02", "decision.n.01", "plan.n.01")
_MONEY_SENSES = ("money.n.01", "sum.n.01", "cost.n.01", "monetary_unit.n.01", "fee.n.01", "payment.n.01",
                 "budget.n.01", "price.n.02")


def value_kind(value: str) -> Kind:
    """The kind of a stated value: "Friday the 24th", "7-11 August", "30th", "7pm" are dates; "£20 each",
    "40 dollars" amounts; anything else a thing."""
    v = value.strip()
    if not v:
        return "thing"
    if _MONEY.search(v) or _BARE_AMOUNT.fullmatch(v):
        return "amount"
    words = v.lower().split()
    if timeexpr.date_span(v) or timeexpr.is_time_word(v) or _ORDINAL_DAY.match(v) or \
            (len(words) <= 4 and (timeexpr.CLOCK.search(v) or any(w.strip(",.").removesuffix("s") in timeexpr.WEEKDAYS for w in words))):  # "thursdays"
        return "date"
    # "8 o'clock from today till the autumn": a clock time first, and no name after it ("7pm at the Lantern")
    if (m := timeexpr.CLOCK.match(v)) and not any(w.lower() not in timeexpr.MONTHS and w.lower() not in
                                                  timeexpr.WEEKDAYS for w in re.findall(r"\b[A-Z][a-z]+", v[m.end():])):
        return "date"
    # "sunday 8pm from now on": a day of the week and nothing but function words around it
    day = timeexpr.day_phrase(v)
    if day and all(w in STOP_WORDS for w in re.findall(r"[a-z]+", v.lower().replace(day.lower(), " "))):
        return "date"
    return "thing"


@lru_cache(maxsize=4096)
def asked_kind(question: str) -> Kind | None:
    """The kind of value a question about a decision asks for; None when the question does not say
    ("what did we decide?")."""
    doc = parsed(question)
    wh = [t for t in doc if t.tag_ in ("WRB", "WDT", "WP")]
    for t in wh:
        low = t.lower_
        if low == "when":
            return "date"
        if low == "where":
            return "place"
        if low == "how" and t.i + 1 < len(doc) and doc[t.i + 1].lower_ in _MEASURE:
            return "amount"
        if low == "what" and t.dep_ == "dobj" and t.head.lemma_ == "do" and t.head.pos_ == "VERB":
            return "thing"  # "what are we doing for the outing": an activity, never a date
        if low in ("what", "which"):
            noun = _asked_noun(doc, t)
            if noun is None:
                continue
            return _noun_kind(noun.lemma_.lower())
    return None


def _asked_noun(doc: Any, wh: Any) -> Any:
    """The noun a "what"/"which" determines ("which night", "what kind of gift": gift)."""
    head = wh.head if wh.dep_ == "det" else None
    nxt = doc[wh.i + 1] if wh.i + 1 < len(doc) else None
    if head is None and nxt is not None and nxt.is_alpha and nxt.pos_ != "AUX" and (nxt.pos_ == "NOUN" or (
            nxt.tag_ in ("VBZ", "NNS") and lex.known_noun(nxt.lemma_.lower()))):
        head = nxt  # "what dates did they land on": a plural noun the tagger took for a verb
    if head is None and wh.dep_ in ("attr", "nsubj") and wh.head.lemma_ == "be":
        # "what's the budget per head": the other side of the copula
        head = next((c for c in wh.head.children if c.dep_ in ("nsubj", "attr") and c.i != wh.i), None)
    if head is not None and wh.dep_ == "det" and head.pos_ in ("ADJ", "ADV") and lex.known_noun(head.lower_):
        pass  # "what present had they agreed on": the word a wh-determiner goes with is a noun, however tagged
    elif head is None or head.pos_ not in ("NOUN", "VERB"):
        return None
    # "what kind of venue", "which sort of day": the noun after "of"; "what is our final choice for the date",
    # "the plan for the venue": a noun of choosing says nothing, the matter after it does
    classifier = lex.noun_in_senses(head.lemma_.lower(), ("kind.n.01", "type.n.01"), first=1, exact=True)
    choosing = lex.noun_in_senses(head.lemma_.lower(), _CHOOSING, first=2, exact=True)
    for c in head.children if classifier or choosing else ():
        if c.dep_ == "prep" and (c.lower_ == "of" or (choosing and c.lower_ in ("for", "on", "about"))):
            for o in c.children:
                # ("the plan for Ana's flat": a particular thing someone has, whose fate is asked, not a kind of
                # value; "the plan for our venue" asks for a venue)
                if o.dep_ == "pobj" and o.pos_ == "NOUN" and not (choosing and any(
                        p.dep_ == "poss" and p.lower_ not in ("our", "my", "your", "their") for p in o.children)):
                    return o
    return None if choosing else head  # "what is our final choice?": the kind is not said


@lru_cache(maxsize=4096)
def _noun_kind(lemma: str) -> Kind:
    if lex.noun_is(lemma, "time", senses=2):
        return "date"
    if lex.noun_in_senses(lemma, _MONEY_SENSES, first=2):
        return "amount"
    if lex.noun_in_senses(lemma, _PLACE_SENSES, first=1):
        return "place"  # "which venue", "what destination"
    return "thing"


# a place one can be at: a location, a building or other structure, a facility ("the boathouse", "the old mill")
_PLACE_SENSES = ("location.n.01", "structure.n.01", "facility.n.01", "geological_formation.n.01")


def placeish(value: str) -> bool:
    """A value that can say where: a name ("Hathersage", "Lake Tahoe"), a place a gazetteer knows, or a noun
    for a location or a building ("the boathouse"); not "bbq" or "a campervan"."""
    words = re.findall(r"[A-Za-z][\w'-]*", value)
    # a name heading a phrase ("the Crown", "Lake Tahoe", "drinks at Casa Lupe"), not a name owning a thing
    # ("Leo's tile panel": a panel, whoever made it)
    raw = re.split(r"\s+(?:in|at|on|near|by|of|with|from|for)\s+|,", value)
    phrases = [re.findall(r"[A-Za-z][\w'-]*", p) for p in raw]
    if any(p and p[-1][:1].isupper() for p in phrases):
        return True
    # a name written in lower case, a word no dictionary knows, heading a phrase ("meet at brygga") or naming
    # a noun of place or of a made thing ("the skelmor loop"; not "the spotify playlist"); not after "a", which
    # only a common noun takes ("a campervan"), nor counted ("the 7 seater": a coined common noun)
    if any(p and not re.search(r"\d", r) and p[0].lower() not in ("a", "an") and (_unknown(p[-1]) or (
            len(p) > 1 and any(_unknown(w) for w in p[:-1]) and
            lex.noun_in_lexfile(p[-1].lower(), ("noun.location", "noun.artifact", "noun.object"))))
           for p, r in zip(phrases, raw, strict=True)):
        return True
    # a place's name, or a noun of place: in its first sense anywhere ("a narrowboat from the marina"), in its
    # second only heading the phrase (the last word before a preposition: "beach house in ..."; not "snow bums",
    # where "snow" is first weather)
    # (and the head of each phrase after a preposition: "drinks near the church")
    heads = [p.split() for p in re.split(r"\s+(?:in|at|on|near|by|of|with|from|for)\s+", value.lower())]
    return any(lex.is_place_name(w.lower()) or lex.noun_in_senses(w.lower(), _PLACE_SENSES, first=1)
               for w in words if w.lower() not in STOP_WORDS) or any(
        h and h[-1] not in STOP_WORDS and lex.noun_in_senses(h[-1].strip(",.!"), _PLACE_SENSES, first=2) for h in heads)


def _unknown(word: str) -> bool:
    return len(word) > 3 and lex.unknown_word(word)


def compatible(asked: Kind | None, value: str, noun: bool = False) -> bool:
    """Whether a value can answer a question asking for `asked`: "Lake Tahoe, 3-5 May" answers both
    "where" and "when". `noun`: the question names what it asks for by a noun that is no place ("which gift")."""
    if asked is None:
        return True
    kind = value_kind(value)
    if asked == "place":  # "where": a place, alone or with its dates ("Lake Tahoe, 3-5 May")
        span = _when_part(value) if kind == "date" else None
        rest = value.replace(span, "") if span else value
        # (every span goes: "fri 22 - sun 24 may, 22-24 May" says the dates twice and names no place)
        while kind == "date" and (more := _when_part(rest)):
            rest = rest.replace(more, "")
        return kind != "amount" and (kind != "date" or bool(span)) and placeish(rest)
    if kind == asked:
        # "which present": not a place by its name alone ("Zadar"), which only says where
        return not (asked == "thing" and noun and _only_a_place(value))
    if kind == "date" and asked == "thing":
        span = timeexpr.date_span(value)
        rest = value.replace(span, "") if span else ""
        return bool(re.search(r"[A-Za-z]{3,}", rest)) and value_kind(rest.strip(" ,;-")) == "thing"
    if kind == "thing" and asked == "date":
        return bool(timeexpr.date_span(value))
    return False


def _when_part(value: str) -> str | None:
    """The words of a value that say when: a span of dates, a day of the week ("the Anchor, tuesdays"), a clock
    time ("the Anchor, 7pm")."""
    if span := timeexpr.date_span(value) or timeexpr.day_phrase(value):
        return span
    m = timeexpr.CLOCK.search(value)
    return m.group(0) if m else None


def _only_a_place(value: str) -> bool:
    """A value that is nothing but place names ("Zadar", "Lake Bled"): it says where, never what."""
    words = [w for w in re.findall(r"[^\W\d_][\w'-]*", value) if w.lower() not in STOP_WORDS]
    return bool(words) and all(w[:1].isupper() for w in words) and any(lex.is_place_name(w.lower()) for w in words) \
        and all(lex.is_place_name(w.lower()) or not lex.known_noun(w.lower()) for w in words)


def asks_by_noun(question: str) -> bool:
    """The question names what it asks for by a noun of a thing ("what present", "which band"), not by "what"
    alone nor by "where"."""
    doc = parsed(question)
    for t in doc:
        if t.lower_ in ("what", "which") and t.tag_ in ("WDT", "WP"):
            noun = _asked_noun(doc, t)
            if noun is not None and noun.pos_ != "VERB":
                lemma = noun.lemma_.lower()
                # (not a noun that may name a place in any of its first senses, "which country / island", nor a
                # trip, which is answered by where it goes)
                return _noun_kind(lemma) == "thing" and not lex.noun_in_senses(lemma, _PLACE_SENSES + _WHERE, first=3) \
                    and not any(ss.lexname() == "noun.location" for ss in lex._synsets(lemma, "n")[:3])
    return False


_WHERE = ("journey.n.01", "vacation.n.01", "country.n.02", "land.n.04", "region.n.03", "body_of_water.n.01")


_DAY_NUMBER = re.compile(r"(?i)\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:19|20)\d\d\b|\b\d{1,2}[/.]\d{1,2}\b")


def holds(asked: Kind | None, text: str) -> bool:
    """Whether an answer's text holds a value of the asked kind anywhere in it: a number for "how much / how
    many / what price", a time expression for "when / which day / what time". A "thing" (or no kind) is
    always held: nothing closed says what a thing looks like."""
    if asked not in ("amount", "date") or not text.strip():
        return True
    if asked == "amount":
        while (span := timeexpr.date_span(text)) is not None:  # "26-28 June" is a date, no amount
            text = text.replace(span, " ")
        return bool(_MONEY.search(text) or re.search(r"\d", text)) or any(t.like_num for t in parsed(text))
    if timeexpr.date_span(text) or timeexpr.CLOCK.search(text) or _DAY_NUMBER.search(text) or timeexpr.day_phrase(text):
        return True  # ("thursdays like we used to": a day of the week, plural or not)
    words = re.findall(r"[A-Za-z]+", text)
    return any(timeexpr.is_time_word(w) for w in words) or any(
        timeexpr.is_time_word(f"{a} {b}") for a, b in zip(words, words[1:], strict=False))


def sums_named(text: str) -> int:
    """How many sums of money a text names ("£45 now, I'd say £55": two)."""
    return len(_MONEY.findall(text))


# a whole sum of money, figure included ("£1,100", "40 dollars"), unlike _MONEY, which only finds one
_SUMS = re.compile(r"[£$€¥]\s?[\d.,]+|[\d.,]+\s?(?:euros?|dollars?|pounds?|quid|bucks|eur|usd|gbp)\b", re.I)


def answers(question: str, text: str) -> bool:
    """Whether an answer's text holds the kind of value the question asks for (`holds`), and, for "how many
    guests / nights / tickets", a count: a sum of money counts no guests ("how many pounds" it does)."""
    if not holds(asked_kind(question), text):
        return False
    doc = parsed(question)
    for t in doc:
        if t.lower_ == "many" and t.i > 0 and doc[t.i - 1].lower_ == "how" and t.head.pos_ == "NOUN" and \
                not lex.noun_in_senses(t.head.lemma_.lower(), _MONEY_SENSES, first=2):
            return not _SUMS.search(text) or bool(re.search(r"\d", _SUMS.sub("", text)))
    return True
