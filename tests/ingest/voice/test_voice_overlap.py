"""Overlapping speech (real ECAPA, Silero VAD, Neo4j): a span where two people talk at once is
marked and reported, never attributed to one of them."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest

from bench.voice_data import PEOPLE, SR, _espeak
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.voice.overlap import OverlapPolicy, is_overlap
from polymem.ingest.voice.session import VoiceSessionIngestor

pytestmark = pytest.mark.audio
VOICES = {p.name: p for p in PEOPLE}


def _say(person: str, text: str) -> np.ndarray:
    v = VOICES[person]
    with tempfile.TemporaryDirectory() as td:
        return _espeak(v, text, v.pitch, v.speed, Path(td))


def _session(path: Path) -> tuple[Path, tuple[float, float]]:
    """Dana alone, Dana and Omar over each other (Omar starts 1 s before Dana stops), Omar alone."""
    rng = np.random.default_rng(3)
    a1 = _say("Dana", "I think we should move the meeting to Thursday afternoon.")
    a2 = _say("Dana", "The budget for the venue is still not approved.")
    b1 = _say("Omar", "Can somebody book the train tickets for the conference?")
    b2 = _say("Omar", "I will bring the slides and the printed agenda tomorrow.")
    mix = np.zeros(len(a2) + len(b1) - SR, np.float32)
    mix[: len(a2)] += a2
    mix[len(a2) - SR:] += b1
    gap = np.zeros(SR, np.float32)
    parts = [gap, a1, gap, mix, gap, b2, gap]
    start = (len(gap) * 2 + len(a1)) / SR
    sig = np.concatenate(parts) * 0.4
    sig += rng.normal(0, 0.003, sig.shape).astype(np.float32)
    import soundfile as sf

    sf.write(str(path), sig, SR, subtype="PCM_16")
    return path, (start, start + len(mix) / SR)


def test_mixed_span_is_detected_and_single_voices_are_not(voice_backends) -> None:
    spk, _ = voice_backends
    a = _say("Dana", "I think we should move the meeting to Thursday afternoon.")
    b = _say("Omar", "Can somebody book the train tickets for the conference?")
    mix = np.zeros(len(a) + len(b) - SR, np.float32)
    mix[: len(a)] += a
    mix[len(a) - SR:] += b
    assert is_overlap(mix, spk)
    assert not is_overlap(a, spk) and not is_overlap(b, spk)
    assert not is_overlap(mix, spk, OverlapPolicy(enabled=False))


def test_overlap_span_is_reported_not_attributed(graph: Graph, space: str, embedder, voice_backends,
                                                  tmp_path: Path) -> None:
    spk, asr = voice_backends
    wav, (o_start, o_end) = _session(tmp_path / "ov.wav")
    r = VoiceSessionIngestor(graph, embedder, speakers=spk, asr=asr).ingest(space, wav, session="ov")
    assert r.utterances == 3 and r.skipped["overlap"] == 1, (r.summary(), [u.span for u in r.turns])
    (s, e), = r.overlaps
    assert abs(s - o_start) < 0.3 and abs(e - o_end) < 0.3
    attributed = [u for u in r.turns if u.speaker]
    assert len(attributed) == 2 and len({u.speaker for u in attributed}) == 2
    for u in attributed:  # no stored message covers the overlapping span
        assert u.span.end <= o_start + 0.3 or u.span.start >= o_end - 0.3
    ids = [f"ov-u{i:04d}" for i in range(3)]
    assert set(MessageRepository(graph).existing(space, ids)) == {ids[0], ids[2]}
