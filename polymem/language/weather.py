"""A place's weather said as news ("Kraków is minus nine and glittering", "Leeds is all drizzle", "Perth is 31
degrees btw", "X is snowing again"): people report the weather where they are, so the speaker is there (a weak reading of home,
like any passing mention).

Read from the parse and WordNet: a place as the subject of "be" whose predicate is a temperature (a number
with degrees or a sign), a noun whose first sense is a kind of weather or temperature, or an adjective WordNet
ties to one (by its attribute, a similar sense, or the noun it derives from: "rainy", "chilly", "icy")."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from polymem.language import lexical as lex
from polymem.language import timeexpr

_WEATHER = ("atmospheric_phenomenon.n.01", "temperature.n.01", "weather.n.01")
_ATTRIBUTES = {"temperature.n.01", "wetness.n.01"}
_SIGNED = re.compile(r"^[-−–+]\d+(?:[.,]\d+)?°?[cfCF]?$|^\d+(?:[.,]\d+)?(?:°[cfCF]?|°?[cfCF])$")


def reported_at(t: Any) -> bool:
    """The place token `t` is the subject of "be" with a weather predicate."""
    v = t.head
    if t.dep_ == "nsubj" and v.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in v.children) and \
            not any(c.dep_ in ("neg", "dobj") for c in v.children) and not any(_climate(x) for x in v.subtree) and \
            not _hearsay(v):
        # "X is freezing", "X is still snowing": the weather as a verb (or an adjective the tagger took for one)
        # ("freezing", "boiling": the verb's noun is a kind of weather)
        return lex.verb_in_lexfile(v.lemma_.lower(), ("verb.weather",)) or lex.noun_in_senses(
            v.lemma_.lower(), _WEATHER, first=2)
    if t.dep_ != "nsubj" or v.lemma_ != "be" or any(c.dep_ == "neg" for c in v.children):
        return False
    if _hearsay(v):
        return False  # "my sister says X is 30 degrees": where she is
    told = [x for c in v.children if c is not t and c.dep_ not in ("nsubj", "cc") for x in c.subtree]
    if any(_climate(x) for x in told):
        return False  # "Rome is hot in August", "Cairo is always 40 degrees": the climate, known from anywhere
    return any(_temperature(x) or (weather_word(x) and x.dep_ in ("acomp", "attr", "conj", "pobj", "dobj"))
               for x in told)


def named_with_weather(t: Any) -> bool:
    """The place names the weather a line reports: as the modifier of a weather noun heading a verbless line
    ("X also freezing fog") or the subject of one said of now ("X rain is relentless today"; not "X rain is
    overrated", a reputation), or as a label the weather follows ("X: rain and sleet")."""
    h = t.head
    if t.dep_ in ("compound", "nmod") and h.pos_ == "NOUN" and weather_word(h):
        clause = h.head if h.dep_ in ("nsubj", "nsubjpass") else h
        now = h.dep_ == "ROOT" or (clause is not h and any(x.lower_ in _NOW for x in clause.subtree))
        return now and not any(c.dep_ == "neg" for c in clause.children) and \
            not any(_climate(x) for x in clause.subtree) and not _hearsay(clause)
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    return t.dep_ == "ROOT" and nxt is not None and nxt.text == ":" and any(
        c.dep_ in ("appos", "conj", "dep") and weather_word(c) and c.i == nxt.i + 1 for c in t.children)


_NOW = ("today", "tonight", "now", "currently", "again", "rn")  # adverbs of the present moment (a closed class)


def _hearsay(v: Any) -> bool:
    """The clause is what someone else says or thinks ("my sister says ...")."""
    return v.dep_ == "ccomp" and any(c.dep_ == "nsubj" and c.lower_ not in ("i", "we") for c in v.head.children)


# adverbs of how often or of hearsay (a closed class of English): what a place is like, not what one sees there
_GENERAL = ("always", "usually", "often", "generally", "normally", "typically", "apparently", "never", "sometimes")


def _climate(t: Any) -> bool:
    """A season or a month, or an adverb of frequency or hearsay, in the clause."""
    low = t.lemma_.lower()
    return low in _GENERAL or (t.pos_ in ("NOUN", "PROPN") and (
        timeexpr.calendar_name(low) or lex.noun_in_senses(low, ("season.n.02",), first=2)))


def _temperature(t: Any) -> bool:
    """"-12", "30°C", "22 degrees", "minus nine"."""
    if _SIGNED.match(t.text):
        return True
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    return nxt is not None and ((t.like_num and (nxt.lemma_.lower() == "degree" or nxt.text.startswith("°"))) or
                                (t.lower_ == "minus" and nxt.like_num))


def weather_word(t: Any) -> bool:
    if t.pos_ == "NOUN":
        return _weather_noun(t.lemma_.lower())
    return t.pos_ == "ADJ" and _weather_adjective(t.lemma_.lower())


@lru_cache(maxsize=20_000)
def _weather_noun(lemma: str) -> bool:
    return lex.noun_in_senses(lemma, _WEATHER, first=1)


@lru_cache(maxsize=20_000)
def _weather_adjective(lemma: str) -> bool:
    for s in lex._synsets(lemma, "a")[:3]:
        for x in [s, *s.similar_tos()]:
            if {a.name() for a in x.attributes()} & _ATTRIBUTES:
                return True
        for lem in s.lemmas():
            for rel in lem.derivationally_related_forms() + lem.pertainyms():
                if rel.synset().pos() == "n" and lex.noun_in_senses(rel.name(), _WEATHER, first=1):
                    return True
    return False
