"""Word valence: how approving or disapproving a word is, from the VADER sentiment lexicon (about 7,500 English
words, slang and emoticons rated by people from -4 to +4), read as a data file from the `vaderSentiment` package;
its analyser is not used. WordNet groups adjectives by meaning, not by approval ("great" is first a size), so
whether "X sounds great" approves of X is looked up here.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

APPROVING = 1.0  # the least valence of a word of approval ("fine" 0.8 is lukewarm; "ok" 1.2 assents)
DISAPPROVING = -1.0


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, float]:
    text = (resources.files("vaderSentiment") / "vader_lexicon.txt").read_text(encoding="utf-8")
    out: dict[str, float] = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) >= 2:
            try:
                out[parts[0].lower()] = float(parts[1])
            except ValueError:
                continue
    return out


def valence(word: str) -> float:
    """The word's mean rating, 0.0 when the lexicon does not rate it."""
    return _lexicon().get(word.lower(), 0.0)


def approving(word: str) -> bool:
    return valence(word) >= APPROVING


def disapproving(word: str) -> bool:
    return valence(word) <= DISAPPROVING
