"""Class (a) of the writer policy: a softmax over add / update / noop, linear in the candidate's features.

logit(a | c) = theta[a] . phi(c) over the operations the candidate allows. Initialised on the rules (a weight
`prior` on the rules' own decision), so an untrained policy decides as the rules do when greedy and explores
around them when sampled. Updated with speaker-conditioned GRPO (train.py).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from polymem.ingest.writer.policy import OPS, Candidate
from polymem.ingest.writer.policy.features import FEATURES, featurize


class SmallWriterPolicy:
    kind = "small-writer"

    def __init__(self, theta: np.ndarray | None = None, meta: dict[str, Any] | None = None,
                 prior: float = 2.0) -> None:
        if theta is None:
            theta = np.zeros((len(OPS), len(FEATURES)))
            for i, op in enumerate(OPS):
                theta[i, FEATURES.index(f"rule_{op}")] = prior
        self.theta = np.asarray(theta, dtype=float)
        self.meta = dict(meta or {})
        self.name = "small"

    @staticmethod
    def view(c: Candidate) -> np.ndarray:
        """What this policy reads of a candidate: its features."""
        return featurize(c)

    def greedy(self, x: np.ndarray, allowed: Sequence[str]) -> str:
        return allowed[int(np.argmax(self.probs(x, allowed)))]

    def probs(self, x: np.ndarray, allowed: Sequence[str]) -> np.ndarray:
        z = self.theta[[OPS.index(a) for a in allowed]] @ x
        p = np.exp(z - z.max())
        return p / p.sum()

    def decide(self, c: Candidate) -> str:
        """Greedy decision (inference)."""
        allowed = c.allowed()
        p = self.probs(featurize(c), allowed)
        return allowed[int(np.argmax(p))]

    def sample(self, x: np.ndarray, allowed: Sequence[str], rng: np.random.Generator) -> str:
        return allowed[int(rng.choice(len(allowed), p=self.probs(x, allowed)))]

    def grad_log(self, x: np.ndarray, allowed: Sequence[str], taken: str) -> np.ndarray:
        """grad_theta log pi(taken | x)."""
        g = np.zeros_like(self.theta)
        p = self.probs(x, allowed)
        for a, pa in zip(allowed, p, strict=True):
            g[OPS.index(a)] += ((1.0 if a == taken else 0.0) - pa) * x
        return g

    def save(self, path: Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        d = {"kind": self.kind, "ops": list(OPS), "features": list(FEATURES), "theta": self.theta.round(6).tolist(),
             "meta": self.meta}
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(d, indent=1), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> SmallWriterPolicy:
        d = json.loads(Path(path).read_text(encoding="utf-8"))
        if d.get("kind") != cls.kind:
            raise ValueError(f"{path}: not a small writer policy")
        if list(d["features"]) != list(FEATURES) or list(d["ops"]) != list(OPS):
            raise ValueError(f"{path}: saved for other features; retrain it")
        return cls(np.asarray(d["theta"], float), d.get("meta"))
