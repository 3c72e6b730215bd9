"""`polymem bench api`: requests/s and p50/p95 latency of the GraphQL API under load on loopback,
and (with --inprocess) the API's overhead against the same calls made in-process.

Scenarios: `ask` (no LLM, default agentic strategy), `search` (full-text, messages and records)
and a nested `participant` query, each against a real uvicorn server (`polymem serve --workers N`)
per worker count, over the bundled sample conversation, with auth on. The load generator is
asyncio + httpx with a fixed number of clients, bounded by a request count AND a time limit.

With --inprocess the same questions / search texts are also run in this process (the
`polymem.retrieval.ask` call and the resolver's two full-text searches, on a driver with the
API's settings and the same embedder) by the same number of client threads. Every server is
started before the first cell, and the cells are interleaved round by round (in-process, then
each worker count, per scenario), so the ratios compare figures taken under the same load. The
load generator shares the CPUs with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import platform
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

QUESTIONS = [
    "Who lives in Leeds?", "What does Ravi do for work?", "Who asked Dana about the venue?",
    "What did the group decide about the venue?", "Where does Marco live?", "Who has a beagle?",
]
SEARCHES = ["venue", "Leeds", "beagle", "work", "Marco", "decide"]
PEOPLE = ["dana", "marco_p", "sunny", "ravi.k", "odile"]
PARTICIPANT = """query($s: String!, $id: String!) { participant(space: $s, id: $id) {
  id name aliases records(history: true) { id content state }
  messages(first: 10) { edges { cursor node { id text time addressees { how participant { id name } } } } }
  addressedMessages(first: 10) { edges { node { id speaker { id name } } } } } }"""
ASK = """query($s: String!, $q: String!) { ask(space: $s, question: $q) {
  text abstained answerParticipant rankedMessageIds rows { kind id current { id text speaker } } } }"""
SEARCH = """query($s: String!, $q: String!) { search(space: $s, query: $q, first: 10) {
  kind score message { id text time speakerId } record { id content owner } } }"""
SCENARIOS = ("ask", "search", "participant")
INPROCESS = ("ask", "search")  # scenarios with an in-process twin
WARM_PER_WORKER = 5  # warm-up passes over the questions per worker


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def _summary(lat: list[float], seconds: float, errors: int, loads: list[float]) -> dict:
    return {"requests": len(lat), "errors": errors, "seconds": seconds, "rps": len(lat) / seconds if seconds else 0.0,
            "p50_ms": 1000 * _pct(lat, 50), "p95_ms": 1000 * _pct(lat, 95), "lat": lat, "loads": loads}


async def _load(url: str, key: str, make: Callable[[int], dict], requests: int, duration: float,
                concurrency: int) -> dict:
    lat: list[float] = []
    errors = 0
    sent = 0
    deadline = time.perf_counter() + duration
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(timeout=120, limits=limits, headers={"Authorization": f"Bearer {key}"}) as http:
        async def worker() -> None:
            nonlocal sent, errors
            while sent < requests and time.perf_counter() < deadline:
                i = sent
                sent += 1
                t = time.perf_counter()
                r = await http.post(f"{url}/graphql", json=make(i))
                ok = r.status_code == 200 and not r.json().get("errors")
                lat.append(time.perf_counter() - t)
                if not ok and not errors:
                    print(f"API error: HTTP {r.status_code} {r.text[:300]}", file=sys.stderr, flush=True)
                errors += not ok

        t0 = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - t0
    return _summary(lat, wall, errors, [os.getloadavg()[0]])


def _load_inprocess(call: Callable[[int], Any], requests: int, duration: float, concurrency: int) -> dict:
    """The same bounded closed loop as `_load`, with `concurrency` threads calling `call(i)`."""
    lat: list[float] = []
    errors = 0
    sent = 0
    lock = threading.Lock()
    deadline = time.perf_counter() + duration

    def worker() -> None:
        nonlocal sent, errors
        while True:
            with lock:
                if sent >= requests or time.perf_counter() >= deadline:
                    return
                i = sent
                sent += 1
            t = time.perf_counter()
            try:
                call(i)
                ok = True
            except Exception as e:  # noqa: BLE001 - counted like an API error
                ok = False
                if not errors:
                    print(f"in-process error: {e!r}", file=sys.stderr, flush=True)
            d = time.perf_counter() - t
            with lock:
                lat.append(d)
                errors += not ok

    t0 = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        for f in [pool.submit(worker) for _ in range(concurrency)]:
            f.result()
    return _summary(lat, time.perf_counter() - t0, errors, [os.getloadavg()[0]])


def _warm(url: str, key: str, make: Callable[[int], dict], cycles: int) -> None:
    """Every question `cycles` times in turn, each on a new connection (so that the kernel spreads
    them over the workers), one at a time: the first sight of a word loads its WordNet entries, and
    those loads must not race (see docs/bench/api.md)."""
    headers = {"Authorization": f"Bearer {key}", "Connection": "close"}
    for i in range(cycles * len(QUESTIONS)):
        httpx.post(f"{url}/graphql", json=make(i), headers=headers, timeout=120)


def _serve(workers: int, log: Path, src: Path | None = None) -> tuple[subprocess.Popen, str]:
    """`polymem serve --workers N` on a free port; from the source tree `src` when given."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "POLYMEM_API_AUTH": "on"}
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    with log.open("wb") as out:  # the server's own log: the traceback behind an INTERNAL answer
        proc = subprocess.Popen([sys.executable, "-m", "polymem.cli", "serve", "--port", str(port),
                                 "--workers", str(workers)], stdout=out, stderr=subprocess.STDOUT,
                                env=env, cwd=src)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        if proc.poll() is not None:
            break
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    proc.kill()
    raise RuntimeError(f"polymem serve --workers {workers} did not start")


