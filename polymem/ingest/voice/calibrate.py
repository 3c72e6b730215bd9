"""Calibrated voice scores: adaptive symmetric normalisation (AS-norm) against a cohort.

A raw ECAPA cosine means different things in different sessions: noise, recording gain and clip
length shift every score of a clip up or down together. AS-norm measures that shift on a cohort
of other speakers' voices: for a clip e and a voice v,

    s_norm(e, v) = ((s - mu_e) / sd_e + (s - mu_v) / sd_v) / 2,

with mu/sd the mean and deviation of the top_n cohort cosines of e (and of v). A score is then
"standard deviations above how well this clip (this voice) matches strangers", so thresholds keep
their meaning across sessions. The cohort must not contain the voices being scored.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from polymem.ingest.voice.models import voice_cache


class SNorm:
    def __init__(self, cohort: np.ndarray, top_n: int = 10) -> None:
        c = np.asarray(cohort, dtype=np.float32)
        if c.ndim != 2 or len(c) < 3:
            raise ValueError("the cohort needs at least 3 embeddings, as an (n, dim) array")
        self.cohort = c / np.linalg.norm(c, axis=1, keepdims=True)
        self.top_n = max(2, min(top_n, len(c)))

    def stats(self, e: np.ndarray) -> tuple[float, float]:
        s = np.sort(self.cohort @ np.asarray(e, dtype=np.float32))[-self.top_n:]
        return float(s.mean()), max(float(s.std()), 1e-3)

    def score(self, e: np.ndarray, v: np.ndarray, raw: float | None = None,
              v_stats: tuple[float, float] | None = None) -> float:
        s = float(np.asarray(e) @ np.asarray(v)) if raw is None else raw
        mu_e, sd_e = self.stats(e)
        mu_v, sd_v = v_stats or self.stats(v)
        return 0.5 * ((s - mu_e) / sd_e + (s - mu_v) / sd_v)


def cohort_path() -> Path:
    return voice_cache() / "cohort.npy"


def load_cohort(path: str | Path | None = None) -> SNorm | None:
    """The cohort scripts/voice-models (or the benchmark) saved, else None (raw cosines)."""
    p = Path(path) if path else cohort_path()
    return SNorm(np.load(p)) if p.exists() else None
