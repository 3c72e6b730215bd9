"""`polymem demo`: the README's main job on the bundled sample group chat.

Ingest → derive System 2 records → show the graph → answer questions with plans and evidence →
start the GraphQL API with a key for the demo space and ask one question over HTTP.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

QUESTIONS = [
    ("Who asked Ravi to book the boathouse?", None),
    ("Where does Sun-hee live now?", None),
    ("Where did Sun-hee live before?", None),
    ("What did the group finally decide for the venue?", None),
    ("What had the group originally decided for the venue?", None),
    ("What does Marco think of Ravi?", None),
    ("Where does everyone live now?", None),
    ("What is my job?", "odile"),
    ("What car does Dana drive?", None),
]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="ingest the bundled sample chat, answer questions, start the API")
    p.add_argument("--space", default="demo")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--no-serve", action="store_true", help="exit after the questions (no API server)")
    p.set_defaults(func=run)


def _sample() -> Path:
    return Path(str(resources.files("polymem") / "data" / "sample.jsonl"))


def _banner(text: str) -> None:
    print(f"\n=== {text} " + "=" * max(0, 70 - len(text)), flush=True)


def run(args: argparse.Namespace) -> int:
    from polymem.graph import Graph
    from polymem.graph.messages import MessageRepository
    from polymem.ingest.embedder import default_embedder
    from polymem.ingest.formats import load
    from polymem.ingest.pipeline import Ingestor
    from polymem.ingest.writer.run import write_space
    from polymem.retrieval import AskOptions, ask

    with Graph() as g:
        if not g.ping():
            print(f"polymem demo: Neo4j is not reachable at {g.settings.uri}; run scripts/neo4j start", file=sys.stderr)
            return 2
        emb = default_embedder()
        _banner(f"ingest {_sample().name} into space '{args.space}'")
        for conv in load(_sample(), "jsonl"):
            rep = Ingestor(g, emb).ingest(args.space, conv)
            print(json.dumps(rep.summary(), indent=1))
        _banner("derive System 2 records (no-LLM writer)")
        wr = write_space(g, args.space, embedder=emb)
        print(json.dumps(wr.summary(), indent=1, default=str))
        _banner("what is in the graph")
        print(json.dumps(MessageRepository(g).stats(args.space), indent=1))
        for r in g.read(
            "MATCH (r:Record {space: $space}) RETURN r.layer AS layer, r.owner AS owner, r.source AS source, "
            "r.state AS state, r.content AS content ORDER BY r.owner, r.time LIMIT 25", space=args.space):
            print(f"  [{r['layer']:<11}] owner={r['owner']:<8} source={r['source']:<8} {r['state']:<10} {r['content']}")
        _banner("questions (no LLM)")
        for question, asker in QUESTIONS:
            a = ask(g, args.space, question, asker, AskOptions(), embedder=emb)
            p = a.plan
            print(f"\nQ: {question}" + (f"   (asked by {asker})" if asker else ""))
            print(f"   plan: intent={p.intent} rows={[r.id for r in p.rows]} issue={p.issue} mode={p.mode} "
                  f"scope={p.scope.model_dump(exclude_none=True)}")
            print(f"A: {a.text}")
            print(f"   evidence: {a.ranked_message_ids[:5]}  rounds: {len({t.get('round') for t in a.trace})}")
    if args.no_serve:
        return 0
    return _serve(args)


def _free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def _serve(args: argparse.Namespace) -> int:
    import httpx

    from polymem.api.auth import KeyManager
    from polymem.graph import Graph

    port = args.port if _free(args.port) else 0
    if port == 0:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    with Graph() as g:
        _, key = KeyManager(g).create([args.space], label="demo")
    _banner("GraphQL API")
    proc = subprocess.Popen([sys.executable, "-m", "polymem.cli", "serve", "--port", str(port)], env=os.environ.copy())
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(120):
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        query = ("query Ask($space: String!, $q: String!) { ask(space: $space, question: $q) "
                 "{ text answerParticipant rankedMessageIds plan { intent mode } } }")
        body = {"query": query, "variables": {"space": args.space, "q": "Who agreed to print the invitations?"}}
        r = httpx.post(f"{base}/graphql", json=body, headers={"Authorization": f"Bearer {key}"}, timeout=60)
        print(f"POST {base}/graphql  (API key for space '{args.space}': {key})")
        print(json.dumps(r.json(), indent=1))
        print(f"\nGraphiQL:      {base}/graphql   (header  Authorization: Bearer {key})")
        print("Neo4j Browser: http://localhost:7474/browser/   (bolt://localhost:7687, no auth locally)")
        print("Ctrl-C stops the API.", flush=True)
        return proc.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)
