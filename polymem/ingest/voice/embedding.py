"""Speaker embeddings behind a small interface: ECAPA-TDNN (speechbrain), fused with GE2E (ge2e.py)
by default when its weights are installed."""

from __future__ import annotations

import logging
import os
import shutil
import threading
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from polymem.errors import BackendUnavailableError
from polymem.ingest.voice.audio import SAMPLE_RATE
from polymem.ingest.voice.models import resolve_ecapa, voice_cache

log = logging.getLogger(__name__)


class SpeakerEmbedder(Protocol):
    dim: int

    def embed(self, clips: list[np.ndarray]) -> np.ndarray:
        """16 kHz mono float32 clips -> (n, dim) L2-normalised embeddings."""
        ...


class EcapaEmbedder:
    """speechbrain's EncoderClassifier (spkrec-ecapa-voxceleb files), 192-d."""

    dim = 192

    def __init__(self, model: str | None = None, device: str = "cpu") -> None:
        source = resolve_ecapa(model)
        try:
            from speechbrain.inference.speaker import EncoderClassifier
        except ImportError as e:
            raise BackendUnavailableError("speechbrain is not installed: run scripts/voice-models") from e
        overrides = {}
        savedir = voice_cache() / "ecapa-run"
        if Path(source).exists():
            os.environ.setdefault("HF_HUB_OFFLINE", "1")  # local files must never reach for the hub
            savedir = Path(source)
            overrides = {"pretrained_path": source}
            if (savedir / "label_encoder.ckpt").exists() and not (savedir / "label_encoder.txt").exists():
                shutil.copy2(savedir / "label_encoder.ckpt", savedir / "label_encoder.txt")
        savedir.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._model = EncoderClassifier.from_hparams(
            source=source, savedir=str(savedir), overrides=overrides, run_opts={"device": device})

    def embed(self, clips: list[np.ndarray]) -> np.ndarray:
        import torch

        out = np.zeros((len(clips), self.dim), dtype=np.float32)
        by_len: dict[int, list[int]] = {}
        for i, clip in enumerate(clips):  # equal lengths share a batch; padding would shift the stats
            by_len.setdefault(len(clip), []).append(i)
        with self._lock, torch.inference_mode():
            for idx in by_len.values():
                x = torch.from_numpy(np.stack([np.ascontiguousarray(clips[i], dtype=np.float32) for i in idx]))
                v = self._model.encode_batch(x).reshape(len(idx), -1).cpu().numpy()
                out[idx] = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)
        return out


def fusion_enabled() -> bool:
    """ECAPA+GE2E fusion (ge2e.FusedEmbedder) unless POLYMEM_VOICE_FUSION=0; it needs the GE2E
    weights (scripts/voice-models installs them)."""
    if os.environ.get("POLYMEM_VOICE_FUSION", "1").strip().lower() in ("0", "off", "false", "no"):
        return False
    from polymem.ingest.voice.ge2e import resolve_ge2e

    return resolve_ge2e() is not None


def default_speaker_embedder(model: str | None = None) -> SpeakerEmbedder:
    """The speaker model of ingestion, live sessions and identification: ECAPA+GE2E fused when the
    GE2E weights are there (the best measured policy, docs/bench/voice.md), else ECAPA alone;
    `POLYMEM_VOICE_FUSION=0` forces ECAPA alone. Loaded once per choice."""
    return _speaker_embedder(model, fusion_enabled())


@lru_cache(maxsize=2)
def _ecapa(model: str | None) -> EcapaEmbedder:
    return EcapaEmbedder(model)


@lru_cache(maxsize=4)
def _speaker_embedder(model: str | None, fused: bool) -> SpeakerEmbedder:
    ecapa = _ecapa(model)
    if not fused:
        return ecapa
    from polymem.ingest.voice.ge2e import FusedEmbedder

    try:
        return FusedEmbedder(ecapa)
    except (BackendUnavailableError, RuntimeError, OSError) as e:  # no weights, or no espeak for the cohort
        log.warning("voice: ECAPA+GE2E fusion unavailable (%s); using ECAPA alone", e)
        return ecapa


__all__ = ["SAMPLE_RATE", "SpeakerEmbedder", "EcapaEmbedder", "default_speaker_embedder", "fusion_enabled"]
