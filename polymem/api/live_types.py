"""GraphQL types of the subscriptions (polymem.api.subscriptions): one object per delivered event.

Every event carries a `cursor` ("<event seq>:<index>"): pass the last one seen as `after` when
reconnecting and nothing in between is missed (the events live in Neo4j, graph/events.py).
"""

from __future__ import annotations

import json
from datetime import datetime
from enum import Enum
from typing import Any

import strawberry

from polymem.errors import InputError


def cursor_of(seq: int, index: int) -> str:
    return f"{seq}:{index}"


def parse_cursor(after: str | None) -> tuple[int, int] | None:
    """(event seq, index within the event) or None; a malformed cursor is bad input."""
    if after is None:
        return None
    seq, _, index = after.partition(":")
    if not seq.isdigit() or (index and not index.lstrip("-").isdigit()):
        raise InputError(f"invalid cursor {after[:40]!r}: expected '<seq>:<index>' from an event")
    return int(seq), int(index) if index else 1 << 30  # a bare "<seq>": the whole event was seen


@strawberry.type(description="A message stored in the space (by the CLI, the API or voice streaming).")
class MessageEvent:
    cursor: str = strawberry.field(
        description="Pass the last cursor seen as `after` when reconnecting: nothing in between is missed.")
    space: str = strawberry.field(description="The space.")
    id: str = strawberry.field(description="The message id.")
    text: str = strawberry.field(description="The message text.")
    speaker: str = strawberry.field(description="The speaker's participant id.")
    time: datetime | None = strawberry.field(description="When it was said.")
    channel: str | None = strawberry.field(description="Its channel.")
    session: str | None = strawberry.field(description="Its session.")
    reply_to: list[str] = strawberry.field(description="Ids of the messages it replies to.")
    addressees: list[str] = strawberry.field(description="Participant ids it is addressed to.")

    @staticmethod
    def of(space: str, cursor: str, row: dict[str, Any]) -> MessageEvent:
        t = row.get("time")
        return MessageEvent(cursor=cursor, space=space, id=row["id"], text=row["text"], speaker=row["speaker"],
                            time=t.to_native() if hasattr(t, "to_native") else t, channel=row.get("channel"),
                            session=row.get("session"), reply_to=list(row.get("reply_to") or []),
                            addressees=list(row.get("addressees") or []))


@strawberry.enum(description="What happened to a record.")
class RecordChange(Enum):
    ADDED = "added"
    UPDATED = "updated"
    SUPERSEDED = "superseded"


@strawberry.type(description="A record added, updated (a new version) or superseded (an older version replaced).")
class RecordEvent:
    cursor: str = strawberry.field(
        description="Pass the last cursor seen as `after` when reconnecting: nothing in between is missed.")
    space: str = strawberry.field(description="The space.")
    change: RecordChange = strawberry.field(description="ADDED, UPDATED or SUPERSEDED.")
    id: str = strawberry.field(description="The record id (this version).")
    owner: str | None = strawberry.field(description="Whom the record is about: a participant id, or GROUP.")
    layer: str | None = strawberry.field(description="Core, Profile, Interaction or Insight.")
    attribute: str | None = strawberry.field(description="The update key (city, job, decision:<topic>, ...).")
    value: str | None = strawberry.field(description="The attribute's value, if any.")
    content: str | None = strawberry.field(description="The record as a sentence.")
    state: str | None = strawberry.field(description="current or superseded.")
    supersedes: str | None = strawberry.field(description="For UPDATED: the version it replaced.")
    superseded_by: str | None = strawberry.field(description="For SUPERSEDED: the version that replaced it.")
    chain: list[str] = strawberry.field(description="The version chain, first version first, head last.")

    @staticmethod
    def of(space: str, cursor: str, change: RecordChange, row: dict[str, Any], other: str | None) -> RecordEvent:
        return RecordEvent(
            cursor=cursor, space=space, change=change, id=row["id"], owner=row.get("owner"), layer=row.get("layer"),
            attribute=row.get("attribute"), value=_text(row.get("value")), content=row.get("content"),
            state=row.get("state"), supersedes=other if change is RecordChange.UPDATED else None,
            superseded_by=other if change is RecordChange.SUPERSEDED else None, chain=list(row.get("chain") or []))


@strawberry.type(description="How far a Writer run over the space has got.")
class WriterProgressEvent:
    cursor: str = strawberry.field(
        description="Pass the last cursor seen as `after` when reconnecting: nothing in between is missed.")
    space: str = strawberry.field(description="The space.")
    writer: str = strawberry.field(description="Which Writer runs: rules or llm.")
    windows_done: int = strawberry.field(description="Windows processed so far.")
    windows_failed: int = strawberry.field(description="Windows that failed so far (retried next run).")
    windows_total: int = strawberry.field(description="Windows in this run.")
    messages_done: int = strawberry.field(description="Messages processed so far.")
    messages_total: int = strawberry.field(description="Messages in this run.")
    added: int = strawberry.field(description="Records added so far.")
    updated: int = strawberry.field(description="Records updated so far.")
    done: bool = strawberry.field(description="True on the run's last event.")
    aborted: str | None = strawberry.field(description="Why the run stopped early, or null.")

    @staticmethod
    def of(space: str, cursor: str, data: str | None) -> WriterProgressEvent:
        d = json.loads(data or "{}")
        return WriterProgressEvent(
            cursor=cursor, space=space, writer=str(d.get("writer", "")), windows_done=int(d.get("windows_done", 0)),
            windows_failed=int(d.get("windows_failed", 0)), windows_total=int(d.get("windows_total", 0)),
            messages_done=int(d.get("messages_done", 0)), messages_total=int(d.get("messages_total", 0)),
            added=int(d.get("added", 0)), updated=int(d.get("updated", 0)), done=bool(d.get("done")),
            aborted=d.get("aborted"))


def _text(v: object) -> str | None:
    return None if v is None else v if isinstance(v, str) else json.dumps(v)
