"""A score-normalisation cohort of synthetic speakers (espeak-ng, no downloads).

24 voices: espeak's other-language voices reading English with voice variants, a spread of accents,
pitches and speeds. None uses a voice of the benchmark set (bench/voice_data.py), so the cohort is
"other speakers" for it. One embedding per cohort speaker (the mean of three sentences).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from polymem.ingest.voice.audio import SAMPLE_RATE
from polymem.ingest.voice.embedding import SpeakerEmbedder

COHORT = [
    ("de", "m5", 40), ("fr-fr", "m6", 55), ("es", "m8", 35), ("it", "klatt", 50), ("nl", "Andy", 45),
    ("sv", "Annie", 70), ("pl", "linda", 65), ("pt-br", "paul", 40), ("fi", "robert", 50), ("da", "steph", 75),
    ("cs", "john", 30), ("hu", "david", 45), ("ro", "anika", 60), ("af", "Michael", 40), ("en-us", "norbert", 50),
    ("en-gb", "shelby", 68), ("ru", "victor", 35), ("el", "belinda", 72), ("tr", "edward", 45),
    ("id", "grandma", 60), ("sk", "travis", 50), ("hr", "caleb", 38), ("nb", "aunty", 66), ("ca", "sandro", 52),
]
SENTENCES = [
    "Please remember to water the plants before you leave on Monday.",
    "The weather was lovely, so we walked along the river for an hour.",
    "I could not find the keys, they were in the other coat after all.",
]


def _speak(voice: str, pitch: int, text: str, tmp: Path) -> np.ndarray:
    import soundfile as sf
    from scipy.signal import resample_poly

    out = tmp / "c.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-p", str(pitch), "-s", "155", "-w", str(out), text],
                   check=True, capture_output=True)
    x, sr = sf.read(str(out), dtype="float32")
    x = resample_poly(x, 320, 441) if sr == 22050 else x
    nz = np.flatnonzero(np.abs(x) > 1e-3)
    return (x[nz[0]: nz[-1] + 1] if nz.size else x).astype(np.float32)


def build_cohort(embedder: SpeakerEmbedder, path: str | Path | None = None) -> np.ndarray:
    """(24, dim) cohort embeddings; saved to `path` (.npy) when given."""
    if shutil.which("espeak-ng") is None:
        raise RuntimeError("espeak-ng is missing: run scripts/voice-models")
    rows = []
    with tempfile.TemporaryDirectory() as td:
        for lang, variant, pitch in COHORT:
            clips = [_speak(f"{lang}+{variant}", pitch, s, Path(td)) for s in SENTENCES]
            e = embedder.embed([c for c in clips if len(c) > SAMPLE_RATE // 2]).mean(axis=0)
            rows.append(e / np.linalg.norm(e))
    out = np.stack(rows).astype(np.float32)
    if path is not None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        np.save(path, out)
    return out
