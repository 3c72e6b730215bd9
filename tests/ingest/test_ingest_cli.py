"""`polymem ingest`: summary, exit codes, multi-conversation files, --conversation, --roster, auto."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import ingest_slices as slices
import pytest

from polymem.cli import main
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository


def _summary(capsys: pytest.CaptureFixture[str]) -> dict:
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def cleanup(graph: Graph) -> Iterator[list[str]]:
    made: list[str] = []
    yield made
    for s in made:
        graph.write("MATCH (n {space: $s}) DETACH DELETE n", s=s)
        graph.write("MATCH (n:Space {id: $s}) DETACH DELETE n", s=s)


def test_ingest_jsonl_summary_and_rerun(space: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, want = slices.jsonl(tmp_path)
    assert main(["ingest", str(path), "--space", space, "--no-embed", "--json"]) == 0
    s = _summary(capsys)
    assert s["messages_written"] == want["messages"] and s["errors"] == 0
    assert s["edges"]["replies"] == want["replies"] and s["addressees_given"] == 1
    assert s["addressees_inferred"]["vocative"] == 1 and s["addressees_inferred"]["mention"] == 1
    assert main(["ingest", str(path), "--space", space, "--no-embed", "--json"]) == 0
    again = _summary(capsys)
    assert again["messages_written"] == 0 and again["already_stored"] == want["messages"]


def test_rejected_line_gives_exit_1_and_names_file_line(space: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "bad.jsonl"
    p.write_text('{"id": "1", "speaker": "a", "text": "ok"}\nnot json\n')
    assert main(["ingest", str(p), "--space", space, "--no-embed"]) == 1
    out = capsys.readouterr().out
    assert f"{p}:2: malformed JSON" in out and "errors:       1" in out and "seconds:" in out


def test_multi_conversation_file_goes_to_one_space_each(graph: Graph, space: str, tmp_path: Path,
                                                        shared_data: Path, cleanup: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    raw = json.loads((shared_data / "locomo" / "locomo10_shared.json").read_text())[:2]
    for s in raw:  # one session each keeps it fast
        s["conversation"] = {k: v for k, v in s["conversation"].items()
                             if k.startswith("speaker_") or k in ("session_1", "session_1_date_time")}
    p = tmp_path / "two.json"
    p.write_text(json.dumps(raw))
    ids = [s["sample_id"] for s in raw]
    cleanup.extend(f"{space}.{i}" for i in ids)
    assert main(["ingest", str(p), "--format", "auto", "--space", space, "--no-embed", "--json"]) == 0
    assert _summary(capsys)["spaces"] == sorted(f"{space}.{i}" for i in ids)
    repo = MessageRepository(graph)
    for s in raw:
        assert repo.stats(f"{space}.{s['sample_id']}")["messages"] == len(s["conversation"]["session_1"])
    assert main(["ingest", str(p), "--space", space, "--conversation", ids[1], "--no-embed", "--json"]) == 0
    assert _summary(capsys)["spaces"] == [space]
    assert repo.speakers(space) == sorted({t["speaker"] for t in raw[1]["conversation"]["session_1"]})
    assert main(["ingest", str(p), "--space", space, "--conversation", "nope", "--no-embed"]) == 2


def test_roster_option_adds_aliases(graph: Graph, space: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "r.jsonl"
    p.write_text('{"id": "1", "speaker": "bo", "text": "hi"}\n{"id": "2", "speaker": "ana", "text": "Bobo, lunch?"}\n')
    roster = tmp_path / "people.json"
    roster.write_text(json.dumps([{"id": "bo", "name": "Bo Chen", "aliases": ["Bobo"]}]))
    assert main(["ingest", str(p), "--space", space, "--roster", str(roster), "--no-embed", "--json"]) == 0
    capsys.readouterr()
    m = MessageRepository(graph).message(space, "2")
    assert m is not None and [(a["id"], a["how"]) for a in m["addressees"]] == [("bo", "vocative")]


def test_embeddings_are_written(graph: Graph, space: str, tmp_path: Path, embedder: object,
                                capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = slices.jsonl(tmp_path)
    assert main(["ingest", str(path), "--space", space, "--json"]) == 0
    capsys.readouterr()
    m = MessageRepository(graph).message(space, "m1")
    assert m is not None and m["embedded"] is True
