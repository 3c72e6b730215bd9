"""Importers under bad input: a wrong --format is refused with the likely one, every malformed line
is its own error while the valid lines are stored, bad paths and names exit cleanly, and a failed
ingest leaves no space behind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polymem.cli import main
from polymem.errors import InputError
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import load
from polymem.ingest.formats._sniff import sniff
from polymem.ingest.pipeline import Ingestor

GOOD = [{"id": "g1", "speaker": "ann", "text": "first valid line"},
        {"id": "g2", "speaker": "bob", "text": "second valid line"}]


def _space_exists(graph: Graph, space: str) -> bool:
    return bool(graph.read("MATCH (s:Space {id: $s}) RETURN s", s=space)
                or graph.read("MATCH (n {space: $s}) RETURN n LIMIT 1", s=space))


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(args)
    out = capsys.readouterr()
    return rc, out.out, out.err


def _groupchat(tmp_path: Path) -> Path:
    p = tmp_path / "scenario.json"
    p.write_text(json.dumps({"scenario_id": "s", "roster": [{"handle": "ann", "name": "Ann"}],
                             "messages": [{"id": f"m{i}", "speaker": "ann", "text": f"hello {i}"} for i in range(5)]},
                            indent=2))
    return p


@pytest.mark.parametrize("fmt", ["irc", "jsonl", "locomo", "meld"])
def test_wrong_format_is_refused_naming_the_likely_one(graph: Graph, space: str, tmp_path: Path, fmt: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    p = _groupchat(tmp_path)
    rc, _, err = _cli(["ingest", str(p), "--format", fmt, "--space", space, "--no-embed"], capsys)
    assert rc == 2 and f"--format {fmt} does not fit" in err and "pass --format groupchat" in err
    assert "Traceback" not in err and not _space_exists(graph, space)


def test_jsonl_and_irc_given_as_each_other(tmp_path: Path) -> None:
    jl = tmp_path / "a.jsonl"
    jl.write_text("".join(json.dumps(r) + "\n" for r in GOOD))
    irc = tmp_path / "b.ascii.txt"
    irc.write_text("[10:00] <ann> hi bob\n[10:01] <bob> hello ann\n=== carl joined\n")
    with pytest.raises(InputError, match="looks like jsonl"):
        list(load(jl, "irc"))
    with pytest.raises(InputError, match="looks like irc"):
        list(load(irc, "jsonl"))
    text = tmp_path / "notes.txt"
    text.write_text("just some notes\nnot a chat log\n")
    with pytest.raises(InputError, match="does not look like an IRC log"):
        list(load(text, "irc"))
    assert sniff(jl).fmt == "jsonl" and sniff(irc).fmt == "irc"


@pytest.mark.parametrize("bad,problem", [
    ('{"id": "b", "speaker": "ann", "text": "lone \\ud800 surrogate"}', "lone surrogate"),
    ('{"id": "b", "speaker": "\\udfff", "text": "surrogate speaker"}', "lone surrogate"),
    ('{"id": "b", "speaker": "ann", "text": "x", "meta": {"k": "\\ud800"}}', "lone surrogate"),
    ('{"id": "b", "speaker": "ann", "text": "x", "reply_to": "\\ud800"}', "lone surrogate"),
    ('{"id": "b", "speaker": "ann", "text": "x", "attachments": [{"caption": "\\ud800"}]}', "lone surrogate"),
    ('[' * 100_000 + ']' * 100_000, "nested too deeply"),
    ('{"id": "b", "speaker": "ann", "text": "x", "meta": ' + '{"a": ' * 5000 + '1' + '}' * 5001, "nested"),
    ('{"id": {"x": 1}, "speaker": "ann", "text": "x"}', "id must be"),
    ('{"id": true, "speaker": "ann", "text": "x"}', "id must be"),
    ('{"id": "b", "speaker": 7, "text": "x"}', "speaker"),
    ('{"id": "b", "speaker": "ann", "text": ["x"]}', "text"),
    ('{"id": "b", "speaker": "ann", "text": "x", "reply_to": 5.5}', "reply_to"),
    ('{"id": "b", "speaker": "ann", "text": "x", "reply_to": [{"a": 1}]}', "reply_to"),
    ('{"id": "b", "speaker": "ann", "text": "x", "addressees": 3}', "addressees"),
    ('{"id": "b", "speaker": "ann", "text": "x", "meta": {"a": [1]}}', "meta"),
    ('{"id": "b", "speaker": "ann", "text": "x", "meta": "flat"}', "meta"),
    ('{"id": "b", "speaker": "ann", "text": "x", "time": "yesterday"}', "time"),
    ('{"id": "b", "speaker": "ann", "text": "x", "time": [12]}', "time"),
    ('{"id": "b", "speaker": "ann", "text": "x", "attachments": "img.png"}', "attachments"),
    ('{"id": "b", "speaker": "ann", "text": "x", "channel": ""}', "channel"),
    ('"just a string"', "JSON object"),
])
def test_every_malformed_line_is_its_own_error(graph: Graph, space: str, tmp_path: Path, bad: str,
                                               problem: str) -> None:
    p = tmp_path / "bad.jsonl"
    p.write_text(json.dumps(GOOD[0]) + "\n" + bad + "\n" + json.dumps(GOOD[1]) + "\n")
    rep = Ingestor(graph, None).ingest(space, next(iter(load(p, "jsonl"))))
    assert [e.line for e in rep.errors] == [2] and problem in rep.errors[0].problem, rep.errors
    assert rep.written == 2 and MessageRepository(graph).stats(space)["messages"] == 2
    str(rep.errors[0]).encode("utf-8", "backslashreplace")  # printable


def test_cli_prints_surrogate_errors_without_traceback(space: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "s.jsonl"
    p.write_text('{"id": "\\ud800x", "speaker": "ann", "text": "bad id"}\n' + json.dumps(GOOD[0]) + "\n")
    for extra in ([], ["--json"]):
        rc, out, _ = _cli(["ingest", str(p), "--space", space, "--no-embed", *extra], capsys)
        assert rc == 1 and "lone surrogate" in out


def test_bom_is_accepted(graph: Graph, space: str, tmp_path: Path) -> None:
    p = tmp_path / "bom.jsonl"
    p.write_bytes(b"\xef\xbb\xbf" + "".join(json.dumps(r) + "\n" for r in GOOD).encode())
    rep = Ingestor(graph, None).ingest(space, next(iter(load(p, "jsonl"))))
    assert rep.errors == [] and rep.written == 2
    g = _groupchat(tmp_path)
    g.write_bytes(b"\xef\xbb\xbf" + g.read_bytes())
    assert len(list(next(iter(load(g, "groupchat"))).messages)) == 5  # type: ignore[arg-type]


def test_empty_file_warns_and_stores_nothing(graph: Graph, space: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "empty.jsonl"
    p.write_text("\n\n")
    rc, out, _ = _cli(["ingest", str(p), "--space", space, "--no-embed"], capsys)
    assert rc == 0 and "warning:" in out and "no messages" in out
    assert not _space_exists(graph, space)


def test_failed_ingest_leaves_no_space(graph: Graph, space: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "allbad.jsonl"
    p.write_text('{"id": "1"}\nnot json\n')
    p.with_suffix(".roster.json").write_text(json.dumps([{"id": "ann", "name": "Ann"}]))
    rc, _, _ = _cli(["ingest", str(p), "--space", space, "--no-embed"], capsys)
    assert rc == 1 and not _space_exists(graph, space)


@pytest.mark.parametrize("name", ["team\n", "", "-x", "a b", "x" * 101, "café"])
def test_invalid_space_name_is_a_clean_error(graph: Graph, tmp_path: Path, name: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "ok.jsonl"
    p.write_text(json.dumps(GOOD[0]) + "\n")
    rc, _, err = _cli(["ingest", str(p), f"--space={name}", "--no-embed"], capsys)
    assert rc == 2 and "space id" in err and "Traceback" not in err
    assert not graph.read("MATCH (s:Space {id: $s}) RETURN s", s=name)


def test_directory_as_file_is_a_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for fmt in ("jsonl", "groupchat", "meld", "auto"):
        rc, _, err = _cli(["ingest", str(tmp_path), "--format", fmt, "--space", "x", "--no-embed"], capsys)
        assert rc == 2 and "Traceback" not in err and str(tmp_path) in err
    rc, _, err = _cli(["ingest", str(tmp_path / "missing.jsonl"), "--space", "x", "--roster", str(tmp_path)], capsys)
    assert rc == 2


def test_id_reused_with_another_speaker_is_an_error(graph: Graph, space: str, tmp_path: Path) -> None:
    p = tmp_path / "dup.jsonl"
    p.write_text(json.dumps({"id": "1", "speaker": "ann", "text": "same text"}) + "\n"
                 + json.dumps({"id": "1", "speaker": "bob", "text": "same text"}) + "\n")
    rep = Ingestor(graph, None).ingest(space, next(iter(load(p, "jsonl"))))
    assert [e.line for e in rep.errors] == [2] and "different speaker" in rep.errors[0].problem
    again = tmp_path / "again.jsonl"
    again.write_text(json.dumps({"id": "1", "speaker": "bob", "text": "same text"}) + "\n")
    rep2 = Ingestor(graph, None).ingest(space, next(iter(load(again, "jsonl"))))
    assert len(rep2.errors) == 1 and "speaker differs" in rep2.errors[0].problem
    assert MessageRepository(graph).message(space, "1")["speaker"] == "ann"  # type: ignore[index]


def test_roster_names_are_sanitised(graph: Graph, space: str, tmp_path: Path) -> None:
    p = tmp_path / "r.jsonl"
    p.write_text(json.dumps({"id": "1", "speaker": "ann", "text": "hi"}) + "\n")
    p.with_suffix(".roster.json").write_text(json.dumps([{"id": "ann", "name": "An\u0000n\u0007 Lee",
                                                          "aliases": ["A\u0000"]}]))
    Ingestor(graph, None).ingest(space, next(iter(load(p, "jsonl"))))
    people = {x.id: x for x in MessageRepository(graph).roster(space)}
    assert people["ann"].name == "Ann Lee" and people["ann"].aliases == ["A"]
    g = tmp_path / "g.json"
    g.write_text(json.dumps({"scenario_id": "s", "roster": [{"handle": "bo\u0000b", "name": "B\u0000ob"}],
                             "messages": [{"id": "m", "speaker": "bob", "text": "x"}]}))
    conv = next(iter(load(g, "groupchat")))
    assert [(x.id, x.name) for x in conv.roster] == [("bob", "Bob")]
    g.write_text(json.dumps({"scenario_id": "s", "roster": [{"name": "no handle"}], "messages": []}))
    with pytest.raises(InputError, match="handle"):
        next(iter(load(g, "groupchat")))
