"""Fixtures for the model-heavy voice tests: install models (scripts/voice-models) and speak short
synthetic sessions with espeak-ng (3 voices of the benchmark set)."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def voice_models() -> None:
    r = subprocess.run([str(REPO / "scripts" / "voice-models")], capture_output=True, text=True, timeout=3600)
    if r.returncode != 0:
        pytest.fail("scripts/voice-models failed:\n" + r.stdout[-2000:] + r.stderr[-2000:])


@pytest.fixture(scope="session")
def voice_backends(voice_models: None):
    from polymem.ingest.voice.asr import default_transcriber
    from polymem.ingest.voice.embedding import default_speaker_embedder

    return default_speaker_embedder(), default_transcriber()


Speak = Callable[[Path, list[tuple[str, str]]], Path]


@pytest.fixture(scope="session")
def speak(voice_models: None) -> Speak:
    """speak(base, [(person, text), ...]) -> base.wav with base.txt boundaries (label = person)."""
    import soundfile as sf

    from bench.voice_data import PEOPLE, SR, _espeak

    voices = {p.name: p for p in PEOPLE}

    def run(base: Path, turns: list[tuple[str, str]]) -> Path:
        rng = np.random.default_rng(len(turns))
        pieces, lines, t = [], [], 0.0
        for person, text in turns:
            v = voices[person]
            with tempfile.TemporaryDirectory() as td:  # not base.parent: that may be an utterance folder
                x = _espeak(v, text, v.pitch, v.speed, Path(td))
            gap = np.zeros(int(0.5 * SR), np.float32)
            pieces += [gap, x]
            t += 0.5
            lines.append(f"{t:.3f} {t + len(x) / SR:.3f} {person}\n")
            t += len(x) / SR
        pieces.append(np.zeros(int(0.4 * SR), np.float32))
        sig = np.concatenate(pieces) * 0.5
        sig = sig + rng.normal(0, 0.003, sig.shape).astype(np.float32)
        sf.write(str(base.with_suffix(".wav")), sig, SR, subtype="PCM_16")
        base.with_suffix(".txt").write_text("".join(lines))
        return base.with_suffix(".wav")

    return run
