"""Reciprocal rank fusion and de-duplication."""

from __future__ import annotations

from collections.abc import Iterable


def rrf(lists: Iterable[list[tuple[str, float]]], k: int = 60, weights: list[float] | None = None) -> list[tuple[str, float]]:
    """Fuse ranked lists: score(d) = sum_i w_i / (k + rank_i(d)). Ties keep first-seen order."""
    scores: dict[str, float] = {}
    for i, ranked in enumerate(lists):
        w = weights[i] if weights and i < len(weights) else 1.0
        for rank, (doc, _s) in enumerate(ranked):
            scores[doc] = scores.get(doc, 0.0) + w / (k + rank + 1)
    return sorted(scores.items(), key=lambda kv: -kv[1])


def dedup(ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(i for i in ids if i))
