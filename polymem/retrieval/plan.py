"""The query plan Q_q = (rows, issue, mode, scope) plus intent: an inspectable object."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class Row(BaseModel):
    kind: Literal["PERSON", "GROUP"]
    id: str
    name: str | None = None


class Scope(BaseModel):
    source: str | None = None  # who provided the information
    owner: str | None = None  # whom it is about
    speaker: str | None = None  # filter on SPEAKS
    addressee: str | None = None  # filter on ADDRESSES


INTENTS = (
    "who_said", "who_asked", "asked_whom", "who_agreed", "who_reported", "opinion",
    "state", "group_decision", "everyone", "generic",
    # forms read by the language layer (polymem.language.questions)
    "category", "list_decisions", "list_moved", "when", "who_announced", "most_active", "talks_most",
    # who keeps a particular animal now (polymem.language.pet_keeping)
    "pet_keeper",
)


class Plan(BaseModel):
    question: str
    asker: str | None = None
    rows: list[Row] = Field(default_factory=list)
    issue: list[str] = Field(default_factory=list)  # topic terms
    mode: Literal["head", "full"] = "head"
    scope: Scope = Field(default_factory=Scope)
    intent: str = "generic"
    time_range: tuple[datetime | None, datetime | None] | None = None
    cypher: list[str] = Field(default_factory=list)  # the templates this plan runs
    # Optional extras (beyond the contract): what the answer reads and how the plan was made.
    attribute: str | None = None  # city / job / pet / ... for state questions
    answer_field: Literal["speaker", "addressee", "value", "text", "map"] = "text"
    search_terms: list[str] = Field(default_factory=list)  # issue + attribute cue words (expansion)
    mentioned: list[str] = Field(default_factory=list)  # participant ids named in the question
    category: str | None = None  # a category word the value must fall under ("dog", "healthcare")
    at: Literal["start", "end"] | None = None  # state at the beginning / end of the conversation
    month: int | None = None  # state in a named month
    month_part: Literal["early", "mid", "late"] | None = None  # of that month ("in early March")
    anchors: list[str] = Field(default_factory=list)  # named options in the question ("Lake Ohrid")
    proposal: bool = False  # the question asks who proposed something
    # the question asks every member who backed an option ("who voted for X?"): the option's words
    backing: list[str] | None = None
    asks_time: bool = False  # the answer is a date ("when ...?")
    compiler: Literal["rules", "llm"] = "rules"
    # A plan over every member of a roster too big for a row each (a public channel's thousands): its rows
    # are the members the first round's evidence speaks of (retrieval.agent), not the whole roster.
    rows_from_evidence: bool = False
    notes: list[str] = Field(default_factory=list)  # which rules fired (for inspection)
