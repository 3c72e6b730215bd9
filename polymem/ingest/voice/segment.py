"""Utterance spans: reference boundaries from a file, or voice activity detection (Silero VAD v6,
the ONNX model that ships inside the faster-whisper wheel, run offline by onnxruntime; the older
energy detector stays as `SegmentPolicy(vad="energy")`), and the checks that turn a bad span into a counted skip instead of a wrong speaker."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from polymem.errors import InputError
from polymem.ingest.voice.audio import SAMPLE_RATE, Audio, rms_db


@dataclass(frozen=True)
class Span:
    start: float
    end: float
    label: str | None = None  # reference speaker label, when the boundaries file gives one

    @property
    def seconds(self) -> float:
        return self.end - self.start


@dataclass(frozen=True)
class SegmentPolicy:
    min_seconds: float = 0.5  # ECAPA on less is unreliable: counted skip "too_short"
    silence_db: float = -50.0  # an utterance quieter than this is "silence"
    max_clipped: float = 0.02  # more than 2 % of samples at full scale: "clipped"
    frame_s: float = 0.03
    min_gap_s: float = 0.35  # pause that separates two utterances (VAD)
    pad_s: float = 0.08
    vad: str = "silero"  # or "energy"
    vad_threshold: float = 0.5  # Silero speech probability


def read_boundaries(path: str | Path) -> list[Span]:
    """`start end [label]` per line (seconds; space, tab or comma separated; # comments),
    or a JSON list of {"start", "end", "speaker"?}."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read boundaries: {e}", file=str(path)) from e
    spans: list[Span] = []
    if text.lstrip().startswith("["):
        try:
            rows = json.loads(text)
            for i, r in enumerate(rows, 1):
                spans.append(_span(r.get("start"), r.get("end"), r.get("speaker"), path, i))
        except (ValueError, AttributeError) as e:
            raise InputError(f"bad JSON boundaries: {e}", file=str(path)) from e
    else:
        for i, line in enumerate(text.splitlines(), 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.replace(",", " ").replace("\t", " ").split()
            if len(parts) < 2:
                raise InputError("expected 'start end [label]'", file=str(path), line=i)
            spans.append(_span(parts[0], parts[1], parts[2] if len(parts) > 2 else None, path, i))
    if not spans:
        raise InputError("boundaries file holds no utterances", file=str(path))
    return sorted(spans, key=lambda s: s.start)


def _span(start: object, end: object, label: object, path: Path, line: int) -> Span:
    try:
        s, e = float(start), float(end)  # type: ignore[arg-type]
    except (TypeError, ValueError) as err:
        raise InputError(f"start/end must be numbers of seconds, got {start!r} {end!r}",
                         file=str(path), line=line) from err
    if not (np.isfinite(s) and np.isfinite(e)) or s < 0 or e <= s:
        raise InputError(f"bad span {s}..{e}: need 0 <= start < end", file=str(path), line=line)
    return Span(s, e, str(label) if label is not None else None)


def overlapping(spans: list[Span]) -> set[int]:
    """Indexes of spans that overlap another: two people talking at once."""
    bad: set[int] = set()
    for i in range(1, len(spans)):
        for j in range(i):
            if spans[j].end > spans[i].start + 1e-3:
                bad.update((i, j))
    return bad


def vad(audio: Audio, policy: SegmentPolicy | None = None) -> list[Span]:
    p = policy or SegmentPolicy()
    if p.vad == "energy":
        return energy_vad(audio, p)
    if p.vad != "silero":
        raise InputError(f"unknown VAD {p.vad!r}: use 'silero' or 'energy'")
    return silero_vad(audio, p)


def silero_vad(audio: Audio, p: SegmentPolicy) -> list[Span]:
    """Speech spans from Silero VAD (faster_whisper.vad; its model file is part of the wheel)."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    opts = VadOptions(threshold=p.vad_threshold, min_silence_duration_ms=int(p.min_gap_s * 1000),
                      speech_pad_ms=int(p.pad_s * 1000), min_speech_duration_ms=100)
    stamps = get_speech_timestamps(np.ascontiguousarray(audio.samples, dtype=np.float32), opts,
                                   sampling_rate=SAMPLE_RATE)
    return [Span(max(0.0, s["start"] / SAMPLE_RATE), min(audio.seconds, s["end"] / SAMPLE_RATE)) for s in stamps]


def energy_vad(audio: Audio, policy: SegmentPolicy | None = None) -> list[Span]:
    """Energy VAD: frames above an adaptive threshold (noise floor + 12 dB, at least -45 dBFS),
    joined across pauses shorter than min_gap_s."""
    p = policy or SegmentPolicy()
    n = int(p.frame_s * SAMPLE_RATE)
    x = audio.samples
    frames = len(x) // n
    if frames == 0:
        return []
    e = np.array([rms_db(x[i * n:(i + 1) * n]) for i in range(frames)])
    floor = float(np.percentile(e, 10))
    thr = max(floor + 12.0, -45.0)
    on = e > thr
    spans: list[Span] = []
    start = None
    gap = 0
    max_gap = int(p.min_gap_s / p.frame_s)
    for i, v in enumerate(on):
        if v:
            if start is None:
                start = i
            gap = 0
        elif start is not None:
            gap += 1
            if gap > max_gap:
                spans.append(_pad(start, i - gap + 1, p, audio.seconds))
                start, gap = None, 0
    if start is not None:
        spans.append(_pad(start, frames - gap, p, audio.seconds))
    return spans


def _pad(a: int, b: int, p: SegmentPolicy, total: float) -> Span:
    return Span(max(0.0, a * p.frame_s - p.pad_s), min(total, b * p.frame_s + p.pad_s))


def problem(audio: Audio, span: Span, policy: SegmentPolicy) -> str | None:
    """Why this span must be skipped (a counted, documented reason), or None."""
    if span.start >= audio.seconds:
        return "outside_audio"
    if span.seconds < policy.min_seconds:
        return "too_short"
    x = audio.span(span.start, span.end)
    if rms_db(x) < policy.silence_db:
        return "silence"
    if float(np.mean(np.abs(x) >= 0.999)) > policy.max_clipped:
        return "clipped"
    return None
