"""Answers to a question put to the chat: "so where is everybody now?" / "Tartu, same as always." / "hamster.
she runs all night". A reply that is only a noun phrase takes its meaning from the question before it: the
attribute asked (a home, a job, a pet, read by `questions.parse_question`) of the one replying.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from polymem.language import lexical as lex
from polymem.language import pets
from polymem.language import syntax as sx


@lru_cache(maxsize=5_000)
def asked_attribute(text: str) -> str | None:
    """The attribute (city / job / pet) a chat question asks about, or None."""
    from polymem.language.models import parsed
    from polymem.language.questions import parse_question

    sents = list(parsed(text).sents)
    if not sents:
        return None
    # "Roll call: where are you and what are you up to": the question after a heading; its first word read
    # from the message's own parse (a word parsed alone is tagged without context, and costs a parse)
    colon = [t.i for t in sents[-1] if t.text == ":"]
    toks = [t for t in sents[-1] if not colon or t.i > colon[0]]
    last = "".join(t.text_with_ws for t in toks).strip()
    first = next((t for t in toks if not t.is_space), None)
    if not last.endswith("?") and not (first is not None and first.tag_ in ("WRB", "WP", "WDT")):
        return None
    attribute = parse_question(last if last.endswith("?") else last + "?").attribute
    if attribute == "city" and any(t.dep_ in ("nsubj", "nsubjpass", "attr") and t.pos_ == "NOUN" and
                                   _a_thing(t.lemma_.lower()) for t in toks):
        return None  # "where is my big pot?": where a thing is, not where someone lives
    return attribute


def _a_thing(lemma: str) -> bool:
    """A noun whose first sense is an object, food or substance that is no home ("pan", "key"; not "kid",
    "folk", "hometown", "house", "flat")."""
    return lex.noun_in_lexfile(lemma, ("noun.artifact", "noun.food", "noun.object", "noun.substance", "noun.plant",
                                       "noun.body")) and not lex.noun_in_senses(
        lemma, ("dwelling.n.01", "housing.n.01", "building.n.01", "room.n.01", "apartment.n.01"), first=8)


def fragment_value(doc: Any, attribute: str, places: Any) -> str | None:
    """The value a verbless reply gives for the attribute asked: the first noun phrase of its first sentence
    when it is of the asked kind (a place, an animal, a trade), else None. A reply with a clause of its own
    ("I'm in Tartu") is read by the statement reader instead."""
    for sent in list(doc.sents)[:2]:  # "Heya. Tartu, same as always.": a greeting may come first
        if sent.text.rstrip().endswith("?"):
            return None
        if any(t.dep_ in ("nsubj", "nsubjpass") and t.head.pos_ in ("VERB", "AUX") for t in sent):
            return None
        if (v := _value(sent, attribute, places)) is not None:
            return v
    return None


def _value(sent: Any, attribute: str, places: Any) -> str | None:
    alone = sum(1 for t in sent if t.is_alpha) == 1  # "Tartu." is an answer, "Heya." a greeting
    for t in sent:
        if attribute == "city" and t.dep_ == "ROOT" and t.text[:1].isupper() and lex.is_place_name(t.lower_):
            # "Tartu, same as always" (tagged ADV); "Oslo → Rome": a route, from where the speaker sets off
            return sx.route_origin(sx.phrase(t)) if t.pos_ in ("NOUN", "PROPN") else t.text
        # the fragment's own head, not a noun inside a phrase ("from welder to ..." answers nothing)
        if t.pos_ not in ("NOUN", "PROPN") or t.dep_ not in ("ROOT", "appos", "npadvmod") or t.i - sent.start > 4:
            continue
        if any(c.dep_ == "neg" for c in t.children):
            return None
        low = t.lemma_.lower()
        if attribute == "city" and (lex.is_place_name(t.lower_) or t.ent_type_ in ("GPE", "LOC") or
                                    (not alone and sx.is_place(t, places))):
            return sx.route_origin(sx.phrase(t))
        if attribute == "pet" and pets.animal_sense(low):
            return sx.animal_phrase(t)
        if attribute == "job" and lex.is_occupation(low):
            org = sx.org_obj(t, places)
            role = sx.phrase(t, drop_det=True)
            return f"{role} at {org}" if org else role
    return None


# staying where one is (WordNet): "stay put", "continue in a place", "dwell"
STAY_PUT = ("stay.v.02", "stay.v.04", "bide.v.01")


def staying_put(doc: Any, places: Any) -> str | None:
    """The place a reply to a question about homes says the speaker stays in, with no subject of its own:
    "no, staying in Tartu, the flat is too good to give up" (the speaker's own clause, dropped "I" and all).
    Only as a reply: out of the blue, "staying in X" is as often a trip."""
    for sent in list(doc.sents)[:2]:
        for v in sent:
            # (the clause's own verb, or one opening the sentence: "no, staying in X, it's ..." hangs it on "it's")
            opening = v.dep_ == "advcl" and all(t.is_punct or t.pos_ in ("INTJ", "ADV", "CCONJ") for t in sent[:v.i - sent.start])
            if v.pos_ not in ("VERB", "AUX") or v.tag_ not in ("VBG", "VB") or not (
                    v.dep_ in ("ROOT", "conj", "ccomp") or opening):
                continue
            if any(c.dep_ in ("nsubj", "nsubjpass") for c in v.children) or any(c.dep_ == "neg" for c in v.children):
                continue
            if not lex.verb_in_senses(v.lemma_.lower(), STAY_PUT, first=4, exact=True):
                continue
            if (place := sx.place_obj(v, places, preps=("in", "at"))) is not None:
                return place
    return None
