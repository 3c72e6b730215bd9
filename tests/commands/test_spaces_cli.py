"""`polymem spaces`, `spaces delete`, and unknown names as errors with suggestions (exit 2)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from polymem.cli import main
from polymem.graph import Graph
from polymem.graph.spaces import SpaceRepository


def test_spaces_lists_each_space_with_its_counts(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["spaces", "--json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert (rows[club]["messages"], rows[club]["participants"], rows[club]["records"]) == (7, 3, 0)
    assert main(["spaces"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith(club + " "))
    assert line.split()[1:] == ["7", "3", "0"]


@pytest.mark.parametrize("argv", [
    ["ask", "Where is the dinner?", "--space", "{typo}"],
    ["ask", "Where is the dinner?", "--space", "{typo}", "--plan-only"],
    ["stats", "--space", "{typo}"],
    ["write", "--space", "{typo}", "--no-embed"],
    ["spaces", "delete", "{typo}", "--yes"],
])
def test_an_unknown_space_is_exit_2_naming_the_closest(club: str, argv: list[str],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    typo = club[:-1]  # one character short
    assert main([a.replace("{typo}", typo) for a in argv]) == 2
    err = capsys.readouterr().err
    assert f"no space {typo!r}" in err
    assert "did you mean:" in err and club in err


def test_an_unknown_asker_is_exit_2_naming_the_closest_participant(
        club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "Where do I live?", "--space", club, "--asker", "tobias", "--plan-only"]) == 2
    err = capsys.readouterr().err
    assert "no participant 'tobias'" in err and "did you mean: tobiah" in err


def test_an_asker_may_be_named_by_alias(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "Where do I live?", "--space", club, "--asker", "Toby", "--plan-only", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["asker"] == "tobiah"


def test_delete_asks_first_and_keeps_the_space_unless_confirmed(
        club: str, graph: Graph, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    repo = SpaceRepository(graph)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["spaces", "delete", club]) == 1
    assert "7 messages" in capsys.readouterr().err
    assert repo.exists(club)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no answer at all (closed stdin) is a no
    assert main(["spaces", "delete", club]) == 1
    assert repo.exists(club)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["spaces", "delete", club]) == 0
    assert not repo.exists(club)
    assert graph.read("MATCH (n {space: $s}) RETURN count(n) AS n", s=club)[0]["n"] == 0


def test_delete_with_yes_does_not_ask(club: str, graph: Graph, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["spaces", "delete", club, "--yes"]) == 0
    assert not SpaceRepository(graph).exists(club)


def test_a_failed_ingest_leaves_no_space(space: str, graph: Graph, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "no speaker"}\nnot json at all\n{"id": "b", "speaker": 7, "text": "x"}\n')
    assert main(["ingest", str(bad), "--space", space, "--no-embed", "--quiet"]) == 1
    assert main(["ingest", str(tmp_path / "missing.jsonl"), "--space", space, "--no-embed", "--quiet"]) == 2
    assert space not in SpaceRepository(graph).ids()
    assert main(["stats", "--space", space]) == 2
    assert f"no space {space!r}" in capsys.readouterr().err
