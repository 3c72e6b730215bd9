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


@strawberry.type(description="A person (or assistant, system, anonymous voice) in a space: a speaker or an addressee.")
class Participant:
    id: str = strawberry.field(description="The participant's id in this space (handle or speaker label).")
    name: str | None = strawberry.field(description="Display name, if known.")
    aliases: list[str] = strawberry.field(
        description="Other names this participant is known by (nicknames, old handles, merged ids).")
    kind: str = strawberry.field(
        description="person, assistant, system or voice (an anonymous speaker found by voice).")
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


@strawberry.type(description="One ADDRESSES edge: a participant a message was said to, and how that was known.")
class Addressing:
    participant_id: str = strawberry.field(description="The addressee's participant id.")
    how: str | None = strawberry.field(
        description="How the addressee was known: given (in the input), mention, vocative, reply or dyadic.")
    confidence: float | None = strawberry.field(
        description="Confidence of an inferred addressee (0-1); null when given in the input.")
    space: strawberry.Private[str]

    @strawberry.field(description="The addressee, or null if no such participant is stored.")
    async def participant(self, info: Info) -> Participant | None:
        budget.check(info)
        row = await loaders.participants(info.context).load((self.space, self.participant_id))
        budget.charge(info, 1)
        return Participant.of(self.space, row) if row else None


@strawberry.type(description="A System 1 message, verbatim, with its speaker, time and place in the conversation.")
class Message:
    id: str = strawberry.field(description="The message id (the input's own id).")
    text: str = strawberry.field(description="The message text exactly as said.")
    speaker_id: str = strawberry.field(description="The speaker's participant id.")
    time: datetime | None = strawberry.field(description="When it was said, if the input gives a time.")
    channel: str | None = strawberry.field(description="The channel (chat room, meeting) it was said in.")
    session: str | None = strawberry.field(description="The session (conversation, meeting) it belongs to.")
    seq: int | None = strawberry.field(
        description="Position in the space's conversation order (by time, then source order).")
    reply_to: list[str] = strawberry.field(description="Ids of the messages it replies to.")
    captions: str | None = strawberry.field(description="Captions of images attached to the message, if any.")
    space: strawberry.Private[str]

    @classmethod
    def of(cls, space: str, m: dict[str, Any]) -> Message:
        return cls(id=m["id"], text=m.get("text") or "", speaker_id=m.get("speaker") or "",
                   time=m.get("time"), channel=m.get("channel"), session=m.get("session"), seq=m.get("seq"),
                   reply_to=list(m.get("reply_to_ids") or []), captions=m.get("captions"), space=space)

    @strawberry.field(description="The speaker, or null if no such participant is stored.")
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


@strawberry.type(description="One message of a page, with its cursor.")
class MessageEdge:
    node: Message = strawberry.field(description="The message.")
    cursor: str = strawberry.field(
        description="Opaque cursor: pass as `after` to continue after this message.")


@strawberry.type(description="Where a page of messages stands.")
class PageInfo:
    has_next_page: bool = strawberry.field(description="True when more messages follow this page.")
    start_cursor: str | None = strawberry.field(
        description="Cursor of the first message of the page (null for an empty page).")
    end_cursor: str | None = strawberry.field(
        description="Cursor of the last message of the page: pass it as `after` for the next page.")


@strawberry.type(description="A page of messages in conversation order (Relay-style connection).")
class MessageConnection:
    edges: list[MessageEdge] = strawberry.field(description="The messages of this page.")
    page_info: PageInfo = strawberry.field(description="Whether there is a next page, and the cursors.")


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


@strawberry.type(description="A System 2 record: derived PERSON/GROUP memory with its source, owner and version.")
class Record:
    id: str = strawberry.field(description="The record id (one per version).")
    content: str = strawberry.field(description="The record as a sentence.")
    scope: str | None = strawberry.field(description="PERSON or GROUP.")
    layer: str | None = strawberry.field(
        description="Core or Profile (PERSON scope), Interaction or Insight (GROUP scope).")
    event: str | None = strawberry.field(description="The issue or topic key the record belongs to.")
    attribute: str | None = strawberry.field(
        description="The update key (city, job, decision:<topic>, opinion, fact, ...); one current value per key.")
    value: str | None = strawberry.field(
        description="The attribute's value, if the record has one (a city, a job, a decided option).")
    time: str | None = strawberry.field(
        description="When the recorded state or event holds, ISO 8601 (from the message time or the text).")
    state: str | None = strawberry.field(
        description="current (the head of its chain) or superseded (an older version).")
    version: int | None = strawberry.field(
        description="1 for the first version, +1 for each Update or correction.")
    source: str | None = strawberry.field(description="Who provided the information (participant id).")
    owner: str | None = strawberry.field(description="Whom the record is about: a participant id, or GROUP.")
    speaker: str | None = strawberry.field(description="The speaker of the message it was derived from.")
    addressees: list[str] = strawberry.field(description="The addressees of the message it was derived from.")
    writer: str | None = strawberry.field(description="What wrote it: rules, llm, or correction:<corrector>.")
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


@strawberry.type(description="Counts of what a space holds.")
class SpaceStats:
    id: str = strawberry.field(description="The space.")
    messages: int = strawberry.field(description="Stored messages.")
    participants: int = strawberry.field(description="Participants (speakers and addressees).")
    channels: int = strawberry.field(description="Channels.")
    sessions: int = strawberry.field(description="Sessions.")
    speaks: int = strawberry.field(description="SPEAKS edges (one per message with a known speaker).")
    addresses: int = strawberry.field(description="ADDRESSES edges (message to addressee).")
    replies: int = strawberry.field(description="REPLY_TO edges.")
    records: int = strawberry.field(description="System 2 records, every version.")
    current_records: int = strawberry.field(description="System 2 records that are the head of their chain.")


@strawberry.type(description="One full-text hit: a message or a record, with its score.")
class SearchHit:
    kind: ItemKind = strawberry.field(description="MESSAGE or RECORD: which of the two fields is set.")
    score: float = strawberry.field(description="Full-text score (higher is better).")
    message: Message | None = strawberry.field(default=None, description="The message, for a MESSAGE hit.")
    record: Record | None = strawberry.field(default=None, description="The record, for a RECORD hit.")
