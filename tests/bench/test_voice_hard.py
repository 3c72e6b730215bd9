"""The harder synthetic voice set (bench/voice_hard.py) really holds what it promises: 5-8 people
per scenario, overlapping turns in the mixed audio, back-channels, near-twins, reverberation,
level changes; reproducible from its seed; the easy set is untouched."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf

from bench.voice_data import build
from bench.voice_hard import HARD_PEOPLE, HARD_SCENARIOS, _reverb

pytestmark = pytest.mark.skipif(not (shutil.which("espeak-ng") and shutil.which("sox")), reason="espeak-ng, sox")


@pytest.fixture(scope="module")
def hard(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("hard")
    return out, build(out, seed=3, hard=True)


def test_sessions_are_crowded_overlapping_and_varied(hard: tuple[Path, dict]) -> None:
    _, m = hard
    assert m["hard"] and len(m["sessions"]) == 12
    for scen, idx in HARD_SCENARIOS.items():
        assert 5 <= len(idx) <= 8
        week1 = next(s for s in m["sessions"] if s["scenario"] == scen and s["session"] == 0)
        assert {u["speaker"] for u in week1["utterances"]} == {HARD_PEOPLE[i].name for i in idx}
        assert any(HARD_PEOPLE[i].voice == HARD_PEOPLE[j].voice for i in idx for j in idx if i < j)  # twins
    rows = [u for s in m["sessions"] for u in s["utterances"]]
    kinds = Counter(u["kind"] for u in rows)
    assert kinds["backchannel"] >= 8 and kinds["answer"] >= 8 and kinds["intro"] == len(HARD_PEOPLE)
    assert sum(u["overlap"] for u in rows) >= 0.15 * len(rows)
    assert [s["reverberance"] for s in m["sessions"][:3]] == [25, 50, 75]
    for s in m["sessions"]:
        us = s["utterances"]
        overl = [(a, b) for a, b in zip(us, us[1:], strict=False) if b["start"] < a["end"]]
        assert all(a["overlap"] and b["overlap"] for a, b in overl)
        x, sr = sf.read(s["wav"], dtype="float32")
        assert sr == 16_000 and len(x) / sr >= us[-1]["end"]


def test_overlap_is_in_the_audio_and_reverb_adds_a_tail(hard: tuple[Path, dict]) -> None:
    _, m = hard
    s = next(s for s in m["sessions"] if any(u["overlap"] and u["kind"] == "line" for u in s["utterances"]))
    x, sr = sf.read(s["wav"], dtype="float32")
    us = s["utterances"]
    a, b = next((a, b) for a, b in zip(us, us[1:], strict=False) if b["start"] < a["end"] - 0.2)
    both = x[int(b["start"] * sr): int(a["end"] * sr)]
    alone = x[int(a["start"] * sr): int(b["start"] * sr)]
    assert np.sqrt(np.mean(both ** 2)) > 0.5 * np.sqrt(np.mean(alone ** 2))  # a second voice, not silence
    click = np.zeros(16_000, np.float32)
    click[100] = 0.5
    tail = _reverb(click, 75, 0.0, Path(s["wav"]).parent)
    assert len(tail) >= len(click) and np.abs(tail[4000:]).max() > 1e-3  # energy long after the impulse


def test_same_seed_same_set_and_the_easy_set_is_unchanged(hard: tuple[Path, dict], tmp_path: Path) -> None:
    out, m = hard
    again = build(tmp_path / "again", seed=3, hard=True)
    strip = [[{k: v for k, v in u.items()} for u in s["utterances"]] for s in m["sessions"]]
    assert strip == [s["utterances"] for s in again["sessions"]]
    easy = build(tmp_path / "easy", seed=7)
    assert "hard" not in easy and len(easy["sessions"]) == 12
    assert sum(len(s["utterances"]) for s in easy["sessions"]) == 120
    assert json.loads((out / "manifest.json").read_text())["seed"] == 3
