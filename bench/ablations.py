"""Ablations as in the papers: the full (agentic) system without System 2, without the ASK round,
without addressee edges/filters; measured on groupchat (accuracy, recall@10) and LoCoMo (recall@10).

Rules vs trained (issue 15), side by side in the same run: the agentic system with the trained retrieval
policy is one more row of the table above (`trained`), and `rl_rows` adds two tables on the RL validation
split (bench/data/rl_split.json): the retrieval policy (LoCoMo evidence recall@10 and rounds, BM25 / rules /
trained, bench/rl_eval.py) and the Writer's decisions (Φ_SL, records, QA proxy delta, groupchat record hits,
bench/rl_writer.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.groupchat_bench import run_groupchat
from bench.report import log as _log
from bench.report import table
from bench.retrieval_bench import run_locomo
from polymem.graph.driver import Graph

Log = Callable[[str], None]


def run_ablations(graph: Graph, embedder: Any, groupchat: Sequence[Path], locomo: Sequence[Path],
                  variants: Sequence[str], limit: int | None = None, log: Log = _log) -> dict[str, Any]:
    cols = ["variant"]
    per: dict[str, list[Any]] = {v: [v] for v in ["bm25", *variants]}
    notes: list[str] = []
    figures: dict[str, Any] = {}
    if groupchat:
        log("groupchat ...")
        gc = run_groupchat(graph, embedder, groupchat, variants, limit=limit, log=log)
        figures["groupchat"] = gc["figures"]
        cols += ["groupchat acc", "groupchat R@10", "who_* acc", "state acc"]
        for v in per:
            f = gc["figures"].get(v)
            if not f:
                per[v] += ["n/a"] * 4
                continue
            acc, rec = f["accuracy"], f["recall@10"]
            per[v] += [_m(acc, "overall"), _m(rec, "overall"),
                       _mean_of(acc, ["who_said", "who_asked", "asked_whom", "who_agreed", "who_reported"]),
                       _mean_of(acc, ["person_head", "person_past", "group_head", "group_past", "everyone"])]
    for path in locomo:
        log(f"LoCoMo {path} ...")
        lo = run_locomo(graph, embedder, path, ["bm25", *variants], ks=(10,), limit=limit, log=log)
        figures[f"locomo:{path.name}"] = lo["figures"]
        cols += ["LoCoMo R@10"]
        for v in per:
            f = lo["figures"].get(v)
            per[v] += [f["10"]["overall"]["mean"] if f else "n/a"]
        notes += [n for n in lo["notes"] if n.startswith("ask errors")]
    notes.append("who_* = who_said/who_asked/asked_whom/who_agreed/who_reported (question-weighted); "
                 "state = person_head/person_past/group_head/group_past/everyone")
    return {"tables": [table("Ablations (%): the agentic system with one part switched off", cols,
                             list(per.values()))], "notes": notes, "figures": figures}


def rl_rows(graph: Graph, embedder: Any, policy: str | None, writer_policy: str | None,
            limit: int | None = None, log: Log = _log) -> dict[str, Any]:
    """Rules vs trained policies on the validation split, one run: retrieval (when `policy` is a saved small or
    LLM policy) and Writer decisions (when `writer_policy` is one)."""
    from bench.rl_data import split

    tables, notes, figures = [], [], {}
    if policy:
        from bench.rl_eval import evaluate

        log(f"retrieval policy: rules vs {policy} on the validation split ...")
        r = evaluate(graph, embedder, ["rules", policy], "validation", limit, log=log)
        figures["retrieval_policy"] = r
        names = {"bm25": "BM25 (rank_bm25)", "rules": "rules (hand-written agentic rounds)", policy: "trained"}
        rows = [[names[s], r["questions"], f["recall@10"], _num(f["rounds"], 2), _num(f["ms_per_question"], 0)]
                for s, f in r["systems"].items()]
        tables.append(table(f"Retrieval policy, rules vs trained: LoCoMo validation ({', '.join(r['conversations'])})"
                            f", evidence recall@10 (%)", ["system", "questions", "R@10", "rounds (mean)",
                                                           "ms / question"], rows))
        notes.append(f"trained retrieval policy: {policy}; errors: {r['errors']}; "
                     f"limit per conversation: {limit}")
    if writer_policy:
        from bench.rl_writer import evaluate as evaluate_writer

        log(f"writer policy: rules vs {writer_policy} on the validation split ...")
        w = evaluate_writer(graph, ["rules", writer_policy], "validation", log=log)
        figures["writer_policy"] = w
        rows = []
        for name, f in w["writer"].items():
            gc = w["groupchat_records"].get(name, {})
            rows.append(["rules" if name == "rules" else "trained", _num(f["phi_sl"], 3), f["records"],
                         f"{f['qa_s1']:.3f} -> {f['qa_s1_s2']:.3f} ({f['qa_delta']:+.3f})",
                         f"{gc.get('hits', 'n/a')} / {gc.get('questions', 'n/a')} ({gc.get('errors', 'n/a')})"])
        tables.append(table(f"Writer decisions, rules vs trained: LoCoMo validation ({', '.join(split('validation'))})"
                            " + the 8 groupchat scenarios", ["decisions", "Φ_SL", "records",
                                                             "QA proxy S1 -> S1+S2", "groupchat record hits (errors)"],
                            rows))
        notes.append(f"trained writer policy: {writer_policy}; Φ_SL = mean over the validation conversations")
    return {"tables": tables, "notes": notes, "figures": figures}


def _num(v: float | None, digits: int) -> str:
    """A figure that is not a share (rounds, ms, Φ_SL): printed as is, not as a percentage."""
    return "n/a" if v is None else f"{v:.{digits}f}"


def _m(t: dict[str, Any], key: str) -> float | None:
    return t.get(key, {}).get("mean")


def _mean_of(t: dict[str, Any], keys: Sequence[str]) -> float | None:
    pairs = [(t[k]["mean"], t[k]["n"]) for k in keys if k in t and t[k]["mean"] is not None]
    n = sum(c for _, c in pairs)
    return sum(m * c for m, c in pairs) / n if n else None
