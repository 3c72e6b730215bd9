"""Where a demonym says someone lives: "Dev is officially a Glaswegian now" -> Glasgow.

WordNet glosses demonyms as "an inhabitant of Glasgow" or "a native or resident of London"; the place named
there, when WordNet knows it as a city or country, is the value. No list of demonyms is kept.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx

_GLOSS = re.compile(r"\b(?:inhabitant|resident|native|citizen)(?:\s+or\s+\w+)?\s+of\s+(?:the\s+)?"
                    r"(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})")


@lru_cache(maxsize=20_000)
def demonym_place(word: str) -> str | None:
    """The place a person noun names its people after, or None."""
    for s in lex._synsets(word, "n")[:2]:
        if s.lexname() != "noun.person":
            continue
        m = _GLOSS.search(s.definition())
        if m and lex.is_place_name(m.group("place").lower().replace(" ", "_")):
            return m.group("place")
    return None


def resident_of(noun: Any, places: Any) -> str | None:
    """"a Tartu resident", "a Vilnius local now": a noun for the inhabitants of somewhere (WordNet's
    inhabitant and the kinds of it), with a place name in front of it."""
    ss = lex._synsets(noun.lemma_.lower(), "n")[:1]
    if not ss or not any(h.name() == "inhabitant.n.01" for h in [ss[0], *ss[0].closure(lambda s: s.hypernyms())]):
        return None
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod") and c.i < noun.i]
    named = [c for c in mods if c.text[:1].isupper()]
    if named and all(sx.is_place(c, places) or lex.is_place_name(c.lower_) for c in named):
        return " ".join(c.text for c in named)
    # "a resident of X": the place after "of"
    of = next((p for c in noun.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
               if p.dep_ == "pobj" and (p.pos_ == "PROPN" or sx.is_place(p, places) or lex.is_place_name(p.lower_))),
              None)
    return sx.proper_name(of) if of is not None else None
