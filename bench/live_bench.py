"""Live updates on this machine: the write-through recipe at a steady chat rate, and subscription
delivery to many concurrent subscribers of two spaces (bench/cli_live.py; figures in
docs/benchmarks.md). Starts its own API server (uvicorn, one process) on a loopback port and uses
the Neo4j of POLYMEM_NEO4J_URI; its spaces and keys are removed at the end."""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from bench.faults_apiserver import api_server
from polymem.api.auth import KeyManager
from polymem.graph import Graph, events
from polymem.graph.apikeys import ApiKeyRepository
from polymem.graph.messages import MessageRepository

ROOT = Path(__file__).resolve().parents[1]
SERVER_ENV = {"POLYMEM_API_KEY_RATE": "10000", "POLYMEM_API_KEY_BURST": "10000", "POLYMEM_API_KEY_CONCURRENCY": "256"}
SUBSCRIBE = """subscription($space: String!) { messageAdded(space: $space) { cursor space id } }"""


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("write_through_bot", ROOT / "examples" / "write_through_bot.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _pct(xs: list[float], p: float) -> float | None:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(p * (len(xs) - 1) + 0.5))], 3) if xs else None


def write_through(url: str, graph: Graph, keys: KeyManager, made: list[tuple[str, str]], n: int,
                  rate: float) -> dict[str, Any]:
    wt = _example()
    warm = f"bench-live-warm-{uuid.uuid4().hex[:8]}"  # the server loads its language models once
    kid, key = keys.create([warm], label="bench-live")
    made.append((kid, warm))
    wt.replay(wt.WriteThrough(url, key, warm, wt.DEMO_ROSTER), wt.demo_messages(3, "warm"), rate)
    space = f"bench-live-wt-{uuid.uuid4().hex[:8]}"
    kid, key = keys.create([space], label="bench-live")
    made.append((kid, space))
    bot = wt.WriteThrough(url, key, space, wt.DEMO_ROSTER)
    t0 = time.monotonic()
    wt.replay(bot, wt.demo_messages(n), rate)
    lat = bot.latencies()
    return {"messages": len(bot.sent), "rate_per_s": rate, "seconds": round(time.monotonic() - t0, 1),
            "writer_runs": len(bot.runs), "p50_s": _pct(lat, 0.5), "p95_s": _pct(lat, 0.95), "max_s": _pct(lat, 1.0),
            "within_2s": round(sum(x <= 2.0 for x in lat) / len(lat), 3) if lat else None,
            "records": sum(r["ops"].get("add", 0) + r["ops"].get("update", 0) for r in bot.runs),
            "errors": bot.errors[:3]}


class _Subscriber(threading.Thread):
    def __init__(self, url: str, key: str, space: str) -> None:
        super().__init__(daemon=True)
        import websocket

        self.space, self.got, self.errors = space, [], []
        self.ws = websocket.create_connection(url.replace("http://", "ws://") + "/graphql",
                                              subprotocols=["graphql-transport-ws"], timeout=60)
        self.ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {key}"}}))
        assert json.loads(self.ws.recv())["type"] == "connection_ack"
        self.ws.send(json.dumps({"id": "1", "type": "subscribe",
                                 "payload": {"query": SUBSCRIBE, "variables": {"space": space}}}))

    def run(self) -> None:
        while True:
            try:
                raw = self.ws.recv()
            except Exception:  # noqa: BLE001 - closed at the end of the bench
                return
            now = time.time()
            if not raw:
                return
            msg = json.loads(raw)
            if msg.get("type") == "next" and msg["payload"].get("data"):
                self.got.append((now, msg["payload"]["data"]["messageAdded"]))
            elif msg.get("type") in ("error", "complete") or msg.get("payload", {}).get("errors"):
                self.errors.append(str(msg)[:200])


def subscriptions(url: str, graph: Graph, keys: KeyManager, made: list[tuple[str, str]], subscribers: int,
                  messages: int, rate: float) -> dict[str, Any]:
    spaces = [f"bench-live-sub{i}-{uuid.uuid4().hex[:8]}" for i in range(2)]
    tokens: dict[str, list[str]] = {}
    per_key = 20
    for s in spaces:
        for _ in range(-(-subscribers // 2 // per_key)):
            kid, key = keys.create([s], label="bench-live")
            made.append((kid, s))
            tokens.setdefault(s, []).append(key)
    subs: list[_Subscriber] = []
    for i in range(subscribers):
        s = spaces[i % 2]
        subs.append(_Subscriber(url, tokens[s][(i // 2) // per_key], s))
    for t in subs:
        t.start()
    time.sleep(2.0)  # every subscription has read its start cursor
    http = httpx.Client(timeout=60)
    ingest = ("mutation($space: String!, $messages: [MessageInput!]!) "
              "{ ingestMessages(space: $space, messages: $messages) { ok } }")
    t0 = time.monotonic()
    for i in range(messages):
        wait = t0 + i / rate - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        s = spaces[i % 2]
        r = http.post(f"{url}/graphql", headers={"Authorization": f"Bearer {tokens[s][0]}"},
                      json={"query": ingest, "variables": {"space": s, "messages": [
                          {"id": f"s{i:05d}", "speaker": "quill", "text": f"note {i} for the live bench"}]}})
        r.raise_for_status()
    deadline = time.monotonic() + 30
    want = {s: messages // 2 + (messages % 2 if s == spaces[0] else 0) for s in spaces}
    while time.monotonic() < deadline and any(len(t.got) < want[t.space] for t in subs):
        time.sleep(0.2)
    at: dict[tuple[str, int], Any] = {}
    for s in spaces:
        seqs = sorted({int(ev["cursor"].split(":")[0]) for t in subs if t.space == s for _, ev in t.got})
        at.update({(s, k): v for k, v in events.written_at(graph, s, seqs).items()})
    lat, cross = [], 0
    for t in subs:
        for when, ev in t.got:
            if ev["space"] != t.space or not ev["id"].startswith("s"):
                cross += 1
                continue
            written = at.get((t.space, int(ev["cursor"].split(":")[0])))
            if written is not None:
                lat.append(when - written.timestamp())
    for t in subs:
        t.ws.close()
    delivered = sum(len(t.got) for t in subs)
    expected = sum(want[t.space] for t in subs)
    return {"subscribers": subscribers, "spaces": 2, "messages": messages, "rate_per_s": rate,
            "delivered": delivered, "expected": expected, "cross_space": cross,
            "p50_ms": round(1000 * statistics.median(lat)) if lat else None,
            "p95_ms": round(1000 * (_pct(lat, 0.95) or 0)) if lat else None,
            "max_ms": round(1000 * max(lat)) if lat else None,
            "subscriber_errors": sum(len(t.errors) for t in subs)}


def run(parts: list[str], n: int, rate: float, subscribers: int, sub_messages: int, sub_rate: float,
        log: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    made: list[tuple[str, str]] = []
    with Graph() as graph, api_server(log, SERVER_ENV, show_log=False) as url:
        keys = KeyManager(graph)
        try:
            if "writethrough" in parts:
                out["write_through"] = write_through(url, graph, keys, made, n, rate)
            if "subscriptions" in parts:
                out["subscriptions"] = subscriptions(url, graph, keys, made, subscribers, sub_messages, sub_rate)
        finally:
            repo = ApiKeyRepository(graph)
            for kid, _ in made:
                repo.delete(kid)
            for space in {s for _, s in made}:
                MessageRepository(graph).drop_space(space)
    return out
