"""`polymem write --space S [--llm] [--window N]`: derive System 2 records from stored messages."""

from __future__ import annotations

import argparse
import json

from polymem.errors import InputError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("write", help="run the System 2 Writer (Add/Update/Noop) over a space's new messages")
    p.add_argument("--space", required=True)
    p.add_argument("--llm", action="store_true",
                   help="use the LLM Writer (POLYMEM_LLM_BASE_URL / POLYMEM_LLM_MODEL); default: no-LLM rules")
    p.add_argument("--policy", default="rules",
                   help="no-LLM decisions: rules (default), small (the packaged trained policy) or a policy.json "
                        "from `polymem train writer`")
    p.add_argument("--window", type=int, default=None, help="messages per window (default 20 rules, 12 LLM)")
    p.add_argument("--no-embed", action="store_true", help="store records without embeddings")
    p.add_argument("--json", action="store_true", help="machine-readable summary")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from polymem.graph import Graph
    from polymem.ingest.writer import write_space
    from polymem.ingest.writer.rules import RuleWriter

    if args.window is not None and args.window < 1:
        raise InputError("--window must be at least 1")
    from polymem.ingest.writer.policy import load_policy

    try:
        writer = RuleWriter(load_policy(args.policy))
    except (FileNotFoundError, ValueError) as e:
        raise InputError(str(e)) from e
    if args.llm:
        from polymem.ingest.writer.llm import LLMWriter

        writer = LLMWriter()  # type: ignore[assignment]
    window = args.window or (12 if args.llm else 20)
    from polymem.graph.spaces import SpaceRepository

    with Graph() as g:  # a typo names the closest spaces, before the model loads
        SpaceRepository(g).require(args.space)
    embedder = None
    if not args.no_embed:
        from polymem.ingest.embedder import default_embedder

        embedder = default_embedder()
    with Graph() as g:
        from polymem.graph.records import RecordRepository

        total = RecordRepository(g).unprocessed(args.space, writer.name)
        if total is None:
            raise InputError(f"space {args.space!r} does not exist (ingest messages into it first)")
        with tqdm(total=total, unit="msg", desc=f"write {writer.name}", disable=args.json) as bar:
            report = write_space(g, args.space, writer, embedder, window=window, progress=bar.update)
    s = report.summary()
    if args.json:
        print(json.dumps(s, indent=1))
    else:
        ops = ", ".join(f"{k}={v}" for k, v in sorted(s["ops"].items())) or "none"
        print(f"space {s['space']}: writer={s['writer']} windows={s['windows']} messages={s['messages']} "
              f"ops: {ops}; LLM calls={s['llm_calls']} ({s['llm_calls_per_message']}/message); {s['seconds']} s")
        for reason, n in sorted(s["rejected"].items(), key=lambda x: -x[1]):
            print(f"  rejected {n} x {reason}")
        for reason, n in sorted(s["llm_candidates_kept"].items(), key=lambda x: -x[1]):
            print(f"  LLM op unusable, the rules' candidate kept: {n} x {reason}")
        for f in s["failures"]:
            print(f"  window failed: {f}")
    if report.aborted:
        print(f"polymem: error: {report.aborted}")
        return 2
    return 1 if report.windows_failed else 0
