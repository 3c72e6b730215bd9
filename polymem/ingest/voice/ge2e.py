"""GE2E speaker embeddings (Resemblyzer's pretrained LSTM), a second voice model to fuse with ECAPA.

The weights ship inside the `resemblyzer` wheel (`resemblyzer/pretrained.pt`, 17 MB). Its Python
code is never imported: it needs librosa and webrtcvad at import time, and the model is small
enough to rebuild here. The network (3-layer LSTM 40 -> 256, linear 256 -> 256, ReLU, L2 norm) and
the front end follow resemblyzer 0.1.4 exactly: volume raised to -30 dBFS (never lowered), a
40-band power mel spectrogram (25 ms Hann window, 10 ms hop, librosa's slaney filters; not log),
1.6 s partial windows at 1.3 per second, the mean of their embeddings L2-normalised. Resemblyzer's
own silence trimming (webrtcvad) is left out: clips reaching here are already speech spans.

`FusedEmbedder` concatenates the two models' embeddings as [sqrt(w) ecapa, sqrt(1-w) ge2e'] so that
a cosine between two fused vectors is the w-weighted mix of the two models' cosines; ge2e' is the
GE2E embedding with its mean voice removed (the ReLU output is non-negative, so raw GE2E cosines of
strangers sit near .6; centred, they spread like ECAPA's). The mean voice is that of the espeak
cohort (cohort.py, 24 voices), built once into the voice cache (`cohort-ge2e.npy`).

It is the default speaker model of ingestion and live sessions when the GE2E weights are installed
(embedding.default_speaker_embedder); `POLYMEM_VOICE_FUSION=0` falls back to ECAPA alone. Stored
voices of the other kind are read through `fit_voice`: an ECAPA-only voice (192-d, stored before the
fusion) is compared on its ECAPA part and gains a GE2E part as the tracker updates it; a fused voice
read by ECAPA alone keeps its ECAPA part.
"""

from __future__ import annotations

import importlib.util
import threading
from functools import lru_cache
from pathlib import Path

import numpy as np

from polymem.errors import BackendUnavailableError
from polymem.ingest.voice.audio import SAMPLE_RATE
from polymem.ingest.voice.models import voice_cache

N_FFT, HOP, N_MELS, PARTIAL = 400, 160, 40, 160  # 25 ms, 10 ms, 40 bands, 1.6 s
ECAPA_DIM, GE2E_DIM = 192, 256
# ECAPA weight of the fusion, chosen on the DEV scenarios (seed 7, seed 11, hard seed 7): .8-.9 a
# plateau, .95 and .7 lower (docs/bench/voice.md).
FUSION_WEIGHT = 0.9
RATE, MIN_COVERAGE, TARGET_DBFS = 1.3, 0.75, -30.0


def resolve_ge2e(path: str | Path | None = None) -> Path | None:
    """pretrained.pt: a given path, else the installed resemblyzer package's, else a copy in the
    voice cache's model packages (installed there with --no-deps); None when there is none."""
    if path:
        return Path(path) if Path(path).exists() else None
    spec = importlib.util.find_spec("resemblyzer")  # locates the package without importing it
    if spec is not None and spec.submodule_search_locations:
        for d in spec.submodule_search_locations:
            if (Path(d) / "pretrained.pt").exists():
                return Path(d) / "pretrained.pt"
    hits = sorted((voice_cache() / "pkgs").glob("**/resemblyzer/pretrained.pt"))
    return hits[0] if hits else None


