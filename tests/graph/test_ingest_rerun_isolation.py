"""Half-way failures re-run to the exact content; spaces never touch each other."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor

SPEAKERS = ["ann", "bob", "cy", "dee"]


def _rows(n: int = 40) -> list[dict]:
    rows = []
    for i in range(n):
        sp = SPEAKERS[i % 4]
        text = f"{SPEAKERS[(i + 1) % 4]}: point {i}" if i % 3 == 0 else f"message {i} about the plan"
        row = {"id": f"m{i}", "speaker": sp, "text": text, "channel": f"c{i % 2}", "session": f"s{i // 10}",
               "time": f"2026-05-01T10:{i:02d}:00"}
        if i % 5 == 4:
            row["reply_to"] = f"m{i - 3}"
        rows.append(row)
    return rows


def _write(path: Path, rows: list[dict | str]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


def _ingest(graph: Graph, space: str, path: Path, batch: int = 6):
    return Ingestor(graph, None, batch_size=batch).ingest(space, next(iter(load(path, "jsonl"))))


@pytest.fixture
def ref_space(graph: Graph) -> Iterator[str]:
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    graph.write("MATCH (n {space: $s}) DETACH DELETE n", s=name)
    graph.write("MATCH (n:Space {id: $s}) DETACH DELETE n", s=name)


def _dump(repo: MessageRepository, space: str) -> tuple[list, list]:
    msgs = [repo.message(space, f"m{i}") for i in range(40)]
    keep = ("id", "text", "speaker", "time", "channel", "session", "seq", "addressees", "reply_to")
    return [{k: m[k] for k in keep} if m else None for m in msgs], repo.edges(space)


def test_first_half_then_whole_file_equals_one_clean_run(graph: Graph, space: str, ref_space: str,
                                                         tmp_path: Path) -> None:
    rows = _rows()
    full = tmp_path / "chat.jsonl"
    _write(full, rows[:17])  # the first run "died" after 17 lines
    _ingest(graph, space, full)
    _write(full, rows)
    rep = _ingest(graph, space, full)
    assert rep.written == 23 and rep.already_stored == 17 and rep.errors == []
    _ingest(graph, ref_space, full, batch=1000)
    repo = MessageRepository(graph)
    assert _dump(repo, space) == _dump(repo, ref_space)
    st = repo.stats(space)
    assert st["messages"] == 40 and st["replies"] == 8 and st["next_edges"] == 40 - 2  # one chain per channel


def test_malformed_line_in_the_middle_then_fixed(graph: Graph, space: str, ref_space: str, tmp_path: Path) -> None:
    rows: list[dict | str] = list(_rows())
    broken = rows.copy()
    broken[20] = '{"id": "m20", "speaker": "ann", "text": '
    path = _write(tmp_path / "chat.jsonl", broken)
    rep = _ingest(graph, space, path)
    assert [e.line for e in rep.errors] == [21]
    _write(path, rows)
    rep = _ingest(graph, space, path)
    assert rep.errors == [] and rep.written == 1
    _ingest(graph, ref_space, path)
    repo = MessageRepository(graph)
    # m20 arrived late; the NEXT chain is re-threaded around it, so everything matches a clean run.
    assert _dump(repo, space) == _dump(repo, ref_space)


def test_same_ids_in_two_spaces_do_not_touch(graph: Graph, space: str, ref_space: str, tmp_path: Path) -> None:
    a = _write(tmp_path / "a.jsonl", [{"id": "m1", "speaker": "ann", "text": "in space A"}])
    b = _write(tmp_path / "b.jsonl", [{"id": "m1", "speaker": "ann", "text": "in space B"},
                                      {"id": "m2", "speaker": "bob", "text": "only B"}])
    assert _ingest(graph, space, a).errors == []
    assert _ingest(graph, ref_space, b).errors == []  # same id, different text: no conflict across spaces
    repo = MessageRepository(graph)
    assert repo.message(space, "m1")["text"] == "in space A"  # type: ignore[index]
    assert repo.message(ref_space, "m1")["text"] == "in space B"  # type: ignore[index]
    assert repo.message(space, "m2") is None
    assert repo.stats(space)["messages"] == 1 and repo.stats(space)["participants"] == 1
    assert all(e["from_id"] != "m2" for e in repo.edges(space))
