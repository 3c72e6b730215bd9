"""GraphQL object types for System 1 (participants, messages) and System 2 (records).

Objects keep their space privately; nested fields resolve through dataloaders (polymem.api.loaders)
so a list of N messages asking for their speakers costs one query, not N.
"""

from __future__ import annotations

import base64
import json
from datetime import datetime
from typing import Any

import strawberry
from strawberry.types import Info

from polymem.api import budget, loaders
from polymem.api.answers import ItemKind
from polymem.api.limits import page_size
from polymem.errors import InputError


def encode_cursor(seq: int | None, mid: str) -> str:
    raw = json.dumps([seq or 0, mid], separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii")


def decode_cursor(cursor: str | None) -> tuple[int, str] | None:
    """Opaque to clients: base64 of [seq, id]. A tampered cursor is bad input, never a crash."""
    if cursor is None:
        return None
    try:
        seq, mid = json.loads(base64.urlsafe_b64decode(cursor.encode("ascii")))
        if not isinstance(seq, int) or not isinstance(mid, str):
            raise ValueError
        return seq, mid
    except (ValueError, TypeError, UnicodeError):
        raise InputError(f"invalid cursor {cursor[:40]!r}") from None


@strawberry.type
class Participant:
    id: str
    name: str | None
    aliases: list[str]
    kind: str
    space: strawberry.Private[str]

    @classmethod
    def of(cls, space: str, row: dict[str, Any]) -> Participant:
        return cls(id=row["id"], name=row.get("name"), aliases=list(row.get("aliases") or []),
                   kind=row.get("kind") or "person", space=space)

    @strawberry.field(description="What this participant said, in conversation order.")
    async def messages(self, info: Info, first: int | None = 20, after: str | None = None) -> MessageConnection:
        return await _page(info, self.space, self.id, first, after, addressed=False)

    @strawberry.field(description="Messages addressed to this participant (ADDRESSES edges).")
    async def addressed_messages(self, info: Info, first: int | None = 20,
                                 after: str | None = None) -> MessageConnection:
        return await _page(info, self.space, self.id, first, after, addressed=True)

    @strawberry.field(description="Derived records about this participant; history=true adds superseded versions.")
    async def records(self, info: Info, history: bool = False) -> list[Record]:
        budget.check(info)
        rows = await loaders.records(info.context).load((self.space, self.id, history))
        budget.charge(info, len(rows))
        return [Record.of(self.space, r) for r in rows]


@strawberry.type
class Addressing:
    participant_id: str
    how: str | None
    confidence: float | None
    space: strawberry.Private[str]

    @strawberry.field
    async def participant(self, info: Info) -> Participant | None:
        budget.check(info)
        row = await loaders.participants(info.context).load((self.space, self.participant_id))
        budget.charge(info, 1)
        return Participant.of(self.space, row) if row else None


@strawberry.type
class Message:
    id: str
    text: str
    speaker_id: str
    time: datetime | None
    channel: str | None
    session: str | None
    seq: int | None
    reply_to: list[str]
    captions: str | None
    space: strawberry.Private[str]

    @classmethod
    def of(cls, space: str, m: dict[str, Any]) -> Message:
        return cls(id=m["id"], text=m.get("text") or "", speaker_id=m.get("speaker") or "",
                   time=m.get("time"), channel=m.get("channel"), session=m.get("session"), seq=m.get("seq"),
                   reply_to=list(m.get("reply_to_ids") or []), captions=m.get("captions"), space=space)

    @strawberry.field
    async def speaker(self, info: Info) -> Participant | None:
        budget.check(info)
        row = await loaders.participants(info.context).load((self.space, self.speaker_id))
        budget.charge(info, 1)
        return Participant.of(self.space, row) if row else None

    @strawberry.field(description="Whom the message was said to, with how it was known.")
    async def addressees(self, info: Info) -> list[Addressing]:
        budget.check(info)
        rows = await loaders.addressees(info.context).load((self.space, self.id))
        budget.charge(info, len(rows))
        return [Addressing(participant_id=r["participant"], how=r.get("how"), confidence=r.get("confidence"),
                           space=self.space) for r in rows]


@strawberry.type
class MessageEdge:
    node: Message
    cursor: str


@strawberry.type
class PageInfo:
    has_next_page: bool
    start_cursor: str | None
    end_cursor: str | None


@strawberry.type
class MessageConnection:
    edges: list[MessageEdge]
    page_info: PageInfo


def connection(space: str, rows: list[dict[str, Any]], limit: int) -> MessageConnection:
    """Rows were fetched with limit+1: the extra row only says that there is a next page."""
    more = len(rows) > limit
    edges = [MessageEdge(node=Message.of(space, m), cursor=encode_cursor(m.get("seq"), m["id"]))
             for m in rows[:limit]]
    return MessageConnection(edges=edges, page_info=PageInfo(
        has_next_page=more, start_cursor=edges[0].cursor if edges else None,
        end_cursor=edges[-1].cursor if edges else None))


async def _page(info: Info, space: str, pid: str, first: int | None, after: str | None,
                addressed: bool) -> MessageConnection:
    limit = page_size(first)
    cur = decode_cursor(after)
    key = (space, pid, cur[0] if cur else None, cur[1] if cur else None, limit + 1)
    budget.check(info)
    rows = await loaders.pages(info.context, addressed).load(key)
    budget.charge(info, min(len(rows), limit))
    return connection(space, rows, limit)


@strawberry.type
class Record:
    id: str
    content: str
    scope: str | None
    layer: str | None
    event: str | None
    attribute: str | None
    value: str | None
    time: str | None
    state: str | None
    version: int | None
    source: str | None
    owner: str | None
    speaker: str | None
    addressees: list[str]
    writer: str | None
    space: strawberry.Private[str]

    @classmethod
    def of(cls, space: str, r: dict[str, Any]) -> Record:
        t = r.get("time")
        return cls(id=r["id"], content=r.get("content") or "", scope=r.get("scope"), layer=r.get("layer"),
                   event=r.get("event"), attribute=r.get("attribute"), value=r.get("value"),
                   time=t.isoformat() if hasattr(t, "isoformat") else t, state=r.get("state"),
                   version=r.get("version"), source=r.get("source"), owner=r.get("owner"),
                   speaker=r.get("speaker"), addressees=list(r.get("addressees") or []),
                   writer=r.get("writer"), space=space)

    @strawberry.field(description="Every version of this record, oldest first (SUPERSEDED_BY chain).")
    async def chain(self, info: Info) -> list[Record]:
        from polymem.api.context import run

        budget.check(info)
        rows = await run(info.context.services.browse.chain, self.space, self.id)
        budget.charge(info, len(rows))
        return [Record.of(self.space, r) for r in rows]

    @strawberry.field(description="The System 1 messages this version was derived from.")
    async def source_messages(self, info: Info) -> list[Message]:
        budget.check(info)
        mids = await loaders.record_sources(info.context).load((self.space, self.id))
        rows = await loaders.messages(info.context).load_many([(self.space, m) for m in mids])
        budget.charge(info, len(rows))
        return [Message.of(self.space, r) for r in rows if r]


@strawberry.type
class SpaceStats:
    id: str
    messages: int
    participants: int
    channels: int
    sessions: int
    speaks: int
    addresses: int
    replies: int
    records: int
    current_records: int


@strawberry.type(description="One full-text hit: a message or a record, with its score.")
class SearchHit:
    kind: ItemKind = strawberry.field(description="MESSAGE or RECORD: which of the two fields is set.")
    score: float = strawberry.field(description="Full-text score (higher is better).")
    message: Message | None = strawberry.field(default=None, description="The message, for a MESSAGE hit.")
    record: Record | None = strawberry.field(default=None, description="The record, for a RECORD hit.")
