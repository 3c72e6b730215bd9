"""Class (a): a small softmax policy over action types, linear in the state features (numpy).

logit(a | s) = theta[a] . phi(s); pi = softmax over the action types the plan allows. EG-GRPO update for one
state: sample K actions from pi, reward each, advantages A_i = (r_i - mean) / std, and ascend
sum_i A_i grad log pi(a_i | s) / K (groups without variance are skipped).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import ACTIONS, STATE_FEATURES, state_features
from polymem.retrieval.policy.rewards import group_advantages


class SmallPolicy:
    kind = "small"

    def __init__(self, theta: np.ndarray | None = None, actions: Sequence[str] = ACTIONS,
                 features: Sequence[str] = STATE_FEATURES, meta: dict[str, Any] | None = None) -> None:
        self.actions = list(actions)
        self.features = list(features)
        self.theta = np.zeros((len(self.actions), len(self.features))) if theta is None else np.asarray(theta, float)
        self.meta = dict(meta or {})

    @staticmethod
    def observe(plan: Plan, lists: Sequence[list[tuple[str, float]]], kinds: Sequence[str], round_: int,
                held: Sequence[str], sufficient: bool = False, confidence: float = 0.0) -> np.ndarray:
        """What this policy reads of a state: the feature vector."""
        return state_features(plan, lists, kinds, round_, held, sufficient, confidence)

    def probs(self, x: np.ndarray, allowed: Sequence[str]) -> dict[str, float]:
        idx = [self.actions.index(a) for a in allowed]
        z = self.theta[idx] @ x
        p = np.exp(z - z.max())
        p /= p.sum()
        return {a: float(v) for a, v in zip(allowed, p, strict=True)}

    def choose(self, x: np.ndarray, allowed: Sequence[str]) -> str:
        """Greedy choice (inference)."""
        p = self.probs(x, allowed)
        return max(allowed, key=lambda a: (p[a], -self.actions.index(a)))

    def sample(self, x: np.ndarray, allowed: Sequence[str], k: int, rng: np.random.Generator) -> list[str]:
        p = self.probs(x, allowed)
        return list(rng.choice(list(allowed), size=k, p=[p[a] for a in allowed]))

    def grad(self, x: np.ndarray, allowed: Sequence[str], taken: Sequence[str],
             advantages: Sequence[float]) -> np.ndarray:
        """sum_i A_i grad_theta log pi(a_i | x) / K."""
        p = self.probs(x, allowed)
        g = np.zeros_like(self.theta)
        for a, adv in zip(taken, advantages, strict=True):
            for b in allowed:
                g[self.actions.index(b)] += adv * ((1.0 if a == b else 0.0) - p[b]) * x
        return g / max(len(taken), 1)

    def grpo_step(self, x: np.ndarray, allowed: Sequence[str], taken: Sequence[str], rewards: Sequence[float],
                  lr: float, normalise: bool = True) -> bool:
        """One group-relative update at state x; False (no change) when the rewards do not vary."""
        adv = group_advantages(list(rewards), normalise=normalise)
        if adv is None:
            return False
        self.theta += lr * self.grad(x, allowed, taken, adv)
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "actions": self.actions, "features": self.features,
                "theta": self.theta.round(6).tolist(), "meta": self.meta}

    def save(self, path: Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=1), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> SmallPolicy:
        d = json.loads(Path(path).read_text(encoding="utf-8"))
        if d.get("kind") != cls.kind:
            raise ValueError(f"{path}: not a small retrieval policy")
        theta, saved = np.asarray(d["theta"], float), list(d["features"])
        if saved != list(STATE_FEATURES):
            if not set(saved) <= set(STATE_FEATURES):
                raise ValueError(f"{path}: saved for other state features; retrain it")
            # saved before features were added: the new ones get weight 0, so the policy decides as it did
            full = np.zeros((theta.shape[0], len(STATE_FEATURES)))
            full[:, [STATE_FEATURES.index(f) for f in saved]] = theta
            theta = full
        return cls(theta, d["actions"], STATE_FEATURES, d.get("meta"))
