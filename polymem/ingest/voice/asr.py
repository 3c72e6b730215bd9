"""Speech recognition behind a small interface; faster-whisper (CTranslate2, int8 on CPU) by default."""

from __future__ import annotations

import os
import threading
from functools import lru_cache
from typing import Protocol

import numpy as np

from polymem.errors import BackendUnavailableError
from polymem.ingest.voice.models import resolve_whisper


class Transcriber(Protocol):
    def transcribe(self, clip: np.ndarray, hotwords: list[str] | None = None) -> str:
        """16 kHz mono float32 -> text ('' when nothing was said)."""
        ...


class WhisperTranscriber:
    def __init__(self, model: str | None = None, *, language: str | None = "en", device: str = "cpu",
                 compute_type: str = "int8", beam_size: int = 1, threads: int | None = None) -> None:
        try:
            from faster_whisper import WhisperModel
        except ImportError as e:
            raise BackendUnavailableError("faster-whisper is not installed: run scripts/voice-models") from e
        self.language = os.environ.get("POLYMEM_ASR_LANGUAGE", language or "") or None
        self.beam_size = beam_size
        self._lock = threading.Lock()
        self._model = WhisperModel(resolve_whisper(model), device=device, compute_type=compute_type,
                                   cpu_threads=threads or min(os.cpu_count() or 2, 4))

    def transcribe(self, clip: np.ndarray, hotwords: list[str] | None = None) -> str:
        with self._lock:
            segments, _ = self._model.transcribe(
                np.ascontiguousarray(clip, dtype=np.float32), language=self.language,
                beam_size=self.beam_size, vad_filter=False, condition_on_previous_text=False,
                hotwords=" ".join(hotwords) if hotwords else None, without_timestamps=True)
            # Whisper invents text on near-silence; drop segments it itself rates as no speech.
            text = " ".join(s.text.strip() for s in segments if s.no_speech_prob < 0.8)
        return text.strip()


@lru_cache(maxsize=2)
def default_transcriber(model: str | None = None) -> Transcriber:
    return WhisperTranscriber(model)
