"""LoCoMo evidence recall and FriendsQA speaker accuracy: polymem's `ask` vs the BM25 baseline."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import datasets
from bench.bm25_baseline import BM25Index
from bench.datasets import BenchConv
from bench.metrics import Tally, recall_at_k, same_person
from bench.prepare import ensure_ingested, ensure_system2
from bench.report import log as _log
from bench.report import table
from bench.systems import Result, ask_available, run_bm25, run_polymem
from polymem.graph.driver import Graph

Log = Callable[[str], None]


def prepare(graph: Graph, convs: Sequence[BenchConv], embedder: Any, system2: bool, log: Log) -> dict[str, Any]:
    info = {"ingested": 0, "skipped": 0, "records": 0, "system2_writer": False}
    for conv in convs:
        r = ensure_ingested(graph, conv, embedder, log)
        info["skipped" if r["skipped"] else "ingested"] += 1
        if system2:
            s2 = ensure_system2(graph, conv.space, embedder, log)
            info["records"] += s2["records"]
            info["system2_writer"] = s2["writer"]
    return info


def polymem_variants(wanted: Sequence[str], log: Log) -> list[str]:
    why = ask_available()
    poly = [s for s in wanted if s != "bm25"]
    if why and poly:
        log(f"polymem.retrieval.ask is not available ({why}); measuring BM25 only")
        return []
    return poly


def run_locomo(graph: Graph, embedder: Any, path: Path, systems: Sequence[str], ks: Sequence[int] = (5, 10, 20),
               limit: int | None = None, log: Log = _log) -> dict[str, Any]:
    convs = datasets.locomo(path)
    poly = polymem_variants(systems, log)
    names = ["bm25", *poly]
    prep = prepare(graph, convs, embedder, system2=any(s != "system1" for s in poly), log=log)
    tallies = {s: {k: Tally() for k in ks} for s in names}
    counts: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    for conv in convs:
        index = BM25Index(conv.docs)
        for qa in datasets.subsample(conv.qa, limit):
            if qa.kind == "adversarial":
                counts["skipped_category_5"] += 1
                continue
            if not qa.evidence:
                counts["no_known_evidence"] += 1
                continue
            counts["scored"] += 1
            for s in names:
                res = run_bm25(index, qa.question, max(ks)) if s == "bm25" else \
                    run_polymem(graph, conv.space, qa.question, s, embedder, top_k=max(ks))
                if res.error:
                    errors[res.error.split(":")[0]] += 1
                for k in ks:
                    tallies[s][k].add(qa.kind, recall_at_k(res.ranked, qa.evidence, k))
        log(f"  {conv.conv_id}: " + ", ".join(f"{s} R@10={100 * (tallies[s][10].mean('overall') or 0):.1f}"
                                              for s in names))
    cats = ["single-hop", "multi-hop", "temporal", "open-domain", "overall"]
    tables = [table(f"LoCoMo evidence recall@{k} (%) by category", ["category", "n", *names],
                    [[c, tallies["bm25"][k].counts.get(c, 0), *[tallies[s][k].mean(c) for s in names]]
                     for c in cats]) for k in ks]
    best = max(poly, key=lambda s: tallies[s][10].mean("overall") or 0) if poly else None
    b10 = tallies["bm25"][10].mean("overall") or 0
    notes = [f"{sum(len(c.qa) for c in convs)} QA in {len(convs)} conversations; scored {counts['scored']}; "
             f"skipped category 5: {counts['skipped_category_5']}; no known evidence: {counts['no_known_evidence']} "
             f"(empty evidence lists: {sum(c.empty_evidence for c in convs)}; unknown ids dropped: "
             f"{sum(len(c.unknown_ids) for c in convs)} {sum((c.unknown_ids for c in convs), [])}; ids repaired "
             f"by splitting/normalising: {sum(c.repaired_ids for c in convs)})",
             f"spaces: {prep}"]
    if best:
        v = tallies[best][10].mean("overall") or 0
        notes.append(f"goal recall@10 >= BM25 + 10 points: best polymem ({best}) {100 * v:.1f} vs BM25 "
                     f"{100 * b10:.1f} -> {'MET' if v >= b10 + 0.10 else 'MISSED'} ({100 * (v - b10):+.1f} points)")
    if limit:
        full = Tally()
        for conv in convs:
            index = BM25Index(conv.docs)
            for qa in conv.qa:
                if qa.kind != "adversarial" and qa.evidence:
                    full.add(qa.kind, recall_at_k(index.ranked_ids(qa.question, 10), qa.evidence, 10))
        notes.append(f"--limit {limit}: at most {limit} QA per conversation, evenly spaced; BM25 on ALL "
                     f"{full.counts['overall']} scored QA: recall@10 {100 * (full.mean('overall') or 0):.1f}")
    if errors:
        notes.append(f"ask errors (counted as misses): {dict(errors)}")
    return {"tables": tables, "notes": notes,
            "figures": {s: {str(k): tallies[s][k].as_dict() for k in ks} for s in names}}


def _name_of(res: Result, roster: dict[str, list[str]]) -> str | None:
    """The participant an answer names: its participant id/name, else the first roster name in its text."""
    if res.participant_name:
        return res.participant_name
    if res.participant:
        return roster.get(res.participant, [res.participant])[0]
    low = res.text.lower()
    found = [(low.find(n.lower()), names[0]) for names in roster.values() for n in names
             if len(n) > 2 and n.lower() in low]
    return min(found)[1] if found else None


def run_friendsqa(graph: Graph, embedder: Any, paths: Sequence[Path], variant: str | Sequence[str] = "agentic",
                  limit: int | None = None, log: Log = _log) -> dict[str, Any]:
    """One or more polymem variants side by side with BM25 on the same questions."""
    convs = [c for p in paths for c in datasets.friendsqa(p)]
    variants = [variant] if isinstance(variant, str) else list(variant)
    poly = polymem_variants(variants, log)
    names = ["bm25", *poly]
    prep = prepare(graph, convs, embedder, system2=any(v != "system1" for v in poly), log=log)
    acc = {s: Tally() for s in names}
    rec = {s: Tally() for s in names}
    person = {s: Tally() for s in names}  # a line of the answer person in the top 10 (any line, not the gold one)
    ties: Counter[str] = Counter()  # gold ids in BM25's top 10: positive score / zero-score tie (document order)
    errors = 0
    misses: list[dict[str, Any]] = []
    for conv in convs:
        index = BM25Index([d for d in conv.docs if d.speaker != "#NOTE#"] or conv.docs)
        speaker = {d.id: d.speaker for d in conv.docs}
        for qa in datasets.subsample(conv.qa, limit):
            who = {speaker[e] for e in qa.evidence if e in speaker}
            for s in names:
                res = run_bm25(index, qa.question) if s == "bm25" else \
                    run_polymem(graph, conv.space, qa.question, s, embedder)
                errors += bool(res.error)
                pred = _name_of(res, conv.roster)
                ok = same_person(pred, qa.answer)
                acc[s].add("is_speaker", float(ok))
                rec[s].add("is_speaker", recall_at_k(res.ranked, qa.evidence, 10))
                person[s].add("is_speaker", float(any(speaker.get(m) in who for m in res.ranked[:10])))
                if s == "bm25":
                    scores = dict(zip([d.id for d in index.docs], index.scores(qa.question), strict=True))
                    for e in set(qa.evidence) & set(res.ranked[:10]):
                        ties["positive" if scores.get(e, 0.0) > 0 else "zero"] += 1
                if s != "bm25" and not ok and len(misses) < 15:
                    misses.append({"id": qa.id, "question": qa.question, "gold": qa.answer, "got": pred,
                                   "text": res.text[:160], "error": res.error})
    n = acc["bm25"].counts.get("overall", 0)
    rows = [[s, n, acc[s].mean("overall"), rec[s].mean("overall"), person[s].mean("overall")] for s in names]
    notes = [f"{n} is_speaker questions in {len(convs)} scenes ({', '.join(map(str, paths))}); spaces: {prep}",
             "baseline = speaker of BM25's top hit (scene descriptions #NOTE# not indexed); polymem = "
             "Answer.answer_participant (or the first roster name in its text); correct = same name or first name",
             f"gold evidence ids in BM25's top 10: {ties['positive']} with a positive score, {ties['zero']} "
             "zero-score ties kept in document order (the gold is the answer person's line the annotators marked, "
             "mostly their first in the scene); person@10 = any line of the answer person in the top 10"]
    if poly:
        a, b = acc[poly[0]].mean("overall") or 0, acc["bm25"].mean("overall") or 0
        notes.append(f"goal +10 points over the baseline: {100 * a:.1f} vs {100 * b:.1f} -> "
                     f"{'MET' if a >= b + 0.10 else 'MISSED'} ({100 * (a - b):+.1f} points); ask errors: {errors}")
        rb = rec["bm25"].mean("overall") or 0
        for v in poly:
            rv = rec[v].mean("overall") or 0
            notes.append(f"evidence recall@10 {v} {100 * rv:.1f} vs BM25 {100 * rb:.1f}: "
                         f"{'at least BM25' if rv >= rb else 'below BM25'} ({100 * (rv - rb):+.1f} points)")
    return {"tables": [table("FriendsQA is_speaker: answered participant accuracy and evidence recall@10 (%)",
                             ["system", "n", "accuracy", "recall@10", "person@10"], rows)],
            "notes": notes, "misses": misses,
            "figures": {s: {"accuracy": acc[s].mean("overall"), "recall@10": rec[s].mean("overall"),
                            "person@10": person[s].mean("overall")} for s in names}}
