"""Precision and recall of the written records on the groupchat scenarios, judged by the QA items.

Each typed question says what the memory should hold (a current or past city/job, a pet, A's
opinion of B, the group's current or first decision, who asked/agreed/reported, everyone's city,
or nothing at all for `abstain`). Per question the records either support the gold answer (hit),
state something contradicting it (error: a wrong value in the relevant head, a record for an
abstain question), or say nothing (miss).  precision = hits / (hits + errors),
recall = hits / questions. Only the records are looked at, never the raw messages.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.schema.records import Record

GROUPCHAT = Path(__file__).resolve().parents[2] / "shared" / "data" / "groupchat"
_ATTR = {"live": "city", "city": "city", "based": "city", "work": "job", "job": "job", "pet": "pet"}


def _has(text: str, words: list[str]) -> bool:
    t = text.lower()
    return all(w.lower() in t for w in words)


def _any(text: str, words: list[str]) -> bool:
    t = text.lower()
    return any(w.lower() in t for w in words)


def judge(qa: dict[str, Any], recs: list[Record], names: dict[str, list[str]]) -> str:
    """'hit', 'error' or 'miss' for one question."""
    kind, q = qa["type"], qa["question"]
    kw, wrong = [str(k) for k in qa.get("keywords", [])], [str(w) for w in qa.get("wrong", [])]
    pos = {pid: min((m.start() for n in ns if len(n) > 1 for m in re.finditer(rf"\b{re.escape(n)}\b", q)),
                    default=-1) for pid, ns in names.items()}
    who = sorted((p for p, i in pos.items() if i >= 0), key=lambda p: pos[p])  # in question order
    heads = [r for r in recs if r.state == "current"]
    past = [r for r in recs if r.state == "superseded"]

    def text(r: Record) -> str:
        return " ".join([r.content, r.value or ""] + [n for p in [r.source, *r.involves] for n in names.get(p, [p])])

    def verdict(pool: list[Record], good: list[str], bad: list[str]) -> str:
        if any(_has(text(r), good) and not _any(r.value or r.content, bad) for r in pool):
            return "hit"
        return "error" if any(bad and _any(r.value or r.content, bad) for r in pool) else "miss"

    attr = next((a for k, a in _ATTR.items() if k in q.lower()), None)
    if kind in ("person_head", "person_past", "pet", "abstain") and who:
        owner = who[0]
        pool = [r for r in (past if kind == "person_past" else heads) if r.owner == owner and r.attribute == attr]
        if kind == "abstain":
            return "error" if pool else "hit"
        return verdict(pool, kw, wrong)
    if kind == "opinion" and len(who) >= 2:
        src, own = who[0], who[1]
        pool = [r for r in heads if r.attribute == "opinion" and r.owner == own and r.source == src]
        return verdict(pool, kw, wrong)
    if kind in ("group_head", "group_past"):
        pool = [r for r in (heads if kind == "group_head" else recs) if (r.attribute or "").startswith("decision:")
                and r.event.lower() in q.lower()]
        if kind == "group_past":  # the first decision of the chain
            pool = [r for r in pool if r.version == 1]
        return verdict(pool, kw, wrong)
    if kind in ("who_asked", "asked_whom", "who_agreed", "who_said", "who_reported"):
        want = {"who_asked": "request", "asked_whom": "request", "who_agreed": "promise",
                "who_said": "proposal", "who_reported": "city"}[kind]
        pool = [r for r in recs if (r.attribute or "").startswith(want) and (r.value or "").lower() in q.lower()]
        if kind == "who_reported":
            return "hit" if any(_any(" ".join(names.get(r.source, [])), kw) for r in pool) else (
                "error" if pool else "miss")
        if kind == "asked_whom":
            return "hit" if any(_any(" ".join(n for p in r.involves for n in names.get(p, [])), kw)
                                for r in pool) else ("error" if pool else "miss")
        return "hit" if any(_any(" ".join(names.get(r.source, [])), kw) for r in pool) else (
            "error" if pool else "miss")
    if kind == "everyone":
        pool = [r for r in heads if r.attribute == "city"]
        ok = sum(1 for k in kw if any(k.lower() in (r.value or "").lower() for r in pool))
        bad = any(_any(r.value or "", wrong) for r in pool)
        return "error" if bad else ("hit" if ok == len(kw) else "miss")
    return "miss"


def run_groupchat(writer_kind: str = "rules", files: list[Path] | None = None, policy: str = "rules") -> dict[str, Any]:
    """`policy`: the no-LLM writer's decisions (rules, or a trained policy.json from `polymem train writer`)."""
    files = files or sorted(GROUPCHAT.glob("groupchat-*.json"))
    by_type: dict[str, Counter] = {}
    seconds = 0.0
    messages = 0
    llm = Counter()
    kept: Counter = Counter()  # reason -> LLM ops replaced by the rules' candidate
    with Graph() as g:
        for f in files:
            data = json.loads(f.read_text(encoding="utf-8"))
            space = f"bench-memory-gc-{writer_kind}-{f.stem}"
            g.write("MATCH (n {space: $s}) DETACH DELETE n", s=space, timeout=600)
            conv = next(iter(load(f, "groupchat")))
            Ingestor(g, None).ingest(space, conv)
            if writer_kind == "llm":
                from polymem.ingest.writer.llm import LLMWriter

                rep = write_space(g, space, LLMWriter(), None, window=12)
            elif policy != "rules":
                from polymem.ingest.writer.policy import load_policy
                from polymem.ingest.writer.rules import RuleWriter

                rep = write_space(g, space, RuleWriter(load_policy(policy)), None)
            else:
                rep = write_space(g, space, None, None)
            seconds += rep.seconds
            messages += rep.messages
            llm.update({"calls": rep.llm_calls, "failures": rep.llm_failures,
                        "windows_failed": rep.windows_failed, "rejected": sum(rep.rejected.values())})
            kept.update(rep.llm_kept)
            recs = RecordRepository(g).records(space)
            names = {r["handle"]: [r["name"], *r.get("aliases", []), r["handle"]] for r in data["roster"]}
            names["GROUP"] = ["the group"]
            for qa in data["qa"]:
                by_type.setdefault(qa["type"], Counter())[judge(qa, recs, names)] += 1
    tot = sum(by_type.values(), Counter())
    hits, errors, n = tot["hit"], tot["error"], sum(tot.values())
    return {
        "writer": writer_kind, "scenarios": len(files), "questions": n, "hits": hits, "errors": errors,
        "precision": round(hits / max(1, hits + errors), 4), "recall": round(hits / max(1, n), 4),
        "by_type": {k: dict(v) for k, v in sorted(by_type.items())},
        "messages": messages, "seconds_per_1000_messages": round(1000 * seconds / max(1, messages), 1),
        "llm_calls": llm["calls"], "llm_calls_per_message": round(llm["calls"] / max(1, messages), 4),
        "llm_failures": llm["failures"], "windows_failed": llm["windows_failed"], "rejected": llm["rejected"],
        "llm_candidates_kept": dict(kept),
    }
