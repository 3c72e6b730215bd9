"""Tracker policy on crafted embeddings: thresholds, EMA only above tau_update, merge. No model."""

from __future__ import annotations

import numpy as np
import pytest

from polymem.ingest.voice.merge import fragment_count, merge_fragments
from polymem.ingest.voice.tracker import Speaker, SpeakerTracker, TrackerConfig, l2


def unit(*xs: float) -> np.ndarray:
    v = np.zeros(8, dtype=np.float32)
    v[: len(xs)] = xs
    return l2(v)


def at_cos(base: np.ndarray, ortho: np.ndarray, cos: float) -> np.ndarray:
    """A unit vector with exactly `cos` to base (base ⟂ ortho)."""
    return l2(cos * base + np.sqrt(1 - cos**2) * ortho)


E0, E1, E2 = unit(1), unit(0, 1), unit(0, 0, 1)
CFG = TrackerConfig(tau_match=0.5, tau_update=0.8, alpha=0.25, tau_merge=0.6)


def test_first_utterance_makes_a_new_speaker_and_scale_does_not_matter() -> None:
    t = SpeakerTracker(config=CFG)
    a = t.assign(E0 * 7.0)
    assert a.new and a.score == -1.0
    b = t.assign(E0 * 0.01)
    assert b.speaker_id == a.speaker_id and b.score == pytest.approx(1.0, abs=1e-6)


def test_below_tau_match_is_a_new_speaker() -> None:
    t = SpeakerTracker(config=CFG)
    first = t.assign(E0).speaker_id
    a = t.assign(at_cos(E0, E1, 0.49))
    assert a.new and a.speaker_id != first
    assert len(t.speakers) == 2


def test_between_thresholds_links_but_leaves_the_stored_voice_alone() -> None:
    t = SpeakerTracker(config=CFG)
    sid = t.assign(E0).speaker_id
    before = t.speakers[sid].embedding.copy()
    a = t.assign(at_cos(E0, E1, 0.7))
    assert a.speaker_id == sid and not a.new and not a.updated
    assert np.array_equal(t.speakers[sid].embedding, before)
    assert t.speakers[sid].evidence == 2


def test_above_tau_update_moves_the_voice_by_ema_with_alpha() -> None:
    t = SpeakerTracker(config=CFG)
    sid = t.assign(E0).speaker_id
    e = at_cos(E0, E1, 0.9)
    a = t.assign(e)
    assert a.updated
    want = l2(0.75 * E0 + 0.25 * e)
    assert np.allclose(t.speakers[sid].embedding, want, atol=1e-6)
    assert float(np.linalg.norm(t.speakers[sid].embedding)) == pytest.approx(1.0, abs=1e-6)


def test_best_of_several_speakers_wins() -> None:
    t = SpeakerTracker([Speaker("a", E0, 5, stored=True), Speaker("b", E1, 5, stored=True)], CFG)
    assert t.assign(at_cos(E1, E2, 0.95)).speaker_id == "b"
    assert t.assign(at_cos(E0, E2, 0.6)).speaker_id == "a"


def test_config_is_checked() -> None:
    with pytest.raises(ValueError):
        TrackerConfig(tau_match=0.7, tau_update=0.6)
    with pytest.raises(ValueError):
        TrackerConfig(alpha=0.0)
    with pytest.raises(ValueError):
        l2(np.zeros(4))


def test_merge_joins_fragments_of_one_voice_but_not_two_voices() -> None:
    # One voice whose utterances wander around E0 (two fragments), and a clearly different voice.
    cfg = TrackerConfig(tau_match=0.85, tau_update=0.95, alpha=0.2, tau_merge=0.75)
    t = SpeakerTracker(config=cfg)
    utts = [at_cos(E0, E1, 0.95), at_cos(E0, E2, 0.95), at_cos(E0, -E1, 0.95), E2, at_cos(E2, E1, 0.97)]
    truth = ["x", "x", "x", "y", "y"]
    online = [t.assign(u).speaker_id for u in utts]
    assert fragment_count(online, truth) >= 1  # the online pass fragmented x
    merged = merge_fragments(t)
    final = [merged.get(i, i) for i in online]
    assert fragment_count(final, truth) == 0
    assert len(set(final)) == 2 and final[0] != final[3]
    survivor = t.speakers[final[0]]
    assert survivor.evidence == 3


def test_merge_never_joins_two_stored_voices_and_prefers_the_stored_survivor() -> None:
    cfg = TrackerConfig(tau_match=0.9, tau_update=0.95, alpha=0.2, tau_merge=0.6)
    near = at_cos(E0, E1, 0.7)
    t = SpeakerTracker([Speaker("old-a", E0, 10, stored=True), Speaker("old-b", near, 10, stored=True)], cfg)
    t.assign(E0)
    t.assign(near)
    assert merge_fragments(t) == {}  # both were told apart before: never merged afterwards
    frag = t.assign(at_cos(E0, E2, 0.8))  # below tau_match of both -> new id
    assert frag.new
    merged = merge_fragments(t)
    assert merged == {frag.speaker_id: "old-a"}
    assert "old-a" in t.speakers and frag.speaker_id not in t.speakers


def test_single_threshold_baseline_never_updates_or_merges() -> None:
    t = SpeakerTracker(config=TrackerConfig.single_threshold(0.5))
    sid = t.assign(E0).speaker_id
    t.assign(at_cos(E0, E1, 0.99))
    assert np.array_equal(t.speakers[sid].embedding, E0)
    t.assign(at_cos(E0, E1, 0.3))
    assert merge_fragments(t) == {}
