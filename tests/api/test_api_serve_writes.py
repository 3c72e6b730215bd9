"""`polymem serve` answers in one write (head and body together), and `search` finds what the
in-process reads find, in the same order.

The server here is uvicorn with `polymem.api.serve`'s protocol, in this process, over real HTTP on
loopback and the real Neo4j; the only addition is a transport that counts what the protocol
writes. With uvicorn's plain h11 protocol every answer is two writes (the head, then the body),
each its own TCP segment with TCP_NODELAY: on loopback a send costs about as much as a small query
(docs/bench/api.md, issue 14)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from apitest_helpers import Client, conversation

from polymem.api.app import create_app
from polymem.api.limits import MAX_BODY
from polymem.api.serve import Config, Protocol
from polymem.graph import Graph
from polymem.graph.browse import BrowseRepository

SEARCH = """query($s: String!, $q: String!, $k: [ItemKind!]) { search(space: $s, query: $q, kinds: $k, first: 10) {
  kind score message { id text time speakerId } record { id content owner } } }"""


class _Counted:
    """The connection's transport, counting the writes that reach it."""

    def __init__(self, transport: asyncio.Transport, writes: list[bytes]) -> None:
        self.transport, self.writes = transport, writes

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))
        self.transport.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


WRITES: list[bytes] = []


class CountingProtocol(Protocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(_Counted(transport, WRITES))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def served(graph: Graph) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = Config(lambda: create_app(), factory=True, host="127.0.0.1", port=port, log_level="warning",
                    access_log=False, http=CountingProtocol, lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(30)


def _one_write(call: Callable[[], httpx.Response]) -> tuple[httpx.Response, bytes]:
    WRITES.clear()
    r = call()
    time.sleep(0.05)  # the server thread may still be returning from its write
    assert len(WRITES) == 1, [w[:60] for w in WRITES]
    assert WRITES[0].startswith(b"HTTP/1.1 ") and WRITES[0].endswith(r.content)
    return r, WRITES[0]


def test_every_answer_is_one_write(served: str, client: Client, space: str, ingest,
                                   keys: Callable[..., str]) -> None:
    ingest(conversation(6))
    headers = {"Authorization": f"Bearer {keys(space)}"}
    with httpx.Client(base_url=served, headers=headers, timeout=30) as http:  # one keep-alive connection
        for q in ("zeppelin", "museum", "venue"):
            r, _ = _one_write(lambda q=q: http.post("/graphql", json={"query": SEARCH, "variables": {"s": space, "q": q}}))
            assert r.status_code == 200 and "errors" not in r.json(), r.text
            shared = client.post(SEARCH, {"s": space, "q": q})  # the suite's server: uvicorn's own protocol
            assert r.json() == shared
        r, _ = _one_write(lambda: http.get("/healthz"))
        assert r.json() == {"status": "ok"}
        r, raw = _one_write(lambda: http.post("/graphql", json={"query": SEARCH, "variables": {"s": space, "q": "x"}},
                                              headers={"Connection": "close"}))
        assert r.status_code == 200 and b"connection: close" in raw.lower()
        r, _ = _one_write(lambda: http.post("/graphql", content=b"x" * (MAX_BODY + 1),
                                            headers={"Content-Type": "application/json"}))
        assert r.status_code == 413 and r.json()["errors"][0]["extensions"]["code"] == "BAD_INPUT"
        r, _ = _one_write(lambda: http.post("/graphql", json={"query": SEARCH, "variables": {"s": space, "q": "x"}},
                                            headers={"Authorization": "Bearer pmk_nope_nope"}))
        assert r.json()["errors"][0]["extensions"]["code"] == "FORBIDDEN"


def test_search_finds_what_the_reads_find_in_order(graph: Graph, api_url: str, client: Client, space: str, ingest,
                                                    keys: Callable[..., str]) -> None:
    ingest(conversation(12))
    browse = BrowseRepository(graph)
    for q in ("zeppelin museum", "alice", "venue", "the"):
        for kinds in (None, ["MESSAGE"], ["RECORD"]):
            got = client.data(SEARCH, {"s": space, "q": q, "k": kinds})["search"]
            hits: list[tuple[str, str, float]] = []
            if kinds in (None, ["MESSAGE"]):
                hits += [("MESSAGE", m["id"], s) for m, s in browse.search_messages(
                    space, q, 10, speaker=None, addressee=None, channel=None, session=None, since=None, until=None)]
            if kinds in (None, ["RECORD"]):
                hits += [("RECORD", r["id"], s) for r, s in browse.search_records(space, q, 10)]
            hits.sort(key=lambda h: -h[2])
            assert [(h["kind"], (h["message"] or h["record"])["id"], h["score"]) for h in got] == hits[:10], (q, kinds)
    missing = space + "-missing"  # the space check still comes first, now in the same thread as the reads
    assert Client(api_url, keys(space, missing)).error(SEARCH, {"s": missing, "q": "x"}) == "NOT_FOUND"
