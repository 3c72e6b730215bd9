"""Optional LLM planner and cited answers through any `LLMClient`. Nothing here fails silently:
every outcome is a trace step (layer "llm") saying what the model did or why it was not used.

* `plan_llm`: the model fills the typed Plan's rows / issue / mode / scope / intent under a JSON
  schema; a plan that fails the checks (unknown intent, unknown person) falls back to the rule
  plan, with the reason in the trace.
* `answer_llm`: the model answers in short claims that cite evidence ids; a claim citing an id not
  in the evidence loses that citation, and a claim left with no valid citation is dropped (counted).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from polymem.llm import LLMClient, LLMError, chat_json
from polymem.retrieval.answer import EvidenceItem, EvidenceRow
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.plan import INTENTS, Plan, Row, Scope
from polymem.retrieval.planner import compile_rules
from polymem.retrieval.prompts import answer_v1, planner_v1


def _step(tool: str, ok: bool, why: str, ms: float, **kw: Any) -> dict[str, Any]:
    return {"layer": "llm", "tool": tool, "ok": ok, "why": why, "ms": round(ms, 2), **kw}


def plan_llm(client: LLMClient, question: str, asker: str | None, roster: RosterIndex) -> tuple[Plan, dict[str, Any]]:
    """The LLM plan, or the rule plan when the model's is unusable; plus the trace step."""
    base = compile_rules(question, asker, roster)  # validates the question; keeps rule-only extras
    ids = [p.id for p in roster.persons()]
    people = "; ".join(f"{p.id}: {p.display}" for p in roster.persons())
    user = f"Roster: {people}\nAsker: {asker or ''}\nIntents: {', '.join(INTENTS)}\nQuestion: {base.question}"
    messages = [{"role": "system", "content": planner_v1.SYSTEM},
                {"role": "user", "content": planner_v1.EXAMPLE_USER},
                {"role": "assistant", "content": json.dumps(planner_v1.EXAMPLE_REPLY)},
                {"role": "user", "content": user}]

    def check(data: Any) -> Plan:
        if not isinstance(data, dict):
            raise ValueError("plan is not a JSON object")
        intent = str(data.get("intent") or "")
        if intent not in INTENTS:
            raise ValueError(f"unknown intent {intent!r}")
        rows: list[Row] = []
        for r in data.get("rows") or []:
            if r == "GROUP":
                rows.append(Row(kind="GROUP", id="GROUP", name="the group"))
            elif r == "EVERYONE":
                rows += [Row(kind="PERSON", id=p.id, name=p.display) for p in roster.persons()]
            elif r in roster.by_id:
                rows.append(Row(kind="PERSON", id=r, name=roster.display(r)))
            else:
                raise ValueError(f"row names an unknown person {r!r}")
        sc = data.get("scope") or {}
        if not isinstance(sc, dict):
            raise ValueError("scope is not an object")
        bad = [v for v in sc.values() if v and v not in roster.by_id]
        if bad:
            raise ValueError(f"scope names an unknown person {bad[0]!r}")
        mode = data.get("mode") or base.mode
        if mode not in ("head", "full"):
            raise ValueError(f"unknown mode {mode!r}")
        plan = base.model_copy(update={
            "rows": rows or base.rows, "issue": [str(x).lower() for x in data.get("issue") or base.issue],
            "mode": mode, "scope": Scope(**{k: v for k, v in sc.items() if v in roster.by_id}), "intent": intent,
            "attribute": data.get("attribute") or base.attribute, "compiler": "llm"})
        return Plan.model_validate(plan.model_dump())

    t0 = time.perf_counter()
    try:
        plan = chat_json(client, messages, planner_v1.schema(ids, list(INTENTS)), check, max_tokens=160, name="plan")
    except LLMError as e:
        return base, _step("planner", False, f"rule plan used: {e}", (time.perf_counter() - t0) * 1000,
                           error=e.kind, prompt=planner_v1.VERSION)
    return plan, _step("planner", True, "LLM plan", (time.perf_counter() - t0) * 1000, prompt=planner_v1.VERSION)


@dataclass
class LLMAnswer:
    text: str  # the kept claims, joined
    claims: list[dict[str, Any]] = field(default_factory=list)  # {"text", "cites"} with valid cites only
    cited: list[str] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)  # claims with no valid citation
    bad_cites: list[str] = field(default_factory=list)  # ids cited that were not in the evidence


