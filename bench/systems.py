"""The systems under test, behind one call: `run(question) -> Result`.

`bm25` is the independent baseline (bench/bm25_baseline.py); the others call polymem's `ask`
(retrieval contract) with AskOptions switches. A question whose `ask` raises counts as a miss and
the error is kept, so a crash never silently improves a figure.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bm25_baseline import BM25Index
from polymem.graph.driver import Graph

# name -> AskOptions overrides; ablations switch one thing off the full (agentic) system
VARIANTS: dict[str, dict[str, Any]] = {
    "system1": {"strategy": "system1"},
    "system12": {"strategy": "system12"},
    "agentic": {"strategy": "agentic"},
    "no-system2": {"strategy": "agentic", "use_system2": False},
    "no-ask": {"strategy": "agentic", "ask_round": False},
    "no-addressee": {"strategy": "agentic", "use_addressee": False},
    "no-bm25-floor": {"strategy": "agentic"},  # fusion.LEX_FLOOR = 0 for the call: the ranking before the floor
    # fusion.DENSE_FLOOR = 0, TIE_ORDER = False for the call: the ranking before the dense noise floor and the
    # conversation-order tie-break (docs/bench/retrieval-ranking.md, "Noise floor and ties")
    "no-noise-floor": {"strategy": "agentic"},
    # the agentic system with a trained retrieval policy (issue 15); `use_trained(path)` names the policy
    "trained": {"strategy": "agentic", "policy": "small"},
    # the agentic rounds' actions picked by the configured LLM server (POLYMEM_LLM_*; issue 11)
    "llm-policy": {"strategy": "agentic", "policy": "llm"},
}
RL_DIR = Path(__file__).resolve().parent / "data" / "rl"  # trained small policies kept for the rules-vs-trained rows


def trained_policy() -> str | None:
    """The trained retrieval policy the `trained` rows use: the packaged one when it ships (it beat the rules on
    validation), else the one kept in bench/data/rl/, else None."""
    from polymem.retrieval.policy.run import PACKAGED

    for p in (PACKAGED, RL_DIR / "retrieval-small.json"):
        if p.is_file():
            return str(p)
    return None


def trained_writer_policy() -> str | None:
    p = RL_DIR / "writer-small.json"
    return str(p) if p.is_file() else None


def use_trained(policy: str) -> None:
    """Point the `trained` variant at a saved retrieval policy (a path, or "small" for the packaged one)."""
    VARIANTS["trained"] = {"strategy": "agentic", "policy": policy}


@dataclass
class Result:
    ranked: list[str]
    text: str = ""
    participant: str | None = None      # participant id (polymem) or speaker (baseline)
    participant_name: str | None = None
    abstained: bool = False
    ms: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)
    error: str | None = None


def ask_available() -> str | None:
    """None when polymem.retrieval.ask can be called, else why not."""
    try:
        from polymem.retrieval import AskOptions, ask  # noqa: F401
    except Exception as e:  # noqa: BLE001 - any import failure means "not available yet"
        return f"{type(e).__name__}: {e}"
    return None


def run_bm25(index: BM25Index, question: str, k: int = 20) -> Result:
    t0 = time.perf_counter()
    hits = index.search(question, k)
    text, top = index.answer(question)
    return Result([d.id for d, _ in hits], text, top.speaker if top else None,
                  (top.speaker_name or top.speaker) if top else None, top is None,
                  (time.perf_counter() - t0) * 1000)


# fusion constant -> (variants that switch it off for their calls, its value then)
FUSION_OFF: dict[str, tuple[tuple[str, ...], Any]] = {
    "LEX_FLOOR": (("no-bm25-floor",), 0.0),
    "DENSE_FLOOR": (("no-noise-floor",), 0.0),
    "TIE_ORDER": (("no-noise-floor",), False),
}


def run_polymem(graph: Graph, space: str, question: str, variant: str, embedder: Any,
                asker: str | None = None, top_k: int = 20) -> Result:
    from polymem.retrieval import AskOptions, ask, fusion

    opts = AskOptions(**{**VARIANTS[variant], "top_k": top_k})
    saved = {k: getattr(fusion, k) for k in FUSION_OFF}
    t0 = time.perf_counter()
    try:
        for k, v in FUSION_OFF.items():
            if variant in v[0]:
                setattr(fusion, k, v[1])
        a = ask(graph, space, question, asker, opts, embedder=embedder)
    except Exception as e:  # noqa: BLE001 - counted as a miss and reported
        return Result([], "", error=f"{type(e).__name__}: {e}"[:300], ms=(time.perf_counter() - t0) * 1000)
    finally:
        for k, v in saved.items():
            setattr(fusion, k, v)
    ms = (time.perf_counter() - t0) * 1000
    return Result(list(dict.fromkeys(a.ranked_message_ids)), a.text, a.answer_participant,
                  getattr(a, "answer_name", None), a.abstained, ms, dict(a.timings_ms))
