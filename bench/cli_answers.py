"""`polymem bench answers --limit N`: answer quality of (a) polymem's extractive answer, (b) the LLM
from polymem's evidence, (c) the same LLM from BM25's top 10, (d) the same LLM from the whole
conversation truncated to its context (bench/answers_bench.py). Needs POLYMEM_LLM_* (scripts/llm)."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

ALL: list[str] = []  # needs an LLM server: not part of `bench all`


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("answers", help="answer F1: extractive vs LLM from polymem / BM25 top-10 / whole chat")
    p.add_argument("--limit", type=int, default=30, help="LoCoMo questions, evenly spaced over the set (0: none)")
    p.add_argument("--groupchat", type=int, default=0, help="groupchat questions, evenly spaced (0: none)")
    p.add_argument("--systems", nargs="+", default=None, metavar="SYSTEM",
                   help="LLM systems to run beside the extractive one (default: all): llm+polymem llm+bm25 llm+whole")
    p.add_argument("--groupchat-file", default=None, metavar="PATH",
                   help="groupchat scenario file or folder (default: the shared set)")
    p.add_argument("--offset", type=int, default=0,
                   help="start this far into the first step: another sample of the same size (disjoint while "
                        "smaller than the step)")
    p.add_argument("--out", default=None, help="write the full result (every answer) as JSON here")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bench.answers_bench import SYSTEMS
    from bench.answers_bench import run as run_answers
    from bench.report import meta, print_table, table
    from polymem.graph import Graph
    from polymem.ingest.embedder import default_embedder
    from polymem.llm import make_client

    client = make_client()
    if client is None:
        print("polymem bench answers: no LLM configured; run `scripts/llm start` and "
              "eval \"$(scripts/llm env)\" first", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    command = "polymem " + " ".join(shlex.quote(a) for a in sys.argv[1:])

    def save(res: dict[str, Any]) -> None:
        res["meta"] = meta(command, time.perf_counter() - t0)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump(res, f, indent=1, default=str)

    systems = SYSTEMS
    if args.systems:
        bad = [s for s in args.systems if s not in SYSTEMS[1:]]
        if bad:
            print(f"polymem bench answers: unknown system {bad[0]!r}; choose from {', '.join(SYSTEMS[1:])}",
                  file=sys.stderr)
            return 2
        systems = (SYSTEMS[0], *[s for s in SYSTEMS[1:] if s in args.systems])
    with Graph() as g:
        res = run_answers(g, default_embedder(), client, limit=args.limit, gc_limit=args.groupchat,
                          systems=systems, progress=save, offset=args.offset,
                          gc_path=Path(args.groupchat_file) if args.groupchat_file else None)
    save(res)
    if args.json:
        print(json.dumps({k: v for k, v in res.items() if k != "answers"}, indent=1, default=str))
        return 0
    groups = sorted({k.rsplit("|", 1)[0] for k in res["scores"]})
    rows: list[list[Any]] = []
    for grp in groups:
        cells = [res["scores"].get(f"{grp}|{s}", [None, 0]) for s in systems]
        rows.append([grp.replace("|", " "), cells[0][1], *[c[0] for c in cells]])
    print_table(table(f"Answer quality, model {res['model']} ({res['questions']} questions; LoCoMo: token F1, "
                      "groupchat: accuracy)", ["set", "n", *systems], rows))
    print(f"- seconds per question: {res['seconds_per_question']}")
    print(f"- LLM calls {res['llm_calls']}, failures {res['llm_failures']}, claims dropped (no valid citation) "
          f"{res['claims_dropped']}")
    return 0