def _prepare(space: str) -> str:
    from polymem.api.auth import KeyManager
    from polymem.graph import Graph
    from polymem.ingest.embedder import default_embedder
    from polymem.ingest.formats import load
    from polymem.ingest.pipeline import Ingestor
    from polymem.ingest.writer import write_space

    sample = Path(__file__).resolve().parents[1] / "polymem" / "data" / "sample.jsonl"
    with Graph() as g:
        emb = default_embedder()
        for conv in load(sample, "jsonl"):
            Ingestor(g, emb).ingest(space, conv)
        write_space(g, space, embedder=emb)
        return KeyManager(g).create([space], label="bench")[1]


def _cleanup(space: str, key: str) -> None:
    from polymem.graph import Graph
    from polymem.graph.apikeys import ApiKeyRepository

    with Graph() as g:
        ApiKeyRepository(g).delete(key.split("_")[1])
        g.write("MATCH (n {space: $s}) DETACH DELETE n", s=space)
        g.write("MATCH (n:Space {id: $s}) DETACH DELETE n", s=space)


def _requests(space: str) -> dict[str, Callable[[int], dict]]:
    return {
        "ask": lambda i: {"query": ASK, "variables": {"s": space, "q": QUESTIONS[i % len(QUESTIONS)]}},
        "search": lambda i: {"query": SEARCH, "variables": {"s": space, "q": SEARCHES[i % len(SEARCHES)]}},
        "participant": lambda i: {"query": PARTICIPANT, "variables": {"s": space, "id": PEOPLE[i % len(PEOPLE)]}},
    }


class InProcess:
    """The calls the `ask` and `search` resolvers make, without HTTP, auth or GraphQL: one driver
    with the API's settings and one embedder, like one API worker."""

    def __init__(self, space: str) -> None:
        from polymem.api.context import api_neo4j_settings
        from polymem.graph.browse import BrowseRepository
        from polymem.graph.driver import Graph
        from polymem.ingest.embedder import default_embedder
        from polymem.retrieval import AskOptions, ask

        self.space = space
        self.graph = Graph(api_neo4j_settings())
        self.browse = BrowseRepository(self.graph)
        self.embedder = default_embedder()
        self._ask, self._opts = ask, AskOptions

    def ask(self, i: int) -> Any:
        return self._ask(self.graph, self.space, QUESTIONS[i % len(QUESTIONS)], None, self._opts(),
                         embedder=self.embedder)

    def search(self, i: int) -> list:
        text = SEARCHES[i % len(SEARCHES)]
        hits = self.browse.search_messages(self.space, text, 10, speaker=None, addressee=None, channel=None,
                                           session=None, since=None, until=None)
        hits += self.browse.search_records(self.space, text, 10, history=False, owner=None, source=None)
        return sorted(hits, key=lambda h: -h[1])[:10]

    def close(self) -> None:
        self.graph.close()


