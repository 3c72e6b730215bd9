"""Answer quality, side by side in one run: what polymem's memory adds to a given model.

Systems, all on the same questions:
  (a) extractive  polymem's no-LLM answer (`ask`, agentic strategy)
  (b) llm+polymem the LLM answering from polymem's composed evidence (the same `ask` run)
  (c) llm+bm25    the same LLM from BM25's top 10 messages (bench/bm25_baseline.py)
  (d) llm+whole   the same LLM from the whole conversation, the most recent messages that fit its context
The LLM systems share one prompt (polymem/retrieval/prompts/answer_v1.py) and the citation rule:
claims citing no id of their evidence are dropped; no claim left = abstention ("not mentioned").

Scoring. LoCoMo as its paper scores it: token F1 after lower-casing, dropping punctuation and the
articles a/an/the and "and", Porter-stemmed; multi-hop (1): the gold split on commas, each part's
best F1 over the predicted parts, averaged; open-domain (3): the gold's part before ';';
adversarial (5): 1 when the answer says the information is not mentioned / not available.
Groupchat types: the repository's groupchat scorer (bench/metrics.py: keywords, wrong values,
abstention), 1/0 per question.
"""

from __future__ import annotations

import json
import re
import string
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bm25_baseline import BM25Index
from bench.datasets import QA, BenchConv, groupchat, groupchat_files, locomo, subsample
from bench.metrics import groupchat_score
from bench.prepare import ensure_ingested, ensure_system2
from bench.report import log
from polymem.graph.driver import Graph
from polymem.llm import LLMClient, LLMError
from polymem.retrieval import AskOptions, ask
from polymem.retrieval.llm import answer_from, evidence_lines

SYSTEMS = ("extractive", "llm+polymem", "llm+bm25", "llm+whole")
ABSTAIN = "not mentioned"
WHOLE_CHARS = 9000  # ~2.3k tokens of conversation: the 4k-token local server keeps room for prompt + reply
_STEM: Any = None


def _stem(w: str) -> str:
    global _STEM
    if _STEM is None:
        from nltk.stem import PorterStemmer

        _STEM = PorterStemmer()
    return _STEM.stem(w)


def _tokens(s: str) -> list[str]:
    s = str(s).lower().replace(",", "")
    s = "".join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r"\b(a|an|the|and)\b", " ", s)
    return [_stem(w) for w in s.split()]


def f1(pred: str, gold: str) -> float:
    p, g = _tokens(pred), _tokens(gold)
    common: dict[str, int] = defaultdict(int)
    for w in p:
        common[w] += 1
    same = 0
    for w in g:
        if common[w] > 0:
            same += 1
            common[w] -= 1
    if not p or not g or same == 0:
        return 0.0
    prec, rec = same / len(p), same / len(g)
    return 2 * prec * rec / (prec + rec)


def locomo_score(kind: str, pred: str, gold: Any) -> float:
    if kind == "adversarial":
        t = pred.lower()
        return 1.0 if ("not mentioned" in t or "no information available" in t) else 0.0
    gold = str(gold)
    if kind == "open-domain":
        gold = gold.split(";")[0]
    if kind == "multi-hop":
        preds = [x for x in pred.split(",") if x.strip()] or [pred]
        parts = [x for x in gold.split(",") if x.strip()] or [gold]
        return sum(max(f1(p, g) for p in preds) for g in parts) / len(parts)
    return f1(pred, gold)


def _session_dates(path: Path) -> dict[str, dict[str, str]]:
    """LoCoMo: sample id -> session number -> its date text (what polymem stores as message time)."""
    out: dict[str, dict[str, str]] = {}
    for s in json.loads(Path(path).read_text(encoding="utf-8")):
        c = s["conversation"]
        out[str(s["sample_id"])] = {k.split("_")[1]: str(v) for k, v in c.items()
                                    if re.fullmatch(r"session_\d+_date_time", k)}
    return out


def _raw_lines(conv: BenchConv, dates: dict[str, str]) -> list[tuple[str, str]]:
    """Each message as (id, "(date) speaker: text") for the BM25 and whole-conversation systems."""
    out = []
    for d in conv.docs:
        m = re.match(r"D(\d+):", d.id)
        when = dates.get(m.group(1), "") if m else ""
        out.append((d.id, (f"({when}) " if when else "") + f"{d.speaker_name or d.speaker}: {d.text}"))
    return out


def _llm(client: LLMClient, question: str, evidence: list[tuple[str, str]]) -> tuple[str, dict[str, Any]]:
    t0 = time.perf_counter()
    try:
        a = answer_from(client, question, evidence)
    except LLMError as e:
        return ABSTAIN, {"error": e.kind, "ms": (time.perf_counter() - t0) * 1000}
    return (a.text or ABSTAIN), {"dropped": len(a.dropped), "ms": (time.perf_counter() - t0) * 1000}


