"""Synthetic multi-party chat in the generic JSONL format, for ingest benchmarks (streamed out)."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

_WORDS = ("the venue slides deploy release budget meeting tomorrow friday coffee train Paris Berlin "
          "draft review ticket server logs fixed broken agree disagree maybe later lunch plan vote").split()


def write_synthetic(path: Path, n: int, *, speakers: int = 40, channels: int = 4, seed: int = 7) -> Path:
    """n messages: 40 speakers over 4 channels, sessions of 200, 20% replies, 15% @mentions or vocatives."""
    rnd = random.Random(seed)
    nicks = [f"user{i:03d}" for i in range(speakers)]
    t0 = datetime(2026, 1, 1, 9, 0)
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            sp = rnd.choice(nicks)
            words = " ".join(rnd.choice(_WORDS) for _ in range(rnd.randint(5, 25)))
            r = rnd.random()
            if r < 0.08:
                words = f"@{rnd.choice(nicks)} {words}"
            elif r < 0.15:
                words = f"{rnd.choice(nicks)}: {words}"
            row = {"id": f"m{i}", "speaker": sp, "text": words, "time": (t0 + timedelta(seconds=7 * i)).isoformat(),
                   "channel": f"c{i % channels}", "session": f"s{i // 200}"}
            if i > 4 and rnd.random() < 0.2:
                row["reply_to"] = f"m{i - rnd.randint(1, 4)}"
            f.write(json.dumps(row) + "\n")
    return path
