"""Ingest a groupchat-format scenario, run the no-LLM rule writer, ask every question and score it with the
rule of /work/shared/data/README.md (keywords present, no wrong one; `everyone` = share of persons; `abstain`
= says it is not in memory). Shared by the paraphrase test and the local visible-set loop."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from polymem.graph import Graph
from polymem.ingest.formats import groupchat
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer.run import write_space
from polymem.retrieval import AskOptions, ask

ABSTAIN = re.compile(r"not (?:in memory|mentioned|known)|no (?:information|record)|don't know|unknown", re.I)


def _has(text: str, term: str) -> bool:
    flags = 0 if len(term) <= 2 else re.I
    return re.search(rf"(?<!\w){re.escape(term)}(?!\w)", text, flags) is not None


def _names(term: str, roster: list[dict[str, Any]]) -> list[str]:
    for r in roster:
        names = [r["name"], r["handle"], *r.get("aliases", [])]
        if any(term.lower() == n.lower() for n in names):
            return names
    return [term]


def score(qa: dict[str, Any], text: str, abstained: bool, roster: list[dict[str, Any]]) -> float:
    if qa["type"] == "abstain":
        return 1.0 if abstained or ABSTAIN.search(text) else 0.0
    if qa["type"] == "everyone":
        return _everyone(qa, text, roster)
    ok = all(any(_has(text, n) for n in _names(k, roster)) for k in qa["keywords"])
    return 1.0 if ok and not any(_has(text, w) for w in qa["wrong"]) else 0.0


def _everyone(qa: dict[str, Any], text: str, roster: list[dict[str, Any]]) -> float:
    starts = []
    for person in qa["answer"]:
        hits = [m.start() for n in _names(person, roster) if len(n) > 2
                for m in re.finditer(rf"(?<!\w){re.escape(n)}(?!\w)", text, re.I)]
        if hits:
            starts.append((min(hits), person))
    starts.sort()
    spans = {p: text[s:(starts[i + 1][0] if i + 1 < len(starts) else len(text))] for i, (s, p) in enumerate(starts)}
    good = 0
    for person, city in qa["answer"].items():
        seg = spans.get(person, text)
        good += _has(seg, city) and not any(_has(seg, w) for w in qa["wrong"] if w.lower() != city.lower())
    return good / len(qa["answer"])


def ingest(graph: Graph, space: str, path: Path, embedder: Any) -> dict[str, Any]:
    for conv in groupchat.load(path):
        Ingestor(graph, embedder).ingest(space, conv)
    write_space(graph, space, embedder=embedder)
    return json.loads(path.read_text())


def evaluate(graph: Graph, space: str, data: dict[str, Any], embedder: Any,
             options: AskOptions | None = None) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """Per-type accuracy (plus 'overall') and the failed questions."""
    by_type: dict[str, list[float]] = defaultdict(list)
    fails = []
    for qa in data["qa"]:
        a = ask(graph, space, qa["question"], qa.get("asker"), options, embedder=embedder)
        s = score(qa, a.text, a.abstained, data["roster"])
        by_type[qa["type"]].append(s)
        by_type["overall"].append(s)
        if s < 1.0:
            fails.append({"id": qa["id"], "type": qa["type"], "q": qa["question"], "got": a.text[:160],
                          "want": qa["answer"], "intent": a.plan.intent, "attr": a.plan.attribute})
    return {t: sum(v) / len(v) for t, v in by_type.items()}, fails


def main(paths: list[str]) -> None:
    """`python3 tests/retrieval/groupchat_eval.py FILE...`: the local loop (spaces `rtv-eval-<file stem>`, ingested
    and written once, then reused; delete them with `polymem forget` when done)."""
    from polymem.graph.cypher import retrieval as cy
    from polymem.ingest.embedder import default_embedder
    from polymem.schema.migrations import migrate

    g, emb = Graph(), default_embedder()
    migrate(g)
    for p in map(Path, paths):
        space = "rtv-eval-" + re.sub(r"[^a-z0-9-]", "-", p.stem.lower())
        have = g.read(cy.COUNT_MESSAGES, space=space)[0]["n"]
        data = json.loads(p.read_text()) if have else ingest(g, space, p, emb)
        acc, fails = evaluate(g, space, data, emb)
        print(p.name, {t: round(a, 2) for t, a in acc.items()})
        for f in fails:
            print("   FAIL", f)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