def _whole(lines: list[tuple[str, str]], budget: int = WHOLE_CHARS) -> list[tuple[str, str]]:
    kept: list[tuple[str, str]] = []
    used = 0
    for i, line in reversed(lines):
        used += len(line) + len(i) + 4
        if used > budget:
            break
        kept.append((i, line))
    return kept[::-1]


def spaced(pool: list[Any], n: int, offset: int = 0) -> list[Any]:
    """`n` items evenly spaced over `pool`, starting `offset` into the first step."""
    step = max(1, len(pool) // max(1, n))
    return pool[offset % step::step][:n]


def run(graph: Graph, embedder: Any, client: LLMClient, *, limit: int, gc_limit: int,
        systems: tuple[str, ...] = SYSTEMS, progress: Callable[[dict[str, Any]], None] | None = None,
        offset: int = 0, gc_path: Path | None = None) -> dict[str, Any]:
    """`progress` gets the result so far after every question (a slow model's partial run is kept).
    Questions are evenly spaced over each set, starting `offset` into the first step: another offset
    gives another sample of the same size, disjoint while offset < step."""
    from bench.datasets import LOCOMO_FILE

    items: list[tuple[str, BenchConv, QA, list[tuple[str, str]]]] = []
    if limit:
        convs = locomo()
        dates = _session_dates(LOCOMO_FILE)
        pool = [(c, q) for c in convs for q in c.qa]
        for c, q in spaced(pool, limit, offset):
            items.append(("locomo", c, q, _raw_lines(c, dates.get(c.conv_id, {}))))
    if gc_limit:
        gcs = [groupchat(p) for p in (groupchat_files(gc_path) if gc_path else groupchat_files())]
        pool = [(c, q) for c in gcs for q in subsample(c.qa, None)]
        for c, q in spaced(pool, gc_limit, offset):
            items.append(("groupchat", c, q, _raw_lines(c, {})))
    for space in {c.space: c for _, c, _, _ in items}.values():
        ensure_ingested(graph, space, embedder)
        ensure_system2(graph, space.space, embedder)
    bm25: dict[str, BM25Index] = {}
    scores: dict[tuple[str, str, str], list[float]] = defaultdict(list)  # (dataset, kind, system)
    secs: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    dropped: dict[str, int] = defaultdict(int)
    rows: list[dict[str, Any]] = []
    for n, (ds, conv, qa, lines) in enumerate(items, 1):
        got: dict[str, str] = {}
        t0 = time.perf_counter()
        a = ask(graph, conv.space, qa.question, qa.asker, AskOptions(), embedder=embedder)
        ask_s = time.perf_counter() - t0
        got["extractive"] = ABSTAIN if a.abstained else a.text
        secs["extractive"].append(ask_s)
        for system in systems[1:]:
            if system == "llm+polymem":
                names = {pid: ns[0] for pid, ns in conv.roster.items() if ns}
                ev = evidence_lines(a.rows, name=names.get)  # names, as the BM25 and whole-chat lines have
            elif system == "llm+bm25":
                if conv.space not in bm25:
                    bm25[conv.space] = BM25Index(conv.docs)
                top = set(bm25[conv.space].ranked_ids(qa.question, 10))
                ev = [x for x in lines if x[0] in top]
            else:
                ev = _whole(lines)
            text, info = _llm(client, qa.question, ev)
            got[system] = text
            secs[system].append(info["ms"] / 1000 + (ask_s if system == "llm+polymem" else 0.0))
            errors[system] += "error" in info
            dropped[system] += info.get("dropped", 0)
        for system, text in got.items():
            if ds == "locomo":
                s = locomo_score(qa.kind, text, qa.answer)
            else:
                s = groupchat_score(qa.kind, text if text != ABSTAIN else "", qa.answer, qa.keywords, qa.wrong,
                                    conv.roster, abstained=text == ABSTAIN)
            scores[(ds, qa.kind, system)].append(s)
            scores[(ds, "overall", system)].append(s)
        rows.append({"id": qa.id, "dataset": ds, "kind": qa.kind, "question": qa.question, "gold": qa.answer,
                     "answers": got})
        log(f"  [{n}/{len(items)}] {qa.id} {qa.kind}: " + " | ".join(f"{k}={v[:40]!r}" for k, v in got.items()))
        if progress:
            progress(_result(client, n, systems, scores, secs, errors, dropped, rows))
    return _result(client, len(items), systems, scores, secs, errors, dropped, rows)


def _result(client: LLMClient, n: int, systems: tuple[str, ...], scores: dict[tuple[str, str, str], list[float]],
            secs: dict[str, list[float]], errors: dict[str, int], dropped: dict[str, int],
            rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"model": client.model, "questions": n, "systems": list(systems),
            "scores": {f"{d}|{k}|{s}": [round(sum(v) / len(v), 4), len(v)] for (d, k, s), v in sorted(scores.items())},
            "seconds_per_question": {s: round(sum(v) / max(1, len(v)), 2) for s, v in secs.items()},
            "llm_errors": dict(errors), "claims_dropped": dict(dropped), "llm_calls": client.stats.calls,
            "llm_failures": dict(client.stats.failures), "answers": rows}
