"""Ablations as in the papers: the full (agentic) system without System 2, without the ASK round,
without addressee edges/filters; measured on groupchat (accuracy, recall@10) and LoCoMo (recall@10)."""

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


def _m(t: dict[str, Any], key: str) -> float | None:
    return t.get(key, {}).get("mean")


def _mean_of(t: dict[str, Any], keys: Sequence[str]) -> float | None:
    pairs = [(t[k]["mean"], t[k]["n"]) for k in keys if k in t and t[k]["mean"] is not None]
    n = sum(c for _, c in pairs)
    return sum(m * c for m, c in pairs) / n if n else None
