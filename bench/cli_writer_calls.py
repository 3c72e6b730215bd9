"""`polymem bench writer-calls`: LLM calls per message of the LLM Writer on groupchat scenarios.

The number of calls depends only on the no-LLM candidates per window (one call per window that has
any), so a scripted model that keeps every candidate gives the figure without an LLM server. Each
scenario goes into a temporary space, removed afterwards."""

from __future__ import annotations

import argparse
import json
import re
import uuid

ALL: list[str] = []


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("writer-calls", help="LLM Writer calls per message on groupchat scenarios (no LLM needed)")
    p.add_argument("scenarios", nargs="*", default=None, help="groupchat file stems (default: all shared)")
    p.add_argument("--window", type=int, default=12)
    p.set_defaults(func=run)


def keep_all(messages: list[dict[str, str]]) -> str:
    cands = re.findall(r"^C(\d+) from \[[^\]]*\]: (\{.*\})$", messages[-1]["content"], re.M)
    return json.dumps({"reviews": [{"candidate": int(n), "entry_id": "", "op": "add", "owner": json.loads(c)["owner"],
                                    "value": json.loads(c)["value"] or "", "content": json.loads(c)["content"]}
                                   for n, c in cands]})


def run(args: argparse.Namespace) -> int:
    from bench.memory_groupchat import GROUPCHAT
    from polymem.graph import Graph
    from polymem.graph.messages import MessageRepository
    from polymem.ingest.formats import load
    from polymem.ingest.pipeline import Ingestor
    from polymem.ingest.writer import write_space
    from polymem.ingest.writer.llm import LLMWriter
    from polymem.llm import ScriptedClient

    files = [GROUPCHAT / f"{s}.json" for s in args.scenarios] if args.scenarios else sorted(GROUPCHAT.glob("groupchat-*.json"))
    calls = msgs = 0
    with Graph() as g:
        for f in files:
            space = f"bench-writer-calls-{uuid.uuid4().hex[:8]}"
            try:
                Ingestor(g, None).ingest(space, next(iter(load(f, "groupchat"))))
                rep = write_space(g, space, LLMWriter(client=ScriptedClient([keep_all] * 10_000)), None,
                                  window=args.window)
            finally:
                MessageRepository(g).drop_space(space)
            calls += rep.llm_calls
            msgs += rep.messages
            print(f"{f.stem}: {rep.messages} messages, {rep.llm_calls} calls, {rep.llm_calls / max(1, rep.messages):.3f}/message")
    print(f"total: {msgs} messages, {calls} calls, {calls / max(1, msgs):.3f} LLM calls per message (window {args.window})")
    return 0
