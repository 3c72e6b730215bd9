"""`polymem analytics` end to end on the real Neo4j: JSON output, plots on disk, write-back, bad input."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from polymem.cli import main
from polymem.graph import Graph
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message, Participant


def _chat(graph: Graph, space: str) -> None:
    """ann and bob talk a lot (in #a), cat and dan talk (in #b), bob and cat once."""
    t0 = datetime(2024, 3, 1, 9, tzinfo=UTC)
    lines = [("ann", "bob"), ("bob", "ann"), ("ann", "bob"), ("bob", "ann"),
             ("cat", "dan"), ("dan", "cat"), ("cat", "dan"), ("bob", "cat")]
    msgs = [Message(id=f"m{i}", text=f"@{to} hello number {i}", speaker=who, addressees=[to],
                    time=t0 + timedelta(minutes=i), channel="a" if i < 4 else "b", seq=i)
            for i, (who, to) in enumerate(lines)]
    conv = Conversation.model_construct(id="c", roster=[Participant(id=p) for p in ("ann", "bob", "cat", "dan")],
                                        channels=[], messages=msgs, addressees_given=True, source_file="t")
    Ingestor(graph, None).ingest(space, conv)


def test_cli_json_plots_and_write_back(graph: Graph, space: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    _chat(graph, space)
    rc = main(["analytics", "--space", space, "--json", "--plot", str(tmp_path), "--write-back", "--person", "bob"])
    assert rc == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["most_addressed"][:4] == [["ann", 2.0], ["bob", 2.0], ["cat", 2.0], ["dan", 2.0]]  # ties by id
    assert sorted(map(sorted, doc["communities"])) == [["ann", "bob"], ["cat", "dan"]]
    assert doc["bridges"]["cross_edges"] == [["bob", "cat", 1.0]]
    assert doc["reciprocity"]["overall"] == pytest.approx(4 / 5)
    assert doc["summary"]["addresses"][0] == ["ann", 2]
    assert doc["written_back"] == 4
    for name in ("network.png", "network.svg", "participation.png", "participation.svg"):
        assert (tmp_path / name).stat().st_size > 1000
    rows = graph.read("MATCH (p:Participant {space: $s}) RETURN p.id AS id, p.community AS c, "
                      "p.messages_count AS n ORDER BY id", s=space)
    assert [r["n"] for r in rows] == [2, 3, 2, 1]
    assert rows[0]["c"] == rows[1]["c"] != rows[2]["c"] == rows[3]["c"]


def test_cli_channel_and_window(graph: Graph, space: str, capsys: pytest.CaptureFixture[str]) -> None:
    _chat(graph, space)
    assert main(["analytics", "--space", space, "--channel", "b", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {p["id"] for p in doc["people"] if p["messages"]} == {"bob", "cat", "dan"}
    assert main(["analytics", "--space", space, "--since", "2024-03-01T09:00", "--until", "2024-03-01T09:02",
                 "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sum(p["messages"] for p in doc["people"]) == 2


def test_cli_bad_input(graph: Graph, space: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analytics", "--space", space, "--since", "yesterday"]) == 2
    assert "not an ISO date" in capsys.readouterr().err
    assert main(["analytics", "--space", space]) == 2  # empty space
    assert "no messages" in capsys.readouterr().err
