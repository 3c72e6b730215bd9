"""A reproducible synthetic multi-party speech set made with espeak-ng (seeded; no downloads).

12 people, each an espeak voice (language variant + voice variant + pitch + speed). 4 scenarios
of 3 people, 3 sessions each ("next week" sessions: the same people, slightly different pitch and
speed, a different noise level and recording gain). Some utterances are 1-2 words (short), first
sessions contain self-introductions and every session vocatives. Each session is one WAV with a
reference boundaries file (start end label) and the reference transcripts (JSON).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

SR = 16_000


@dataclass(frozen=True)
class Voice:
    name: str
    voice: str  # espeak-ng -v
    pitch: int
    speed: int


PEOPLE = [
    Voice("Dana", "en-us+f2", 65, 165), Voice("Omar", "en-gb+m3", 35, 150), Voice("Lena", "en-gb-scotland+f4", 55, 140),
    Voice("Raj", "en-029+m1", 45, 175), Voice("Mia", "en-us+f5", 78, 155), Voice("Tom", "en-gb-x-rp+m7", 30, 135),
    Voice("Zoe", "en+f3", 60, 185), Voice("Ben", "en-us-nyc+m4", 50, 160), Voice("Ivy", "en-gb-x-gbclan+f1", 70, 145),
    Voice("Sam", "en-gb-x-gbcwmd+m2", 40, 170), Voice("Eva", "en-us+f2", 45, 140), Voice("Max", "en-us+m3", 55, 180),
]
# Two near-twins on purpose: Eva shares Dana's voice variant, Max shares Omar's base voice.
SCENARIOS = {"A": [0, 1, 2], "B": [3, 4, 5], "C": [6, 7, 10], "D": [8, 9, 11]}
DEV, TEST = ("A", "B"), ("C", "D")

LINES = [
    "I think we should move the meeting to Thursday afternoon.",
    "The budget for the venue is still not approved.",
    "Can somebody book the train tickets for the conference?",
    "I will bring the slides and the printed agenda tomorrow.",
    "The client asked for a shorter report with more pictures.",
    "We could ask the designer to finish the poster by Friday.",
    "My flight lands at six, so I might be a little late.",
    "Let us keep the kitchen clean this week, please.",
    "The new laptop arrived, but the charger is missing.",
    "I prefer the smaller room because it has a whiteboard.",
    "Did anyone hear back from the catering company?",
    "The test results look much better than last month.",
]
SHORT = ["Yes.", "Okay.", "Sure.", "No way.", "Thanks.", "Right."]


def _espeak(v: Voice, text: str, pitch: int, speed: int, tmp: Path) -> np.ndarray:
    out = tmp / "u.wav"
    subprocess.run(["espeak-ng", "-v", v.voice, "-p", str(pitch), "-s", str(speed), "-w", str(out), text],
                   check=True, capture_output=True)
    import soundfile as sf
    from scipy.signal import resample_poly

    x, sr = sf.read(str(out), dtype="float32")
    x = resample_poly(x, 320, 441) if sr == 22050 else x  # 22.05 kHz -> 16 kHz
    nz = np.flatnonzero(np.abs(x) > 1e-3)  # trim espeak's leading/trailing silence
    return x[nz[0]: nz[-1] + 1].astype(np.float32) if nz.size else x.astype(np.float32)


def _turns(rng: random.Random, people: list[Voice], session: int) -> list[tuple[Voice, str]]:
    turns: list[tuple[Voice, str]] = []
    if session == 0:
        for p in people:
            turns.append((p, f"Hi everyone, I'm {p.name}. " + rng.choice(LINES)))
    lines = rng.sample(LINES, 7)
    prev: Voice | None = None
    for i, line in enumerate(lines):
        p = rng.choice([q for q in people if q is not prev])
        other = rng.choice([q for q in people if q is not p])
        if i % 3 == 1:
            line = f"{other.name}, {line[0].lower()}{line[1:]}"
        turns.append((p, line))
        prev = p
        if i % 3 == 2:
            q = rng.choice([q for q in people if q is not p])
            turns.append((q, rng.choice(SHORT)))
            prev = q
    return turns


def build(out: Path, seed: int = 7, force: bool = False, hard: bool = False) -> dict:
    """Writes out/<scenario>/s<k>.wav, .txt (boundaries), .json (reference); returns the manifest.
    hard: the harder set of bench/voice_hard.py (5-8 people, overlap, reverberation, ...)."""
    if hard:
        from bench.voice_hard import build_hard

        return build_hard(out, seed=seed, force=force)
    manifest_path = out / "manifest.json"
    if manifest_path.exists() and not force:
        return json.loads(manifest_path.read_text())
    if shutil.which("espeak-ng") is None:
        raise RuntimeError("espeak-ng is missing: run scripts/voice-models")
    import soundfile as sf

    out.mkdir(parents=True, exist_ok=True)
    manifest: dict = {"seed": seed, "sessions": []}
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        for scen, idx in SCENARIOS.items():
            people = [PEOPLE[i] for i in idx]
            for k in range(3):
                rng = random.Random(f"{seed}-{scen}-{k}")
                nrng = np.random.default_rng(seed * 100 + k + 10 * ord(scen))
                snr_db = [30.0, 20.0, 12.0][k]  # noisier each week
                gain = 10 ** (rng.uniform(-14.0, -1.0) / 20.0)  # recording level changes
                pieces, rows = [], []
                t = 0.0
                for p, text in _turns(rng, people, k):
                    x = _espeak(p, text, p.pitch + rng.randint(-6, 6), int(p.speed * rng.uniform(0.9, 1.1)), tmp)
                    gap = int(rng.uniform(0.4, 0.8) * SR)
                    pieces += [np.zeros(gap, np.float32), x]
                    t += gap / SR
                    rows.append({"start": round(t, 3), "end": round(t + len(x) / SR, 3), "speaker": p.name,
                                 "text": text})
                    t += len(x) / SR
                pieces.append(np.zeros(int(0.5 * SR), np.float32))
                sig = np.concatenate(pieces)
                sig = sig / max(float(np.max(np.abs(sig))), 1e-6) * 0.8 * gain
                speech_rms = float(np.sqrt(np.mean(sig[np.abs(sig) > 1e-4] ** 2)))
                sig = sig + nrng.normal(0, speech_rms / 10 ** (snr_db / 20), sig.shape).astype(np.float32)
                base = out / scen / f"s{k}"
                base.parent.mkdir(parents=True, exist_ok=True)
                sf.write(str(base.with_suffix(".wav")), np.clip(sig, -1, 1), SR, subtype="PCM_16")
                base.with_suffix(".txt").write_text(
                    "".join(f"{r['start']:.3f} {r['end']:.3f} {r['speaker']}\n" for r in rows))
                base.with_suffix(".json").write_text(json.dumps(rows, indent=1))
                manifest["sessions"].append({"scenario": scen, "session": k, "wav": str(base.with_suffix(".wav")),
                                             "boundaries": str(base.with_suffix(".txt")), "snr_db": snr_db,
                                             "gain": round(gain, 3), "utterances": rows})
    manifest_path.write_text(json.dumps(manifest, indent=1))
    return manifest
