"""GraphQL types for the query planner and answers (mirrors polymem.retrieval's Plan / Answer).

Converted field by field from the retrieval layer's pydantic models with getattr, so optional
fields added there later do not break the API.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from strawberry.scalars import JSON


@strawberry.type
class PlanRow:
    kind: str
    id: str
    name: str | None


@strawberry.type
class Scope:
    source: str | None
    owner: str | None
    speaker: str | None
    addressee: str | None


@strawberry.type
class Plan:
    question: str
    asker: str | None
    rows: list[PlanRow]
    issue: list[str]
    mode: str
    scope: Scope
    intent: str
    time_range: list[datetime | None] | None
    cypher: list[str] = strawberry.field(description="The Cypher templates this plan runs.")


@strawberry.type
class EvidenceItem:
    kind: str
    id: str
    text: str
    speaker: str | None
    addressees: list[str]
    source: str | None
    owner: str | None
    event: str | None
    time: datetime | None
    version: str | None
    chain: list[str]
    message_ids: list[str]
    score: float


@strawberry.type
class EvidenceRow:
    kind: str
    id: str | None
    name: str | None
    current: list[EvidenceItem]
    past: list[EvidenceItem]
    empty: bool


@strawberry.type
class Answer:
    question: str
    text: str
    answer_participant: str | None
    abstained: bool
    plan: Plan
    rows: list[EvidenceRow]
    ranked_message_ids: list[str]
    trace: JSON
    timings_ms: JSON


@strawberry.input
class AskOptionsInput:
    strategy: str | None = None
    use_system2: bool | None = None
    ask_round: bool | None = None
    use_addressee: bool | None = None
    recall_n: int | None = None
    top_k: int | None = None
    row_k: int | None = None
    source_k: int | None = None
    max_rounds: int | None = None

    def as_dict(self) -> dict[str, Any]:
        # Only what the client set; the retrieval layer's defaults fill the rest. The LLM switch
        # is not exposed: the API answers deterministically unless the server is configured so.
        return {k: v for k, v in vars(self).items() if v is not None}


def _g(obj: Any, name: str, default: Any = None) -> Any:
    return getattr(obj, name, default) if not isinstance(obj, dict) else obj.get(name, default)


def to_plan(p: Any) -> Plan:
    sc = _g(p, "scope")
    tr = _g(p, "time_range")
    return Plan(
        question=_g(p, "question", ""), asker=_g(p, "asker"),
        rows=[PlanRow(kind=str(_g(r, "kind")), id=str(_g(r, "id")), name=_g(r, "name")) for r in _g(p, "rows", [])],
        issue=list(_g(p, "issue", []) or []), mode=str(_g(p, "mode", "head")),
        scope=Scope(source=_g(sc, "source"), owner=_g(sc, "owner"), speaker=_g(sc, "speaker"),
                    addressee=_g(sc, "addressee")),
        intent=str(_g(p, "intent", "generic")), time_range=list(tr) if tr else None,
        cypher=list(_g(p, "cypher", []) or []))


def _item(i: Any) -> EvidenceItem:
    return EvidenceItem(
        kind=_g(i, "kind"), id=_g(i, "id"), text=_g(i, "text", ""), speaker=_g(i, "speaker"),
        addressees=list(_g(i, "addressees", []) or []), source=_g(i, "source"), owner=_g(i, "owner"),
        event=_g(i, "event"), time=_g(i, "time"), version=_g(i, "version"),
        chain=list(_g(i, "chain", []) or []), message_ids=list(_g(i, "message_ids", []) or []),
        score=float(_g(i, "score", 0.0) or 0.0))


def to_answer(a: Any) -> Answer:
    rows = [EvidenceRow(kind=_g(r, "kind"), id=_g(r, "id"), name=_g(r, "name"),
                        current=[_item(i) for i in _g(r, "current", [])],
                        past=[_item(i) for i in _g(r, "past", [])], empty=bool(_g(r, "empty", False)))
            for r in _g(a, "rows", [])]
    trace = _g(a, "trace", []) or []
    return Answer(
        question=_g(a, "question", ""), text=_g(a, "text", ""), answer_participant=_g(a, "answer_participant"),
        abstained=bool(_g(a, "abstained", False)), plan=to_plan(_g(a, "plan")), rows=rows,
        ranked_message_ids=list(_g(a, "ranked_message_ids", []) or []),
        trace=_jsonable(trace), timings_ms=_jsonable(_g(a, "timings_ms", {}) or {}))


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
