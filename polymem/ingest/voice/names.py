"""Linking anonymous voices to names from what was said.

Strong evidence: a self-introduction ("I'm Dana", "I am Dana", "this is Dana", "my name is Dana",
"Dana here", "call me Dana") names the speaker. Weak evidence: a vocative ("Dana, can you...",
"... right, Dana?", "thanks Dana") names the NEXT different speaker, who usually answers. A name
is linked when its votes reach MIN_VOTES and no other voice claims it more strongly.
"""

from __future__ import annotations

import re
from collections import defaultdict

STRONG, WEAK, MIN_VOTES = 2.0, 1.0, 2.0
_NAME = r"([A-Z][a-z]{1,19})"
_INTRO = [
    re.compile(r"\b(?:I'm|I am|Im)\s+" + _NAME + r"\b"),
    re.compile(r"\b[Tt]his is\s+" + _NAME + r"\b(?!\s+(?:is|was|has|will)\b)"),
    re.compile(r"\b[Mm]y name(?:'s| is)\s+" + _NAME + r"\b"),
    re.compile(r"\b[Cc]all me\s+" + _NAME + r"\b"),
    re.compile(r"(?:^|[.!?]\s+)" + _NAME + r"\s+here\b"),
]
_VOCATIVE = [
    re.compile(r"^\s*(?:[Hh]ey|[Hh]i|[Oo]k|[Oo]kay|[Ss]o|[Ww]ell)?,?\s*" + _NAME + r"\s*,"),
    re.compile(r",\s*" + _NAME + r"\s*[?!.]*\s*$"),
    re.compile(r"\b(?:[Tt]hanks|[Tt]hank you|[Hh]ey|[Hh]i|[Hh]ello)\s*,?\s+" + _NAME + r"\b"),
]
# Words the patterns would take for names ("I'm Sorry", "this is Great").
_NOT_NAMES = {
    "Sorry", "Sure", "Fine", "Good", "Great", "Here", "Not", "Just", "Happy", "Glad", "Afraid", "Going",
    "Really", "Still", "Also", "Okay", "Ok", "Yes", "No", "The", "That", "This", "It", "Actually", "Thanks",
    "Everyone", "All", "Guys", "Everybody", "Folks", "Team", "So", "Well", "Right", "Hey", "Hi", "Hello",
    "Absolutely", "Exactly", "Totally", "Back", "Done", "Ready", "Busy", "Late", "Working", "Looking",
}


def _names(text: str, patterns: list[re.Pattern[str]]) -> list[str]:
    """Names captured by any pattern, in order, without repeats or common non-names."""
    out: list[str] = []
    for rx in patterns:
        for m in rx.finditer(text):
            name = m.group(1)
            if name not in _NOT_NAMES and name not in out:
                out.append(name)
    return out


def self_introductions(text: str) -> list[str]:
    return _names(text, _INTRO)


def vocatives(text: str) -> list[str]:
    return _names(text, _VOCATIVE)


def name_votes(turns: list[tuple[str, str]]) -> dict[str, dict[str, float]]:
    """turns = [(speaker id, transcript)] in order -> {speaker id: {name: votes}}."""
    votes: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for i, (spk, text) in enumerate(turns):
        intro = self_introductions(text)
        for name in intro:
            votes[spk][name] += STRONG
        for name in vocatives(text):
            if name in intro:
                continue
            nxt = next((s for s, _ in turns[i + 1:] if s != spk), None)
            if nxt is not None:
                votes[nxt][name] += WEAK
    return {k: dict(v) for k, v in votes.items()}


def decide_names(votes: dict[str, dict[str, float]], taken: dict[str, str] | None = None) -> dict[str, str]:
    """{speaker id: name} for names with enough votes, each name given to at most one voice.
    `taken` maps names already linked to a voice in the graph (case-insensitive) to that voice."""
    taken = {k.lower(): v for k, v in (taken or {}).items()}
    best_for_name: dict[str, tuple[float, str]] = {}
    for spk, names in votes.items():
        for name, v in names.items():
            if v >= MIN_VOTES and (name not in best_for_name or v > best_for_name[name][0]):
                best_for_name[name] = (v, spk)
    out: dict[str, str] = {}
    for name, (_v, spk) in sorted(best_for_name.items(), key=lambda t: -t[1][0]):
        owner = taken.get(name.lower())
        if owner is not None and owner != spk:
            continue  # another voice already carries this name: never move it silently
        if spk not in out:
            out[spk] = name
    return out
