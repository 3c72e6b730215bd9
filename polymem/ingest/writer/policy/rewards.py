"""Speaker-conditioned GRPO signals for the Writer (SPEC section 5), as pure functions.

r_t = 0.20 R_valid + 0.45 R_mem + P_t + 0.35 gamma^(T-1-t) R_QA, with R_QA = QA(S1+S2) - QA(S1) and gamma 0.95.
Group-relative advantages: (r - mean) / std inside a group; groups are the trajectories at one write position,
and positions whose rewards do not vary are skipped. The retrieval policy imports `group_advantages` from here
(polymem.retrieval.policy.rewards re-exports it), so ingest never imports retrieval.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence

GAMMA = 0.95
W_VALID, W_MEM, W_QA = 0.20, 0.45, 0.35
REDUNDANT_PENALTY = 0.05  # P_t: per write that repeats a value already recorded under the same key (ours)
PENALTY_CAP = 0.25


def writer_reward(r_valid: float, r_mem: float, p_t: float, qa_both: float, qa_s1: float, t: int, T: int,
                  gamma: float = GAMMA) -> float:
    """Speaker-conditioned GRPO return at write position t of T (0-based), with R_QA = QA(S1+S2) - QA(S1)."""
    if not 0 <= t < T:
        raise ValueError(f"write position {t} outside 0..{T - 1}")
    r_qa = qa_both - qa_s1
    return W_VALID * r_valid + W_MEM * r_mem + p_t + W_QA * gamma ** (T - 1 - t) * r_qa


def penalty(redundant: int) -> float:
    """P_t (the papers leave it open): -0.05 per redundant write at the position, at most -0.25."""
    return -min(PENALTY_CAP, REDUNDANT_PENALTY * max(0, redundant))


def group_advantages(rewards: Sequence[float], eps: float = 1e-8, normalise: bool = True) -> list[float] | None:
    """Group-relative advantages (r - mean) / std; None when the group has no variance (nothing to learn).
    normalise=False keeps r - mean (no division by std, as in Dr. GRPO): a group whose actions differ only by a
    small cost then weighs little beside one where an action finds new evidence."""
    if len(rewards) < 2:
        return None
    mean = sum(rewards) / len(rewards)
    var = sum((r - mean) ** 2 for r in rewards) / len(rewards)
    if var <= eps * eps:
        return None
    std = math.sqrt(var) if normalise else 1.0
    return [(r - mean) / std for r in rewards]


def positional_advantages(samples: Iterable[tuple[Hashable, float]],
                          normalise: bool = True) -> dict[Hashable, list[float]]:
    """Writer GRPO: `samples` are (write position, reward) of trajectories; advantages are computed only
    among samples at the same position (in their input order); zero-variance positions are left out."""
    by_pos: dict[Hashable, list[float]] = {}
    for pos, r in samples:
        by_pos.setdefault(pos, []).append(r)
    out: dict[Hashable, list[float]] = {}
    for pos, rs in by_pos.items():
        adv = group_advantages(rs, normalise=normalise)
        if adv is not None:
            out[pos] = adv
    return out
