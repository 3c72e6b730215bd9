"""What kind of thing a question asks for, and whether a message holds one: "Which airline did she book?" asks
for an airline, answered by a name; "What breed is the dog?" for a kind of animal; "what's the name of the
school" for a school's name. A message that holds nothing of that kind does not answer the question, however
many of its words it shares (it only talks about the same thing).

Read from the parse (the noun a wh-determiner or the wh-pronoun of a copula asks about) and WordNet (whether a
word of the message falls under that noun, and whether that noun is answered by a name).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language import timeexpr
from polymem.language.pets import animal_sense

# nouns that ask for no kind of thing of their own ("what kind of", "which part of", "what time")
_LIGHT = {"kind", "sort", "type", "thing", "way", "part", "bit", "one", "lot", "time", "day", "date", "reason",
          "point", "idea", "plan", "option", "choice", "deal", "news", "word", "stuff", "matter", "question"}
# nouns answered by a name: names themselves, organisations and institutions, buildings and places
_NAMED = ("name.n.01", "organization.n.01", "institution.n.01", "structure.n.01", "facility.n.01",
          "establishment.n.04", "location.n.01", "commercial_enterprise.n.02")


@dataclass(frozen=True)
class Focus:
    noun: str  # the asked noun's lemma ("airline", "breed", "surname"), or the thing a name is asked of
    named: bool  # answered by a proper name


def asked_focus(doc: Any) -> Focus | None:
    """The noun a question asks for: "which ward", "what breed is ...", "what is X's surname", "the name of
    the school"; None when the question asks for a person, a time, or nothing a noun names."""
    for t in doc:
        if t.lower_ in ("which", "what", "whose") and t.dep_ == "det" and t.head.pos_ == "NOUN":
            return _focus(t.head)
        # (lower-case chat parsed askew: "which pub did we end up at" with "which" an object, "pub" adrift)
        if t.lower_ in ("which", "what") and t.i + 1 < len(doc) and doc[t.i + 1].pos_ == "NOUN" and \
                doc[t.i + 1].tag_ == "NN" and doc[t.i + 1].dep_ not in ("nsubj", "attr", "dobj", "pobj"):
            return _focus(doc[t.i + 1])
    # "what is X's surname", "what's the name of ...": the noun on the other side of the copula from "what"
    what = next((t for t in doc if t.lower_ == "what" and t.dep_ in ("nsubj", "attr") and t.head.lemma_ == "be"), None)
    if what is None:
        return None
    noun = next((a for a in what.head.children if a.dep_ in ("nsubj", "attr") and a.pos_ == "NOUN"), None)
    return _focus(noun) if noun is not None else None


def _focus(n: Any) -> Focus | None:
    lemma = n.lemma_.lower()
    if lemma in ("name", "surname", "nickname", "title"):
        of = next((p for c in n.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                   if p.dep_ == "pobj"), None)
        if of is not None and of.pos_ != "NOUN":  # "the name of the bakery Hedda runs", parsed askew
            of = next((c for c in of.children if c.dep_ == "compound" and c.pos_ == "NOUN"), None)
        return Focus(of.lemma_.lower() if of is not None else lemma, True)
    if lemma in ("kind", "sort", "type", "variety"):  # "what kind of dog": a kind of dog answers
        of = next((p for c in n.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                   if p.dep_ == "pobj" and p.pos_ == "NOUN"), None)
        inner = _focus(of) if of is not None and of.lemma_.lower() not in _LIGHT else None
        return Focus(inner.noun, False) if inner is not None else None  # a kind is asked, not a name
    compound = next((c for c in n.children if c.dep_ == "compound" and c.pos_ == "NOUN"), None)
    if compound is not None and lex.known_noun(f"{compound.lemma_.lower()}_{lemma}"):
        lemma = f"{compound.lemma_.lower()}_{lemma}"  # "colour scheme", "dress code"
    if lemma in _LIGHT or lex.noun_is(lemma, "time") or lex.is_person_noun(lemma) or not lex.known_noun(lemma):
        return None
    return Focus(lemma, _named(lemma))


def _named(lemma: str) -> bool:
    """A noun whose things go by proper names (a hotel, an airline, a venue), in its first sense, or in its
    second where the first is no process or act ("heating" is first a process: a stove answers "which
    heating", no name needed)."""
    first = lex._synsets(lemma, "n")[:1]
    if first and first[0].lexname() in ("noun.process", "noun.act", "noun.event", "noun.phenomenon"):
        return lex.noun_in_senses(lemma, _NAMED, first=1)
    return lex.noun_in_senses(lemma, _NAMED, first=2)


