"""Optional LLM planner and answer writer (any OpenAI-compatible endpoint). Every failure falls back."""

from __future__ import annotations

import json
import logging
from typing import Any

from polymem.config import LLMSettings
from polymem.retrieval.answer import EvidenceRow
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.plan import Plan, Row, Scope
from polymem.retrieval.planner import compile_rules

log = logging.getLogger(__name__)

_PLAN_PROMPT = """Compile the question into a JSON retrieval plan for a group-chat memory.
Roster (id: names): {roster}
Asker: {asker}
Return JSON with keys: rows (list of roster ids, or "GROUP", or "EVERYONE"), issue (topic words),
mode ("head" for current state, "full" for history/past), scope {{source, owner, speaker, addressee}} (roster ids
or null), intent (one of who_said, who_asked, asked_whom, who_agreed, who_reported, opinion, state,
group_decision, everyone, generic), attribute (city, job, pet or null).
Question: {question}"""


def _client(settings: LLMSettings) -> Any:
    from openai import OpenAI

    return OpenAI(base_url=settings.base_url, api_key=settings.api_key, timeout=settings.timeout_s,
                  max_retries=settings.max_retries)


def compile_llm(question: str, asker: str | None, roster: RosterIndex,
                settings: LLMSettings | None = None) -> Plan | None:
    s = settings or LLMSettings.from_env()
    if not s.enabled:
        return None
    try:
        base = compile_rules(question, asker, roster)  # validates the question; keeps rule-only extras
        people = "; ".join(f"{p.id}: {', '.join(p.names())}" for p in roster.persons())
        resp = _client(s).chat.completions.create(
            model=s.model, temperature=0, response_format={"type": "json_object"},
            messages=[{"role": "user", "content": _PLAN_PROMPT.format(roster=people, asker=asker, question=base.question)}])
        data = json.loads(resp.choices[0].message.content or "{}")
        rows: list[Row] = []
        for r in data.get("rows") or []:
            if r == "GROUP":
                rows.append(Row(kind="GROUP", id="GROUP", name="the group"))
            elif r == "EVERYONE":
                rows += [Row(kind="PERSON", id=p.id, name=p.display) for p in roster.persons()]
            elif r in roster.by_id:
                rows.append(Row(kind="PERSON", id=r, name=roster.display(r)))
        sc = {k: v for k, v in (data.get("scope") or {}).items() if v in roster.by_id}
        plan = base.model_copy(update={
            "rows": rows or base.rows, "issue": [str(x).lower() for x in data.get("issue") or base.issue],
            "mode": data.get("mode") if data.get("mode") in ("head", "full") else base.mode,
            "scope": Scope(**sc) if sc else base.scope, "intent": data.get("intent") or base.intent,
            "attribute": data.get("attribute") or base.attribute, "compiler": "llm"})
        return Plan.model_validate(plan.model_dump())
    except Exception as e:  # noqa: BLE001 - any LLM failure falls back to the rule compiler
        log.warning("LLM planner failed, using rules: %s", e)
        return None


def generate_answer(plan: Plan, rows: list[EvidenceRow], fallback: str, settings: LLMSettings | None = None) -> str:
    s = settings or LLMSettings.from_env()
    if not s.enabled:
        return fallback
    lines = []
    for row in rows:
        for part, items in (("current", row.current), ("past", row.past)):
            for it in items[:8]:
                lines.append(f"[{it.id}] ({row.kind} {row.name or ''}, {part}, speaker={it.speaker}, "
                             f"source={it.source}, owner={it.owner}, time={it.time}) {it.text}")
    prompt = ("Answer the question from the evidence only, citing evidence ids in brackets. If the evidence "
              "does not contain the answer, say it is not in memory.\n\nEvidence:\n" + "\n".join(lines[:40])
              + f"\n\nQuestion: {plan.question}\nExtractive draft: {fallback}")
    try:
        resp = _client(s).chat.completions.create(model=s.model, temperature=0,
                                                  messages=[{"role": "user", "content": prompt}])
        return (resp.choices[0].message.content or "").strip() or fallback
    except Exception as e:  # noqa: BLE001
        log.warning("LLM answer failed, keeping the extractive answer: %s", e)
        return fallback
