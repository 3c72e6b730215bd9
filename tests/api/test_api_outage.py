"""Neo4j outages: typed UNAVAILABLE (never a plain-text 500) on every path, including the key check;
/readyz answers from the cached health state; the API recovers without a restart.

Uses a private Neo4j that this module starts and stops (never the shared one), and a closed port.
Latencies are printed (pytest -s) and measured in docs/benchmarks.md; the assertions only bound
them loosely (the client gives up at 15 s, where the old behaviour hung for 30-60 s).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator

import httpx
import pytest
from apiserver import api_server
from neo4j_instance import PrivateNeo4j

from polymem.api.auth import KeyManager
from polymem.config import Neo4jSettings
from polymem.graph.driver import Graph

SPACE = "outage"
QUERIES = [
    "query($s: String!) { participants(space: $s) { id } }",
    "query($s: String!) { messages(space: $s) { edges { node { id } } } }",
    'mutation($s: String!) { ingestMessages(space: $s, messages: [{id: "o1", speaker: "a", text: "hi"}]) { ok } }',
]


def _post(url: str, query: str, key: str | None) -> tuple[httpx.Response, float]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    start = time.monotonic()
    r = httpx.post(f"{url}/graphql", json={"query": query, "variables": {"s": SPACE}}, headers=headers, timeout=15)
    return r, time.monotonic() - start


def _assert_unavailable(r: httpx.Response) -> None:
    assert r.status_code in (200, 503), (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json"), r.text
    body = r.json()
    assert body["data"] is None or all(v is None for v in body["data"].values()), body
    assert [e["extensions"]["code"] for e in body["errors"]] == ["UNAVAILABLE"], body
    assert "Traceback" not in r.text and "Internal Server Error" not in r.text


def _readyz(url: str) -> tuple[httpx.Response, float]:
    start = time.monotonic()
    r = httpx.get(f"{url}/readyz", timeout=5)
    return r, time.monotonic() - start


@pytest.fixture(scope="module")
def private_neo4j(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrivateNeo4j]:
    db = PrivateNeo4j(tmp_path_factory.mktemp("neo4j-outage"))
    db.start()
    try:
        yield db
    finally:
        db.stop()


def test_stop_and_start_private_neo4j(private_neo4j: PrivateNeo4j, tmp_path) -> None:
    settings = dataclasses.replace(Neo4jSettings.from_env(), uri=private_neo4j.uri)
    env = {"POLYMEM_NEO4J_URI": private_neo4j.uri, "POLYMEM_API_PRELOAD": "0"}
    with api_server(tmp_path / "server.log", env) as url:  # its startup migrated the private store
        with Graph(settings) as g:
            _, key = KeyManager(g).create([SPACE], label="outage-test")
        r, _ = _post(url, QUERIES[0], key)
        assert r.status_code == 200 and r.json().get("errors") is None, r.text

        private_neo4j.stop()
        timings: dict[str, list[float]] = {"query": [], "readyz": []}
        for _ in range(3):  # before and after the health check noticed
            for q in QUERIES:
                for k in (key, "pmk_0123456789ab_" + "x" * 43):  # a valid key and an unknown one
                    r, took = _post(url, q, k)
                    _assert_unavailable(r)
                    timings["query"].append(took)
            time.sleep(1)
        deadline = time.monotonic() + 10
        while True:
            r, took = _readyz(url)
            timings["readyz"].append(took)
            if r.status_code == 503:
                break
            assert time.monotonic() < deadline, "readyz kept saying ready while Neo4j was down"
            time.sleep(0.2)
        assert r.json()["neo4j"] is False
        print(f"\noutage: UNAVAILABLE in max {max(timings['query']):.2f} s over {len(timings['query'])} requests; "
              f"readyz max {max(timings['readyz']):.3f} s")

        private_neo4j.start()
        deadline = time.monotonic() + 60
        while True:  # recovery with no restart of the API
            r, _ = _post(url, QUERIES[0], key)
            if r.status_code == 200 and r.json().get("errors") is None:
                break
            _assert_unavailable(r)
            assert time.monotonic() < deadline, "the API did not recover after Neo4j came back"
            time.sleep(0.5)
        deadline = time.monotonic() + 10
        while _readyz(url)[0].status_code != 200:
            assert time.monotonic() < deadline, "readyz did not recover"
            time.sleep(0.2)


def test_closed_port(tmp_path) -> None:
    env = {"POLYMEM_NEO4J_URI": "bolt://127.0.0.1:1", "POLYMEM_API_PRELOAD": "0"}
    with api_server(tmp_path / "server.log", env, ready=False) as url:
        r, took = _readyz(url)
        assert r.status_code == 503 and r.json()["neo4j"] is False
        worst = took
        for q in QUERIES:
            r, took = _post(url, q, "pmk_0123456789ab_" + "x" * 43)
            _assert_unavailable(r)
            worst = max(worst, took)
        print(f"\nclosed port: slowest answer {worst:.2f} s")
