"""Learning signals from the papers (SPEC section 5) as pure functions.

* EG-GRPO (retrieval): an action earns coverage of the gold evidence ids it NEWLY brings into the kept
  records (at most 15) plus a log-discounted rank term over those new ids; evidence already held earns
  nothing. An optional per-action cost (our addition, 0 by default) prices each extra round.
* Speaker-conditioned GRPO (writer): r_t = 0.20 R_valid + 0.45 R_mem + P_t + 0.35 gamma^(T-1-t) R_QA.
* Group-relative advantages: (r - mean) / std inside a group; for the writer, groups are the trajectories
  at one write position, and positions whose rewards do not vary are skipped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

# the writer's signals and the shared GRPO advantages live on the ingest side (ingest never imports retrieval)
from polymem.ingest.writer.policy.rewards import (  # noqa: F401 - re-exported
    GAMMA,
    group_advantages,
    positional_advantages,
    writer_reward,
)

KEEP = 15  # records kept per state (EG-GRPO)
RANK_WEIGHT = 0.5  # weight of the log-discounted rank term beside coverage


def _discount(rank: int) -> float:
    """1 / log2(rank + 2) for a 0-based rank: 1.0 at the top, 0.63 second, 0.5 fourth..."""
    return 1.0 / math.log2(rank + 2)


def new_evidence(hits: Sequence[str], gold: Iterable[str], held: Iterable[str], keep: int = KEEP) -> list[tuple[int, str]]:
    """(rank, id) of gold ids among the action's first `keep` hits that are not held yet."""
    g, h = set(gold), set(held)
    out: list[tuple[int, str]] = []
    for rank, d in enumerate(list(dict.fromkeys(hits))[:keep]):
        if d in g and d not in h:
            out.append((rank, d))
    return out


def coverage(hits: Sequence[str], gold: Sequence[str], held: Iterable[str], keep: int = KEEP) -> float:
    """Share of the gold ids newly gained by this action (0 when there is no gold)."""
    g = set(gold)
    return len(new_evidence(hits, g, held, keep)) / len(g) if g else 0.0


def rank_term(hits: Sequence[str], gold: Sequence[str], held: Iterable[str], keep: int = KEEP) -> float:
    """Log-discounted rank of the newly gained ids, normalised by the best possible (all missing gold ids at
    the top), so it lies in [0, 1]."""
    g = set(gold)
    missing = len(g - set(held))
    if not missing:
        return 0.0
    best = sum(_discount(i) for i in range(min(missing, keep)))
    return sum(_discount(r) for r, _ in new_evidence(hits, g, held, keep)) / best


def evidence_reward(hits: Sequence[str], gold: Sequence[str], held: Iterable[str], keep: int = KEEP,
                    rank_weight: float = RANK_WEIGHT, cost: float = 0.0) -> float:
    """EG-GRPO reward of one search action: coverage of new gold + rank_weight x rank term - cost."""
    held = set(held)
    return coverage(hits, gold, held, keep) + rank_weight * rank_term(hits, gold, held, keep) - cost
