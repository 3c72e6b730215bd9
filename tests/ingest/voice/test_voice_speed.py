"""The fast live path on real models: Whisper on a fitted window, batched ECAPA windows, pending
turns decided without waiting for the next voice, latency counted from the audio's arrival."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf

from bench.voice_metrics import word_errors
from polymem.graph import Graph
from polymem.ingest.voice.asr import WhisperTranscriber
from polymem.ingest.voice.live import LiveVoiceSession
from polymem.ingest.voice.overlap import OverlapPolicy, windows

pytestmark = pytest.mark.audio
LINE = "The budget for the venue is still not approved."


def _pcm(wav: Path) -> list[bytes]:
    x, sr = sf.read(str(wav), dtype="int16")
    n = sr // 2
    return [x[i: i + n].astype("<i2").tobytes() for i in range(0, len(x), n)]


def test_fitted_window_transcribes_like_the_30s_window(voice_backends, speak, tmp_path: Path) -> None:
    _, asr = voice_backends
    assert isinstance(asr, WhisperTranscriber) and asr.fit_window
    wav = speak(tmp_path / "one", [("Omar", LINE)])
    x, _ = sf.read(str(wav), dtype="float32")
    full = WhisperTranscriber(fit_window=False)
    fitted, padded = asr.transcribe(x), full.transcribe(x)
    assert word_errors(LINE, fitted)[0] <= 2, fitted
    assert word_errors(LINE, fitted)[0] <= word_errors(LINE, padded)[0] + 1, (fitted, padded)
    assert asr.transcribe(np.zeros(16_000, np.float32)) == ""  # silence: nothing invented
    named, _ = sf.read(str(speak(tmp_path / "n", [("Dana", "Hi, I'm Sarah.")])), dtype="float32")
    assert "Sarah" in asr.transcribe(named, hotwords=["Sarah"])  # known names go in as a prompt


def test_batched_windows_embed_exactly_like_single_clips(voice_backends, speak, tmp_path: Path) -> None:
    emb, _ = voice_backends
    x, _ = sf.read(str(speak(tmp_path / "w", [("Lena", LINE)])), dtype="float32")
    ws = windows(x, OverlapPolicy())
    assert len(ws) >= 3
    one_by_one = np.stack([emb.embed([w])[0] for w in ws])
    assert np.abs(emb.embed(ws) - one_by_one).max() < 1e-4
    mixed = emb.embed([ws[0], x, ws[1]])  # different lengths in one call keep their own rows
    assert np.abs(mixed[0] - one_by_one[0]).max() < 1e-4 and np.abs(mixed[2] - one_by_one[1]).max() < 1e-4


def test_a_short_turn_is_emitted_before_the_next_turn_ends(voice_backends, graph: Graph, space: str, speak,
                                                           tmp_path: Path) -> None:
    emb, asr = voice_backends
    wav = speak(tmp_path / "s", [("Dana", "Hi everyone, I'm Sarah. I will bring the slides tomorrow."),
                                 ("Omar", "No way."),  # < 1 s after VAD padding: a pending turn
                                 ("Dana", "The budget for the venue is still not approved, and the client is waiting.")])
    ref = [tuple(map(float, line.split()[:2])) for line in wav.with_suffix(".txt").read_text().splitlines()]
    live = LiveVoiceSession(graph, None, space, "short", speakers=emb, asr=asr)
    emitted: list[tuple[float, float]] = []  # (audio seconds received when emitted, segment start)
    for k, chunk in enumerate(_pcm(wav)):
        emitted += [((k + 1) * 0.5, s.start) for s in live.feed(chunk)]
    emitted += [(99.0, s.start) for s in live.close()]
    assert len(emitted) == 3, emitted
    okay = [at for at, start in emitted if abs(start - ref[1][0]) < 0.3]
    assert okay and okay[0] < ref[2][1], (emitted, ref)  # not held back until the third turn is over
    assert live.attributor.turns[1].provenance["waited_turns"] == 0


def test_latency_counts_from_when_the_audio_arrived(voice_backends, graph: Graph, space: str, speak,
                                                    tmp_path: Path) -> None:
    emb, asr = voice_backends
    wav = speak(tmp_path / "lag", [("Dana", LINE)])
    live = LiveVoiceSession(graph, None, space, "lag", speakers=emb, asr=asr)
    chunks = _pcm(wav)
    long_ago = time.monotonic() - 5.0  # every frame queued 5 s ago while the worker was busy
    segs = [s for c in chunks for s in live.feed(c, arrived=long_ago)] + live.close()
    assert len(segs) == 1 and segs[0].latency_s >= 5.0
    assert abs(live.heard(0.1) - long_ago) < 1e-6


def test_models_are_warmed_once_per_pair(voice_backends) -> None:
    from polymem.ingest.voice.live import _WARM, warm_up

    emb, asr = voice_backends
    warm_up(emb, asr)  # the live server does this before its first "ready"
    assert (id(emb), id(asr)) in _WARM
    t = time.perf_counter()
    warm_up(emb, asr)
    assert time.perf_counter() - t < 0.01  # nothing runs twice
