"""Name linking from transcripts, boundaries files, VAD and audio loading errors. No model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from polymem.errors import InputError
from polymem.ingest.voice.audio import SAMPLE_RATE, Audio, load_audio
from polymem.ingest.voice.names import decide_names, name_votes, self_introductions, vocatives
from polymem.ingest.voice.segment import SegmentPolicy, Span, overlapping, problem, read_boundaries, vad


def test_self_introductions_and_vocatives() -> None:
    assert self_introductions("Hi everyone, I'm Dana. Let's start.") == ["Dana"]
    assert self_introductions("this is Omar speaking") == ["Omar"]
    assert self_introductions("My name is Lena") == ["Lena"]
    assert self_introductions("I'm Sorry, I am Late") == []
    assert vocatives("Dana, can you book the room?") == ["Dana"]
    assert vocatives("that works, Omar?") == ["Omar"]
    assert vocatives("Thanks Lena") == ["Lena"]


def test_names_need_enough_votes_and_are_never_stolen() -> None:
    turns = [("v1", "Hi, I'm Dana."), ("v2", "Omar, what do you think?"), ("v3", "Fine."),
             ("v2", "Thanks Omar, and hi Dana"), ("v3", "Sure.")]
    votes = name_votes(turns)
    assert votes["v1"]["Dana"] == 2.0
    assert votes["v3"]["Omar"] == 2.0  # two vocatives, each answered by v3
    assert votes["v3"]["Dana"] == 1.0  # one weak vote is not enough
    names = decide_names(votes)
    assert names == {"v1": "Dana", "v3": "Omar"}
    # Dana already belongs to another stored voice: not moved to v1.
    assert "v1" not in decide_names(votes, {"Dana": "v9"})


def test_boundaries_file_parsing_and_errors(tmp_path: Path) -> None:
    f = tmp_path / "b.txt"
    f.write_text("# start end label\n0.0 1.5 a\n1.5,3.0,b\n\n3.5\t4.0\n")
    spans = read_boundaries(f)
    assert [(s.start, s.end, s.label) for s in spans] == [(0.0, 1.5, "a"), (1.5, 3.0, "b"), (3.5, 4.0, None)]
    f.write_text("0 1 a\n2 x b\n")
    with pytest.raises(InputError) as e:
        read_boundaries(f)
    assert e.value.line == 2 and "b.txt" in str(e.value)
    f.write_text("2 1\n")
    with pytest.raises(InputError, match="start < end"):
        read_boundaries(f)
    j = tmp_path / "b.json"
    j.write_text('[{"start": 0, "end": 1, "speaker": "x"}]')
    assert read_boundaries(j)[0].label == "x"
    assert overlapping([Span(0, 2), Span(1.5, 3), Span(3, 4)]) == {0, 1}


def _tone(seconds: float, amp: float = 0.3) -> np.ndarray:
    t = np.arange(int(seconds * SAMPLE_RATE)) / SAMPLE_RATE
    return (amp * np.sin(2 * np.pi * 220 * t)).astype(np.float32)


def test_energy_vad_finds_bursts_and_problems_are_counted() -> None:
    quiet = np.zeros(int(0.8 * SAMPLE_RATE), np.float32)
    x = np.concatenate([quiet, _tone(1.0), quiet, _tone(0.2), quiet, np.clip(_tone(1.0, 3.0), -1, 1), quiet])
    a = Audio(x, "mem.wav", 0.0)
    spans = vad(a, SegmentPolicy(vad="energy"))
    assert len(spans) == 3
    assert abs(spans[0].start - 0.8) < 0.15 and abs(spans[0].end - 1.8) < 0.15
    p = SegmentPolicy()
    assert problem(a, spans[0], p) is None
    assert problem(a, spans[1], p) == "too_short"
    assert problem(a, spans[2], p) == "clipped"
    assert problem(a, Span(0.0, 0.7), p) == "silence"
    assert vad(Audio(np.zeros(SAMPLE_RATE, np.float32), "s.wav", 0.0), SegmentPolicy(vad="energy")) == []


def test_silero_vad_keeps_speech_and_drops_a_loud_tone(speak, tmp_path: Path) -> None:
    """The packaged model (not energy): two spoken turns are found, a 1 s tone as loud is not speech."""
    wav = speak(tmp_path / "two", [("Dana", "The budget for the venue is still not approved."),
                                   ("Omar", "I will bring the slides and the printed agenda tomorrow.")])
    a = load_audio(wav)
    tone = np.concatenate([np.zeros(SAMPLE_RATE // 2, np.float32), _tone(1.0, 0.3), a.samples])
    spans = vad(Audio(tone, "t.wav", 0.0))
    ref = [tuple(map(float, line.split()[:2])) for line in wav.with_suffix(".txt").read_text().splitlines()]
    assert len(spans) == 2, spans
    for s, (start, end) in zip(spans, ref, strict=True):
        assert abs(s.start - 1.5 - start) < 0.25 and abs(s.end - 1.5 - end) < 0.25
    assert len(vad(Audio(tone, "t.wav", 0.0), SegmentPolicy(vad="energy"))) == 3  # energy takes the tone
    with pytest.raises(InputError, match="unknown VAD"):
        vad(a, SegmentPolicy(vad="nope"))


def test_audio_loading_errors(tmp_path: Path, voice_models: None) -> None:  # soundfile comes with the audio extra
    with pytest.raises(InputError, match="unsupported audio format"):
        load_audio(_touch(tmp_path / "a.m4a", b"x"))
    with pytest.raises(InputError, match="cannot decode"):
        load_audio(_touch(tmp_path / "a.wav", b"RIFF\x00\x00garbage" * 10))
    with pytest.raises(InputError, match="does not exist"):
        load_audio(tmp_path / "missing.wav")
    import soundfile as sf

    sf.write(str(tmp_path / "ok.flac"), _tone(0.5), 8000)
    a = load_audio(tmp_path / "ok.flac")
    assert a.seconds == pytest.approx(1.0, abs=0.01)  # 4000 samples at 8 kHz read as 0.5 s -> resampled


def _touch(p: Path, data: bytes) -> Path:
    p.write_bytes(data)
    return p
