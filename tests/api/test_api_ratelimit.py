"""Per-key rate and concurrency limits (RATE_LIMITED + Retry-After); wrong secrets cost no scrypt twice."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest
from apiserver import api_server

from polymem.api.auth import KeyManager
from polymem.api.ratelimit import KeyLimiter, RateLimitedError, RateSettings
from polymem.graph.apikeys import ApiKeyRepository

Q = "query($s: String!) { participants(space: $s) { id } }"


def test_token_bucket_and_concurrency_slots() -> None:
    async def go() -> None:
        rate = KeyLimiter(RateSettings(rate=1, burst=2, concurrency=0))
        await rate.acquire("k")
        await rate.acquire("k")
        with pytest.raises(RateLimitedError) as e:
            await rate.acquire("k")
        assert e.value.code == "RATE_LIMITED" and e.value.retry_after >= 1
        await rate.acquire("other")  # per caller

        slots = KeyLimiter(RateSettings(rate=0, concurrency=2, queue_s=0.05))
        await slots.acquire("k")
        await slots.acquire("k")
        with pytest.raises(RateLimitedError, match="concurrent"):
            await slots.acquire("k")
        slots.release("k")
        await slots.acquire("k")  # a slot came free

        queued = KeyLimiter(RateSettings(rate=0, concurrency=1, queue_s=5))
        await queued.acquire("k")
        waiter = asyncio.create_task(queued.acquire("k"))
        await asyncio.sleep(0.05)
        assert not waiter.done()
        queued.release("k")
        await asyncio.wait_for(waiter, 1)  # waited for the slot instead of failing

    asyncio.run(go())


@pytest.fixture
def mgr(graph):
    m = KeyManager(graph)
    made: list[str] = []
    yield m, made
    for kid in made:
        ApiKeyRepository(graph).delete(kid)


def test_wrong_secrets_are_cached_and_back_off(mgr) -> None:
    m, made = mgr
    kid, token = m.create([f"test-{uuid.uuid4().hex[:8]}"], label="pytest")
    made.append(kid)
    prefix = token.rsplit("_", 1)[0] + "_"
    assert m.verify(token).key_id == kid and m.scrypt_runs == 1
    for _ in range(5):  # the same wrong secret: scrypt once
        assert m.verify(prefix + "wrong-1").key_id is None
    assert m.scrypt_runs == 2
    for i in (2, 3):
        assert m.verify(prefix + f"wrong-{i}").key_id is None
    assert m.scrypt_runs == 4
    with pytest.raises(RateLimitedError) as e:  # a new wrong secret during back-off: no scrypt
        m.verify(prefix + "wrong-4")
    assert e.value.retry_after >= 1 and m.scrypt_runs == 4
    assert m.verify(prefix + "wrong-1").key_id is None and m.scrypt_runs == 4
    assert m.verify(token).key_id == kid and m.scrypt_runs == 4  # the real key is not held up


def test_http_rate_limit_answers_429_with_retry_after(tmp_path, keys, space) -> None:
    limits = {"POLYMEM_API_KEY_RATE": "0.5", "POLYMEM_API_KEY_BURST": "2", "POLYMEM_API_KEY_CONCURRENCY": "4",
              "POLYMEM_API_PRELOAD": "0"}
    key, other = keys(space), keys(space)
    with api_server(tmp_path / "server.log", limits) as url, httpx.Client(timeout=30) as http:
        def post(k: str) -> httpx.Response:
            return http.post(f"{url}/graphql", json={"query": Q, "variables": {"s": space}},
                             headers={"Authorization": f"Bearer {k}"})

        answers = [post(key) for _ in range(4)]
        assert [r.status_code for r in answers[:2]] == [200, 200]
        limited = [r for r in answers if r.status_code == 429]
        assert limited, [r.status_code for r in answers]
        r = limited[0]
        assert int(r.headers["retry-after"]) >= 1
        assert r.json()["data"] is None and r.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
        assert post(other).status_code == 200  # another key has its own bucket


def test_http_wrong_secrets_back_off(api_url, keys, space) -> None:
    key = keys(space)
    prefix = key.rsplit("_", 1)[0] + "_"
    with httpx.Client(timeout=30) as http:
        def post(k: str) -> httpx.Response:
            return http.post(f"{api_url}/graphql", json={"query": Q, "variables": {"s": space}},
                             headers={"Authorization": f"Bearer {k}"})

        assert post(key).json().get("errors") is None
        for i in range(3):
            r = post(prefix + "B" * 40 + str(i))
            assert r.status_code == 200 and r.json()["errors"][0]["extensions"]["code"] == "FORBIDDEN"
        r = post(prefix + "C" * 41)
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert r.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
        assert post(key).json().get("errors") is None  # the owner keeps working
