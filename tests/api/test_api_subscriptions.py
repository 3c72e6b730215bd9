"""Subscriptions over real WebSockets (graphql-transport-ws) against the real server and Neo4j:
scoping by key, events from API and CLI ingest and from the Writer, resume after a reconnect,
the per-key limit, a bad key refused at connection time."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import websocket
from apiserver import api_server
from apitest_helpers import INGEST, ROSTER, Client
from ws_client import LiveClient

from polymem.cli import main
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.records import RecordRepository

MESSAGES = """subscription($space: String!, $after: String) {
  messageAdded(space: $space, after: $after) { cursor space id speaker text replyTo addressees }
}"""
RECORDS = """subscription($space: String!, $person: String) {
  recordChanged(space: $space, person: $person) { cursor space change id owner supersedes supersededBy chain }
}"""
PROGRESS = """subscription($space: String!) {
  writerProgress(space: $space) { cursor messagesDone messagesTotal added done }
}"""
EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"


@pytest.fixture
def other_space(graph: Graph) -> Iterator[str]:
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    MessageRepository(graph).drop_space(name)


@pytest.fixture
def live(api_url: str) -> Iterator[Callable[..., LiveClient]]:
    opened: list[LiveClient] = []

    def connect(key: str | None, **kw: bool) -> LiveClient:
        c = LiveClient(api_url, key, **kw)
        opened.append(c)
        return c

    yield connect
    for c in opened:
        c.close()


def _msgs(prefix: str, n: int, start: int = 0) -> list[dict]:
    return [{"id": f"{prefix}{i}", "speaker": ROSTER[i % 3]["id"], "text": f"{prefix} note {i} about the plan",
             "time": f"2026-03-01T10:{i:02d}:00Z"} for i in range(start, start + n)]


def _subscribed(c: LiveClient) -> None:
    time.sleep(0.5)  # the subscription reads its start cursor; anything later is delivered


def test_two_keys_see_only_their_spaces(api_url: str, space: str, other_space: str, keys: Callable[..., str],
                                        live: Callable[..., LiveClient]) -> None:
    key_a, key_b = keys(space), keys(other_space)
    a, b = live(key_a), live(key_b, in_header=True)
    a.subscribe("1", MESSAGES, {"space": space})
    b.subscribe("1", MESSAGES, {"space": other_space})
    b.subscribe("2", MESSAGES, {"space": space})  # not B's space
    refused = b.recv()
    assert refused["id"] == "2" and refused["type"] in ("error", "next"), refused
    assert "no access" in str(refused["payload"])
    assert b.recv() == {"id": "2", "type": "complete"}  # that one ends; "1" goes on
    _subscribed(a)
    assert Client(api_url, key_a).data(INGEST, {"space": space, "messages": _msgs("a", 3), "roster": ROSTER})[
        "ingestMessages"]["written"] == 3
    assert Client(api_url, key_b).data(INGEST, {"space": other_space, "messages": _msgs("b", 2), "roster": ROSTER})[
        "ingestMessages"]["written"] == 2
    got_a = [d["messageAdded"] for d in a.take(3)]
    got_b = [d["messageAdded"] for d in b.take(2)]
    assert [m["id"] for m in got_a] == ["a0", "a1", "a2"] and {m["space"] for m in got_a} == {space}
    assert [m["id"] for m in got_b] == ["b0", "b1"] and {m["space"] for m in got_b} == {other_space}
    assert a.quiet(1.0) == [] and b.quiet(0.5) == []  # nothing from the other space


def test_cli_ingest_and_writer_reach_subscribers(space: str, keys: Callable[..., str],
                                                 live: Callable[..., LiveClient]) -> None:
    c = live(keys(space))
    c.subscribe("m", MESSAGES, {"space": space})
    c.subscribe("r", RECORDS, {"space": space})
    c.subscribe("p", PROGRESS, {"space": space})
    _subscribed(c)
    path = EXPORTS / "whatsapp-book-club.txt"
    assert main(["ingest", str(path), "--space", space, "--no-embed", "--quiet", "--json"]) == 0
    got = [d["messageAdded"] for d in c.take(12)]
    assert len({m["id"] for m in got}) == 12 and {m["space"] for m in got} == {space}
    assert any(m["replyTo"] for m in got) and any(m["speaker"] == "system" for m in got)
    assert main(["write", "--space", space]) == 0
    msgs = [c.recv(60) for _ in range(2)]
    records = [m for m in msgs if m["id"] == "r"]
    progress = [m for m in msgs if m["id"] == "p"]
    more = c.quiet(3.0)
    records += [m for m in more if m["id"] == "r"]
    progress += [m for m in more if m["id"] == "p"]
    assert records and all(m["payload"]["data"]["recordChanged"]["change"] == "ADDED" for m in records)
    first = records[0]["payload"]["data"]["recordChanged"]
    assert first["chain"] == [first["id"]] and first["space"] == space
    last = progress[-1]["payload"]["data"]["writerProgress"]
    assert last["done"] is True and last["messagesDone"] == last["messagesTotal"] == 12
    assert last["added"] == len(records)


def test_update_is_delivered_with_its_version_chain(api_url: str, graph: Graph, space: str,
                                                    keys: Callable[..., str], live: Callable[..., LiveClient]) -> None:
    key = keys(space)
    api = Client(api_url, key)
    facts = [{"id": "u0", "speaker": "alice", "text": "I moved to Porto last spring and I love it",
              "time": "2026-03-01T10:00:00Z"},
             {"id": "u1", "speaker": "bob", "text": "I adopted a beagle called Pepper",
              "time": "2026-03-01T10:01:00Z"}]
    assert api.data(INGEST, {"space": space, "messages": facts, "roster": ROSTER})["ingestMessages"]["ok"]
    api.data("mutation($s: String!) { runWriter(space: $s) { messages } }", {"s": space})
    heads = RecordRepository(graph).heads(space)
    assert heads, "the writer derived no record from two first-person facts"
    head = heads[0].id
    c = live(key)
    c.subscribe("r", RECORDS, {"space": space})
    _subscribed(c)
    api.data('mutation($s: String!, $id: String!) { correctRecord(space: $s, id: $id, content: "corrected words",'
              ' corrector: "bob") { id } }', {"s": space, "id": head})
    got = [d["recordChanged"] for d in c.take(2)]
    assert [g["change"] for g in got] == ["UPDATED", "SUPERSEDED"]
    assert got[0]["supersedes"] == head and got[1]["id"] == head and got[1]["supersededBy"] == got[0]["id"]
    assert got[0]["chain"][-2:] == [head, got[0]["id"]] == got[1]["chain"][-2:]


def test_reconnect_resumes_from_the_last_cursor(api_url: str, space: str, keys: Callable[..., str],
                                                live: Callable[..., LiveClient]) -> None:
    key = keys(space)
    api = Client(api_url, key)
    c = live(key)
    c.subscribe("1", MESSAGES, {"space": space})
    _subscribed(c)
    assert api.data(INGEST, {"space": space, "messages": _msgs("r", 4), "roster": ROSTER})["ingestMessages"]["ok"]
    seen = [d["messageAdded"] for d in c.take(2)]  # the client drops after two of the four
    c.close()
    assert api.data(INGEST, {"space": space, "messages": _msgs("r", 3, 4), "roster": ROSTER})["ingestMessages"]["ok"]
    again = live(key)
    again.subscribe("1", MESSAGES, {"space": space, "after": seen[-1]["cursor"]})
    rest = [d["messageAdded"] for d in again.take(5)]
    assert [m["id"] for m in seen + rest] == [f"r{i}" for i in range(7)]
    assert again.quiet(1.0) == []  # nothing twice
    assert api.data(INGEST, {"space": space, "messages": _msgs("r", 1, 7), "roster": ROSTER})["ingestMessages"]["ok"]
    assert [d["messageAdded"]["id"] for d in again.take(1)] == ["r7"]  # and live afterwards


def test_per_key_subscription_limit(space: str, keys: Callable[..., str], live: Callable[..., LiveClient]) -> None:
    key = keys(space)
    c = live(key)
    for i in range(25):
        c.subscribe(str(i), PROGRESS, {"space": space})
    time.sleep(1.0)
    c.subscribe("over", PROGRESS, {"space": space})
    msg = c.recv(10)
    assert msg["id"] == "over" and "open subscriptions" in str(msg["payload"]), msg
    other = live(keys(space))  # another key is not affected
    other.subscribe("x", PROGRESS, {"space": space})
    assert other.quiet(1.0) == []


def test_bad_key_is_refused_at_connection(api_url: str) -> None:
    ws = websocket.create_connection(api_url.replace("http://", "ws://") + "/graphql",
                                     subprotocols=["graphql-transport-ws"], timeout=30)
    ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": "Bearer pmk_nope_wrong"}}))
    opcode, data = ws.recv_data(control_frame=True)
    assert opcode == websocket.ABNF.OPCODE_CLOSE and int.from_bytes(data[:2], "big") == 4403
    ws.close()
    anonymous = LiveClient(api_url, None)
    anonymous.subscribe("1", MESSAGES, {"space": "anything"})
    assert "API key is required" in str(anonymous.recv(10)["payload"])
    anonymous.close()



def test_events_cross_api_processes(api_url: str, space: str, keys: Callable[..., str],
                                    live: Callable[..., LiveClient], tmp_path: Path) -> None:
    """Subscribed on one API process, written through another: the log in Neo4j is the fan-out."""
    key = keys(space)
    c = live(key)
    c.subscribe("1", MESSAGES, {"space": space})
    with api_server(tmp_path / "second.log", {"POLYMEM_API_PRELOAD": "0"}) as second:
        assert second != api_url
        _subscribed(c)
        out = Client(second, key).data(INGEST, {"space": space, "messages": _msgs("x", 3), "roster": ROSTER})
        assert out["ingestMessages"]["written"] == 3
        assert [d["messageAdded"]["id"] for d in c.take(3)] == ["x0", "x1", "x2"]
