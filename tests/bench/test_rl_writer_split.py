"""The RL split file: LoCoMo parts unchanged for the retrieval trainer, groupchat recorded for the writer."""

from __future__ import annotations

import json

from bench.memory_groupchat import GROUPCHAT
from bench.rl_data import SPLIT_FILE, split


def test_split_records_locomo_and_groupchat_without_overlap() -> None:
    assert split("train") == ["conv-26", "conv-30", "conv-41"]
    assert split("validation") == ["conv-42", "conv-43", "conv-44"]
    gc = json.loads(SPLIT_FILE.read_text(encoding="utf-8"))["groupchat"]
    assert gc["train"] == [] and len(gc["validation"]) == 8
    if GROUPCHAT.is_dir():
        assert all((GROUPCHAT / f"{n}.json").is_file() for n in gc["validation"])
