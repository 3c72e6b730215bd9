"""The write-through recipe (examples/write_through_bot.py) against the real server and Neo4j:
every message stored once, every one covered by a Writer run, records derived as the chat goes."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.records import RecordRepository

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "write_through_bot.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("write_through_bot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_write_through_stores_and_writes_every_message(api_url: str, graph: Graph, space: str,
                                                       keys: Callable[..., str]) -> None:
    wt = _example()
    key = keys(space)
    msgs = wt.demo_messages(15, prefix="t")
    bot = wt.WriteThrough(api_url, key, space, wt.DEMO_ROSTER)
    wt.replay(bot, msgs, rate=10)
    assert bot.errors == []
    assert sorted(bot.sent) == sorted(m["id"] for m in msgs) == sorted(bot.covered)
    assert len(bot.latencies()) == 15 and sum(r["messages"] for r in bot.runs) == 15
    assert MessageRepository(graph).stats(space)["messages"] == 15
    repo = RecordRepository(graph)
    assert repo.unprocessed(space, "rules") == 0  # the Writer saw every message
    owners = {r.owner for r in repo.heads(space)}
    assert owners & {"noor", "teodor", "amalia"}, owners  # "I work as a glassblower" and the like
    # a bot that resends after a timeout stores nothing twice
    again = wt.WriteThrough(api_url, key, space)
    wt.replay(again, msgs[:3], rate=50)
    assert again.errors == [] and MessageRepository(graph).stats(space)["messages"] == 15


def test_example_cli_reports_latencies(api_url: str, space: str, keys: Callable[..., str],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    wt = _example()
    assert wt.main(["--url", api_url, "--key", keys(space), "--space", space, "--messages", "6", "--rate", "20"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["messages"] == out["covered"] == 6 and out["p95_s"] is not None and out["errors"] == []
