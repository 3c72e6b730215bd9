"""Conversation order: one NEXT chain per channel and a monotonic seq, whatever the batches, files or
concurrency; by time, then source position; a late message is threaded into its place."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.order import Arrival, Slot, place
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message

T0 = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


def _conv(msgs: list[Message], src: str | None = None) -> Conversation:
    return Conversation.model_construct(id="c", roster=[], channels=[], messages=iter(msgs),
                                        addressees_given=False, source_file=src)


def _msg(i: int, minute: int | None, channel: str = "main", session: str | None = None) -> Message:
    t = T0 + timedelta(minutes=minute) if minute is not None else None
    return Message(id=f"m{i}", speaker=f"p{i % 3}", text=f"message {i}", time=t, channel=channel,
                   session=session, seq=i)


def _order(graph: Graph, space: str, channel: str | None = None) -> list[str]:
    rows = graph.read("MATCH (m:Message {space: $s}) WHERE $c IS NULL OR m.channel = $c "
                      "RETURN m.id AS id ORDER BY m.seq", s=space, c=channel)
    return [r["id"] for r in rows]


def _chain(graph: Graph, space: str, channel: str) -> list[str]:
    """The channel's messages walked along NEXT from its head."""
    rows = graph.read("""
        MATCH (h:Message {space: $s, channel: $c}) WHERE NOT EXISTS { (:Message)-[:NEXT]->(h) }
        MATCH p = (h)-[:NEXT*0..]->(x) WHERE NOT EXISTS { (x)-[:NEXT]->() }
        RETURN [n IN nodes(p) | n.id] AS ids""", s=space, c=channel)
    assert len(rows) == 1, f"{len(rows)} chains in channel {channel}"
    return rows[0]["ids"]


def _healthy(repo: MessageRepository, space: str) -> dict:
    audit = repo.order_audit(space)
    assert audit["violations"] == 0, audit
    return audit


# ---- placement, without the database -----------------------------------------------------------

def test_place_by_time_then_source_position() -> None:
    region = [Slot(id="a", channel="c", eff=10, src="f", pos=1, seq=5),
              Slot(id="c", channel="c", eff=10, src="f", pos=3, seq=6),
              Slot(id="d", channel="c", eff=30, src="g", pos=1, seq=7)]
    out = place(region, [Arrival(id="b", channel="c", time=10, src="f", pos=2),  # same time: by line
                         Arrival(id="x", channel="c", time=20, src="h", pos=1),  # late: before d
                         Arrival(id="y", channel="c", time=None, src="h", pos=2, after="x"),  # untimed: after x
                         Arrival(id="z", channel="c", time=10, src="api", pos=9)])  # same time, other source
    assert [s.id for s in out] == ["a", "b", "c", "z", "x", "y", "d"]


def test_place_untimed_first_line_goes_before_the_next_stored_one() -> None:
    region = [Slot(id="l2", channel="c", eff=-1, src="f", pos=2, seq=1)]
    out = place(region, [Arrival(id="l1", channel="c", time=None, src="f", pos=1, before="l2")])
    assert [s.id for s in out] == ["l1", "l2"]
    appended = place(region, [Arrival(id="n", channel="c", time=None, src=None, pos=1)])
    assert [s.id for s in appended] == ["l2", "n"]


# ---- against Neo4j -----------------------------------------------------------------------------

def test_sequential_batches_into_one_channel_make_one_chain(graph: Graph, space: str) -> None:
    ing = Ingestor(graph, None)
    for b in range(3):  # three separate calls, as three API requests would be
        ing.ingest(space, _conv([_msg(b * 4 + i, None) for i in range(4)]))
    repo = MessageRepository(graph)
    audit = _healthy(repo, space)
    assert audit["chains"] == 1 and audit["next_edges"] == 11
    assert _chain(graph, space, "main") == [f"m{i}" for i in range(12)] == _order(graph, space)


