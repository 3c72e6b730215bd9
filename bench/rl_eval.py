"""Validation of retrieval policies, side by side in one run: LoCoMo evidence recall@10 and rounds of BM25,
the rules (today's agentic loop) and a trained policy, on the validation split of bench/data/rl_split.json."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import datasets, rl_data
from bench.bm25_baseline import BM25Index
from bench.metrics import recall_at_k
from polymem.graph.driver import Graph

Log = Callable[[str], None]


def evaluate(graph: Graph, embedder: Any, policies: Sequence[str], part: str = "validation",
             limit: int | None = None, k: int = 10, log: Log = print) -> dict[str, Any]:
    from polymem.retrieval import AskOptions, ask

    convs = rl_data.locomo_convs(part)
    names = ["bm25", *policies]
    rec: dict[str, list[float]] = {s: [] for s in names}
    rounds: dict[str, list[int]] = {s: [] for s in policies}
    ms: dict[str, list[float]] = {s: [] for s in policies}
    choices: dict[str, dict[str, int]] = {s: {} for s in policies}
    errors = 0
    per_conv: dict[str, dict[str, float | None]] = {}
    for conv in convs:
        start = {s: len(v) for s, v in rec.items()}
        index = BM25Index(conv.docs)
        qs = [qa for qa in conv.qa if qa.kind != "adversarial" and qa.evidence]
        for qa in datasets.subsample(qs, limit):
            rec["bm25"].append(recall_at_k(index.ranked_ids(qa.question, k), qa.evidence, k))
            for s in policies:
                t0 = time.perf_counter()
                try:
                    a = ask(graph, conv.space, qa.question, None, AskOptions(policy=s, top_k=k), embedder=embedder)
                except Exception as e:  # noqa: BLE001 - a crash counts as a miss and is reported
                    errors += 1
                    log(f"  {qa.id} {s}: {type(e).__name__}: {e}")
                    rec[s].append(0.0)
                    continue
                ms[s].append((time.perf_counter() - t0) * 1000)
                rec[s].append(recall_at_k(list(dict.fromkeys(a.ranked_message_ids)), qa.evidence, k))
                rounds[s].append(int(a.trace[-1].get("round", 1)))
                for t in a.trace:
                    if t.get("layer") == "policy":
                        choices[s][t["choice"]] = choices[s].get(t["choice"], 0) + 1
        per_conv[conv.conv_id] = {s: (round(sum(v[start[s]:]) / len(v[start[s]:]), 4) if v[start[s]:] else None)
                                  for s, v in rec.items()}
        log(f"  {conv.conv_id} (this conversation): " + ", ".join(
            f"{s} R@{k}={100 * (r or 0.0):.1f}" for s, r in per_conv[conv.conv_id].items()))

    def mean(v: Sequence[float]) -> float | None:
        return round(sum(v) / len(v), 4) if v else None

    return {"part": part, "conversations": [c.conv_id for c in convs], "questions": len(rec["bm25"]),
            "limit_per_conversation": limit, "errors": errors,
            "systems": {s: {f"recall@{k}": mean(rec[s]), "rounds": mean(rounds.get(s, [])),
                            "ms_per_question": mean(ms.get(s, [])), "policy_choices": choices.get(s),
                            f"recall@{k}_per_conversation": {c: r[s] for c, r in per_conv.items()}}
                        for s in names}}


def plot_curve(curve_file: Path, png: Path, what: str = "retrieval", window: int = 10) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = json.loads(Path(curve_file).read_text(encoding="utf-8"))
    smooth = [sum(curve[max(0, i - window + 1): i + 1]) / len(curve[max(0, i - window + 1): i + 1])
              for i in range(len(curve))]
    fig, ax = plt.subplots(figsize=(6, 3.2))
    label = "mean return of the sampled trajectories" if what == "writer" else "mean reward of the sampled actions"
    ax.plot(curve, lw=0.6, alpha=0.4, label=label)
    ax.plot(smooth, lw=1.6, label=f"moving mean ({window} steps)")
    ax.set_xlabel("EG-GRPO step" if what == "retrieval" else "speaker-conditioned GRPO step")
    ax.set_ylabel("reward")
    ax.set_title(f"Small {what} policy: reward per step (LoCoMo train split)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)
