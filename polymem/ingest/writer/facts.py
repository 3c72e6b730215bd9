"""Fact memory for the no-LLM Writer (SPEC §2, VoxPolyMem): salient first-person statements —
events, activities, plans, preferences — rewritten in the third person with the speaker's name.

"I went to a LGBTQ support group yesterday" -> "Caroline went to a LGBTQ support group yesterday".
Precise on purpose: a sentence must open with I / my (after an interjection), say something with
a content verb, and not be a question, a hedge, a reply to the addressee ("you") or chit-chat.
"""

from __future__ import annotations

import re

_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")
_LEAD = re.compile(r"(?i)^(?:(?:oh|wow|yeah|yes|yep|haha+|lol|omg|aw+|well|so|and|but|also|actually|honestly|"
                   r"btw|hey|hi|thanks|thank\s+you|ok(?:ay)?|sure|great|cool|nice|totally|absolutely|"
                   r"sounds\s+(?:great|good)|that's\s+(?:great|awesome|cool|amazing))\b[\s,!.]*)+")
_OPEN = re.compile(r"^(?:I|I'm|I’m|I've|I’ve|I'll|I’ll|I'd|I’d|My|my)\b")
# Chit-chat and reactions: statements about the conversation, not about the speaker's life.
_CHAT = re.compile(r"(?i)^(?:I|I'm|I’m)\s+(?:(?:really|totally|so|just|also|definitely)\s+)*(?:think|guess|mean|know|"
                   r"hope|agree|bet|wonder|appreciate|understand|see|feel\s+you|believe|get\s+it|'m\s+sure|am\s+sure|"
                   r"can't\s+wait|cannot\s+wait|can't\s+believe|wish|glad|happy\s+for|so\s+happy|proud\s+of|"
                   r"sorry|thankful|grateful|totally|completely|here\s+for|with\s+you|not\s+sure|sure|"
                   r"would|could|should|might|will\s+(?:definitely\s+)?(?:check|keep|let|try)|'ll\s+(?:check|keep|let|try)|"
                   r"love\s+(?:that|this|it|how|your)|like\s+(?:that|this|it|how|your)|"
                   r"suggest|propose|vote)\b|^I(?:'d|’d)\s+(?:suggest|propose|vote|go\s+with|say|rather|recommend)\b")
_HEDGE = re.compile(r"(?i)\b(?:you|your|you're|yours|if|unless|whether|maybe|perhaps)\b")
_STOP = {"i", "my", "a", "an", "the", "to", "and", "of", "it", "is", "am", "was", "so", "really", "just", "that",
         "this", "me", "for", "in", "on", "too", "very", "be", "been", "have", "had", "m", "ve", "ll", "d", "s",
         "with", "at", "all", "much", "lot", "now", "still", "also", "but", "do", "did", "not", "got"}
_WORD = re.compile(r"[A-Za-z']+")
# Verbs that take an -s in the third person right after "I" ("I love" -> "X loves").
_IRREG = {"have": "has", "am": "is", "do": "does", "go": "goes", "was": "was", "haven't": "hasn't",
          "don't": "doesn't", "haven’t": "hasn’t", "don’t": "doesn’t", "have't": "hasn't"}


def statements(text: str) -> list[str]:
    """The salient first-person sentences of a message, cleaned (leading interjections dropped)."""
    out = []
    for raw in _SPLIT.split(text.strip()):
        s = _LEAD.sub("", raw.strip()).strip()
        if not s or s.endswith("?") or not _OPEN.match(s) or _CHAT.match(s) or _HEDGE.search(s):
            continue
        words = _WORD.findall(s)
        content = [w for w in words if w.lower().strip("'") not in _STOP and len(w) > 2]
        if not 5 <= len(words) <= 30 or len(content) < 3:
            continue
        out.append(s.rstrip(" .!"))
    return out


def _verb3(v: str) -> str:
    low = v.lower()
    if low in _IRREG:
        return _IRREG[low]
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return v + "es"
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return v[:-1] + "ies"
    return v + "s"


_PAST_OR_MODAL = re.compile(r"(?i)^(?:\w+ed|\w+n['’]t|went|got|had|was|made|took|saw|did|ran|met|found|felt|bought|began|"
                            r"started|can|can't|will|won't|would|could|should|must|might|never|always|just|really|"
                            r"also|recently|finally|still|usually|often|sometimes|even|already|actually|"
                            r"totally|absolutely|definitely|love|like)$")


def third_person(sentence: str, name: str) -> str:
    """Rewrite a first-person sentence about the speaker in the third person with their name."""
    s = re.sub(r"\bI(?:'m|’m)\b|\bI am\b", f"{name} is", sentence, count=1)
    s = re.sub(r"\bI(?:'ve|’ve)\b", f"{name} has", s)
    s = re.sub(r"\bI(?:'ll|’ll)\b", f"{name} will", s)
    s = re.sub(r"\bI(?:'d|’d)\b", f"{name} would", s)

    def subj(mt: re.Match[str]) -> str:
        verb = mt.group(1)
        if verb.lower() not in _IRREG and _PAST_OR_MODAL.match(verb) and verb.lower() not in ("love", "like"):
            return f"{name} {verb}"
        return f"{name} {_verb3(verb)}"

    s = re.sub(r"\bI\s+([a-z'’]+)", subj, s)
    s = re.sub(r"\bI\b", name, s)
    s = re.sub(r"\b[Mm]y\b", f"{name}'s", s)
    s = re.sub(r"\bmyself\b", "themself", s)
    s = re.sub(r"\bme\b", name, s)
    return s[:1].upper() + s[1:]
