"""The fault bench's bad-input harness: it counts tracebacks, lost lines and leftover spaces, and the
current importers pass a sample of its cases (the whole set runs in `polymem bench faults`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import faults_inputs as fi
from polymem.graph import Graph


def test_the_set_is_large_and_named() -> None:
    assert len(fi.CASES) >= 50
    assert len({c.name for c in fi.CASES}) == len(fi.CASES)


def test_a_sample_of_cases_passes(graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wanted = ["valid control", "lone surrogate in text", "deeply nested array line", "UTF-8 byte-order mark",
              "empty file", "same id, other speaker", "groupchat JSON as --format irc", "directory as the file",
              "space name with trailing newline", "roster with NUL names"]
    monkeypatch.setattr(fi, "CASES", [c for c in fi.CASES if c.name in wanted])
    lines: list[str] = []
    out = fi.run_cases(graph, tmp_path, "test-faults", lines.append)
    assert sorted(o.case for o in out) == sorted(wanted)
    bad = [(o.case, o.message) for o in out if o.traceback or o.lost or o.junk or o.space_left]
    assert bad == []
    assert sum(o.stored for o in out) == 12  # 2 valid lines in each of 6 cases, none in the 4 refused ones
    assert all(ln.startswith("  ok") for ln in lines)


def test_a_traceback_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(argv: list[str]) -> int:
        raise RecursionError("deep")

    monkeypatch.setattr("polymem.cli.main", boom)
    rc, tb, text = fi._run_cli(["ingest", "x"])
    assert rc is None and tb and "RecursionError" in text
