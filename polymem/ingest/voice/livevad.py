"""Silero VAD for the live path: the same spans as `segment.silero_vad` (faster-whisper's rule,
re-implemented over the model's probabilities), plus what a live session needs to work ahead:
where the open span would end if the pause that has begun lasts `min_gap_s`.

faster-whisper's rule: speech starts at the first 512-sample window with p >= threshold; it stops
at the first later window with p < threshold - 0.15 (`temp_end`), unless p >= threshold again
before `min_silence` samples have passed; spans shorter than `min_speech` are dropped; ends are
padded by `pad` (by half the gap when two spans are closer than 2 pads), and so are starts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from polymem.ingest.voice.audio import SAMPLE_RATE
from polymem.ingest.voice.segment import SegmentPolicy, Span

WINDOW = 512
MIN_SPEECH = int(0.1 * SAMPLE_RATE)  # min_speech_duration_ms=100, as in segment.silero_vad


@dataclass(frozen=True)
class VadView:
    spans: list[Span]  # exactly silero_vad's spans over the same samples
    silence_from: float | None  # the open last span's speech stopped here (s), pause not long enough yet
    ahead: Span | None  # the open last span as it will be cut if that pause lasts


def silero_probs(samples: np.ndarray) -> np.ndarray:
    from faster_whisper.vad import get_vad_model

    x = np.ascontiguousarray(samples, dtype=np.float32)
    return np.asarray(get_vad_model()(np.pad(x, (0, WINDOW - x.shape[0] % WINDOW)))).reshape(-1)


def live_vad(samples: np.ndarray, p: SegmentPolicy) -> VadView:
    n = len(samples)
    if n == 0:
        return VadView([], None, None)
    probs = silero_probs(samples)
    thr, neg = p.vad_threshold, max(p.vad_threshold - 0.15, 0.01)
    min_silence, pad = SAMPLE_RATE * int(p.min_gap_s * 1000) / 1000, int(SAMPLE_RATE * int(p.pad_s * 1000) / 1000)
    speeches: list[list[int]] = []
    start, temp_end, triggered = 0, 0, False
    for i, prob in enumerate(probs):
        at = WINDOW * i
        if prob >= thr and temp_end:
            temp_end = 0
        if prob >= thr and not triggered:
            triggered, start = True, at
            continue
        if prob < neg and triggered:
            if not temp_end:
                temp_end = at
            if at - temp_end < min_silence:
                continue
            if temp_end - start > MIN_SPEECH:
                speeches.append([start, temp_end])
            temp_end, triggered = 0, False
    open_end = None
    if triggered and n - start > MIN_SPEECH:
        speeches.append([start, n])
        open_end = temp_end or None
    for i, s in enumerate(speeches):
        if i == 0:
            s[0] = int(max(0, s[0] - pad))
        if i != len(speeches) - 1:
            gap = speeches[i + 1][0] - s[1]
            if gap < 2 * pad:
                s[1] += int(gap // 2)
                speeches[i + 1][0] = int(max(0, speeches[i + 1][0] - gap // 2))
            else:
                s[1] = int(min(n, s[1] + pad))
                speeches[i + 1][0] = int(max(0, speeches[i + 1][0] - pad))
        else:
            s[1] = int(min(n, s[1] + pad))
    spans = [Span(max(0.0, a / SAMPLE_RATE), min(n / SAMPLE_RATE, b / SAMPLE_RATE)) for a, b in speeches]
    if open_end is None or not spans:
        return VadView(spans, None, None)
    # the open span closes with end = temp_end + pad once the pause lasts; known only when the
    # padded end has arrived (the cut takes min(n, ...) of the buffer it is cut from)
    ahead = Span(spans[-1].start, (open_end + pad) / SAMPLE_RATE) if open_end + pad <= n else None
    return VadView(spans, open_end / SAMPLE_RATE, ahead)
