"""`polymem bench api`: requests/s and p50/p95 latency of the GraphQL API under load on loopback.

Scenarios: `ask` (no LLM, default agentic strategy) and a nested `participant` query, each against
a real uvicorn server with 1, 2 and 4 workers, over the bundled sample conversation. The load
generator is asyncio + httpx with a fixed concurrency, bounded by a request count AND a time
limit. It runs on the same machine as the server, so on a 2-core box they compete for CPU.
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
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

QUESTIONS = [
    "Who lives in Leeds?", "What does Ravi do for work?", "Who asked Dana about the venue?",
    "What did the group decide about the venue?", "Where does Marco live?", "Who has a beagle?",
]
PARTICIPANT = """query($s: String!, $id: String!) { participant(space: $s, id: $id) {
  id name aliases records(history: true) { id content state }
  messages(first: 10) { edges { cursor node { id text time addressees { how participant { id name } } } } }
  addressedMessages(first: 10) { edges { node { id speaker { id name } } } } } }"""
ASK = """query($s: String!, $q: String!) { ask(space: $s, question: $q) {
  text abstained answerParticipant rankedMessageIds rows { kind id current { id text speaker } } } }"""


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


async def _load(url: str, key: str, make: Any, requests: int, duration: float, concurrency: int) -> dict:
    lat: list[float] = []
    errors = 0
    sent = 0
    deadline = time.perf_counter() + duration
    async with httpx.AsyncClient(timeout=120, headers={"Authorization": f"Bearer {key}"}) as http:
        async def worker() -> None:
            nonlocal sent, errors
            while sent < requests and time.perf_counter() < deadline:
                i = sent
                sent += 1
                t = time.perf_counter()
                r = await http.post(f"{url}/graphql", json=make(i))
                lat.append(time.perf_counter() - t)
                if r.status_code != 200 or r.json().get("errors"):
                    errors += 1

        t0 = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - t0
    return {"requests": len(lat), "errors": errors, "seconds": wall, "rps": len(lat) / wall,
            "p50_ms": 1000 * _pct(lat, 50), "p95_ms": 1000 * _pct(lat, 95)}


def _serve(workers: int) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "polymem.api.app:create_app", "--factory",
                             "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers),
                             "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "POLYMEM_API_AUTH": "on"})
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("server did not start")


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


def run(args: argparse.Namespace) -> int:
    space = f"bench-api-{uuid.uuid4().hex[:8]}"
    key = _prepare(space)
    people = ["dana", "marco_p", "sunny", "ravi.k", "odile"]
    scenarios = {
        "ask": lambda i: {"query": ASK, "variables": {"s": space, "q": QUESTIONS[i % len(QUESTIONS)]}},
        "participant": lambda i: {"query": PARTICIPANT, "variables": {"s": space, "id": people[i % len(people)]}},
    }
    rows: list[tuple[int, str, dict]] = []
    try:
        for w in args.workers:
            proc, url = _serve(w)
            try:
                for name, make in scenarios.items():
                    asyncio.run(_load(url, key, make, 4 * w, 60, w))  # warm every worker
                    res = asyncio.run(_load(url, key, make, args.requests, args.duration, args.concurrency))
                    rows.append((w, name, res))
                    print(f"workers={w} {name}: {res['rps']:.1f} req/s p50={res['p50_ms']:.0f} ms "
                          f"p95={res['p95_ms']:.0f} ms ({res['requests']} requests, {res['errors']} errors)", flush=True)
            finally:
                proc.terminate()
                proc.wait(timeout=30)
    finally:
        _cleanup(space, key)
    if args.out:
        _write(Path(args.out), args, rows)
    return 0


def _write(path: Path, args: argparse.Namespace, rows: list[tuple[int, str, dict]]) -> None:
    cmd = (f"polymem bench api --workers {' '.join(map(str, args.workers))} --requests {args.requests} "
           f"--duration {args.duration} --concurrency {args.concurrency}")
    lines = [
        "# GraphQL API under load", "",
        f"- command: `{cmd}`",
        f"- machine: {args.machine or f'{os.cpu_count()}-core {platform.machine()}'}",
        f"- date: {dt.datetime.now(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')}",
        "- data: the bundled sample conversation (30 messages, 6 people) + rule-Writer records; auth on",
        f"- load: {args.concurrency} concurrent httpx clients on loopback, at most {args.requests} requests "
        f"or {args.duration} s per cell, after a warm-up; the load generator shares the CPUs with the server",
        "", "| workers | query | req/s | p50 ms | p95 ms | requests | errors |", "|---|---|---|---|---|---|---|",
    ]
    for w, name, r in rows:
        lines.append(f"| {w} | {name} | {r['rps']:.1f} | {r['p50_ms']:.0f} | {r['p95_ms']:.0f} | "
                     f"{r['requests']} | {r['errors']} |")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("api", help="GraphQL API throughput/latency (ask, nested participant) for 1/2/4 workers")
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    p.add_argument("--requests", type=int, default=200, help="at most this many requests per cell")
    p.add_argument("--duration", type=float, default=30, help="at most this many seconds per cell")
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--machine", help="machine description for the report")
    p.add_argument("--out", default="docs/bench/api.md", help="markdown report ('' to skip)")
    p.set_defaults(func=run)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="bench", required=True))
    ns = parser.parse_args(sys.argv[1:])
    sys.exit(ns.func(ns))
