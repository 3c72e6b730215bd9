"""The fault bench's outage part (bench/faults_api.py) on a quick path: instead of stopping a second
Neo4j (what `polymem bench faults` does, ~30 s per start here), the API reaches the shared Neo4j
through a loopback TCP proxy that this test closes and opens again. The shared server itself is
never stopped; tests/api/test_api_outage.py covers a real stop of a private instance."""

from __future__ import annotations

import socket
import threading
import uuid
from pathlib import Path
from urllib.parse import urlparse

import httpx

from bench import faults_api as fa
from bench.faults_neo4j import free_port
from polymem.config import Neo4jSettings
from polymem.graph import Graph


class Proxy:
    """A Neo4j stand-in for the outage part: stop() closes the port and cuts every connection."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.uri = f"bolt://127.0.0.1:{self.port}"
        self._server: socket.socket | None = None
        self._conns: set[socket.socket] = set()
        self._lock = threading.Lock()

    def start(self, timeout: float = 240) -> float:
        srv = socket.create_server(("127.0.0.1", self.port))
        srv.settimeout(0.1)
        self._server = srv
        threading.Thread(target=self._accept, args=(srv,), daemon=True).start()
        return 0.0

    def stop(self) -> float:
        srv, self._server = self._server, None
        if srv is not None:
            srv.close()
        with self._lock:
            conns, self._conns = self._conns, set()
        for c in conns:
            self._close(c)
        return 0.0

    @staticmethod
    def _close(s: socket.socket) -> None:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        s.close()

    def _accept(self, srv: socket.socket) -> None:
        while self._server is srv:
            try:
                client, _ = srv.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                self._close(client)
                continue
            upstream.settimeout(None)
            with self._lock:
                self._conns |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            self._close(src)
            self._close(dst)


def test_outage_part_through_a_proxy(graph: Graph, tmp_path: Path) -> None:
    u = urlparse(Neo4jSettings.from_env().uri)
    proxy = Proxy((u.hostname or "127.0.0.1", u.port or 7687))
    proxy.start()
    lines: list[str] = []
    try:
        r = fa.outage_test(proxy, graph, tmp_path, requests=10, budget_s=90,
                           space=f"test-{uuid.uuid4().hex[:12]}", log=lines.append)
    finally:
        proxy.stop()
    print("\n".join(lines) + "\n" + fa.report_line(r))
    assert r["problems"] == [], r["problems"]
    d = r["down"]
    assert (d["graphql"], d["readyz"]) == (8, 2)
    assert d["graphql_unavailable_503"] == 8 and d["readyz_503"] == 2 and d["failed"] == 0
    assert d["graphql_max_s"] <= fa.UNAVAILABLE_S and d["readyz_max_s"] <= fa.READYZ_S
    assert r["recovered"] and r["query_after_bolt_s"] is not None
    assert set(r["up"]) == {"participants", "messages", "search", "ask", "readyz"}
    assert fa.failures(r) == 0 and "8/8 GraphQL answers typed UNAVAILABLE 503" in fa.report_line(r)


def test_a_plain_text_500_is_not_a_typed_unavailable() -> None:
    """The old behaviour (issue 13): HTTP 500 'Internal Server Error' during an outage counts as failed."""
    answers = {"/graphql": httpx.Response(500, text="Internal Server Error"),
               "/readyz": httpx.Response(200, json={"status": "ready", "neo4j": True})}
    http = httpx.Client(transport=httpx.MockTransport(lambda req: answers[req.url.path]))
    q, rz = fa.graphql(http, "http://x", "k", "ask", "s"), fa.readyz(http, "http://x")
    assert not q.typed_unavailable and q.code.startswith("not JSON") and fa._bad(q)
    assert not rz.typed_unavailable and fa._bad(rz)
    typed = httpx.Response(503, json={"data": None, "errors": [{"message": "m", "extensions": {"code": "UNAVAILABLE"}}]})
    http = httpx.Client(transport=httpx.MockTransport(lambda req: typed))
    c = fa.graphql(http, "http://x", "k", "participants", "s")
    assert c.typed_unavailable and not fa._bad(c)
