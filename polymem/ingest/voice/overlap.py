"""Overlapping speech: a detected span in which more than one voice is heard.

Voice activity detection joins two people who talk over each other (or one who starts before the
other has finished) into one span. Such a span must never be attributed silently to one person.
The check: embed the span in windows (window_s, every hop_s) and split the window sequence at
every point; if the two sides' mean voices disagree (cosine below tau_split) at some split, two
voices are in the span and it is marked "overlap": reported with its times, never attributed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from polymem.ingest.voice.audio import SAMPLE_RATE
from polymem.ingest.voice.embedding import SpeakerEmbedder


@dataclass(frozen=True)
class OverlapPolicy:
    enabled: bool = True
    window_s: float = 1.0
    hop_s: float = 0.5
    tau_split: float = 0.40  # cosine between the two sides' mean voices below which: two voices
    min_seconds: float = 2.0  # shorter spans hold too few windows to tell


def windows(clip: np.ndarray, policy: OverlapPolicy) -> list[np.ndarray]:
    w, h = int(policy.window_s * SAMPLE_RATE), int(policy.hop_s * SAMPLE_RATE)
    return [clip[i: i + w] for i in range(0, max(len(clip) - w, 0) + 1, h)]


def split_similarity(embs: np.ndarray) -> float:
    """The lowest cosine between the mean voice before and after any split point (1.0: one window)."""
    lowest = 1.0
    for k in range(1, len(embs)):
        a, b = embs[:k].mean(axis=0), embs[k:].mean(axis=0)
        lowest = min(lowest, float(a @ b / max(np.linalg.norm(a) * np.linalg.norm(b), 1e-12)))
    return lowest


def is_overlap(clip: np.ndarray, embedder: SpeakerEmbedder, policy: OverlapPolicy | None = None) -> bool:
    p = policy or OverlapPolicy()
    if not p.enabled or len(clip) < p.min_seconds * SAMPLE_RATE:
        return False
    return split_similarity(embedder.embed(windows(clip, p))) < p.tau_split
