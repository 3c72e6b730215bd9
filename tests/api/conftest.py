"""A real uvicorn server (subprocess, free loopback port) and helpers to call it over HTTP."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from apitest_helpers import INGEST, ROSTER, Client  # noqa: E402

from polymem.api.auth import KeyManager
from polymem.graph import Graph
from polymem.graph.apikeys import ApiKeyRepository


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def api_url(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    log = (tmp_path_factory.mktemp("api") / "server.log").open("w+")  # a file: a full pipe would block it
    env = {**os.environ, "POLYMEM_API_AUTH": "on"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "polymem.api.app:create_app", "--factory", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"],
        env=env, stdout=log, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while time.time() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            pytest.fail(f"API server exited: {log.read()[-3000:]}")
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail("API server did not become ready in 120 s")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.seek(0)
    print(log.read()[-5000:])  # shown by pytest -s / on failure: the server's own errors
    log.close()


@pytest.fixture(scope="session")
def keys(graph: Graph) -> Iterator[Callable[..., str]]:
    """make_key(*spaces) -> plaintext key; every key made is deleted at the end of the session."""
    made: list[str] = []
    mgr = KeyManager(graph)

    def make(*spaces: str) -> str:
        kid, token = mgr.create(list(spaces), label="pytest")
        made.append(kid)
        return token

    yield make
    repo = ApiKeyRepository(graph)
    for kid in made:
        repo.delete(kid)


@pytest.fixture
def client(api_url: str, space: str, keys: Callable[..., str]) -> Client:
    """A client holding a key for this test's fresh space only."""
    return Client(api_url, keys(space))


@pytest.fixture
def ingest(client: Client, space: str) -> Callable[..., dict]:
    def run(messages: list[dict[str, Any]], roster: list[dict[str, Any]] | None = None) -> dict:
        return client.post(INGEST, {"space": space, "messages": messages, "roster": roster or ROSTER})

    return run
