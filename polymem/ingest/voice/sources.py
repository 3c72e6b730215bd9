"""Turns an input path (+ optional boundaries) into the utterance list of one spoken session."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.ingest.voice.audio import Audio, audio_files, check_format, load_audio
from polymem.ingest.voice.segment import SegmentPolicy, Span, overlapping, problem, read_boundaries, vad


@dataclass
class Utterance:
    audio: Audio
    span: Span
    offset: float  # seconds from the session start (files of a folder are laid end to end)
    skip: str | None = None  # counted reason when the utterance is not used
    text: str = ""
    speaker: str | None = None
    score: float = 0.0
    provenance: dict[str, Any] = field(default_factory=dict)  # how the speaker was decided

    @property
    def file(self) -> str:
        return self.audio.path


def session_utterances(path: str | Path, boundaries: str | Path | None = None,
                       policy: SegmentPolicy | None = None) -> tuple[list[Utterance], float, str]:
    """(utterances in order, seconds of audio, content fingerprint). Raises InputError before
    anything is stored when the input as a whole is unusable."""
    p = policy or SegmentPolicy()
    path = Path(path)
    if not path.exists():
        raise InputError("audio path does not exist", file=str(path))
    digest = hashlib.sha1()
    out: list[Utterance] = []
    total = 0.0
    if path.is_dir():
        if boundaries is not None:
            raise InputError("--boundaries applies to a single audio file, not a folder of utterances",
                             file=str(boundaries))
        for f in audio_files(path):
            a = load_audio(f)
            digest.update(f.name.encode() + f.read_bytes())
            u = Utterance(a, Span(0.0, a.seconds), total)
            u.skip = problem(a, u.span, p)
            out.append(u)
            total += a.seconds
        return out, total, digest.hexdigest()
    check_format(path)
    a = load_audio(path)
    digest.update(path.read_bytes())
    if boundaries is not None:
        spans = read_boundaries(boundaries)
        digest.update(Path(boundaries).read_bytes())
        bad = overlapping(spans)
        for i, s in enumerate(spans):
            u = Utterance(a, s, s.start)
            u.skip = "overlap" if i in bad else problem(a, s, p)
            out.append(u)
        return out, a.seconds, digest.hexdigest()
    spans = vad(a, p)
    if not spans:
        raise InputError("no speech found (the file is silent or below the voice activity threshold)",
                         file=str(path))
    for s in spans:
        u = Utterance(a, s, s.start)
        u.skip = problem(a, s, p)
        out.append(u)
    return out, a.seconds, digest.hexdigest()
