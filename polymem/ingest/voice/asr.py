"""Speech recognition behind a small interface; faster-whisper (CTranslate2, int8 on CPU) by default.

Whisper's encoder is built for 30 s windows, and faster-whisper pads every clip to 30 s: most of
the time of a 3 s turn goes into encoding 27 s of silence. With `fit_window` (the default) a clip
is padded only by `pad_s` (to at least `min_window_s`) and the CTranslate2 model encodes that
window: 5-8x faster on 2 cores at the same word error rate on the espeak sets (docs/bench/voice.md).
Clips longer than 30 s take faster-whisper's usual path."""

from __future__ import annotations

import os
import threading
from functools import lru_cache
from typing import Protocol

import numpy as np

from polymem.errors import BackendUnavailableError
from polymem.ingest.voice.models import resolve_whisper

SR = 16_000


class Transcriber(Protocol):
    def transcribe(self, clip: np.ndarray, hotwords: list[str] | None = None) -> str:
        """16 kHz mono float32 -> text ('' when nothing was said)."""
        ...


class WhisperTranscriber:
    def __init__(self, model: str | None = None, *, language: str | None = "en", device: str = "cpu",
                 compute_type: str = "int8", beam_size: int = 1, threads: int | None = None,
                 fit_window: bool = True, pad_s: float = 2.0, min_window_s: float = 8.0) -> None:
        try:
            from faster_whisper import WhisperModel
        except ImportError as e:
            raise BackendUnavailableError("faster-whisper is not installed: run scripts/voice-models") from e
        self.language = os.environ.get("POLYMEM_ASR_LANGUAGE", language or "") or None
        self.beam_size = beam_size
        self.fit_window, self.pad_s, self.min_window_s = fit_window, pad_s, min_window_s
        self._lock = threading.Lock()
        self._model = WhisperModel(resolve_whisper(model), device=device, compute_type=compute_type,
                                   cpu_threads=threads or min(os.cpu_count() or 2, 4))

    def transcribe(self, clip: np.ndarray, hotwords: list[str] | None = None) -> str:
        clip = np.ascontiguousarray(clip, dtype=np.float32)
        window = max(len(clip) + int(self.pad_s * SR), int(self.min_window_s * SR))
        if self.fit_window and self.language and window <= 30 * SR:
            with self._lock:
                return self._fitted(clip, window, hotwords)
        with self._lock:
            segments, _ = self._model.transcribe(
                np.ascontiguousarray(clip, dtype=np.float32), language=self.language,
                beam_size=self.beam_size, vad_filter=False, condition_on_previous_text=False,
                hotwords=" ".join(hotwords) if hotwords else None, without_timestamps=True)
            # Whisper invents text on near-silence; drop segments it itself rates as no speech.
            text = " ".join(s.text.strip() for s in segments if s.no_speech_prob < 0.8)
        return text.strip()

    def _fitted(self, clip: np.ndarray, window: int, hotwords: list[str] | None) -> str:
        import ctranslate2
        from faster_whisper.tokenizer import Tokenizer

        m = self._model
        tok = Tokenizer(m.hf_tokenizer, m.model.is_multilingual, task="transcribe", language=self.language)
        prompt = list(tok.sot_sequence) + [tok.no_timestamps]
        if hotwords:
            prompt = [tok.sot_prev, *tok.encode(" " + " ".join(hotwords).strip())] + prompt
        x = np.concatenate([clip, np.zeros(window - len(clip), np.float32)])
        feats = np.ascontiguousarray(m.feature_extractor(x)[None, :, :-1], dtype=np.float32)
        r = m.model.generate(ctranslate2.StorageView.from_array(feats), [prompt], beam_size=self.beam_size,
                             max_length=min(224, 24 + int(12 * len(clip) / SR)), suppress_blank=True,
                             suppress_tokens=[-1], return_no_speech_prob=True)[0]
        # Whisper invents text on near-silence; drop what it itself rates as no speech.
        return tok.decode(r.sequences_ids[0]).strip() if r.no_speech_prob < 0.8 else ""


@lru_cache(maxsize=2)
def default_transcriber(model: str | None = None) -> Transcriber:
    return WhisperTranscriber(model)