def mel_filters() -> np.ndarray:
    """librosa.filters.mel(sr=16000, n_fft=400, n_mels=40) (slaney scale and norm), (40, 201)."""
    def hz_to_mel(f: np.ndarray) -> np.ndarray:
        f = np.asarray(f, dtype=np.float64)
        lin = f / (200.0 / 3)
        return np.where(f >= 1000.0, 15.0 + np.log(np.maximum(f, 1e-10) / 1000.0) / (np.log(6.4) / 27.0), lin)

    def mel_to_hz(m: np.ndarray) -> np.ndarray:
        m = np.asarray(m, dtype=np.float64)
        return np.where(m >= 15.0, 1000.0 * np.exp((np.log(6.4) / 27.0) * (m - 15.0)), (200.0 / 3) * m)

    fft_f = np.linspace(0, SAMPLE_RATE / 2, N_FFT // 2 + 1)
    mel_f = mel_to_hz(np.linspace(hz_to_mel(0.0), hz_to_mel(SAMPLE_RATE / 2), N_MELS + 2))
    fdiff = np.diff(mel_f)
    ramps = mel_f[:, None] - fft_f[None, :]
    lower = -ramps[:-2] / fdiff[:-1, None]
    upper = ramps[2:] / fdiff[1:, None]
    w = np.maximum(0, np.minimum(lower, upper))
    w *= (2.0 / (mel_f[2:N_MELS + 2] - mel_f[:N_MELS]))[:, None]
    return w.astype(np.float32)


def mel_spectrogram(wav: np.ndarray) -> np.ndarray:
    """(frames, 40) power mel, as librosa.feature.melspectrogram (centred frames, zero padding)."""
    x = np.pad(np.asarray(wav, dtype=np.float32), (N_FFT // 2, N_FFT // 2))
    n = 1 + (len(x) - N_FFT) // HOP
    idx = np.arange(N_FFT)[None, :] + HOP * np.arange(n)[:, None]
    win = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32)  # periodic Hann
    spec = np.abs(np.fft.rfft(x[idx] * win, axis=1)) ** 2
    return (spec @ _filters().T).astype(np.float32)


@lru_cache(maxsize=1)
def _filters() -> np.ndarray:
    return mel_filters()


def partial_slices(n_samples: int) -> list[slice]:
    """resemblyzer's VoiceEncoder.compute_partial_slices (mel-frame slices) at RATE, MIN_COVERAGE."""
    n_frames = int(np.ceil((n_samples + 1) / HOP))
    step = int(np.round((SAMPLE_RATE / RATE) / HOP))
    out = [slice(i, i + PARTIAL) for i in range(0, max(1, n_frames - PARTIAL + step + 1), step)]
    last = out[-1]
    coverage = (n_samples - last.start * HOP) / (PARTIAL * HOP)
    if coverage < MIN_COVERAGE and len(out) > 1:
        out = out[:-1]
    return out


def raise_volume(wav: np.ndarray) -> np.ndarray:
    rms = float(np.sqrt(np.mean(np.square(wav, dtype=np.float64))))
    if rms <= 0.0:
        return wav
    change = TARGET_DBFS - 20 * np.log10(rms)
    return wav * np.float32(10 ** (change / 20)) if change > 0 else wav


class Ge2eEmbedder:
    """Resemblyzer's GE2E voice encoder on the CPU, 256-d, L2-normalised (non-negative entries)."""

    dim = 256

    def __init__(self, weights: str | Path | None = None) -> None:
        path = resolve_ge2e(weights)
        if path is None:
            raise BackendUnavailableError("GE2E weights not found: pip install --no-deps resemblyzer==0.1.4")
        import torch
        from torch import nn

        class Encoder(nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.lstm = nn.LSTM(N_MELS, 256, 3, batch_first=True)
                self.linear = nn.Linear(256, 256)

            def forward(self, mels: torch.Tensor) -> torch.Tensor:
                _, (hidden, _) = self.lstm(mels)
                e = torch.relu(self.linear(hidden[-1]))
                return e / torch.norm(e, dim=1, keepdim=True).clamp_min(1e-12)

        self._model = Encoder()
        state = torch.load(str(path), map_location="cpu", weights_only=True)["model_state"]
        self._model.load_state_dict({k: v for k, v in state.items() if not k.startswith("similarity")})
        self._model.eval()
        self._lock = threading.Lock()

    def embed(self, clips: list[np.ndarray]) -> np.ndarray:
        import torch

        out = np.zeros((len(clips), self.dim), dtype=np.float32)
        with self._lock, torch.inference_mode():
            for i, clip in enumerate(clips):
                wav = raise_volume(np.asarray(clip, dtype=np.float32))
                slices = partial_slices(len(wav))
                need = slices[-1].stop * HOP
                if need >= len(wav):
                    wav = np.pad(wav, (0, need - len(wav)))
                mel = mel_spectrogram(wav)
                mels = torch.from_numpy(np.stack([mel[s] for s in slices]))
                v = self._model(mels).mean(0).numpy()
                out[i] = v / max(float(np.linalg.norm(v)), 1e-12)
        return out


def centre(ge2e: np.ndarray, mean: np.ndarray) -> np.ndarray:
    """GE2E embeddings less the mean voice, L2-normalised again."""
    x = np.atleast_2d(np.asarray(ge2e, dtype=np.float32)) - np.asarray(mean, dtype=np.float32)
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


def fuse(ecapa: np.ndarray, ge2e: np.ndarray, weight: float, mean: np.ndarray | None) -> np.ndarray:
    """[sqrt(w) ecapa, sqrt(1-w) centred ge2e], rows L2-normalised: cos(fused) = w cos_e + (1-w) cos_g."""
    e = np.atleast_2d(np.asarray(ecapa, dtype=np.float32))
    e = e / np.maximum(np.linalg.norm(e, axis=1, keepdims=True), 1e-12)
    g = centre(ge2e, mean if mean is not None else np.zeros(ge2e.shape[-1], np.float32))
    return np.concatenate([np.sqrt(weight) * e, np.sqrt(1.0 - weight) * g], axis=1).astype(np.float32)


def ge2e_mean(embedder: Ge2eEmbedder | None = None) -> np.ndarray:
    """Mean GE2E voice of the espeak cohort (cohort.py; disjoint from the benchmark's voices), built
    once into the voice cache (espeak-ng needed the first time only)."""
    p = voice_cache() / "cohort-ge2e.npy"
    if not p.exists():
        from polymem.ingest.voice.cohort import build_cohort

        build_cohort(embedder or Ge2eEmbedder(), p)
    return np.load(p).mean(axis=0).astype(np.float32)


class FusedEmbedder:
    """ECAPA + GE2E in one vector (see `fuse`): 448-d, L2-normalised. `voice_part` is the ECAPA
    model alone, for checks tuned on ECAPA cosines (the overlap test's 1 s windows)."""

    def __init__(self, ecapa: object | None = None, ge2e: Ge2eEmbedder | None = None,
                 weight: float = FUSION_WEIGHT, mean: np.ndarray | None = None) -> None:
        if ecapa is None:
            from polymem.ingest.voice.embedding import EcapaEmbedder

            ecapa = EcapaEmbedder()
        self.ecapa = ecapa
        self.ge2e = ge2e or Ge2eEmbedder()
        self.weight = float(weight)
        self.mean = ge2e_mean(self.ge2e) if mean is None else np.asarray(mean, dtype=np.float32)
        self.ecapa_dim = int(getattr(ecapa, "dim", ECAPA_DIM))
        self.dim = self.ecapa_dim + self.ge2e.dim
        self.voice_part = ecapa

    def embed(self, clips: list[np.ndarray]) -> np.ndarray:
        if not clips:
            return np.zeros((0, self.dim), dtype=np.float32)
        return fuse(self.ecapa.embed(clips), self.ge2e.embed(clips), self.weight, self.mean)  # type: ignore[attr-defined]


def voice_part(embedder: object) -> object:
    """The single model inside a fused embedder (ECAPA), else the embedder itself."""
    return getattr(embedder, "voice_part", embedder)


def fit_voice(stored: np.ndarray, dim: int, ecapa_dim: int = ECAPA_DIM) -> np.ndarray | None:
    """A stored voice in the layout of a `dim`-d embedder: as it is when the sizes agree; an ECAPA-only
    voice for a fused embedder becomes [ecapa, 0] (its cosine to a fused turn is sqrt(w) cos_ECAPA
    until the tracker's updates fill the GE2E part); a fused voice for ECAPA alone keeps its ECAPA
    part. None when the sizes do not fit either way."""
    v = np.asarray(stored, dtype=np.float32).reshape(-1)
    if len(v) == dim:
        return v
    if len(v) == ecapa_dim and dim > ecapa_dim:
        out = np.zeros(dim, dtype=np.float32)
        out[:ecapa_dim] = v
        return out
    if len(v) > dim == ecapa_dim:
        return v[:ecapa_dim].copy()
    return None


def is_fused(embedder: object) -> bool:
    return isinstance(embedder, FusedEmbedder)


def stored_speakers(known: list, embedder: object) -> list:
    """graph.voices.StoredVoice rows -> tracker Speakers in the embedder's layout (fit_voice); a voice
    that fits neither way is left out (it is still a participant, just not matched by voice)."""
    from polymem.ingest.voice.tracker import Speaker

    dim = int(getattr(embedder, "dim", 0))
    ecapa_dim = int(getattr(voice_part(embedder), "dim", ECAPA_DIM))
    out = []
    for v in known:
        e = fit_voice(v.embedding, dim, ecapa_dim) if dim else np.asarray(v.embedding, dtype=np.float32)
        if e is not None and np.linalg.norm(e) > 0:
            out.append(Speaker(v.id, e, v.evidence, stored=True, name=v.name, aliases=list(v.aliases)))
    return out
