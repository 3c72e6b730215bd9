"""Writer RL data and validation (issue 15, part 2): LoCoMo conversations of bench/data/rl_split.json.

`prepare` ingests a conversation into a scratch space (no embeddings), runs the rules Writer once with a
trace (the candidates of every window and the heads at its start), and keeps the gold (LoCoMo observations,
by the message they cite) and the scored questions, for `polymem train writer`. `evaluate` runs the real
Writer (validation included) with each policy on fresh scratch spaces and scores the written memory: Φ_SL
against the observations (as `polymem bench memory`), records written, and the QA proxy delta
QA(S1+S2) - QA(S1) (polymem/ingest/writer/policy/qa.py) over every scored question; and on the groupchat
scenarios (never trained on) the records' answers to the typed questions (bench/memory_groupchat.py).
"""

from __future__ import annotations

import json
import time
from typing import Any

from bench.memory_quality import LOCOMO, _ingest, observations
from bench.rl_data import split
from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.writer import write_space
from polymem.ingest.writer.metric import MemoryItem, speaker_levenshtein
from polymem.ingest.writer.policy import load_policy
from polymem.ingest.writer.policy.qa import QAProxy, Question
from polymem.ingest.writer.rules import RuleWriter


def _samples(part: str) -> list[dict[str, Any]]:
    want = split(part)
    return [s for s in json.loads(LOCOMO.read_text(encoding="utf-8")) if s["sample_id"] in want]


def _messages(sample: dict[str, Any]) -> dict[str, str]:
    conv = sample["conversation"]
    return {t["dia_id"]: f"{t['speaker']}: {t['text']}" for k, v in conv.items()
            if k.startswith("session_") and isinstance(v, list) for t in v}


def _gold_by_message(sample: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for sess in sample.get("observation", {}).values():
        for speaker, facts in sess.items():
            for fact in facts:
                if isinstance(fact, list) and len(fact) > 1:
                    for ref in str(fact[1]).replace(";", ",").split(","):
                        if ref.strip():
                            out.setdefault(ref.strip(), []).append((speaker, fact[0]))
    return out


def _questions(sample: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"question": q["question"], "answer": str(q["answer"]), "evidence": list(q.get("evidence") or [])}
            for q in sample["qa"] if q.get("category") != 5 and "answer" in q]


def prepare(graph: Graph, part: str = "train", log: Any = print) -> list[dict[str, Any]]:
    out = []
    for s in _samples(part):
        sid = s["sample_id"]
        space = f"rl-writer-capture-{sid}"
        ids = _ingest(graph, space, LOCOMO, sid, None)
        w = RuleWriter()
        w.trace = []
        rep = write_space(graph, space, w, None)
        msgs = _messages(s)
        out.append({"conv": sid, "windows": w.trace, "gold": _gold_by_message(s), "questions": _questions(s),
                    "messages": [msgs[i] for i in ids if i in msgs]})
        log(f"  {sid}: {len(ids)} messages, {len(w.trace)} windows, "
            f"{sum(len(x['candidates']) for x in w.trace)} candidates, {rep.seconds:.1f} s")
    return out


def evaluate(graph: Graph, policies: list[str], part: str = "validation", log: Any = print) -> dict[str, Any]:
    rows: dict[str, dict[str, Any]] = {}
    for name in policies:
        phis, records, both, s1, n_q, per = [], 0, 0.0, 0.0, 0, {}
        t0 = time.perf_counter()
        for s in _samples(part):
            sid = s["sample_id"]
            space = f"rl-writer-eval-{sid}"
            ids = _ingest(graph, space, LOCOMO, sid, None)
            rep = write_space(graph, space, RuleWriter(load_policy(name)), None)
            recs = RecordRepository(graph).records(space)
            sl = speaker_levenshtein([MemoryItem(r.owner, r.content) for r in recs], observations(s, set(ids)))
            msgs = _messages(s)
            qs = [Question(q["question"], q["answer"], q["evidence"]) for q in _questions(s)]
            proxy = QAProxy([msgs[i] for i in ids if i in msgs], qs)
            b, a = proxy.delta(range(len(qs)), [r.content for r in recs])
            phis.append(sl.phi)
            records += len(recs)
            both, s1, n_q = both + b * len(qs), s1 + a * len(qs), n_q + len(qs)
            per[sid] = {"phi_sl": round(sl.phi, 4), "records": len(recs), "ops": dict(rep.ops),
                        "rejected": sum(rep.rejected.values()), "qa_s1_s2": round(b, 4), "qa_s1": round(a, 4)}
            log(f"  {name} {sid}: phi {sl.phi:.4f}, {len(recs)} records, QA {a:.3f} -> {b:.3f}")
        rows[name] = {"phi_sl": round(sum(phis) / max(1, len(phis)), 4), "records": records,
                      "qa_s1": round(s1 / max(1, n_q), 4), "qa_s1_s2": round(both / max(1, n_q), 4),
                      "qa_delta": round((both - s1) / max(1, n_q), 4), "questions": n_q,
                      "seconds": round(time.perf_counter() - t0, 1), "conversations": per}
    gc = {}
    if part == "validation":  # the groupchat scenarios are not trained on: all of them check the records' answers
        from bench.memory_groupchat import GROUPCHAT, run_groupchat
        from bench.rl_data import SPLIT_FILE

        names = json.loads(SPLIT_FILE.read_text(encoding="utf-8"))["groupchat"]["validation"]
        for name in policies:
            r = run_groupchat("rules", [GROUPCHAT / f"{n}.json" for n in names], policy=name)
            gc[name] = {k: r[k] for k in ("scenarios", "questions", "hits", "errors", "precision", "recall")}
            log(f"  {name} groupchat: {r['hits']} hits, {r['errors']} errors of {r['questions']} questions")
    return {"part": part, "conversations": split(part), "writer": rows, "groupchat_records": gc}
