"""How often the decision tracker reads a group's choice where a groupchat question says it was made: a fast proxy
for the writer's decision reading (a minute over all probe sets, against half an hour for the full bench).

For each group_head / group_past question, the tracker is fed the whole chat in order; the question counts as
*read* when a decision comes out of one of its evidence messages, and as *right* when that decision's value holds
every keyword of the question. The number of decisions read overall is printed beside them: reading more choices
is no gain when it reads chatter too.

    python -m bench.decision_recall bench/data/probe30 [--misses]

`--misses` prints the questions not read right, with their evidence lines: only for sets whose failures may be read.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from polymem.language.decisions import DecisionTracker

TYPES = ("group_head", "group_past")


@dataclass
class Recall:
    questions: int = 0
    read: int = 0
    right: int = 0
    decisions: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, other: Recall) -> None:
        self.questions += other.questions
        self.read += other.read
        self.right += other.right
        self.decisions += other.decisions
        self.misses += other.misses


def _time(m: dict[str, Any]) -> datetime | None:
    t = m.get("time")
    return datetime.fromisoformat(str(t).replace("Z", "+00:00")) if t else None


def scenario(data: dict[str, Any]) -> Recall:
    """The tracker over one scenario's messages, scored on its group questions."""
    tracker = DecisionTracker()
    values: dict[str, list[str]] = {}
    out = Recall()
    for m in data.get("messages", []):
        for d in tracker.feed(str(m.get("text", "")), str(m["id"]), str(m.get("speaker", "")), _time(m)):
            values.setdefault(str(m["id"]), []).append(d.value)
            out.decisions += 1
    texts = {str(m["id"]): str(m.get("text", "")) for m in data.get("messages", [])}
    for q in data.get("qa", []):
        if q.get("type") not in TYPES:
            continue
        out.questions += 1
        got = [v for e in q.get("evidence", []) for v in values.get(str(e), [])]
        want = [k.lower() for k in q.get("keywords", [])]
        out.read += bool(got)
        if got and any(all(k in v.lower() for k in want) for v in got):
            out.right += 1
        else:
            lines = "\n".join(f"    {e} {texts.get(str(e), '')[:160]} => {values.get(str(e), [])}"
                              for e in q.get("evidence", []))
            out.misses.append(f"{data.get('scenario_id')} {q.get('id')} {q.get('type')} | {q.get('question')} | "
                              f"keywords {want} | read {got}\n{lines}")
    return out


def recall(path: Path) -> Recall:
    """Over a scenario file or a folder of them."""
    out = Recall()
    for f in sorted(path.glob("*.json")) if path.is_dir() else [path]:
        out.add(scenario(json.loads(f.read_text(encoding="utf-8"))))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--misses", action="store_true", help="print the questions not read right (read sets only)")
    args = ap.parse_args(argv)
    total = Recall()
    for p in args.paths:
        r = recall(p)
        total.add(r)
        print(f"{p.name}: {r.questions} questions, read {r.read}, right {r.right}, decisions {r.decisions}", flush=True)
        if args.misses:
            print("\n".join(r.misses))
    print(f"all: {total.questions} questions, read {total.read}, right {total.right} "
          f"({100 * total.right / max(total.questions, 1):.1f} %), decisions {total.decisions}")


if __name__ == "__main__":
    main()
