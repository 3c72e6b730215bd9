"""SpeakerLevenshtein and the structural potential Φ_SL (SPEC §5): how good is a written memory.

Items are bucketed by owner. Inside a bucket, written items are matched one-to-one with gold
items (Hungarian assignment) on a similarity that mixes token-level F1 with a normalised
sequence-match ratio (difflib); a pair whose coordinates disagree (source, scope/layer when both
sides state them) scores 0. Unmatched written items (extra writes) and unmatched gold items
(missing writes) lower precision and recall, so F_p penalises both. An owner that appears only on
one side gets F_p = 0, an owner with nothing on either side does not appear.

    Φ_SL(M, M*) = 0.80 · mean_p F_p + 0.20 · min_p F_p

The min term keeps a frequent speaker's good score from hiding a rare person or the GROUP.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

_TOKEN = re.compile(r"[a-z0-9]+")
ALPHA = 0.5  # weight of token F1 against the sequence-match ratio
MEAN_W, MIN_W = 0.80, 0.20


@dataclass(frozen=True)
class MemoryItem:
    owner: str
    content: str
    source: str | None = None
    scope: str | None = None


@dataclass
class OwnerScore:
    owner: str
    f: float
    precision: float
    recall: float
    written: int
    gold: int


@dataclass
class SLResult:
    phi: float
    mean_f: float
    min_f: float
    owners: dict[str, OwnerScore] = field(default_factory=dict)


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def token_f1(a: str, b: str) -> float:
    ta, tb = Counter(tokens(a)), Counter(tokens(b))
    if not ta and not tb:
        return 1.0
    overlap = sum((ta & tb).values())
    if overlap == 0:
        return 0.0
    p, r = overlap / sum(ta.values()), overlap / sum(tb.values())
    return 2 * p * r / (p + r)


def seq_ratio(a: str, b: str) -> float:
    na, nb = " ".join(tokens(a)), " ".join(tokens(b))
    if not na and not nb:
        return 1.0
    return difflib.SequenceMatcher(None, na, nb, autojunk=False).ratio()


def consistent(w: MemoryItem, g: MemoryItem) -> bool:
    """Coordinates must agree where both sides state them (owner is fixed by the bucket)."""
    if w.owner != g.owner:
        return False
    if w.source and g.source and w.source != g.source:
        return False
    return not (w.scope and g.scope and w.scope != g.scope)


def similarity(w: MemoryItem, g: MemoryItem, alpha: float = ALPHA) -> float:
    if not consistent(w, g):
        return 0.0
    return alpha * token_f1(w.content, g.content) + (1 - alpha) * seq_ratio(w.content, g.content)


def bucket_score(written: list[MemoryItem], gold: list[MemoryItem], owner: str = "") -> OwnerScore:
    if not written and not gold:
        return OwnerScore(owner, 1.0, 1.0, 1.0, 0, 0)
    if not written or not gold:
        return OwnerScore(owner, 0.0, 0.0, 0.0, len(written), len(gold))
    from scipy.optimize import linear_sum_assignment

    sim = np.array([[similarity(w, g) for g in gold] for w in written], dtype=float)
    rows, cols = linear_sum_assignment(sim, maximize=True)  # one-to-one matching
    matched = float(sim[rows, cols].sum())
    p, r = matched / len(written), matched / len(gold)
    f = 2 * p * r / (p + r) if p + r > 0 else 0.0
    return OwnerScore(owner, f, p, r, len(written), len(gold))


def speaker_levenshtein(written: Iterable[MemoryItem], gold: Iterable[MemoryItem]) -> SLResult:
    """Φ_SL with per-owner F. Identical memories score 1; an empty memory against a non-empty
    gold scores 0; a memory with nothing on either side scores 1 (nothing to write)."""
    wb: dict[str, list[MemoryItem]] = {}
    gb: dict[str, list[MemoryItem]] = {}
    for it in written:
        wb.setdefault(it.owner, []).append(it)
    for it in gold:
        gb.setdefault(it.owner, []).append(it)
    owners = sorted(set(wb) | set(gb))
    if not owners:
        return SLResult(1.0, 1.0, 1.0, {})
    scores = {p: bucket_score(wb.get(p, []), gb.get(p, []), p) for p in owners}
    fs = [s.f for s in scores.values()]
    mean_f, min_f = float(np.mean(fs)), float(min(fs))
    return SLResult(MEAN_W * mean_f + MIN_W * min_f, mean_f, min_f, scores)
