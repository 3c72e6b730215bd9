"""System 2 models: derived PERSON/GROUP records and the Writer's Add/Update/Noop operations.

Registers migration 2 (record ids unique per space, full-text and vector indexes on records).
"""

from __future__ import annotations

import hashlib
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from polymem.schema.migrations import register

GROUP_ID = "GROUP"  # owner id of group-scoped records: (:Group {space, id: 'GROUP'})
LAYER_SCOPE: dict[str, str] = {"Core": "PERSON", "Profile": "PERSON", "Interaction": "GROUP", "Insight": "GROUP"}
LAYERS = tuple(LAYER_SCOPE)
Layer = Literal["Core", "Profile", "Interaction", "Insight"]

# Attributes that hold one current value per owner (and per source for opinions): a new value
# for the same key is an Update of the head. Any other attribute only ever adds (a second pet
# joins the first one, it does not replace it).
SINGLE_VALUED = ("city", "job", "decision:", "opinion")


def pet_event(name: str | None) -> str:
    """A pet record's event: "pet:<name>" for a named animal, so one member's pets are told apart by name."""
    return f"pet:{' '.join(name.lower().split())}" if name else "pet"


def pet_name_key(event: str | None) -> str:
    """The name key `pet_event` put in a pet record's event ("" for an unnamed pet)."""
    return (event or "").partition(":")[2]


def is_single_valued(attribute: str | None) -> bool:
    return bool(attribute) and any(
        attribute == a or (a.endswith(":") and attribute.startswith(a)) for a in SINGLE_VALUED)


def _clean(v: str) -> str:
    return " ".join(str(v).split())


class AddOp(BaseModel):
    model_config = ConfigDict(extra="ignore")

    op: Literal["add"] = "add"
    layer: Layer
    owner: str
    source: str
    event: str
    attribute: str | None = None
    value: str | None = None
    content: str
    from_ids: list[str]
    involves: list[str] = Field(default_factory=list)
    related: list[str] = Field(default_factory=list)  # ids of existing records this one answers

    @field_validator("content", "event", "owner", "source")
    @classmethod
    def _strip(cls, v: str) -> str:
        return _clean(v)


class UpdateOp(BaseModel):
    model_config = ConfigDict(extra="ignore")

    op: Literal["update"] = "update"
    entry_id: str
    content: str
    value: str | None = None
    from_ids: list[str]
    # Who provided the new information when it is not the old version's source (news told by
    # another member). Owner, layer, event and attribute always come from the old version.
    source: str | None = None

    @field_validator("content")
    @classmethod
    def _strip(cls, v: str) -> str:
        return _clean(v)


class NoopOp(BaseModel):
    model_config = ConfigDict(extra="ignore")

    op: Literal["noop"] = "noop"
    reason: str = ""


Operation = Annotated[AddOp | UpdateOp | NoopOp, Field(discriminator="op")]


class OperationBatch(BaseModel):
    operations: list[Operation] = Field(default_factory=list)


class Record(BaseModel):
    """One version of a derived record as read back from the graph."""

    id: str
    content: str
    scope: str
    layer: str
    event: str
    attribute: str | None = None
    value: str | None = None
    time: str | None = None
    state: str = "current"
    version: int = 1
    source: str
    owner: str
    speaker: str | None = None
    addressees: list[str] = Field(default_factory=list)
    writer: str | None = None
    from_ids: list[str] = Field(default_factory=list)
    involves: list[str] = Field(default_factory=list)
    superseded_by: str | None = None


def record_id(space: str, *parts: object) -> str:
    """Deterministic id: the same derivation from the same messages is the same record."""
    h = hashlib.sha1(space.encode("utf-8"))
    for p in parts:
        h.update(b"\x1f" + repr(p).encode("utf-8"))
    return "r" + h.hexdigest()[:20]


register(
    2,
    "System 2: records unique per space, record full-text/vector/owner indexes, groups",
    [
        "CREATE CONSTRAINT record_id IF NOT EXISTS FOR (r:Record) REQUIRE (r.space, r.id) IS UNIQUE",
        "CREATE CONSTRAINT group_id IF NOT EXISTS FOR (g:Group) REQUIRE (g.space, g.id) IS UNIQUE",
        "CREATE INDEX record_owner IF NOT EXISTS FOR (r:Record) ON (r.space, r.owner)",
        "CREATE INDEX record_event IF NOT EXISTS FOR (r:Record) ON (r.space, r.event)",
        "CREATE INDEX record_state IF NOT EXISTS FOR (r:Record) ON (r.space, r.state)",
        "CREATE FULLTEXT INDEX record_text IF NOT EXISTS FOR (r:Record) ON EACH [r.content, r.event, r.space_key]",
        "CREATE VECTOR INDEX record_embedding IF NOT EXISTS FOR (r:Record) ON r.embedding "
        "OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}",
    ],
)


def add_id(space: str, op: AddOp) -> str:
    return record_id(space, "add", op.owner, op.layer, op.event, op.attribute, sorted(op.from_ids), op.content)


def update_id(space: str, op: UpdateOp) -> str:
    return record_id(space, "update", op.entry_id, sorted(op.from_ids), op.content)
