"""Working ahead in a live session (real Silero, ECAPA, Whisper, espeak voices): the live VAD cuts
exactly where the recorded-session VAD does and knows, once a pause has begun, the span it will
cut; the work done on that span is taken at the cut instead of being redone, dropped when speech
resumes, and never changes the segments; segments can be sent before they are written."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.voice.audio import SAMPLE_RATE, Audio
from polymem.ingest.voice.live import LiveVoiceSession
from polymem.ingest.voice.livevad import live_vad
from polymem.ingest.voice.segment import SegmentPolicy, silero_vad

pytestmark = pytest.mark.audio
TURNS = [("Dana", "Hi everyone, I'm Sarah. I will bring the slides tomorrow."),
         ("Omar", "Hello, I'm Peter. The budget for the venue is not approved yet."),
         ("Dana", "Peter, can you send the budget to the client today?")]


def _frames(x: np.ndarray, seconds: float = 0.1) -> list[bytes]:
    n = int(seconds * SAMPLE_RATE)
    pcm = (np.clip(x, -1, 1) * 32767).astype("<i2")
    return [pcm[i: i + n].tobytes() for i in range(0, len(pcm), n)]


def _stream(live: LiveVoiceSession, x: np.ndarray, ahead: bool) -> list:
    segs = []
    for f in _frames(x):
        segs += live.feed(f)
        if ahead:
            live.work_ahead()
    return segs + live.close()


def test_live_vad_matches_silero_vad_and_knows_the_cut_once_a_pause_begins(speak, tmp_path: Path) -> None:
    x, _ = sf.read(str(speak(tmp_path / "v", TURNS)), dtype="float32")
    p = SegmentPolicy()
    assert len(silero_vad(Audio(x, "x", 0.0), p)) >= 3
    confirmed = 0
    for n in range(SAMPLE_RATE // 2, len(x), 1600):  # every 0.1 s, as frames arrive
        view = live_vad(x[:n], p)
        assert view.spans == silero_vad(Audio(x[:n], "x", 0.0), p)
        if view.ahead is None:
            continue
        # a pause has begun: 0.5 s later either it lasted and the span cut is exactly the one
        # named, or speech resumed and the span goes on past it
        later = {s.start: s for s in silero_vad(Audio(x[: n + SAMPLE_RATE // 2], "x", 0.0), p)}
        got = later[view.ahead.start]
        assert got.end == view.ahead.end or got.end > view.ahead.end + 0.2, (n, view, got)
        confirmed += got.end == view.ahead.end
    assert confirmed >= 3  # every turn's closing pause was seen before it was confirmed


def test_work_ahead_gives_the_same_segments_without_redoing_the_work(voice_backends, graph: Graph, space: str,
                                                                     speak, tmp_path: Path) -> None:
    emb, asr = voice_backends
    x, _ = sf.read(str(speak(tmp_path / "w", TURNS)), dtype="float32")
    plain = _stream(LiveVoiceSession(graph, None, space, "plain", speakers=emb, asr=asr), x, ahead=False)
    live = LiveVoiceSession(graph, None, space, "ahead", speakers=emb, asr=asr)
    fast = _stream(live, x, ahead=True)
    assert len(plain) == len(fast) >= 3

    def pattern(segs: list) -> list[int]:  # who spoke, as first-appearance order (ids differ per session)
        ids = list(dict.fromkeys(s.speaker for s in segs))
        return [ids.index(s.speaker) for s in segs]

    for a, b in zip(plain, fast, strict=True):
        assert (a.start, a.end, a.text) == (b.start, b.end, b.text)
    assert pattern(plain) == pattern(fast) and pattern(plain)[0] == pattern(plain)[-1] != pattern(plain)[1]
    # closed by the pause, every turn found its overlap check, transcript and embedding done
    assert all(s.timing["ahead"] == 2 for s in fast), [s.timing for s in fast]
    assert all(s.timing["asr_embed_s"] < 0.01 for s in fast)
    assert all(s.timing["ahead"] == 0 for s in plain)


def test_work_ahead_is_dropped_when_speech_resumes(voice_backends, graph: Graph, space: str) -> None:
    from bench.voice_data import PEOPLE, _espeak

    emb, asr = voice_backends
    v = {p.name: p for p in PEOPLE}["Omar"]
    with tempfile.TemporaryDirectory() as td:
        a = _espeak(v, "The budget for the venue is not approved.", v.pitch, v.speed, Path(td))
        b = _espeak(v, "The client is still waiting for it.", v.pitch, v.speed, Path(td))
    gap = lambda s: np.zeros(int(s * SAMPLE_RATE), np.float32)  # noqa: E731
    x = np.concatenate([gap(0.5), a, gap(0.25), b, gap(0.6)]) * 0.5  # a 0.25 s pause inside one turn
    x = x + np.random.default_rng(1).normal(0, 0.003, x.shape).astype(np.float32)
    live = LiveVoiceSession(graph, None, space, "resume", speakers=emb, asr=asr)
    segs = _stream(live, x, ahead=True)
    assert len(segs) == 1, [s.text for s in segs]  # one turn: the short pause did not cut it
    words = segs[0].text.lower()
    assert "budget" in words and "waiting" in words  # the whole turn, not the part before the pause
    assert live.wasted_s > 0  # work was done at the pause, then dropped
    assert segs[0].timing["ahead"] == 2


def test_segments_can_be_sent_before_they_are_written(voice_backends, graph: Graph, space: str, speak,
                                                      tmp_path: Path) -> None:
    emb, asr = voice_backends
    x, _ = sf.read(str(speak(tmp_path / "d", TURNS[:2])), dtype="float32")
    live = LiveVoiceSession(graph, None, space, "later", speakers=emb, asr=asr, write_now=False)
    frames = _frames(x)
    first: list = []
    for f in frames:
        first += live.feed(f)
        live.work_ahead()
        if first:
            break
    assert [s.id for s in first] == ["later-u0000"]
    assert not MessageRepository(graph).existing(space, ["later-u0000"])  # sent, not yet written
    live.flush()
    assert set(MessageRepository(graph).existing(space, ["later-u0000"])) == {"later-u0000"}
    rest = [s for f in frames[len(live.arrivals[0]):] for s in live.feed(f)] + live.close()
    ids = [s.id for s in first + rest]
    assert len(ids) == 2 and set(MessageRepository(graph).existing(space, ids)) == set(ids)  # close() writes
