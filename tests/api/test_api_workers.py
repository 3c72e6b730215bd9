"""Several API processes on one Neo4j: read-your-writes through the Polymem-Bookmark header, keys
and revocation shared through Neo4j, rate limits per process (as docs/deploy.md states), and
`polymem serve --workers N`."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from apiserver import ServerError, api_server, free_port
from apitest_helpers import INGEST, ROSTER, conversation

from polymem.api.auth import KeyManager
from polymem.graph import Graph

MESSAGES = "query($s: String!) { messages(space: $s, first: 50) { edges { node { id } } } }"
ROSTER_Q = "query($s: String!) { participants(space: $s) { id } }"
BURST = 3  # each process lets a key send this many requests, then refills at a negligible rate
LIMITS = {"POLYMEM_API_KEY_RATE": "0.001", "POLYMEM_API_KEY_BURST": str(BURST), "POLYMEM_API_PRELOAD": "0"}


@pytest.fixture(scope="module")
def two_servers(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    logs = tmp_path_factory.mktemp("two-apis")
    try:
        with api_server(logs / "a.log", LIMITS) as a, api_server(logs / "b.log", LIMITS) as b:
            yield a, b
    except ServerError as e:
        pytest.fail(str(e))


def post(url: str, key: str, query: str, variables: dict, bookmark: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {key}"}
    if bookmark is not None:
        headers["Polymem-Bookmark"] = bookmark
    return httpx.post(f"{url}/graphql", json={"query": query, "variables": variables}, headers=headers, timeout=120)


def code(r: httpx.Response) -> str | None:
    """The first error code of an answer, None without errors (a fresh space may be NOT_FOUND: past
    the key check all the same)."""
    errors = r.json().get("errors")
    return errors[0]["extensions"]["code"] if errors else None


def test_read_your_writes_across_two_processes(two_servers: tuple[str, str], space: str,
                                               keys: Callable[..., str]) -> None:
    a, b = two_servers
    key = keys(space)
    wrote = post(a, key, INGEST, {"space": space, "messages": conversation(6), "roster": ROSTER})
    assert wrote.status_code == 200 and wrote.json()["data"]["ingestMessages"]["written"] == 6, wrote.text
    mark = wrote.headers.get("polymem-bookmark")
    assert mark, "a write's answer carries the bookmark to send back"
    read = post(b, key, MESSAGES, {"s": space}, bookmark=mark)
    assert read.status_code == 200, read.text
    assert [e["node"]["id"] for e in read.json()["data"]["messages"]["edges"]] == [f"m{i:03d}" for i in range(6)]
    # the other process waited on the caller's bookmark and hands it on with its own
    assert set(mark.split(",")) <= set(read.headers["polymem-bookmark"].split(","))


def test_bad_bookmarks_are_refused_clearly(two_servers: tuple[str, str], space: str,
                                           keys: Callable[..., str]) -> None:
    a, _ = two_servers
    key = keys(space)
    bad = post(a, key, ROSTER_Q, {"s": space}, bookmark="FB:abc <script>")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert "Polymem-Bookmark" in bad.json()["errors"][0]["message"]
    # well-formed but not issued by Neo4j: the server itself refuses it, so it was passed on
    forged = post(a, key, ROSTER_Q, {"s": space}, bookmark="FB:bm90LWEtYm9va21hcms=")
    assert forged.status_code == 400, forged.text
    assert "not one Neo4j issued" in forged.json()["errors"][0]["message"]


def test_keys_and_revocation_hold_in_every_process(two_servers: tuple[str, str], space: str, graph: Graph) -> None:
    mgr = KeyManager(graph)
    key_id, key = mgr.create([space], label="pytest-workers")
    try:
        for url in two_servers:
            assert code(post(url, key, ROSTER_Q, {"s": space})) in (None, "NOT_FOUND")
        assert mgr.revoke(key_id)
        for url in two_servers:
            assert code(post(url, key, ROSTER_Q, {"s": space})) == "FORBIDDEN"
    finally:
        mgr.repo.delete(key_id)


def test_rate_limits_are_per_process(two_servers: tuple[str, str], space: str, keys: Callable[..., str]) -> None:
    a, b = two_servers
    key = keys(space)
    for _ in range(BURST):
        assert post(a, key, ROSTER_Q, {"s": space}).status_code == 200
    refused = post(a, key, ROSTER_Q, {"s": space})
    assert refused.status_code == 429 and refused.headers.get("retry-after")
    # the other process keeps its own bucket: N processes allow N x the per-key limit
    for _ in range(BURST):
        assert post(b, key, ROSTER_Q, {"s": space}).status_code == 200
    assert post(b, key, ROSTER_Q, {"s": space}).status_code == 429


def _workers(pid: int) -> list[int]:
    """uvicorn's worker processes under `pid` (multiprocessing spawns them with spawn_main)."""
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(c) for c in out.split() if "spawn_main" in Path(f"/proc/{c}/cmdline").read_text(errors="replace")]


def test_serve_with_two_workers(graph: Graph, space: str, keys: Callable[..., str], tmp_path: Path) -> None:
    key = keys(space)
    port = free_port()
    log = (tmp_path / "serve.log").open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "polymem.cli", "serve", "--port", str(port), "--workers", "2"],
                            env={**os.environ, "POLYMEM_API_AUTH": "on", "POLYMEM_API_PRELOAD": "0"},
                            stdout=log, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 180
        while True:
            assert proc.poll() is None, log.seek(0) or log.read()[-3000:]
            try:
                if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.time() < deadline, "polymem serve --workers 2 did not become ready"
            time.sleep(0.5)
        for _ in range(8):
            r = post(url, key, ROSTER_Q, {"s": space})
            assert r.status_code == 200 and code(r) in (None, "NOT_FOUND"), r.text
        assert len(_workers(proc.pid)) == 2
        unknown = post(url, "pmk_" + uuid.uuid4().hex[:12] + "_x", ROSTER_Q, {"s": space})
        assert code(unknown) == "FORBIDDEN"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_shared_worker_socket_names_tcp_so_connections_get_nodelay() -> None:
    """`polymem serve --workers N` binds the socket the workers share (polymem.api.serve): it must
    name TCP, or asyncio leaves Nagle on for accepted connections and each answer waits ~40 ms for
    a delayed ACK. The check is the socket option itself, not a timing."""
    import asyncio
    import socket

    from polymem.api.serve import APP, Config

    sock = Config(APP, factory=True, host="127.0.0.1", port=0, workers=2).bind_socket()
    assert sock.proto == socket.IPPROTO_TCP and sock.get_inheritable()
    nodelay: list[int] = []

    async def main() -> None:
        def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nodelay.append(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(on_connect, sock=sock)
        async with server:
            _, w = await asyncio.open_connection(*sock.getsockname()[:2])
            for _ in range(100):
                if nodelay:
                    break
                await asyncio.sleep(0.01)
            w.close()

    asyncio.run(main())
    assert nodelay and nodelay[0] != 0
