"""A real uvicorn server (subprocess, free loopback port) and helpers to call it over HTTP."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from apiserver import ServerError, api_server
from apitest_helpers import INGEST, ROSTER, Client  # noqa: E402

from polymem.api.auth import KeyManager
from polymem.graph import Graph
from polymem.graph.apikeys import ApiKeyRepository

# The shared server must not throttle the suite (concurrency tests send many requests at once);
# the limits themselves are tested with a server of their own (test_api_ratelimit.py).
GENEROUS_LIMITS = {"POLYMEM_API_KEY_RATE": "10000", "POLYMEM_API_KEY_BURST": "10000",
                   "POLYMEM_API_KEY_CONCURRENCY": "256"}


@pytest.fixture(scope="session")
def api_url(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    try:
        with api_server(tmp_path_factory.mktemp("api") / "server.log", GENEROUS_LIMITS) as url:
            yield url
    except ServerError as e:
        pytest.fail(str(e))


@pytest.fixture(scope="session")
def keys(graph: Graph) -> Iterator[Callable[..., str]]:
    """make_key(*spaces, admin=False) -> plaintext key; every key made is deleted at the end of the session."""
    made: list[str] = []
    mgr = KeyManager(graph)

    def make(*spaces: str, admin: bool = False) -> str:
        kid, token = mgr.create(list(spaces), label="pytest", admin=admin)
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