def answer_from(client: LLMClient, question: str, evidence: list[tuple[str, str]], *,
                max_ids_in_schema: int = 80) -> LLMAnswer:
    """Claims about `question` from `evidence` ((id, line) pairs), each checked against the ids.
    The model sees each line under a short label (e1, e2, ...), mapped back to the real id after: a
    record id is some ten tokens, and three claims citing a few of them ran past the reply's token
    budget (cut JSON) with the local 1.5B model. Raises LLMError (counted by the client) when no
    usable reply comes."""
    label = {f"e{n}": i for n, (i, _) in enumerate(evidence, 1)}
    lines = "\n".join(f"[{k}] {line}" for k, (_, line) in zip(label, evidence, strict=True))
    messages = [{"role": "system", "content": answer_v1.SYSTEM},
                {"role": "user", "content": answer_v1.EXAMPLE_USER},
                {"role": "assistant", "content": json.dumps(answer_v1.EXAMPLE_REPLY)},
                {"role": "user", "content": f"Evidence:\n{lines}\n\nQuestion: {question}"}]

    def check(data: Any) -> list[dict[str, Any]]:
        claims = data.get("claims") if isinstance(data, dict) else None
        if not isinstance(claims, list) or not all(isinstance(c, dict) for c in claims):
            raise ValueError("expected {'claims': [{'text', 'cites'}]}")
        return claims

    labels = list(label)
    claims = chat_json(client, messages, answer_v1.schema(labels if len(labels) <= max_ids_in_schema else None),
                       check, max_tokens=120, name="answer")
    out = LLMAnswer(text="")
    for c in claims:
        text = " ".join(str(c.get("text") or "").split())
        cites = [str(i) for i in c.get("cites") or []]
        out.bad_cites += [i for i in cites if i not in label]
        valid = list(dict.fromkeys(label[i] for i in cites if i in label))
        if text and valid:
            out.claims.append({"text": text, "cites": valid})
        elif text:
            out.dropped.append({"text": text, "cites": cites})
    out.cited = list(dict.fromkeys(i for c in out.claims for i in c["cites"]))
    out.text = "; ".join(c["text"] for c in out.claims)
    return out


def _when(t: datetime | None) -> str:
    """A date as people write it ('8 May 2023'): a model copies the form it reads into its answer."""
    return f"({t.day} {t:%B %Y}) " if t else ""


def evidence_lines(rows: list[EvidenceRow], messages: int = 10, records: int = 6,
                   name: Callable[[str | None], str | None] | None = None) -> list[tuple[str, str]]:
    """polymem's composed evidence as (id, line): who said it to whom, when, whose record. First the head of
    the ranked messages, at most `messages` (it starts with what the no-LLM answer rests on); then what the
    plan's rows hold beyond them (records and the messages read as current or past, 3 current and 2 past
    per row), at most `records` lines. A small model reads a short list best, and leans on its first
    lines: derived records, paraphrases that can be wrong, come after the words said. `name` turns a
    participant id into the name people use (the roster's display name), as the model reads names, not ids."""
    def nm(pid: str | None) -> str:
        if pid == "GROUP":
            return "the group"
        return (name(pid) if name else None) or pid or "?"

    def line(it: EvidenceItem, part: str) -> str:
        to = f" -> {', '.join(nm(a) for a in it.addressees)}" if it.addressees else ""
        who = f"record about {nm(it.owner)}, told by {nm(it.source)}, {part}" if it.kind == "record" else \
            f"{nm(it.speaker)}{to}"
        return f"{_when(it.time)}{who}: {it.text}"

    shown = {it.id: line(it, "current") for row in rows if row.kind == "MESSAGES" for it in row.current[:messages]}
    held: dict[str, str] = {}
    for row in rows:
        if row.kind == "MESSAGES":
            continue
        for part, items in (("current", row.current[:3]), ("past", row.past[:2])):
            for it in items:
                if len(held) < records and it.id not in shown:
                    held.setdefault(it.id, line(it, part))
    return list(shown.items()) + list(held.items())


def answer_llm(client: LLMClient, plan: Plan, rows: list[EvidenceRow], fallback: str,
               fallback_cited: list[str], name: Callable[[str | None], str | None] | None = None,
               ) -> tuple[str, list[str], dict[str, Any]]:
    """The cited LLM answer, or the extractive one when the model fails or supports no claim."""
    t0 = time.perf_counter()
    ev = evidence_lines(rows, name=name)
    try:
        a = answer_from(client, plan.question, ev)
    except LLMError as e:
        return fallback, fallback_cited, _step("answer", False, f"extractive answer kept: {e}",
                                               (time.perf_counter() - t0) * 1000, error=e.kind,
                                               prompt=answer_v1.VERSION)
    ms = (time.perf_counter() - t0) * 1000
    extra = {"claims": a.claims, "dropped_claims": a.dropped, "bad_cites": a.bad_cites, "prompt": answer_v1.VERSION}
    if not a.claims:
        why = "extractive answer kept: " + (f"{len(a.dropped)} claim(s) cited no evidence id" if a.dropped
                                            else "the model found no answer in the evidence")
        return fallback, fallback_cited, _step("answer", False, why, ms, **extra)
    why = "LLM answer" + (f"; {len(a.dropped)} claim(s) without a valid citation dropped" if a.dropped else "")
    return a.text, a.cited, _step("answer", True, why, ms, **extra)
