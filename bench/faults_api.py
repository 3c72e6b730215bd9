"""The API during a Neo4j outage, part of `polymem bench faults`: a real uvicorn API (loopback, auth
on, started by bench/faults_apiserver.py) on the bench's OWN Neo4j, which is stopped and started
again under it. Never the shared instance: the caller passes the instance to stop.

1. up: a key for one space, a few messages ingested through the API, then each query, an ask and
   /readyz timed while Neo4j is up.
2. down: Neo4j is stopped (a clean `scripts/neo4j stop`; while it runs, a query and /readyz are polled
   and may only answer normally or UNAVAILABLE), then `requests` requests are sent in rounds
   (participants, messages, search, ask, /readyz). Every GraphQL answer must be a typed
   `UNAVAILABLE` error with HTTP 503 within UNAVAILABLE_S; every /readyz a 503 within READYZ_S.
3. back: Neo4j is started again; the same API process (never restarted) is polled from the start
   command until an authenticated query answers normally and /readyz says 200. Answers during the
   recovery may be typed `UNAVAILABLE`, nothing else.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

import httpx

from bench.faults_apiserver import api_server

UNAVAILABLE_S = 5.0  # issue 13: a typed UNAVAILABLE within 5 s while Neo4j is down
READYZ_S = 1.0  # and /readyz within 1 s
CLIENT_TIMEOUT_S = 15.0  # a hang (the old behaviour: 30-60 s) shows as a client timeout, not a stall
QUERIES = {
    "participants": "query($s: String!) { participants(space: $s) { id } }",
    "messages": "query($s: String!) { messages(space: $s, first: 5) { edges { node { id text } } } }",
    "search": 'query($s: String!) { search(space: $s, query: "venue", first: 5) { kind score } }',
    "ask": 'query($s: String!) { ask(space: $s, question: "Who asked about the venue?") { text abstained } }',
}
ROUND = [*QUERIES, "readyz"]
INGEST = """mutation($s: String!, $m: [MessageInput!]!) {
  ingestMessages(space: $s, messages: $m) { ok written errors { message } } }"""
SEED = [{"id": f"o{i}", "speaker": ["ana", "ben", "cleo"][i % 3], "channel": "general",
         "time": f"2026-05-01T10:{i:02d}:00Z",
         "text": ["@ben did you book the venue for Friday?", "@ana yes, the venue is the old library",
                  "@ana can we bring food to the venue?"][i % 3]} for i in range(9)]


class Instance(Protocol):
    """What the part needs of the Neo4j it stops: OwnNeo4j, or any stand-in (the tests use a proxy)."""

    uri: str

    def stop(self) -> float: ...

    def start(self, timeout: float = 240) -> float: ...


@dataclass
class Call:
    kind: str  # a QUERIES key or "readyz"
    status: int | None  # None: no HTTP answer (timeout, refused)
    seconds: float
    code: str  # "ok", the GraphQL error codes joined, "ready"/"unavailable" for /readyz, or what went wrong
    typed_unavailable: bool  # HTTP 503, JSON, no data, errors == [UNAVAILABLE]


def graphql(http: httpx.Client, url: str, key: str, kind: str, space: str) -> Call:
    t = time.monotonic()
    try:
        r = http.post(f"{url}/graphql", json={"query": QUERIES[kind], "variables": {"s": space}},
                      headers={"Authorization": f"Bearer {key}"})
    except httpx.HTTPError as e:
        return Call(kind, None, time.monotonic() - t, f"no answer ({type(e).__name__})", False)
    took = time.monotonic() - t
    if not r.headers.get("content-type", "").startswith("application/json"):
        return Call(kind, r.status_code, took, f"not JSON: {r.text[:60]!r}", False)
    body = r.json()
    errors = body.get("errors") or []
    if not errors:
        return Call(kind, r.status_code, took, "ok" if r.status_code == 200 else "no error, no 200", False)
    codes = [str((e.get("extensions") or {}).get("code")) for e in errors]
    data = body.get("data")
    typed = (r.status_code == 503 and codes == ["UNAVAILABLE"]
             and (data is None or all(v is None for v in data.values())) and "Traceback" not in r.text)
    return Call(kind, r.status_code, took, ",".join(codes), typed)


def readyz(http: httpx.Client, url: str) -> Call:
    t = time.monotonic()
    try:
        r = http.get(f"{url}/readyz")
    except httpx.HTTPError as e:
        return Call("readyz", None, time.monotonic() - t, f"no answer ({type(e).__name__})", False)
    took = time.monotonic() - t
    try:
        neo4j_ok = bool(r.json().get("neo4j"))
    except ValueError:
        return Call("readyz", r.status_code, took, f"not JSON: {r.text[:60]!r}", False)
    return Call("readyz", r.status_code, took, "ready" if neo4j_ok else "unavailable", r.status_code == 503)


def _call(http: httpx.Client, url: str, key: str, kind: str, space: str) -> Call:
    return readyz(http, url) if kind == "readyz" else graphql(http, url, key, kind, space)


def _bad(c: Call) -> bool:
    """A failure while Neo4j is down: not a typed UNAVAILABLE / 503, or over its time bound."""
    return not c.typed_unavailable or c.seconds > (READYZ_S if c.kind == "readyz" else UNAVAILABLE_S)


class _Watch:
    """While Neo4j stops or starts: a thread alternating an authenticated query and /readyz every
    0.1 s, keeping each answer with the time it was sent, until `until(self)` or finish()."""

    def __init__(self, http: httpx.Client, url: str, key: str, space: str, end: float,
                 until: Callable[[_Watch], bool]) -> None:
        self.calls: list[tuple[float, Call]] = []
        self.first: dict[str, float] = {}  # "query": first normal answer; "readyz<status>": first such /readyz
        self._done = threading.Event()

        def loop() -> None:
            while not self._done.is_set() and time.monotonic() < end and not until(self):
                for kind in ("participants", "readyz"):
                    t = time.monotonic()
                    c = _call(http, url, key, kind, space)
                    self.calls.append((t, c))
                    if kind == "readyz":
                        self.first.setdefault(f"readyz{c.status}", t + c.seconds)
                        if c.status == 200:
                            self.first.setdefault("readyz", t + c.seconds)
                    elif c.code == "ok":
                        self.first.setdefault("query", t + c.seconds)
                self._done.wait(0.1)

        self.thread = threading.Thread(target=loop, daemon=True)
        self.thread.start()

    def finish(self) -> None:
        self._done.set()
        self.thread.join(timeout=CLIENT_TIMEOUT_S + 1)

    def wrong(self) -> list[str]:
        """Answers that are neither normal nor a typed UNAVAILABLE, or slower than the bounds."""
        out = []
        for _, c in self.calls:
            fine = c.code in ("ok", "ready") or c.typed_unavailable or (c.kind != "readyz" and c.code == "UNAVAILABLE")
            slow = c.seconds > (READYZ_S if c.kind == "readyz" else UNAVAILABLE_S)
            if not fine or slow:
                out.append(f"{c.kind} answered {c.status} {c.code} in {c.seconds:.2f} s")
        return out

    def summary(self, t0: float, kind: str, status: int) -> dict:
        """Counts of the answers by code, the slowest, and when /readyz first said `status` (s after t0)."""
        codes: dict[str, int] = {}
        for _, c in self.calls:
            label = f"{c.kind} {c.status} {c.code}"
            codes[label] = codes.get(label, 0) + 1
        t = self.first.get(f"{kind}{status}")
        return {"polls": len(self.calls), "answers": ", ".join(f"{n}x {k}" for k, n in codes.items()) or "none",
                "max_s": round(max((c.seconds for _, c in self.calls), default=0), 3),
                "first_s": round(t - t0, 2) if t is not None else None}


def outage_test(neo4j: Instance, graph: Any, workdir: Path, requests: int = 20, budget_s: float = 90,
                space: str = "faults-outage", log: Callable[[str], None] = print) -> dict:
    """Runs the three phases within budget_s; Neo4j is always started again before it returns."""
    from polymem.api.auth import KeyManager
    from polymem.graph.apikeys import ApiKeyRepository
    from polymem.graph.messages import MessageRepository

    end = time.monotonic() + budget_s
    res: dict[str, Any] = {"requests": requests, "problems": []}
    problems: list[str] = res["problems"]
    key_id, key = KeyManager(graph).create([space], label="bench-faults")
    stopped = False
    t = time.monotonic()
    try:
        with (api_server(workdir / "api.log", {"POLYMEM_NEO4J_URI": neo4j.uri}, wait_s=max(5.0, end - t - 30),
                         show_log=False) as url,
              httpx.Client(timeout=CLIENT_TIMEOUT_S) as http):
            res["api_start_s"] = round(time.monotonic() - t, 1)
            r = http.post(f"{url}/graphql", json={"query": INGEST, "variables": {"s": space, "m": SEED}},
                          headers={"Authorization": f"Bearer {key}"}).json()
            if r.get("errors") or not r["data"]["ingestMessages"]["ok"]:
                problems.append(f"seeding through the API failed: {str(r)[:200]}")
            # 1. up
            up = [_call(http, url, key, kind, space) for _ in range(3) for kind in ROUND]
            res["up"] = {kind: {"median_s": round(statistics.median(c.seconds for c in up if c.kind == kind), 3),
                                "max_s": round(max(c.seconds for c in up if c.kind == kind), 3)} for kind in ROUND}
            not_ok = [c for c in up if c.code not in ("ok", "ready")]
            problems += [f"up: {c.kind} answered {c.status} {c.code}" for c in not_ok]
            log("  up:   " + ", ".join(f"{k} {v['median_s'] * 1000:.0f} ms" for k, v in res["up"].items())
                + " (median of 3)")
            # 2. down: watched while the stop runs, then `requests` requests
            stopped = True
            t_cmd = time.monotonic()
            stopping = _Watch(http, url, key, space, end, until=lambda w: False)
            try:
                res["stop_s"] = round(neo4j.stop(), 1)
            finally:
                stopping.finish()
            res["shutdown"] = stopping.summary(t_cmd, "readyz", 503)
            problems += [f"during the stop: {c}" for c in stopping.wrong()]
            t_down = time.monotonic()
            down: list[Call] = []
            for i in range(requests):
                down.append(_call(http, url, key, ROUND[i % len(ROUND)], space))
                if i % len(ROUND) == len(ROUND) - 1:
                    time.sleep(0.5)  # spread over a few health-check intervals
            res["down_seconds"] = round(time.monotonic() - t_down, 1)
            gql = [c for c in down if c.kind != "readyz"]
            rz = [c for c in down if c.kind == "readyz"]
            bad = [c for c in down if _bad(c)]
            res["down"] = {"graphql": len(gql), "graphql_unavailable_503": sum(c.typed_unavailable for c in gql),
                           "graphql_max_s": round(max((c.seconds for c in gql), default=0), 3),
                           "ask_max_s": round(max((c.seconds for c in gql if c.kind == "ask"), default=0), 3),
                           "readyz": len(rz), "readyz_503": sum(c.typed_unavailable for c in rz),
                           "readyz_max_s": round(max((c.seconds for c in rz), default=0), 3),
                           "failed": len(bad), "calls": [asdict(c) for c in down]}
            problems += [f"down: {c.kind} answered {c.status} {c.code} in {c.seconds:.2f} s" for c in bad]
            d, sd = res["down"], res["shutdown"]
            log(f"  stop: scripts/neo4j stop took {res['stop_s']} s; meanwhile {sd['polls']} polls (a query and "
                f"/readyz): {sd['answers']}, slowest {sd['max_s']:.3f} s; /readyz said 503 "
                f"{sd['first_s']} s after the stop command")
            log(f"  down: {requests} requests over {res['down_seconds']} s:")
            for i in range(0, len(down), len(ROUND)):
                log("    " + ", ".join(f"{c.kind} {c.status} {c.code} {c.seconds * 1000:.0f} ms"
                                       for c in down[i:i + len(ROUND)]))
            log(f"    -> {d['graphql_unavailable_503']}/{d['graphql']} GraphQL answers typed UNAVAILABLE 503, "
                f"max {d['graphql_max_s']:.3f} s; /readyz 503 {d['readyz_503']}/{d['readyz']}, "
                f"max {d['readyz_max_s']:.3f} s")
            # 3. back, with the same API process: watched from the start command until both answer again
            t_cmd = time.monotonic()
            starting = _Watch(http, url, key, space, end, until=lambda w: {"query", "readyz"} <= set(w.first))
            try:
                res["start_s"] = round(neo4j.start(timeout=max(10.0, end - time.monotonic())), 1)
                stopped = False
                t_bolt = time.monotonic()
                starting.thread.join(timeout=max(0.0, min(30.0, end - time.monotonic())))
            finally:
                starting.finish()
            first = starting.first
            res["recovered"] = "query" in first
            res["query_after_start_s"] = round(first["query"] - t_cmd, 2) if "query" in first else None
            res["query_after_bolt_s"] = round(max(0.0, first["query"] - t_bolt), 2) if "query" in first else None
            res["readyz_after_bolt_s"] = round(max(0.0, first["readyz"] - t_bolt), 2) if "readyz" in first else None
            res["recovery"] = starting.summary(t_cmd, "readyz", 200)
            problems += [f"during the start: {c}" for c in starting.wrong()]
            if not res["recovered"]:
                problems.append("the API did not answer normally again after Neo4j came back")
            if "readyz" not in first:
                problems.append("/readyz did not say 200 again after Neo4j came back")
            after = [graphql(http, url, key, kind, space) for kind in QUERIES] if res["recovered"] else []
            problems += [f"after: {c.kind} answered {c.status} {c.code}" for c in after if c.code != "ok"]
            rc = res["recovery"]
            log(f"  back: Neo4j started in {res.get('start_s')} s; the same API answered a query "
                f"{res['query_after_bolt_s']} s after Bolt was up ({res['query_after_start_s']} s after the start "
                f"command), /readyz 200 after {res['readyz_after_bolt_s']} s; meanwhile {rc['polls']} polls: "
                f"{rc['answers']}, slowest {rc['max_s']:.3f} s")
    except Exception as e:  # noqa: BLE001 - a broken phase is reported, and Neo4j still comes back
        problems.append(f"{type(e).__name__}: {e}"[:300])
    finally:
        if stopped:
            try:
                neo4j.start(timeout=max(30.0, end - time.monotonic()))
            except Exception as e:  # noqa: BLE001
                problems.append(f"Neo4j did not start again: {e}"[:300])
        try:
            MessageRepository(graph).drop_space(space)
            ApiKeyRepository(graph).delete(key_id)
        except Exception as e:  # noqa: BLE001
            problems.append(f"cleanup: {type(e).__name__}: {e}"[:300])
    res["seconds"] = round(budget_s - (end - time.monotonic()), 1)
    if time.monotonic() > end:
        problems.append(f"over the part's budget of {budget_s:g} s")
    for p in problems:
        log(f"  FAILED {p}")
    return res


def report_line(a: dict) -> str:
    up, d = a.get("up", {}), a.get("down", {})
    ms = ", ".join(f"{k} {v['median_s'] * 1000:.0f}" for k, v in up.items())
    line = (f"API during an outage ({a.get('seconds')} s): up (median ms): {ms or '-'}; Neo4j stopped -> "
            f"{d.get('graphql_unavailable_503', 0)}/{d.get('graphql', 0)} GraphQL answers typed UNAVAILABLE 503, "
            f"max {d.get('graphql_max_s', 0):.3f} s (ask {d.get('ask_max_s', 0):.3f} s), /readyz 503 "
            f"{d.get('readyz_503', 0)}/{d.get('readyz', 0)} max {d.get('readyz_max_s', 0):.3f} s; Neo4j started "
            f"in {a.get('start_s')} s -> the same API answered {a.get('query_after_bolt_s')} s after Bolt "
            f"({a.get('query_after_start_s')} s after the start command), /readyz 200 after "
            f"{a.get('readyz_after_bolt_s')} s")
    if a.get("problems"):
        line += f"; failed: {'; '.join(a['problems'][:5])}"
    return line


def failures(a: dict) -> int:
    return len(a.get("problems", []))