def _merge(a: dict | None, b: dict) -> dict:
    if a is None:
        return b
    return _summary(a["lat"] + b["lat"], a["seconds"] + b["seconds"], a["errors"] + b["errors"], a["loads"] + b["loads"])


def _line(mode: str, name: str, res: dict) -> str:
    return (f"{mode} {name}: {res['rps']:.1f} req/s p50={res['p50_ms']:.0f} ms p95={res['p95_ms']:.0f} ms "
            f"({res['requests']} requests, {res['errors']} errors, load {res['loads'][-1]:.1f})")


def run(args: argparse.Namespace) -> int:
    space = f"bench-api-{uuid.uuid4().hex[:8]}"
    key = _prepare(space)
    makes = _requests(space)
    local = InProcess(space) if args.inprocess else None
    servers: dict[str, tuple[subprocess.Popen, str]] = {}  # mode -> server
    cells: dict[tuple[str, str], dict] = {}  # (mode, scenario) -> merged result over the rounds
    try:
        logs = Path(tempfile.mkdtemp(prefix="polymem-bench-api-"))
        for w in args.workers:
            servers[_mode(w)] = _serve(w, logs / f"serve-{w}.log")
            if args.before:
                servers[_mode(w, "before")] = _serve(w, logs / f"serve-{w}-before.log", Path(args.before).resolve())
        print(f"server logs in {logs}", flush=True)
        for name in args.queries:  # warm every worker and the in-process twin, one request at a time
            for mode, (_, url) in servers.items():
                _warm(url, key, makes[name], WARM_PER_WORKER * _workers(mode))
            if local is not None and name in INPROCESS:
                for i in range(len(QUESTIONS)):
                    getattr(local, name)(i)
        for rnd in range(args.rounds):
            for name in args.queries:
                todo: list[tuple[str, Callable[[], dict]]] = []
                if local is not None and name in INPROCESS:
                    call = getattr(local, name)
                    todo.append(("in-process", lambda c=call: _load_inprocess(
                        c, args.requests, args.duration, args.concurrency)))
                for mode, (_, url) in servers.items():
                    todo.append((mode, lambda u=url, n=name: asyncio.run(_load(
                        u, key, makes[n], args.requests, args.duration, args.concurrency))))
                for mode, cell in todo:
                    res = cell()
                    print(f"round {rnd + 1}: " + _line(mode, name, res), flush=True)
                    cells[(mode, name)] = _merge(cells.get((mode, name)), res)
    finally:
        for proc, _ in servers.values():
            proc.terminate()
        for proc, _ in servers.values():
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
        if local is not None:
            local.close()
        _cleanup(space, key)
    print(report(args, cells))
    if args.out:
        path = Path(args.out)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(report(args, cells), encoding="utf-8")
        print(f"wrote {path}")
    return 0


def overhead(api: dict, base: dict) -> dict[str, float]:
    """The API's cost over in-process at the same clients: throughput lost (in-process req/s over API
    req/s, minus 1) and latency added (API p50 / p95 over in-process, minus 1), as fractions."""
    return {"rps": base["rps"] / api["rps"] - 1 if api["rps"] else float("inf"),
            "p50": api["p50_ms"] / base["p50_ms"] - 1, "p95": api["p95_ms"] / base["p95_ms"] - 1}


def command(args: argparse.Namespace) -> str:
    return (f"polymem bench api --workers {' '.join(map(str, args.workers))} --queries {' '.join(args.queries)} "
            f"--requests {args.requests} --duration {args.duration:g} --concurrency {args.concurrency} "
            f"--rounds {args.rounds}{' --inprocess' if args.inprocess else ''}"
            f"{f' --before {args.before}' if args.before else ''}")


