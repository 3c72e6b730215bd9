"""Metrics for the voice benchmark: attribution accuracy, re-identification, fragments, WER."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np


def attribution_accuracy(pred: list[str], truth: list[str]) -> float:
    """Utterances whose predicted id maps to their true speaker under the best one-to-one mapping
    (Hungarian) between ids and people: a fragmented or merged speaker costs accuracy."""
    from scipy.optimize import linear_sum_assignment

    if not pred:
        return 0.0
    ids, people = sorted(set(pred)), sorted(set(truth))
    m = np.zeros((len(ids), len(people)))
    for p, t in zip(pred, truth, strict=True):
        m[ids.index(p), people.index(t)] += 1
    r, c = linear_sum_assignment(-m)
    return float(m[r, c].sum() / len(pred))


def reid_accuracy(sessions: list[tuple[list[str], list[str]]]) -> tuple[float, int]:
    """Over sessions 2..n of one scenario: utterances of a returning person whose id is the one
    that person had most often in the earlier sessions. Returns (accuracy, utterances counted)."""
    history: dict[str, Counter] = {}
    hits = total = 0
    for k, (pred, truth) in enumerate(sessions):
        if k > 0:
            for p, t in zip(pred, truth, strict=True):
                if t in history:
                    total += 1
                    hits += p == history[t].most_common(1)[0][0]
        for p, t in zip(pred, truth, strict=True):
            history.setdefault(t, Counter())[p] += 1
    return (hits / total if total else 0.0), total


def impure_ids(pred: list[str], truth: list[str]) -> int:
    """Ids that collect more than one real person (a wrong merge or a wrong match)."""
    by_id: dict[str, set[str]] = {}
    for p, t in zip(pred, truth, strict=True):
        by_id.setdefault(p, set()).add(t)
    return sum(1 for v in by_id.values() if len(v) > 1)


def _words(s: str) -> list[str]:
    return re.sub(r"[^a-z0-9' ]+", " ", s.lower()).split()


def word_errors(ref: str, hyp: str) -> tuple[int, int]:
    """(edit distance in words, reference words)."""
    r, h = _words(ref), _words(hyp)
    d = list(range(len(h) + 1))
    for i in range(1, len(r) + 1):
        prev, d[0] = d[0], i
        for j in range(1, len(h) + 1):
            cur = min(d[j] + 1, d[j - 1] + 1, prev + (r[i - 1] != h[j - 1]))
            prev, d[j] = d[j], cur
    return d[len(h)], len(r)
