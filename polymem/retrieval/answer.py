"""The composed evidence and the answer handed back to callers."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from polymem.retrieval.plan import Plan


class EvidenceItem(BaseModel):
    kind: Literal["message", "record"]
    id: str
    text: str
    speaker: str | None = None
    addressees: list[str] = Field(default_factory=list)
    source: str | None = None
    owner: str | None = None
    event: str | None = None
    time: datetime | None = None
    version: Literal["current", "superseded"] | None = None
    chain: list[str] = Field(default_factory=list)  # record ids old -> new; empty for messages
    message_ids: list[str] = Field(default_factory=list)  # System 1 ids it rests on
    score: float = 0.0
    attribute: str | None = None
    value: str | None = None


class EvidenceRow(BaseModel):
    kind: Literal["PERSON", "GROUP", "MESSAGES"]
    id: str | None = None
    name: str | None = None
    current: list[EvidenceItem] = Field(default_factory=list)
    past: list[EvidenceItem] = Field(default_factory=list)
    empty: bool = False  # explicit empty row: nothing recorded for this person/group


class Answer(BaseModel):
    question: str
    text: str
    answer_participant: str | None = None
    abstained: bool = False
    plan: Plan
    rows: list[EvidenceRow] = Field(default_factory=list)
    ranked_message_ids: list[str] = Field(default_factory=list)
    trace: list[dict] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    answer_name: str | None = None  # display name of answer_participant
    cited: list[str] = Field(default_factory=list)  # evidence ids the answer rests on
