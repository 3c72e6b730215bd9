"""`polymem ask "question" --space S [--asker A] [--explain] [--plan-only] [--json]`.

Prints the answer first, then the evidence as text (speaker -> addressees, time); `--explain`
adds the plan, its Cypher and the retrieval trace.
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from typing import Any

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.spaces import SpaceRepository
from polymem.retrieval import AskOptions, ask, plan

SHOWN_PER_ROW = 5


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ask", help="answer a question from memory (answer, then the evidence it rests on)")
    p.add_argument("question")
    p.add_argument("--space", required=True)
    p.add_argument("--asker", help="participant id (or unique name) of the person asking, for I/me/my")
    p.add_argument("--strategy", choices=["system1", "system12", "agentic"], default="agentic")
    p.add_argument("--no-system2", action="store_true", help="ablation: System 1 only")
    p.add_argument("--no-ask", action="store_true", help="ablation: no supplementary ASK round")
    p.add_argument("--no-addressee", action="store_true", help="ablation: ignore ADDRESSES edges and filters")
    p.add_argument("--llm", action="store_true", help="use the configured LLM (POLYMEM_LLM_*) to plan and answer")
    p.add_argument("--policy", default="rules", help="agentic rounds after the first: rules (default), llm (the configured LLM server), small (the "
                   "packaged trained policy) or the path of a policy saved by `polymem train retrieval`")
    p.add_argument("--explain", action="store_true", help="also print the plan, its Cypher and the trace")
    p.add_argument("--plan-only", action="store_true", help="print the plan and its Cypher, run nothing")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with Graph() as g:
        spaces = SpaceRepository(g)
        spaces.require(args.space)  # a typo is an error naming the closest spaces, not "Not mentioned"
        asker = spaces.participant(args.space, args.asker) if args.asker else None
        if args.plan_only:
            pl = plan(g, args.space, args.question, asker, llm=args.llm)
            print(pl.model_dump_json(indent=1) if args.json else plan_text(pl))
            return 0
        opts = AskOptions(strategy=args.strategy, use_system2=not args.no_system2, ask_round=not args.no_ask,
                          use_addressee=not args.no_addressee, llm=args.llm, policy=args.policy)
        ans = ask(g, args.space, args.question, asker, opts)  # loads the models once, timed as "load"
        names = {p.id: p.name or p.id for p in MessageRepository(g).roster(args.space)}
    if args.json:
        print(ans.model_dump_json(indent=1))
        return 0
    print(answer_text(ans, names, explain=args.explain))
    return 0


def answer_text(ans: Any, names: dict[str, str], explain: bool = False) -> str:
    """The answer, then each evidence row as readable lines; the plan and trace only when explaining."""
    who = f"   [{ans.answer_name or ans.answer_participant}]" if ans.answer_participant else ""
    lines = [f"ANSWER: {ans.text}{who}", "", "EVIDENCE"]
    shown = 0
    for row in ans.rows:
        head = {"PERSON": f"about {names.get(row.id or '', row.name or row.id)}", "GROUP": "the group",
                "MESSAGES": "messages"}.get(row.kind, row.kind)
        if row.empty:
            lines.append(f"  {head}: nothing recorded")
            continue
        items = [("", i) for i in row.current] + [("earlier ", i) for i in row.past]
        if items:
            lines.append(f"  {head}:")
        for tag, it in items[:SHOWN_PER_ROW]:
            lines.append("    " + tag + evidence_line(it, names))
            shown += 1
    if not shown:
        lines.append("  (no evidence found)")
    t = ans.timings_ms
    lines += ["", "TIME (ms): " + ", ".join(f"{k} {v:.0f}" for k, v in t.items())]
    if explain:
        lines += ["", plan_text(ans.plan), "", "TRACE"] + ["  " + json.dumps(x, default=str) for x in ans.trace]
    return "\n".join(lines)


def evidence_line(it: Any, names: dict[str, str]) -> str:
    """`Ann -> Bob, Cy (2024-03-02 14:05): text` for a message; source, owner and version for a record."""
    def name(pid: str | None) -> str:
        return "the group" if pid == "GROUP" else names.get(pid or "", pid or "?")

    when = f" ({_when(it.time)})" if it.time else ""
    text = " ".join(it.text.split())
    text = text if len(text) <= 160 else text[:157] + "..."
    if it.kind == "message":
        to = f" -> {', '.join(name(a) for a in it.addressees)}" if it.addressees else ""
        return f"{name(it.speaker)}{to}{when}: {text}"
    said = f"{name(it.source)} about {name(it.owner)}" if it.source and it.source != it.owner else name(it.owner)
    version = f", {it.version}" if it.version else ""
    return f"[record{version}] {said}{when}: {text}"


def _when(t: datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M")


def plan_text(pl: Any) -> str:
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
