"""What a retrieval policy can learn, measured on the TRAIN split only (issue 15): leave one training conversation
out, fit on the other two, replay greedily on the one left out. Reads a ranking cache written by
`polymem train retrieval --reward-on ranking` (ask's final ranking after round 1 and after each catalogue action),
so no graph is needed and validation is never read.

* `oracle`: R@10 after round 1 alone (stop), of each constant action, and of the best action per question in
  hindsight (the ceiling of one decision after round 1).
* `probe`: how informative the state features are. A ridge regression per action of its R@10 gain over stop,
  from the features; the greedy choice is the action with the largest predicted gain above `threshold`
  (else stop). A supervised upper reference for what a linear policy over these features can pick.
* `grpo`: EG-GRPO itself (polymem/retrieval/policy/train.py) for each configuration of a grid.
"""

from __future__ import annotations

import collections
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from polymem.retrieval.policy.catalogue import STOP, split_action
from polymem.retrieval.policy.replay import CachedEnv, Item, TrainConfig, episode, policy_for, run_steps
from polymem.retrieval.policy.small import SmallPolicy


def recall10(ids: Sequence[str], gold: Sequence[str]) -> float:
    g = set(gold)
    return len(g & set(list(ids)[:10])) / len(g) if g else 0.0


def load(cache: Path) -> tuple[CachedEnv, list[Item]]:
    from bench import rl_data

    env = CachedEnv(Path(cache), ranking=True)
    items = [it for it in rl_data.items(rl_data.locomo_convs("train")) if it.gold and it.qid in env.cache]
    return env, items


def _conv(it: Item) -> str:
    return it.qid.split("#")[0]


def oracle(env: CachedEnv, items: Sequence[Item]) -> dict[str, Any]:
    tot: dict[str, float] = collections.defaultdict(float)
    best = 0.0
    changed: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for it in items:
        rk = env.cache[it.qid].ranked
        s = recall10(rk[STOP], it.gold)
        vals = {a: recall10(ids, it.gold) for a, ids in rk.items()}
        for a in env.cache[it.qid].ranked:
            tot[a] += vals[a]
            changed[a][0] += vals[a] > s
            changed[a][1] += vals[a] < s
        best += max(vals.values())
    n = max(len(items), 1)
    return {"questions": len(items), "hindsight_best": round(100 * best / n, 2),
            "constant": {a: {"recall@10": round(100 * v / n, 2), "better": changed[a][0], "worse": changed[a][1]}
                         for a, v in sorted(tot.items(), key=lambda kv: -kv[1])}}


def _features(env: CachedEnv, it: Item) -> np.ndarray:
    c = env.cache[it.qid]
    from polymem.retrieval.policy.catalogue import kept

    return SmallPolicy.observe(c.plan, c.base, c.base_kinds, 1, kept(c.base, c.base_kinds), c.sufficient,
                               c.confidence)


def probe(env: CachedEnv, items: Sequence[Item], lam: float = 10.0, threshold: float = 0.0,
          features: Sequence[int] | None = None) -> dict[str, Any]:
    X = {it.qid: _features(env, it) for it in items}
    if features is not None:
        X = {q: x[list(features)] for q, x in X.items()}
    return _loco(items, lambda tr: _fit_probe(env, tr, X, lam),
                 lambda model, it: _pick_probe(env, it, X, model, threshold), env)


def _fit_probe(env: CachedEnv, train: Sequence[Item], X: dict[str, np.ndarray], lam: float) -> dict[str, np.ndarray]:
    model = {}
    actions = {a for it in train for a in env.cache[it.qid].ranked} - {STOP}
    for a in actions:
        rows = [it for it in train if a in env.cache[it.qid].ranked]
        A = np.array([X[it.qid] for it in rows])
        y = np.array([recall10(env.cache[it.qid].ranked[a], it.gold) - recall10(env.cache[it.qid].ranked[STOP], it.gold)
                      for it in rows])
        model[a] = np.linalg.solve(A.T @ A + lam * np.eye(A.shape[1]), A.T @ y)
    return model


def _pick_probe(env: CachedEnv, it: Item, X: dict[str, np.ndarray], model: dict[str, np.ndarray], threshold: float) -> str:
    best, gain = STOP, threshold
    for a in env.cache[it.qid].ranked:
        if a in model and (p := float(X[it.qid] @ model[a])) > gain:
            best, gain = a, p
    return best


def grpo(env: CachedEnv, items: Sequence[Item], cfg: TrainConfig) -> dict[str, Any]:
    def fit(train: Sequence[Item]) -> SmallPolicy:
        pol = policy_for(cfg)
        run_steps(pol, env, train, cfg, 0, [], None, None, lambda step, rng: None)
        return pol

    def pick(pol: SmallPolicy, it: Item) -> str:
        taken = episode(pol, env.cache[it.qid], it.gold, cfg, None, learn=False)[1]
        return taken[0] if taken else STOP

    return _loco(items, fit, pick, env)


def _loco(items: Sequence[Item], fit: Any, pick: Any, env: CachedEnv) -> dict[str, Any]:
    rec = stop = rounds = 0.0
    picks: collections.Counter[str] = collections.Counter()
    per: dict[str, float] = {}
    for conv in sorted({_conv(it) for it in items}):
        model = fit([it for it in items if _conv(it) != conv])
        held = [it for it in items if _conv(it) == conv]
        r = 0.0
        for it in held:
            a = pick(model, it)
            v = recall10(env.cache[it.qid].ranked[a], it.gold)
            r += v
            rec += v
            stop += recall10(env.cache[it.qid].ranked[STOP], it.gold)
            rounds += 1 + (split_action(a)[0] != STOP)  # a fusion preset alone is no extra round
            picks[a] += 1
        per[conv] = round(100 * r / max(len(held), 1), 2)
    n = max(len(items), 1)
    return {"recall@10": round(100 * rec / n, 2), "stop_recall@10": round(100 * stop / n, 2),
            "rounds": round(rounds / n, 3), "per_conversation": per, "distinct_choices": len(picks),
            "choices": dict(picks.most_common())}
