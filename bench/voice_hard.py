"""The harder synthetic set (`polymem bench voice --hard`): more people, overlap, back-channels,
reverberation, level changes and near-twin voices (issue 16 item 5). Seeded, espeak-ng + sox.

26 people in 4 scenarios of 5, 7 (DEV: A, B), 6 and 8 (TEST: C, D) people, 3 sessions ("weeks")
each; in weeks 2-3 one person may be absent. Every scenario holds near-twins: two people with the
same espeak voice and variant whose pitch differs by 10-14 and speed by 15-20 words/min, less than
two sessions' jitter apart (pitch ±6, speed ±10 %). On top of the easy set's noise and gain:
  * overlapping turns: ~20 % of turns start 0.3-0.9 s before the previous one ends (mixed audio;
    the reference span is the speaker's own, so its clip holds the other voice too);
  * back-channels ("Mm-hmm.", "Yeah.", "Uh-huh.", "Right.") by a listener after a turn, half of
    them overlapping its last 0.15-0.35 s;
  * reverberation by sox (`reverb`): the room gets more reverberant each week (25, 50, 75 %) and
    every person has a distance (wet gain and level) of their own;
  * level changes: per person ±6 dB, per utterance ±3 dB, and a 10 dB step halfway through week 2
    (the microphone moved); white noise at 30, 20, 15 dB SNR.
An addressed person (vocative) answers the next turn 70 % of the time, often briefly.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from bench.voice_data import LINES, SR, Voice, _espeak

HARD_PEOPLE = [
    # A (5, DEV): twins Anna/Bea
    Voice("Anna", "en-us+f1", 62, 160), Voice("Bea", "en-us+f1", 74, 142), Voice("Carl", "en-gb-x-rp+m2", 38, 165),
    Voice("Dora", "en-029+f4", 58, 150), Voice("Hugo", "en-gb-scotland+m6", 44, 172),
    # B (7, DEV): twins Frank/Gus, Iris/Jade
    Voice("Frank", "en-gb+m4", 40, 158), Voice("Gus", "en-gb+m4", 52, 176), Voice("Iris", "en-us-nyc+f3", 66, 150),
    Voice("Jade", "en-us-nyc+f3", 54, 168), Voice("Kofi", "en-029+m5", 36, 150), Voice("Lucy", "en-gb-x-gbclan+f5", 75, 162),
    Voice("Nick", "en-us+Alex", 48, 170),
    # C (6, TEST): twins Olga/Paula
    Voice("Olga", "en-gb-scotland+f2", 60, 155), Voice("Paula", "en-gb-scotland+f2", 72, 138),
    Voice("Quinn", "en-us+m7", 42, 165), Voice("Rosa", "en-gb-x-gbcwmd+f1", 68, 170), Voice("Sean", "en-us+Lee", 50, 150),
    Voice("Tina", "en+f5", 57, 180),
    # D (8, TEST): twins Umar/Victor, Wendy/Xena
    Voice("Umar", "en-us+m2", 45, 150), Voice("Victor", "en-us+m2", 34, 168), Voice("Wendy", "en-gb-x-rp+f4", 64, 148),
    Voice("Xena", "en-gb-x-rp+f4", 52, 165), Voice("Yusuf", "en-029+m3", 40, 178), Voice("Zara", "en-us-nyc+f2", 70, 158),
    Voice("Leo", "en-gb+Mike", 46, 160), Voice("Mona", "en-us+Andrea", 62, 145),
]
HARD_SCENARIOS = {"A": list(range(0, 5)), "B": list(range(5, 12)), "C": list(range(12, 18)), "D": list(range(18, 26))}
MORE_LINES = [
    "The printer on the second floor is jammed again.",
    "We should send the invoice before the end of the month.",
    "I moved the team lunch to the Italian place downstairs.",
    "The survey closes on Sunday, so please remind your friends.",
    "Our supplier raised the price of paper by ten percent.",
    "I can review the contract tonight if someone sends it.",
    "The parking garage will be closed for repairs next week.",
    "Let me check my calendar and get back to you later.",
    "The website was down for an hour this morning.",
    "We need two more volunteers for the open day.",
    "The heating in the meeting room is far too strong.",
    "I spoke to the landlord about the broken window.",
]
BACKCHANNEL = ["Mm-hmm.", "Yeah.", "Uh-huh.", "Right.", "Okay.", "Yes."]
ANSWERS = ["Sure, I can do that.", "Yes, I will.", "No, not yet.", "Okay, sounds good.", "I think so, yes."]
P_ANSWER, P_OVERLAP, P_BACKCHANNEL = 0.7, 0.2, 0.3


def _turns(rng: random.Random, people: list[Voice], session: int) -> list[tuple[Voice, str, str]]:
    """(person, text, kind) with kind in line / intro / answer / backchannel."""
    turns: list[tuple[Voice, str, str]] = []
    lines = LINES + MORE_LINES
    if session == 0:
        turns += [(p, f"Hi everyone, I'm {p.name}. " + rng.choice(lines), "intro") for p in people]
    prev: Voice | None = turns[-1][0] if turns else None
    for i, line in enumerate(rng.sample(lines, 2 * len(people))):
        p = rng.choice([q for q in people if q is not prev])
        addressed = i % 3 == 1
        other = rng.choice([q for q in people if q is not p])
        if addressed:
            line = f"{other.name}, {line[0].lower()}{line[1:]}"
        turns.append((p, line, "line"))
        prev = p
        if addressed and rng.random() < P_ANSWER:
            turns.append((other, rng.choice(ANSWERS + lines), "answer"))
            prev = other
        elif rng.random() < P_BACKCHANNEL:
            q = rng.choice([q for q in people if q is not prev])
            turns.append((q, rng.choice(BACKCHANNEL), "backchannel"))
            prev = q
    return turns


def _reverb(x: np.ndarray, reverberance: int, wet_db: float, tmp: Path) -> np.ndarray:
    import soundfile as sf

    src, dst = tmp / "dry.wav", tmp / "wet.wav"
    sf.write(str(src), x, SR, subtype="FLOAT")
    subprocess.run(["sox", str(src), str(dst), "reverb", str(reverberance), "50", "100", "100", "10",
                    f"{wet_db:.1f}"], check=True, capture_output=True)
    y, _ = sf.read(str(dst), dtype="float32")
    return y if y.ndim == 1 else y.mean(axis=1)


def _session(people: list[Voice], k: int, seed: int, scen: str, tmp: Path) -> tuple[np.ndarray, list[dict], dict]:
    rng = random.Random(f"hard-{seed}-{scen}-{k}")
    nrng = np.random.default_rng(seed * 1000 + k + 10 * ord(scen))
    prng = random.Random(f"hard-{seed}-{scen}-people")  # distances stay with a person all weeks
    dist = {p.name: (prng.uniform(-6.0, 0.0), prng.uniform(-6.0, 0.0)) for p in people}  # level dB, wet dB
    present = list(people)
    if k > 0 and rng.random() < 0.5:
        present.remove(rng.choice(people))
    room = [25, 50, 75][k]
    snr_db = [30.0, 20.0, 15.0][k]
    level = {p.name: dist[p.name][0] + rng.uniform(-3.0, 3.0) for p in present}
    placed: list[tuple[int, np.ndarray]] = []
    rows: list[dict] = []
    t = int(0.5 * SR)
    prev_end = t
    turns = _turns(rng, present, k)
    for i, (p, text, kind) in enumerate(turns):
        dry = _espeak(p, text, p.pitch + rng.randint(-6, 6), int(p.speed * rng.uniform(0.9, 1.1)), tmp)
        db = level[p.name] + rng.uniform(-3.0, 3.0) - (10.0 if k == 1 and i >= len(turns) // 2 else 0.0)
        wet = _reverb(dry * 10 ** (db / 20), room, dist[p.name][1], tmp)
        overlap = 0
        if kind == "backchannel" and rng.random() < 0.5:
            overlap = int(rng.uniform(0.15, 0.35) * SR)
        elif kind != "backchannel" and i > 0 and rng.random() < P_OVERLAP:
            overlap = int(rng.uniform(0.3, 0.9) * SR)
        gap = int(rng.uniform(0.4, 0.8) * SR)
        start = prev_end - overlap if overlap else prev_end + gap
        start = max(start, rows[-1]["start_i"] + int(0.3 * SR) if rows else start)
        end = start + len(dry)
        placed.append((start, wet))
        rows.append({"start_i": start, "start": round(start / SR, 3), "end": round(end / SR, 3), "speaker": p.name,
                     "text": text, "kind": kind, "overlap": bool(overlap)})
        if overlap and len(rows) > 1:
            rows[-2]["overlap"] = True
        prev_end = max(prev_end, end)
    sig = np.zeros(max(s + len(w) for s, w in placed) + int(0.5 * SR), np.float32)
    for s, w in placed:
        sig[s: s + len(w)] += w
    gain = 10 ** (rng.uniform(-12.0, -1.0) / 20.0)
    sig = sig / max(float(np.max(np.abs(sig))), 1e-6) * 0.8 * gain
    speech_rms = float(np.sqrt(np.mean(sig[np.abs(sig) > 1e-4] ** 2)))
    sig = sig + nrng.normal(0, speech_rms / 10 ** (snr_db / 20), sig.shape).astype(np.float32)
    for r in rows:
        r.pop("start_i")
    return np.clip(sig, -1, 1), rows, {"snr_db": snr_db, "gain": round(gain, 3), "reverberance": room,
                                       "absent": sorted({p.name for p in people} - {p.name for p in present})}


def build_hard(out: Path, seed: int = 7, force: bool = False) -> dict:
    """Writes out/<scenario>/s<k>.wav/.txt/.json like voice_data.build; returns the manifest."""
    manifest_path = out / "manifest.json"
    if manifest_path.exists() and not force:
        return json.loads(manifest_path.read_text())
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            raise RuntimeError(f"{tool} is missing: run scripts/voice-models (and apt-get install sox)")
    import soundfile as sf

    out.mkdir(parents=True, exist_ok=True)
    manifest: dict = {"seed": seed, "hard": True, "sessions": []}
    with tempfile.TemporaryDirectory() as td:
        for scen, idx in HARD_SCENARIOS.items():
            people = [HARD_PEOPLE[i] for i in idx]
            for k in range(3):
                sig, rows, info = _session(people, k, seed, scen, Path(td))
                base = out / scen / f"s{k}"
                base.parent.mkdir(parents=True, exist_ok=True)
                sf.write(str(base.with_suffix(".wav")), sig, SR, subtype="PCM_16")
                base.with_suffix(".txt").write_text(
                    "".join(f"{r['start']:.3f} {r['end']:.3f} {r['speaker']}\n" for r in rows))
                base.with_suffix(".json").write_text(json.dumps(rows, indent=1))
                manifest["sessions"].append({"scenario": scen, "session": k, "wav": str(base.with_suffix(".wav")),
                                             "boundaries": str(base.with_suffix(".txt")), **info,
                                             "utterances": rows})
    manifest_path.write_text(json.dumps(manifest, indent=1))
    return manifest
