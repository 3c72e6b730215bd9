"""Audio loading (WAV/FLAC/MP3/OGG via libsndfile) to 16 kHz mono float32, with clear errors."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from polymem.errors import InputError

SAMPLE_RATE = 16_000
SUPPORTED = {".wav", ".flac", ".mp3", ".ogg"}
MAX_SECONDS = 4 * 3600  # a longer file is refused rather than filling memory


@dataclass(frozen=True)
class Audio:
    samples: np.ndarray  # float32, mono, SAMPLE_RATE
    path: str
    clipped_fraction: float  # share of input samples at full scale

    @property
    def seconds(self) -> float:
        return len(self.samples) / SAMPLE_RATE

    def span(self, start: float, end: float) -> np.ndarray:
        return self.samples[int(start * SAMPLE_RATE): int(end * SAMPLE_RATE)]


def check_format(path: Path) -> None:
    if path.suffix.lower() not in SUPPORTED:
        raise InputError(
            f"unsupported audio format {path.suffix or '(none)'!r}; use one of "
            + ", ".join(sorted(SUPPORTED)), file=str(path))


def load_audio(path: str | Path) -> Audio:
    path = Path(path)
    if not path.exists():
        raise InputError("audio file does not exist", file=str(path))
    if path.is_dir():
        raise InputError("expected an audio file, got a folder", file=str(path))
    check_format(path)
    import soundfile as sf  # the audio extra; imported only when audio is used

    try:
        info = sf.info(str(path))
        if info.frames and info.frames / max(info.samplerate, 1) > MAX_SECONDS:
            raise InputError(f"audio is longer than {MAX_SECONDS // 3600} hours", file=str(path))
        data, sr = sf.read(str(path), dtype="float32", always_2d=True)
    except InputError:
        raise
    except Exception as e:  # libsndfile says "Format not recognised", "unimplemented format"...
        raise InputError(f"cannot decode audio ({type(e).__name__}: {e})", file=str(path)) from e
    if data.size == 0:
        raise InputError("audio file holds no samples", file=str(path))
    if not np.all(np.isfinite(data)):
        raise InputError("audio holds NaN/inf samples (corrupt file)", file=str(path))
    clipped = float(np.mean(np.abs(data) >= 0.999))
    mono = data.mean(axis=1)
    return Audio(resample(mono, sr), str(path), clipped)


def resample(x: np.ndarray, sr: int) -> np.ndarray:
    if sr == SAMPLE_RATE:
        return x.astype(np.float32)
    from math import gcd

    from scipy.signal import resample_poly

    g = gcd(int(sr), SAMPLE_RATE)
    return resample_poly(x, SAMPLE_RATE // g, int(sr) // g).astype(np.float32)


def rms_db(x: np.ndarray) -> float:
    if x.size == 0:
        return -120.0
    r = float(np.sqrt(np.mean(np.square(x, dtype=np.float64))))
    return 20.0 * np.log10(max(r, 1e-6))


def audio_files(folder: Path) -> list[Path]:
    """Utterance files of a folder, in name order (other files, e.g. a boundaries file, are ignored)."""
    files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
    audio = [p for p in files if p.suffix.lower() in SUPPORTED]
    if not audio:
        raise InputError("folder holds no audio files (" + ", ".join(sorted(SUPPORTED)) + ")", file=str(folder))
    return audio
