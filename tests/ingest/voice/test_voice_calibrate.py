"""AS-norm (calibrate.py) on crafted embeddings: a clip whose every similarity shrinks (noise
pulling it away from all voices alike) keeps its normalised score; the raw cosine does not."""

from __future__ import annotations

import numpy as np
import pytest

from polymem.ingest.voice.calibrate import SNorm, load_cohort
from polymem.ingest.voice.tracker import SpeakerTracker, TrackerConfig, l2

RNG = np.random.default_rng(5)
DIM = 64


def test_normalised_score_is_stable_when_a_clip_gets_noisier() -> None:
    base = l2(RNG.normal(size=DIM))  # what all voices share (same microphone, same language)
    voices = [l2(base + 0.9 * l2(RNG.normal(size=DIM))) for _ in range(30)]
    cohort, speaker = np.stack(voices[:25]), voices[25]
    norm = SNorm(cohort, top_n=10)
    clean = l2(speaker + 0.5 * l2(RNG.normal(size=DIM)))
    every = np.stack(voices)
    noise = l2(RNG.normal(size=DIM))
    noise = l2(noise - every.T @ np.linalg.lstsq(every.T, noise, rcond=None)[0])  # orthogonal to every voice
    noisy = l2(clean + 1.5 * noise)
    impostor = voices[26]
    # One threshold for both sessions: raw cosines cannot have one (the noisy genuine score falls
    # below the clean impostor score), normalised scores can, with a wide margin.
    raw = ([float(clean @ speaker), float(noisy @ speaker)], [float(clean @ impostor), float(noisy @ impostor)])
    normed = ([norm.score(clean, speaker), norm.score(noisy, speaker)],
              [norm.score(clean, impostor), norm.score(noisy, impostor)])
    assert min(raw[0]) < max(raw[1])
    assert min(normed[0]) > max(normed[1]) + 3.0


def test_tracker_with_a_cohort_scores_in_normalised_units(tmp_path) -> None:
    voices = np.stack([l2(RNG.normal(size=DIM)) for _ in range(12)])
    norm = SNorm(voices[:8])
    cfg = TrackerConfig(2.0, 3.0, 0.2, 2.0, normalised=True)
    t = SpeakerTracker(config=cfg, norm=norm)
    a = t.assign(voices[8]).speaker_id
    again = t.assign(l2(voices[8] + 0.3 * l2(RNG.normal(size=DIM))))
    assert again.speaker_id == a and again.score > 2.0
    assert t.assign(voices[9]).new
    with pytest.raises(ValueError):
        TrackerConfig(2.0, 3.0)  # cosine thresholds above 1 without normalised=True
    with pytest.raises(ValueError):
        SNorm(voices[:2])
    np.save(tmp_path / "c.npy", voices[:8])
    loaded = load_cohort(tmp_path / "c.npy")
    assert loaded is not None and loaded.score(voices[8], voices[9]) == pytest.approx(norm.score(voices[8], voices[9]))
    assert load_cohort(tmp_path / "none.npy") is None