def holds(focus: Focus, doc: Any, asked: set[str], is_member: Callable[[str], bool]) -> bool:
    """Whether a message holds something of the asked kind that the question does not already name: a word
    under the asked noun ("hostel" for "hotel", "whippet" for a breed of animal), the noun itself specified
    ("the cardiac ward"), for a named kind a name (not a member's; not a place unless a place is asked)."""
    place_asked = asks_place(focus.noun)
    animals = of_animals(focus.noun)
    if not (focus.named or animals) or (focus.named and (lex.generic_pet(focus.noun) or animal_sense(focus.noun))):
        # a role any thing can fill ("what gift", "his view", "the centrepiece"), or an animal's name, which
        # chat writes as any word ("introducing... waffles"): no kind to check against
        return True
    for t in doc:
        low, lemma = t.lower_, t.lemma_.lower()
        if lemma == focus.noun.split("_")[-1] and any(
                c.dep_ in ("amod", "compound", "nummod") and c.lower_ not in asked and (c.is_alpha or c.like_num)
                for c in t.children):  # "the cardiac ward", "pier 4"
            return True
        if not t.is_alpha or low in asked or lemma in asked:
            continue
        if t.pos_ in ("NOUN", "PROPN") and lemma != focus.noun and _under(lemma, focus.noun):
            return True
        if animals and t.pos_ in ("NOUN", "PROPN", "ADJ") and (animal_sense(lemma) or not lex.known_word(low)):
            return True  # a word no dictionary has may be a breed's pet name ("staffy", "beardie")
        if focus.named and _a_name(t) and not is_member(t.text) and (place_asked or not _known_place(low)):
            return True
    return False


BIG_TOWN = 50_000  # a town only GeoNames lists, this populous, is a place, not a firm called after one


def _known_place(low: str) -> bool:
    """A place by name, as a firm or a school is not: one WordNet knows, or a large town (a small one only GeoNames
    lists is as likely a firm's name: "made redundant from X")."""
    return lex.is_place_name(low) and (not lex.gazetteer_only(low) or lex.town_population(low) >= BIG_TOWN)


def asked_words(doc: Any) -> set[str]:
    """The question's words and lemmas, lower case: what a value must say besides (`holds`' `asked`)."""
    return {w for t in doc for w in (t.lower_, t.lemma_.lower())}


def says_noun(value: str, noun: str) -> bool:
    """The value uses the asked noun itself as a whole word ("the county hospital" for "which hospital")."""
    return sx.whole_word(noun).search(value.lower()) is not None


def asks_place(noun: str) -> bool:
    """The noun asks for a place ("venue", "spot", "town"): a place's name or a common noun for one answers it."""
    return lex.noun_is(noun, "city") or lex.noun_in_senses(noun, ("location.n.01",), first=2)


def _a_name(t: Any) -> bool:
    """A proper name, not a day, a month or a time of day ("started school Monday" names no school)."""
    if t.ent_type_ in ("DATE", "TIME") or timeexpr.is_time_word(t.text) or \
            lex.noun_in_lexfile(t.lower_, ("noun.time",)):
        return False  # (nor a feast: "Christmas")
    return t.pos_ == "PROPN" or (t.text[:1].isupper() and t.i > t.sent.start and not t.is_stop)


def names_kind(value: str, noun: str) -> bool:
    """A value holds a word of the asked kind ("dark teal" for a colour, "the cottage" for lodging), other than
    the asked noun itself."""
    nouns = [noun]
    if noun.endswith("our") and lex.known_noun(noun[:-3] + "or"):
        nouns.append(noun[:-3] + "or")  # "colour" has the senses of "color" (WordNet files it apart)
    # (a colour or a material is often a later sense of its word: "olive", "orange")
    return any(w not in nouns and _under(w, n, senses=5) for w in re.findall(r"[a-z]+", value.lower()) if len(w) > 2
               for n in nouns)


def _under(word: str, noun: str, senses: int = 3) -> bool:
    """A sense of `word` among its first three (or `senses`) has one of `noun`'s first two senses above it."""
    targets = set(lex._synsets(noun, "n")[:2])
    for s in lex._synsets(word, "n")[:senses]:
        for path in s.hypernym_paths() + [p for i in s.instance_hypernyms() for p in i.hypernym_paths()]:
            if targets.intersection(path):
                return True
    return False


def of_animals(noun: str) -> bool:
    """A noun WordNet glosses as a variety of animals ("breed"): a kind of animal answers it."""
    return any("animal" in d and re.search(r"\b(?:variety|kind|type)\b", d)
               for d in (s.definition() for s in lex._synsets(noun, "n")[:1]))
