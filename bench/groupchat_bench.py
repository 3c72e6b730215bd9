"""groupchat: evidence recall@10 and answer accuracy per question type, polymem (no LLM) vs a
baseline answering with BM25's top-1 message text plus its speaker's display name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import datasets
from bench.bm25_baseline import BM25Index
from bench.metrics import Tally, groupchat_score, recall_at_k
from bench.paraphrase import paraphrase
from bench.report import log as _log
from bench.report import table
from bench.retrieval_bench import polymem_variants, prepare
from bench.systems import run_bm25, run_polymem
from polymem.graph.driver import Graph

Log = Callable[[str], None]
TYPES = ["who_said", "who_asked", "asked_whom", "who_agreed", "who_reported", "opinion", "person_head",
         "person_past", "group_head", "group_past", "pet", "everyone", "abstain"]


def run_groupchat(graph: Graph, embedder: Any, paths: Sequence[Path], variants: Sequence[str] = ("agentic",),
                  limit: int | None = None, paraphrased: bool = False, fresh: bool = False,
                  log: Log = _log) -> dict[str, Any]:
    convs = [datasets.groupchat(p) for p in paths]
    if fresh:  # derive everything anew (the writer only reads messages it has not seen)
        from polymem.graph.messages import MessageRepository

        for c in convs:
            MessageRepository(graph).drop_space(c.space)
    if paraphrased:  # the robustness probe: same questions, other wording (bench/paraphrase.py)
        for c in convs:
            for qa in c.qa:
                qa.question = paraphrase(qa.question)[0]
    poly = polymem_variants(variants, log)
    names = ["bm25", *poly]
    prep = prepare(graph, convs, embedder, system2=any(v != "system1" for v in poly), log=log)
    acc = {s: Tally() for s in names}
    rec = {s: Tally() for s in names}
    errors = {s: 0 for s in names}
    failures: list[dict[str, Any]] = []
    for conv in convs:
        index = BM25Index(conv.docs)
        for qa in datasets.subsample(conv.qa, limit):
            for s in names:
                res = run_bm25(index, qa.question, 10) if s == "bm25" else \
                    run_polymem(graph, conv.space, qa.question, s, embedder, asker=qa.asker, top_k=10)
                errors[s] += bool(res.error)
                score = groupchat_score(qa.kind, res.text, qa.answer, qa.keywords, qa.wrong, conv.roster,
                                        abstained=res.abstained and s != "bm25")
                acc[s].add(qa.kind, score)
                r10 = None if qa.kind == "abstain" else recall_at_k(res.ranked, qa.evidence, 10)
                rec[s].add(qa.kind, r10)
                if s == (poly[0] if poly else None) and score < 1.0:
                    failures.append({"id": qa.id, "type": qa.kind, "question": qa.question,
                                     "expected": qa.answer, "keywords": qa.keywords, "wrong": qa.wrong,
                                     "got": res.text[:300], "participant": res.participant,
                                     "score": round(score, 2), "recall@10": r10, "evidence": qa.evidence,
                                     "top5": res.ranked[:5], "error": res.error})
        log(f"  {conv.conv_id}: " + ", ".join(f"{s} acc={100 * (acc[s].mean('overall') or 0):.1f}" for s in names))
    types = [t for t in TYPES if t in acc["bm25"].counts] + \
        sorted(t for t in acc["bm25"].counts if t not in TYPES and t != "overall") + ["overall"]
    base = "bm25"
    cols = ["type", "n", *[f"acc {s}" for s in names], *[f"R@10 {s}" for s in names]]
    rows = [[t, acc[base].counts.get(t, 0), *[acc[s].mean(t) for s in names], *[rec[s].mean(t) for s in names]]
            for t in types]
    notes = [f"{acc['bm25'].counts.get('overall', 0)} questions scored in {len(convs)} scenarios"
             f"{' (REWORDED by bench/paraphrase.py)' if paraphrased else ''}; spaces: {prep}",
             "acc = answer accuracy as the data README scores it ('everyone' = share of persons right); "
             "R@10 = evidence recall@10 (abstain skipped); bm25 = top-1 message text + its speaker's name"]
    if poly:
        p = poly[0]
        low = [t for t in types if t != "overall" and (acc[p].mean(t) or 0) < 0.60]
        a, b = acc[p].mean("overall") or 0, acc[base].mean("overall") or 0
        notes.append(f"goal every type >= 60%: {'MET' if not low else 'MISSED on ' + ', '.join(low)}")
        notes.append(f"goal overall >= baseline + 25 points: {100 * a:.1f} vs {100 * b:.1f} -> "
                     f"{'MET' if a >= b + 0.25 else 'MISSED'} ({100 * (a - b):+.1f} points)")
        if any(errors.values()):
            notes.append(f"ask errors (counted as wrong): {errors}")
    title = "groupchat, questions reworded" if paraphrased else "groupchat"
    return {"tables": [table(f"{title}: per question type (%)", cols, rows)], "notes": notes,
            "failures": failures,
            "figures": {s: {"accuracy": acc[s].as_dict(), "recall@10": rec[s].as_dict()} for s in names}}
