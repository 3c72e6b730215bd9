"""Bad inputs: each gets an InputError naming file and line, and nothing stored changes."""

from __future__ import annotations

import json
import unicodedata
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor, IngestReport
from polymem.schema.models import MAX_TEXT_CHARS


def _write(path: Path, lines: list[str | dict]) -> Path:
    path.write_text("".join((ln if isinstance(ln, str) else json.dumps(ln)) + "\n" for ln in lines), encoding="utf-8")
    return path


def _ingest(graph: Graph, space: str, path: Path, fmt: str = "jsonl") -> IngestReport:
    return Ingestor(graph, None, batch_size=3).ingest(space, next(iter(load(path, fmt))))


def test_malformed_json_line_is_named_and_others_stored(graph: Graph, space: str, tmp_path: Path) -> None:
    p = _write(tmp_path / "a.jsonl", [{"id": "1", "speaker": "ann", "text": "hi"}, '{"id": "2", "speaker": ',
                                      {"id": "3", "speaker": "bob", "text": "hello"}])
    rep = _ingest(graph, space, p)
    assert [(e.file, e.line) for e in rep.errors] == [(str(p), 2)]
    assert "malformed JSON" in str(rep.errors[0]) and str(p) in str(rep.errors[0])
    assert MessageRepository(graph).stats(space)["messages"] == 2


@pytest.mark.parametrize("row,problem", [
    ({"id": "2", "text": "no speaker"}, "missing speaker"),
    ({"id": "2", "speaker": "bob", "text": "   "}, "empty"),
    ({"id": "2", "speaker": "bob", "text": ""}, "missing text"),
    ({"id": "2", "speaker": "bob", "text": "x", "colour": "red"}, "unknown field"),
    ([1, 2], "JSON object"),
])
def test_bad_records_are_rejected_with_line(graph: Graph, space: str, tmp_path: Path, row: object,
                                            problem: str) -> None:
    p = _write(tmp_path / "b.jsonl", [{"id": "1", "speaker": "ann", "text": "hi"}, json.dumps(row)])
    rep = _ingest(graph, space, p)
    assert len(rep.errors) == 1 and rep.errors[0].line == 2 and problem in rep.errors[0].problem
    assert MessageRepository(graph).stats(space)["messages"] == 1


