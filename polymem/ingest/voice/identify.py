"""Who is asking? Match a spoken question's voice against the stored speakers of a space."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from polymem.graph.driver import Graph
from polymem.graph.voices import VoiceRepository
from polymem.ingest.voice.audio import Audio, load_audio
from polymem.ingest.voice.embedding import SpeakerEmbedder, default_speaker_embedder
from polymem.ingest.voice.ge2e import stored_speakers
from polymem.ingest.voice.tracker import SpeakerTracker, TrackerConfig, l2


def identify_speaker(graph: Graph, space: str, audio: str | Path | Audio | np.ndarray, *,
                     embedder: SpeakerEmbedder | None = None, tau: float | None = None) -> str | None:
    """The participant id whose stored voice matches at tau_match (default from TrackerConfig),
    else None. Read-only: identifying an asker never updates a stored voice."""
    repo = VoiceRepository(graph)
    if not repo.storage_enabled(space):
        return None
    voices = repo.load(space)
    if not voices:
        return None
    if isinstance(audio, str | Path):
        audio = load_audio(audio)
    clip = audio.samples if isinstance(audio, Audio) else np.asarray(audio, dtype=np.float32)
    model = embedder or default_speaker_embedder()
    emb = l2(model.embed([clip])[0])
    scores = [(float(s.embedding @ emb), s.id) for s in SpeakerTracker(stored_speakers(voices, model)).speakers.values()]
    if not scores:
        return None
    best, pid = max(scores)
    return pid if best >= (tau if tau is not None else TrackerConfig().tau_match) else None