def test_two_files_into_one_channel_are_merged_by_time(graph: Graph, space: str, tmp_path: Path) -> None:
    def write(name: str, rows: list[tuple[str, int]]) -> Path:
        p = tmp_path / name
        p.write_text("".join(json.dumps({"id": i, "speaker": "ann", "text": f"text of {i}",
                                         "time": (T0 + timedelta(minutes=m)).isoformat()}) + "\n" for i, m in rows))
        return p

    later = write("b.jsonl", [("b1", 30), ("b2", 31), ("b3", 50)])
    earlier = write("a.jsonl", [("a1", 1), ("a2", 2), ("a3", 40)])  # ingested second, interleaves
    ing = Ingestor(graph, None, batch_size=2)
    for p in (later, earlier):
        assert ing.ingest(space, next(iter(load(p, "jsonl")))).errors == []
    want = ["a1", "a2", "b1", "b2", "a3", "b3"]
    assert _order(graph, space) == want == _chain(graph, space, "main")
    seqs = [r["seq"] for r in graph.read("MATCH (m:Message {space: $s}) RETURN m.seq AS seq ORDER BY seq", s=space)]
    assert seqs == list(range(1, 7))  # not both files starting at 1
    _healthy(MessageRepository(graph), space)


def test_late_message_is_threaded_into_its_place(graph: Graph, space: str) -> None:
    ing = Ingestor(graph, None)
    ing.ingest(space, _conv([_msg(i, i * 10, channel="a" if i % 2 else "b") for i in range(6)]))
    ing.ingest(space, _conv([Message(id="late", speaker="p1", text="sent at minute 25, arrived last",
                                     time=T0 + timedelta(minutes=25), channel="a")]))
    assert _order(graph, space) == ["m0", "m1", "m2", "late", "m3", "m4", "m5"]
    assert _chain(graph, space, "a") == ["m1", "late", "m3", "m5"]
    assert _chain(graph, space, "b") == ["m0", "m2", "m4"]
    _healthy(MessageRepository(graph), space)


def test_sessions_share_their_channel_chain(graph: Graph, space: str) -> None:
    msgs = [_msg(i, i, session=f"s{i // 3}") for i in range(9)]
    Ingestor(graph, None, batch_size=2).ingest(space, _conv(msgs))
    assert _chain(graph, space, "main") == [f"m{i}" for i in range(9)]


def test_concurrent_writers_into_one_channel(graph: Graph, space: str) -> None:
    """12 clients, 10 batches each, timed so their messages interleave: one chain, no duplicated seq."""
    def client(c: int) -> None:
        ing = Ingestor(graph, None, infer_addressees=False)
        for b in range(10):
            minute = b * 12 + c
            ing.ingest(space, _conv([Message(id=f"c{c}b{b}m{k}", speaker=f"p{c}", text=f"client {c} batch {b} {k}",
                                             time=T0 + timedelta(minutes=minute, seconds=k))
                                     for k in range(3)]))

    with ThreadPoolExecutor(12) as pool:
        list(pool.map(client, range(12)))
    audit = _healthy(MessageRepository(graph), space)
    assert audit["messages"] == 360 and audit["chains"] == 1 and audit["next_edges"] == 359
    times = [r["t"] for r in graph.read("MATCH (m:Message {space: $s}) RETURN m.time AS t ORDER BY m.seq", s=space)]
    assert times == sorted(times)


def test_rerun_of_untimed_file_fills_gaps_in_place(graph: Graph, space: str, tmp_path: Path) -> None:
    rows = [{"id": f"u{i}", "speaker": "ann", "text": f"untimed line {i}"} for i in range(8)]
    p = tmp_path / "u.jsonl"
    broken = [json.dumps(r) for r in rows]
    broken[0], broken[4] = '{"id": "u0", "speaker": ', '{"id": "u4"'
    p.write_text("\n".join(broken) + "\n")
    ing = Ingestor(graph, None, batch_size=3)
    assert len(ing.ingest(space, next(iter(load(p, "jsonl")))).errors) == 2
    p.write_text("".join(json.dumps(r) + "\n" for r in rows))
    rep = ing.ingest(space, next(iter(load(p, "jsonl"))))
    assert rep.written == 2 and rep.errors == []
    assert _order(graph, space) == [f"u{i}" for i in range(8)] == _chain(graph, space, "main")
    _healthy(MessageRepository(graph), space)