def report(args: argparse.Namespace, cells: dict[tuple[str, str], dict]) -> str:
    loads = [x for r in cells.values() for x in r["loads"]]
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    except OSError:
        commit = ""
    lines = [
        "# GraphQL API under load", "",
        f"- command: `nice -n 10 {command(args)}`",
        f"- machine: {args.machine or f'{os.cpu_count()}-core {platform.machine()}'}",
        f"- date: {dt.datetime.now(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')}" + (f", commit {commit}" if commit else ""),
        f"- load (1-min `uptime` average at the start of each cell): {min(loads):.1f}–{max(loads):.1f}" if loads else
        "- load: n/a",
        "- data: the bundled sample conversation (30 messages, 6 people) + rule-Writer records; auth on; "
        "`ask` without an LLM (default agentic strategy)",
        f"- load generator: {args.concurrency} clients (httpx keep-alive on loopback, or threads in-process), "
        f"at most {args.requests} requests or {args.duration:g} s per cell, {args.rounds} round(s) interleaved "
        "after a warm-up; it shares the CPUs with the server",
        "", "| mode | query | req/s | p50 ms | p95 ms | requests | errors | load |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (mode, name), r in sorted(cells.items(), key=lambda kv: (SCENARIOS.index(kv[0][1]), _order(kv[0][0]))):
        lines.append(f"| {mode} | {name} | {r['rps']:.1f} | {r['p50_ms']:.0f} | {r['p95_ms']:.0f} | "
                     f"{r['requests']} | {r['errors']} | {min(r['loads']):.1f}–{max(r['loads']):.1f} |")
    rows = [(mode, name, overhead(r, cells[("in-process", name)])) for (mode, name), r in cells.items()
            if mode != "in-process" and ("in-process", name) in cells]
    if rows:
        lines += ["", "API overhead against in-process at the same clients (goal ≤ 30 %):", "",
                  "| mode | query | throughput lost | p50 added | p95 added |", "|---|---|---|---|---|"]
        for mode, name, o in sorted(rows, key=lambda t: (SCENARIOS.index(t[1]), _order(t[0]))):
            lines.append(f"| {mode} | {name} | {100 * o['rps']:+.0f} % | {100 * o['p50']:+.0f} % | "
                         f"{100 * o['p95']:+.0f} % |")
    return "\n".join(lines) + "\n"


def _mode(workers: int, label: str = "") -> str:
    return f"{workers} worker{'s' if workers > 1 else ''}" + (f" ({label})" if label else "")


def _workers(mode: str) -> int:
    return 0 if mode == "in-process" else int(mode.split()[0])


def _order(mode: str) -> tuple[int, int, str]:
    return _workers(mode), "(" not in mode, mode  # in-process, then by workers, a `--before` server first


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("api", help="GraphQL API throughput/latency (ask, search, nested participant) per worker "
                                   "count; --inprocess adds the API overhead against in-process calls")
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    p.add_argument("--queries", nargs="+", choices=SCENARIOS, default=list(SCENARIOS))
    p.add_argument("--requests", type=int, default=200, help="at most this many requests per cell and round")
    p.add_argument("--duration", type=float, default=30, help="at most this many seconds per cell and round")
    p.add_argument("--concurrency", type=int, default=4, help="clients (the same for every mode)")
    p.add_argument("--rounds", type=int, default=1, help="interleaved repetitions of every cell")
    p.add_argument("--inprocess", action="store_true",
                   help="also run ask and search in-process and report the API overhead")
    p.add_argument("--before", metavar="DIR",
                   help="also serve each worker count from this source tree (e.g. `git archive REV polymem | tar -x "
                        "-C DIR`), as the modes 'N workers (before)': a before/after in the same run")
    p.add_argument("--machine", help="machine description for the report")
    p.add_argument("--out", default="docs/bench/api.md", help="markdown report ('' to skip)")
    p.set_defaults(func=run)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="bench", required=True))
    ns = parser.parse_args(sys.argv[1:])
    sys.exit(ns.func(ns))
