"""Where a demonym says someone lives: "Dev is officially a Glaswegian now" -> Glasgow.

WordNet glosses demonyms as "an inhabitant of Glasgow" or "a native or resident of London"; the place named
there, when WordNet knows it as a city or country, is the value. No list of demonyms is kept.
"""

from __future__ import annotations

import re
from functools import lru_cache

from polymem.language import lexical as lex

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
