"""GraphQL types for the query planner and answers (mirrors polymem.retrieval's Plan / Answer).

Converted field by field from the retrieval layer's pydantic models with getattr, so optional
fields added there later do not break the API.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON

from polymem.retrieval.plan import INTENTS


@strawberry.enum(description="How `ask` retrieves evidence.")
class Strategy(Enum):
    SYSTEM1 = "system1"  # hybrid BM25 + vector + neighbour expansion over messages only
    SYSTEM12 = "system12"  # plus the System 2 rows (person / group records)
    AGENTIC = "agentic"  # the multi-round loop with a sufficiency check and an ASK rewrite


# The question forms the planner knows (polymem.retrieval.plan.INTENTS), one enum value each.
Intent = strawberry.enum(Enum("Intent", {i.upper(): i for i in INTENTS}),  # type: ignore[misc]
                         description="What kind of question the plan compiled (who_said, state, group_decision, ...).")


@strawberry.enum(description="How much history a plan reads.")
class Mode(Enum):
    HEAD = "head"  # current records only
    FULL = "full"  # every version (the question is about change or the past)


@strawberry.enum(description="Whose row of evidence this is.")
class RowKind(Enum):
    PERSON = "PERSON"
    GROUP = "GROUP"
    MESSAGES = "MESSAGES"  # the ranked messages (System 1), not a row of the plan


@strawberry.enum(description="What a piece of evidence or a search hit is.")
class ItemKind(Enum):
    MESSAGE = "message"  # a stored message (System 1)
    RECORD = "record"  # a derived record (System 2)


@strawberry.enum(description="Whether a record version is the current one.")
class Version(Enum):
    CURRENT = "current"
    SUPERSEDED = "superseded"


def _enum(kind: Any, value: Any, default: Any = None) -> Any:
    """The enum member for a retrieval-layer string; `default` for a value the enum lacks."""
    try:
        return kind(value)
    except ValueError:
        return default


@strawberry.type(description="Time spent in one stage of answering.")
class Timing:
    stage: str = strawberry.field(description="load (models, once per process), plan, retrieve, compose, answer.")
    ms: float = strawberry.field(description="Milliseconds.")


@strawberry.type(description="One retrieval step of the agentic loop, in order.")
class TraceStep:
    round: int | None = strawberry.field(description="Loop round (1-3); the answer's sufficiency check is last.")
    layer: str | None = strawberry.field(description="messages, records or answer.")
    tool: str | None = strawberry.field(description="bm25, vector, rows, activity, sufficiency, ...")
    query: str | None = strawberry.field(description="The (possibly rewritten) query text of the step.")
    why: str | None = strawberry.field(description="Why the step ran (e.g. 'ASK rewrite').")
    hits: int | None = strawberry.field(description="Results the step found.")
    new_hits: int | None = strawberry.field(description="Results not found by an earlier step.")
    sufficient: bool | None = strawberry.field(description="Sufficiency check only: was the evidence enough.")
    details: JSON = strawberry.field(description="The whole step as JSON (filters, terms, k, ...): escape hatch.")


def _step(t: dict[str, Any]) -> TraceStep:
    def num(v: Any) -> int | None:
        return v if isinstance(v, int) and not isinstance(v, bool) else None

    return TraceStep(round=num(t.get("round")), layer=t.get("layer"), tool=t.get("tool"), query=t.get("query"),
                     why=t.get("why") or None, hits=num(t.get("hits")), new_hits=num(t.get("new_hits")),
                     sufficient=t.get("sufficient") if isinstance(t.get("sufficient"), bool) else None,
                     details=_jsonable(t))


@strawberry.type(description="A person or the group the question is about: one row of evidence.")
class PlanRow:
    kind: RowKind = strawberry.field(description="PERSON or GROUP.")
    id: str = strawberry.field(description="Participant id, or GROUP.")
    name: str | None = strawberry.field(description="Display name.")


@strawberry.type(description="Whose information is asked for: who provided it, whom it is about, who said it to whom.")
class Scope:
    source: str | None = strawberry.field(description="Who provided the information (participant id).")
    owner: str | None = strawberry.field(description="Whom the information is about.")
    speaker: str | None = strawberry.field(description="Only messages said by this participant.")
    addressee: str | None = strawberry.field(description="Only messages said to this participant.")


@strawberry.type(description="A compiled question: rows, issue, mode and scope, and the Cypher it runs.")
class Plan:
    question: str = strawberry.field(description="The question as asked.")
    asker: str | None = strawberry.field(description="Participant id of the asker (I / me / my).")
    rows: list[PlanRow] = strawberry.field(description="The people or group whose records are read.")
    issue: list[str] = strawberry.field(description="Topic terms of the question.")
    mode: Mode = strawberry.field(description="HEAD (current records) or FULL (every version).")
    scope: Scope = strawberry.field(description="Source / owner / speaker / addressee filters.")
    intent: Intent = strawberry.field(description="The question form the planner recognised.")
    time_range: list[datetime | None] | None = strawberry.field(
        description="[from, to] when the question names a time; null otherwise.")
    cypher: list[str] = strawberry.field(description="The Cypher templates this plan runs.")


@strawberry.type(description="One piece of evidence: a message, or a version of a derived record.")
class EvidenceItem:
    kind: ItemKind = strawberry.field(description="MESSAGE or RECORD.")
    id: str = strawberry.field(description="Message id, or record version id.")
    text: str = strawberry.field(description="The message text, or the record's content.")
    speaker: str | None = strawberry.field(description="Who said it (participant id).")
    addressees: list[str] = strawberry.field(description="Whom it was said to (participant ids).")
    source: str | None = strawberry.field(description="Records: who provided the information.")
    owner: str | None = strawberry.field(description="Records: whom the information is about.")
    event: str | None = strawberry.field(description="Records: the event or attribute it records.")
    time: datetime | None = strawberry.field(description="When it was said (records: when it became true).")
    version: Version | None = strawberry.field(description="Records: CURRENT or SUPERSEDED.")
    chain: list[str] = strawberry.field(description="Records: version ids, oldest first; empty for messages.")
    message_ids: list[str] = strawberry.field(description="The System 1 messages it rests on.")
    score: float = strawberry.field(description="Retrieval score (higher is better; comparable within a row).")


@strawberry.type(description="The evidence for one person, the group, or the ranked messages.")
class EvidenceRow:
    kind: RowKind = strawberry.field(description="PERSON, GROUP or MESSAGES.")
    id: str | None = strawberry.field(description="Participant id for a PERSON row.")
    name: str | None = strawberry.field(description="Display name.")
    current: list[EvidenceItem] = strawberry.field(description="What holds now (current record versions, messages).")
    past: list[EvidenceItem] = strawberry.field(description="Superseded versions (FULL mode).")
    empty: bool = strawberry.field(description="True when nothing is recorded for this row (said explicitly).")


@strawberry.type(description="An answer from memory, with the plan and evidence it rests on.")
class Answer:
    question: str = strawberry.field(description="The question as asked.")
    text: str = strawberry.field(description="The answer.")
    answer_participant: str | None = strawberry.field(
        description="Participant id when the answer is a person (who said / asked / was addressed).")
    abstained: bool = strawberry.field(description="True when memory holds nothing that answers the question.")
    plan: Plan = strawberry.field(description="How the question was compiled.")
    rows: list[EvidenceRow] = strawberry.field(description="The evidence, per person / group, then messages.")
    ranked_message_ids: list[str] = strawberry.field(description="Message ids, best first.")
    trace: list[TraceStep] = strawberry.field(description="The retrieval steps, in order.")
    timings: list[Timing] = strawberry.field(description="Time per stage (load, plan, retrieve, compose, answer).")
    timings_ms: JSON = strawberry.field(description="The timings as one JSON object.",
                                        deprecation_reason="Use `timings`.")


@strawberry.input(description="Knobs of one ask call; unset ones take the server's defaults.")
class AskOptionsInput:
    strategy: Strategy | None = None
    use_system2: bool | None = None
    ask_round: bool | None = None
    use_addressee: bool | None = None
    recall_n: int | None = None
    top_k: int | None = None
    row_k: int | None = None
    source_k: int | None = None
    max_rounds: int | None = None
    llm: bool | None = strawberry.field(default=None, description=(
        "Plan and answer with the server's configured LLM (POLYMEM_LLM_*); answers cite evidence ids. "
        "Failures fall back to the rules and show in trace (layer llm) and timings (llm_failures)."))
    llm_policy: bool | None = strawberry.field(default=None, description=(
        "Let the server's configured LLM pick each agentic round's search action (strategy AGENTIC). Its "
        "decisions and failures show in trace (layer policy, tool llm-api) and timings (llm_calls, llm_failures)."))

    def as_dict(self) -> dict[str, Any]:
        # Only what the client set; the retrieval layer's defaults fill the rest.
        out = {k: (v.value if isinstance(v, Enum) else v) for k, v in vars(self).items() if v is not None}
        if out.pop("llm_policy", False):
            out["policy"] = "llm"
        return out


def _g(obj: Any, name: str, default: Any = None) -> Any:
    return getattr(obj, name, default) if not isinstance(obj, dict) else obj.get(name, default)


def to_plan(p: Any) -> Plan:
    sc = _g(p, "scope")
    tr = _g(p, "time_range")
    return Plan(
        question=_g(p, "question", ""), asker=_g(p, "asker"),
        rows=[PlanRow(kind=RowKind(_g(r, "kind")), id=str(_g(r, "id")), name=_g(r, "name")) for r in _g(p, "rows", [])],
        issue=list(_g(p, "issue", []) or []), mode=_enum(Mode, _g(p, "mode", "head"), Mode.HEAD),
        scope=Scope(source=_g(sc, "source"), owner=_g(sc, "owner"), speaker=_g(sc, "speaker"),
                    addressee=_g(sc, "addressee")),
        intent=_enum(Intent, _g(p, "intent", "generic"), Intent("generic")), time_range=list(tr) if tr else None,
        cypher=list(_g(p, "cypher", []) or []))


def _item(i: Any) -> EvidenceItem:
    return EvidenceItem(
        kind=ItemKind(_g(i, "kind")), id=_g(i, "id"), text=_g(i, "text", ""), speaker=_g(i, "speaker"),
        addressees=list(_g(i, "addressees", []) or []), source=_g(i, "source"), owner=_g(i, "owner"),
        event=_g(i, "event"), time=_g(i, "time"), version=_enum(Version, _g(i, "version")),
        chain=list(_g(i, "chain", []) or []), message_ids=list(_g(i, "message_ids", []) or []),
        score=float(_g(i, "score", 0.0) or 0.0))


def to_answer(a: Any) -> Answer:
    rows = [EvidenceRow(kind=RowKind(_g(r, "kind")), id=_g(r, "id"), name=_g(r, "name"),
                        current=[_item(i) for i in _g(r, "current", [])],
                        past=[_item(i) for i in _g(r, "past", [])], empty=bool(_g(r, "empty", False)))
            for r in _g(a, "rows", [])]
    trace = _g(a, "trace", []) or []
    timings = _g(a, "timings_ms", {}) or {}
    return Answer(
        question=_g(a, "question", ""), text=_g(a, "text", ""), answer_participant=_g(a, "answer_participant"),
        abstained=bool(_g(a, "abstained", False)), plan=to_plan(_g(a, "plan")), rows=rows,
        ranked_message_ids=list(_g(a, "ranked_message_ids", []) or []),
        trace=[_step(t) for t in trace if isinstance(t, dict)],
        timings=[Timing(stage=str(k), ms=float(v)) for k, v in timings.items()], timings_ms=_jsonable(timings))


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple | set):
        return [_jsonable(x) for x in v]
    if isinstance(v, datetime):
        return v.isoformat()
    if hasattr(v, "model_dump"):
        return _jsonable(v.model_dump())
    return v if v is None or isinstance(v, str | int | float | bool) else str(v)
