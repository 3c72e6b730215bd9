"""Scoring, exactly as /work/shared/data/README.md describes it.

* evidence recall@k: share of a question's evidence ids among the top-k retrieved message ids;
  questions with no (known) evidence are left out and counted by the caller.
* groupchat answers: correct when the answer contains every `keywords` entry (case-insensitive;
  for a person any of their name/aliases/handle counts) and none of the `wrong` entries;
  `everyone` scores the share of persons whose current city is given with no superseded city;
  `abstain` is correct when the answer says the information is not in memory.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

ABSTAIN_PATTERNS = re.compile(
    r"not (?:in|stored in) (?:my |the )?memory|not mentioned|never mentioned|no (?:information|record|evidence|mention)"
    r"|nothing (?:recorded|in memory|about)|(?:do not|don't|cannot|can't) (?:know|find|tell)|no one (?:mentioned|said)"
    r"|unknown|not found|no answer",
    re.IGNORECASE,
)


def recall_at_k(ranked: Sequence[str], evidence: Iterable[str], k: int) -> float | None:
    gold = set(evidence)
    if not gold:
        return None
    top = set(list(dict.fromkeys(ranked))[:k])  # dedupe, keep order
    return len(gold & top) / len(gold)


def _mentions(text: str, term: str) -> bool:
    """The README's "contains", case-insensitive ("worr" is in "a worrier", "Thursday" in "thursdays"); a term
    of 1-2 characters (an alias like 'G' or 'DK') would be in almost any text, so it must stand as a word and
    match case."""
    if not term:
        return False
    if len(term) <= 2:
        return re.search(rf"(?<!\w){re.escape(term)}(?!\w)", text) is not None
    return term.lower() in text.lower()


def person_names(term: str, roster: Mapping[str, Sequence[str]]) -> list[str]:
    """Every name of the person `term` denotes (by any of their names), or [term] when not a person."""
    low = term.strip().lower()
    for names in roster.values():
        if any(low == n.lower() for n in names):
            return list(names)
    return [term]


def says_abstain(text: str) -> bool:
    return bool(ABSTAIN_PATTERNS.search(text or ""))


def keywords_correct(text: str, keywords: Sequence[str], wrong: Sequence[str],
                     roster: Mapping[str, Sequence[str]]) -> bool:
    text = text or ""
    for kw in keywords:
        if not any(_mentions(text, n) for n in person_names(kw, roster)):
            return False
    return not any(_mentions(text, w) for w in wrong)


def everyone_score(text: str, answer: Mapping[str, str], wrong: Sequence[str],
                   roster: Mapping[str, Sequence[str]]) -> float:
    """Share of persons whose current city is given and no superseded city.

    When the answer names a person, only the text from that name up to the next person's name is
    read for them (an answer like "Liam: Krakow; Greta: Utrecht (before: Turin)"); otherwise the
    whole answer is read, so a superseded city anywhere counts against everyone.
    """
    text = text or ""
    if not answer:
        return 0.0
    spans = _person_spans(text, list(answer), roster)
    good = 0
    for person, city in answer.items():
        seg = spans.get(person, text)
        if _mentions(seg, city) and not any(_mentions(seg, w) for w in wrong if w.lower() != city.lower()):
            good += 1
    return good / len(answer)


def _person_spans(text: str, people: list[str], roster: Mapping[str, Sequence[str]]) -> dict[str, str]:
    starts: list[tuple[int, str]] = []
    for p in people:
        hits = [m.start() for n in person_names(p, roster) if len(n) > 2
                for m in re.finditer(rf"(?<!\w){re.escape(n)}(?!\w)", text, re.IGNORECASE)]
        if hits:
            starts.append((min(hits), p))
    starts.sort()
    out = {}
    for i, (pos, p) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        out[p] = text[pos:end]
    return out


def groupchat_score(kind: str, text: str, answer: object, keywords: Sequence[str], wrong: Sequence[str],
                    roster: Mapping[str, Sequence[str]], abstained: bool = False) -> float:
    """1.0/0.0 per question (a share for `everyone`)."""
    if kind == "abstain":
        return 1.0 if (abstained or says_abstain(text)) else 0.0
    if kind == "everyone" and isinstance(answer, Mapping):
        return everyone_score(text, answer, wrong, roster)
    return 1.0 if keywords_correct(text, keywords, wrong, roster) else 0.0


def same_person(predicted: str | None, gold: Iterable[str]) -> bool:
    """FriendsQA: exact (case-insensitive) name match, or the same first name."""
    if not predicted:
        return False
    p = predicted.strip().lower()
    for g in gold:
        g = g.strip().lower()
        if p == g or (p.split() and g.split() and p.split()[0] == g.split()[0]):
            return True
    return False


class Tally:
    """Mean of scores per group (plus 'overall'), with counts."""

    def __init__(self) -> None:
        self.sums: dict[str, float] = defaultdict(float)
        self.counts: dict[str, int] = defaultdict(int)

    def add(self, group: str, value: float | None) -> None:
        if value is None:
            return
        for g in (group, "overall"):
            self.sums[g] += value
            self.counts[g] += 1

    def mean(self, group: str) -> float | None:
        n = self.counts.get(group, 0)
        return self.sums[group] / n if n else None

    def groups(self) -> list[str]:
        return sorted(g for g in self.counts if g != "overall") + (["overall"] if self.counts else [])

    def as_dict(self) -> dict[str, dict[str, float | int | None]]:
        return {g: {"mean": self.mean(g), "n": self.counts[g]} for g in self.groups()}