def test_one_megabyte_accepted_more_rejected(graph: Graph, space: str, tmp_path: Path) -> None:
    big = ("lorem ipsum " * (MAX_TEXT_CHARS // 12 + 1))[:MAX_TEXT_CHARS]
    p = _write(tmp_path / "c.jsonl", [{"id": "ok", "speaker": "ann", "text": big},
                                      {"id": "too", "speaker": "ann", "text": big + "x"}])
    rep = _ingest(graph, space, p)
    assert [e.line for e in rep.errors] == [2] and "limit" in rep.errors[0].problem
    stored = MessageRepository(graph).message(space, "ok")
    assert stored is not None and len(stored["text"]) == MAX_TEXT_CHARS
    assert MessageRepository(graph).message(space, "too") is None


def test_odd_unicode_is_stored_nfc_without_controls(graph: Graph, space: str, tmp_path: Path) -> None:
    texts = {"emoji": "party 🎉👩‍👩‍👧 time", "rtl": "שלום עולם and مرحبا", "combining": "cafe\u0301 Zoe\u0308",
             "nul": "a\u0000b\u0007c\ttab\nline"}
    p = _write(tmp_path / "u.jsonl", [{"id": k, "speaker": "Zoë", "text": v} for k, v in texts.items()])
    assert _ingest(graph, space, p).errors == []
    repo = MessageRepository(graph)
    for k, v in texts.items():
        want = "".join(c for c in unicodedata.normalize("NFC", v) if c in "\n\t" or unicodedata.category(c) != "Cc")
        m = repo.message(space, k)
        assert m is not None and m["text"] == want
    assert repo.message(space, "combining")["text"] == "café Zoë"  # type: ignore[index]
    assert repo.message(space, "nul")["text"] == "abc\ttab\nline"  # type: ignore[index]


def test_duplicate_ids_with_different_text(graph: Graph, space: str, tmp_path: Path) -> None:
    p = _write(tmp_path / "d.jsonl", [{"id": "1", "speaker": "ann", "text": "first"},
                                      {"id": "1", "speaker": "ann", "text": "second"}])
    rep = _ingest(graph, space, p)
    assert [e.line for e in rep.errors] == [2] and "duplicate" in rep.errors[0].problem
    repo = MessageRepository(graph)
    assert repo.message(space, "1")["text"] == "first"  # type: ignore[index]
    before = repo.totals(space)
    p2 = _write(tmp_path / "e.jsonl", [{"id": "1", "speaker": "ann", "text": "changed later"}])
    rep2 = _ingest(graph, space, p2)
    assert len(rep2.errors) == 1 and "already stored with different text" in rep2.errors[0].problem
    assert repo.message(space, "1")["text"] == "first"  # type: ignore[index]
    assert repo.totals(space) == before


@pytest.fixture
def other_space(graph: Graph) -> Iterator[str]:
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    graph.write("MATCH (n {space: $s}) DETACH DELETE n", s=name)
    graph.write("MATCH (n:Space {id: $s}) DETACH DELETE n", s=name)


def test_injection_names_are_stored_literally(graph: Graph, space: str, other_space: str, tmp_path: Path) -> None:
    evil = "x'}) DETACH DELETE n //"
    sentinel = _write(tmp_path / "s.jsonl", [{"id": "keep", "speaker": "ann", "text": "do not delete me"}])
    _ingest(graph, other_space, sentinel)
    repo = MessageRepository(graph)
    before = repo.totals(other_space)
    p = _write(tmp_path / "x.jsonl", [{"id": evil, "speaker": evil, "text": f"@{evil} {evil}", "channel": evil,
                                       "session": evil, "reply_to": evil}])
    assert _ingest(graph, space, p).errors == []
    m = repo.message(space, evil)
    assert m is not None and m["speaker"] == evil and m["channel"] == evil and m["text"] == f"@{evil} {evil}"
    assert repo.speakers(space) == [evil]
    assert repo.totals(other_space) == before


def test_strict_rejects_speakers_outside_the_roster(graph: Graph, space: str, tmp_path: Path) -> None:
    p = _write(tmp_path / "r.jsonl", [{"id": "1", "speaker": "ann", "text": "hi"},
                                      {"id": "2", "speaker": "mallory", "text": "hi"}])
    p.with_suffix(".roster.json").write_text(json.dumps([{"id": "ann", "name": "Ann"}]))
    rep = Ingestor(graph, None).ingest(space, next(iter(load(p, "jsonl"))), strict=True)
    assert [e.line for e in rep.errors] == [2] and "roster" in rep.errors[0].problem


def test_malformed_meld_csv_line(graph: Graph, space: str, tmp_path: Path) -> None:
    head = "Sr No.,Utterance,Speaker,Emotion,Sentiment,Dialogue_ID,Utterance_ID,Season,Episode,StartTime,EndTime\n"
    good = '1,"Hi, you.",Monica,joy,positive,0,0,1,1,"00:00:01,000","00:00:02,000"\n'
    short = "2,oops,Ross\n"
    bad_id = '3,"What?",Ross,neutral,neutral,zero,1,1,1,"00:00:03,000","00:00:04,000"\n'
    p = tmp_path / "m.csv"
    p.write_text(head + good + short + bad_id + good.replace("1,", "4,", 1).replace(",0,0,", ",0,3,"))
    rep = _ingest(graph, space, p, "meld")
    assert [e.line for e in rep.errors] == [3, 4]
    assert "columns" in rep.errors[0].problem and "numbers" in rep.errors[1].problem
    assert MessageRepository(graph).stats(space)["messages"] == 2
