"""`polymem ask "question" --space S [--asker A] [--strategy ...] [--plan-only] [--json]`."""

from __future__ import annotations

import argparse
import json

from polymem.graph import Graph
from polymem.retrieval import AskOptions, ask, plan


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ask", help="answer a question from memory (prints plan, Cypher, answer, evidence, trace)")
    p.add_argument("question")
    p.add_argument("--space", required=True)
    p.add_argument("--asker", help="participant id of the person asking (for I/me/my)")
    p.add_argument("--strategy", choices=["system1", "system12", "agentic"], default="agentic")
    p.add_argument("--no-system2", action="store_true", help="ablation: System 1 only")
    p.add_argument("--no-ask", action="store_true", help="ablation: no supplementary ASK round")
    p.add_argument("--no-addressee", action="store_true", help="ablation: ignore ADDRESSES edges and filters")
    p.add_argument("--llm", action="store_true", help="use the configured LLM (POLYMEM_LLM_*) to plan and answer")
    p.add_argument("--plan-only", action="store_true", help="print the plan and its Cypher, run nothing")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with Graph() as g:
        if args.plan_only:
            pl = plan(g, args.space, args.question, args.asker, llm=args.llm)
            print(pl.model_dump_json(indent=1) if args.json else _plan_text(pl))
            return 0
        opts = AskOptions(strategy=args.strategy, use_system2=not args.no_system2, ask_round=not args.no_ask,
                          use_addressee=not args.no_addressee, llm=args.llm)
        ans = ask(g, args.space, args.question, args.asker, opts)
    if args.json:
        print(ans.model_dump_json(indent=1))
        return 0
    print(_plan_text(ans.plan))
    print(f"\nANSWER: {ans.text}" + (f"   [participant: {ans.answer_participant}]" if ans.answer_participant else ""))
    print("\nEVIDENCE")
    for row in ans.rows:
        print(f"  {row.kind} {row.name or row.id or ''}" + ("  (empty: nothing recorded)" if row.empty else ""))
        for part, items in (("current", row.current), ("past", row.past)):
            for it in items[:5]:
                print(f"    {part:8s} {it.kind} {it.id} speaker={it.speaker} src={it.source} own={it.owner} "
                      f"ids={it.message_ids[:4]}: {it.text[:100]}")
    print(f"\nRANKED MESSAGE IDS: {ans.ranked_message_ids[:20]}")
    print("\nTRACE")
    for t in ans.trace:
        print("  " + json.dumps(t, default=str))
    print(f"\nTIMINGS (ms): {ans.timings_ms}")
    return 0


def _plan_text(pl) -> str:  # type: ignore[no-untyped-def]
    lines = [f"PLAN ({pl.compiler}): intent={pl.intent} mode={pl.mode} answer={pl.answer_field}"
             f" attribute={pl.attribute}",
             f"  rows:  {[(r.kind, r.id) for r in pl.rows]}",
             f"  issue: {pl.issue}",
             f"  scope: {pl.scope.model_dump(exclude_none=True)}",
             f"  time:  {pl.time_range}", "  cypher:"]
    for c in pl.cypher:
        lines.append("    " + c.replace("\n", "\n    "))
        lines.append("    ---")
    return "\n".join(lines)
