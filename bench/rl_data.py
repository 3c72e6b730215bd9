"""Questions for RL training/validation of retrieval policies, from the fixed split in bench/data/rl_split.json."""

from __future__ import annotations

import json
from pathlib import Path

from bench import datasets
from bench.datasets import BenchConv
from polymem.retrieval.policy.replay import Item

SPLIT_FILE = Path(__file__).resolve().parent / "data" / "rl_split.json"


def split(part: str, path: Path = SPLIT_FILE) -> list[str]:
    d = json.loads(Path(path).read_text(encoding="utf-8"))
    if part not in d["locomo"]:
        raise ValueError(f"no part {part!r} in {path} (have {sorted(d['locomo'])})")
    return list(d["locomo"][part])


def locomo_convs(part: str, path: Path = SPLIT_FILE, data: Path = datasets.LOCOMO_FILE) -> list[BenchConv]:
    want = set(split(part, path))
    return [c for c in datasets.locomo(data) if c.conv_id in want]


def items(convs: list[BenchConv], limit: int | None = None) -> list[Item]:
    """Scored LoCoMo questions (not adversarial, with known evidence), at most `limit` per conversation."""
    out: list[Item] = []
    for c in convs:
        qs = [qa for qa in c.qa if qa.kind != "adversarial" and qa.evidence]
        out += [Item(qa.id, c.space, qa.question, list(qa.evidence)) for qa in datasets.subsample(qs, limit)]
    return out
