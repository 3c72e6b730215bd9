"""Query root. Every field takes a space and checks the caller's key against it first."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import strawberry
from pydantic import ValidationError
from strawberry.types import Info

from polymem.api import budget
from polymem.api.analytics import InteractionSummary, Network
from polymem.api.answers import Answer, AskOptionsInput, ItemKind, Plan, to_answer, to_plan
from polymem.api.context import Context, run
from polymem.api.limits import page_size
from polymem.api.spaces import SpaceInfo, list_spaces
from polymem.api.types import (
    Message,
    MessageConnection,
    Participant,
    Record,
    SearchHit,
    SpaceStats,
    connection,
    decode_cursor,
)
from polymem.errors import BackendUnavailableError, InputError, NotFoundError
from polymem.graph.messages import MessageRepository
from polymem.graph.spaces import SpaceRepository
from polymem.schema.models import Space


def authorize(info: Info, space: str) -> Context:
    """Validate the space name, then the key's scope; returns the request context."""
    ctx: Context = info.context
    ctx.allow(space)
    try:
        Space(id=space)
    except ValidationError as e:
        raise InputError(e.errors()[0]["msg"].removeprefix("Value error, ")) from None
    return ctx


async def known(info: Info, space: str) -> Context:
    """`authorize`, then the space must exist: a typo is NOT_FOUND naming the closest spaces this
    key may read (never others), instead of an empty answer from an empty space."""
    ctx = authorize(info, space)
    if space not in (ctx.principal.existing or ()):  # not already seen with the key in this request
        await run(SpaceRepository(ctx.graph).require, space, ctx.principal.may)
    return ctx


async def asker_id(ctx: Context, space: str, asker: str | None) -> str | None:
    """The asker's participant id (an id, or a unique name or alias); NOT_FOUND with the closest otherwise."""
    return None if asker is None else await run(SpaceRepository(ctx.graph).participant, space, asker)


def retrieval():  # noqa: ANN201 - the module, imported late so the API runs without it
    try:
        import polymem.retrieval as r

        r.ask, r.plan  # noqa: B018 - fail here, not deep inside a resolver
        return r
    except (ImportError, AttributeError) as e:
        raise BackendUnavailableError(f"the retrieval layer is not available: {e}") from None


def _text(value: str, what: str, limit: int = 2000) -> str:
    value = value.strip()
    if not value or len(value) > limit:
        raise InputError(f"{what} must be 1-{limit} characters")
    return value


@strawberry.type
class Query:
    spaces: list[SpaceInfo] = strawberry.field(
        resolver=list_spaces, description="The spaces this API key may read, with what each holds.")

    @strawberry.field(description="Compile a question into rows/issue/mode/scope and the Cypher it runs.")
    async def plan(self, info: Info, space: str, question: str, asker: str | None = None) -> Plan:
        ctx = await known(info, space)
        r = retrieval()
        p = await run(r.plan, ctx.graph, space, _text(question, "question"), await asker_id(ctx, space, asker))
        return to_plan(p)

    @strawberry.field(description="Answer a question from memory with composed, traceable evidence.")
    async def ask(self, info: Info, space: str, question: str, asker: str | None = None,
                  options: AskOptionsInput | None = None,
                  asker_voice: Annotated[str | None, strawberry.argument(
                      description="Base64 audio (WAV/FLAC) of the spoken question: when no asker is "
                                  "given, the asker is the stored speaker whose voice matches.")] = None,
                  ) -> Answer:
        ctx = await known(info, space)
        r = retrieval()
        asker = await asker_id(ctx, space, asker)
        if asker is None and asker_voice:
            asker = await run(_asker_from_voice, ctx.graph, space, asker_voice)
        try:
            opts = r.AskOptions(**(options.as_dict() if options else {}))
        except ValidationError as e:
            raise InputError("; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())) from None
        emb = await run(lambda: ctx.services.embedder)
        a = await run(r.ask, ctx.graph, space, _text(question, "question"), asker, opts, embedder=emb)
        answer = to_answer(a)
        budget.charge(info, 1 + len(answer.rows) + len(answer.ranked_message_ids))
        return answer

    @strawberry.field(description="Relationship-network measures of a space (or one channel / time window).")
    async def network(self, info: Info, space: str, channel: str | None = None, since: datetime | None = None,
                      until: datetime | None = None) -> Network:
        ctx = await known(info, space)
        from polymem.graph.analytics import network_measures

        return Network.of(await run(network_measures, ctx.graph, space, channel, since, until))

    @strawberry.field(description="One person's interaction summary: whom they address, who answers them, ...")
    async def interaction_summary(self, info: Info, space: str, participant: str) -> InteractionSummary:
        ctx = await known(info, space)
        from polymem.graph.analytics import interaction_summary

        return InteractionSummary.of(await run(interaction_summary, ctx.graph, space, participant))

    @strawberry.field(description="Full-text search over messages and/or derived records, with filters.")
    async def search(self, info: Info, space: str, query: str, kinds: list[ItemKind] | None = None,
                     speaker: str | None = None, addressee: str | None = None, channel: str | None = None,
                     session: str | None = None, since: datetime | None = None, until: datetime | None = None,
                     owner: str | None = None, source: str | None = None, history: bool = False,
                     first: int | None = 10) -> list[SearchHit]:
        ctx = authorize(info, space)
        try:
            limit, text = page_size(first, 10), _text(query, "query")
        except InputError:
            await known(info, space)  # an unknown space is reported before bad input, as everywhere
            raise
        kinds = kinds or [ItemKind.MESSAGE, ItemKind.RECORD]
        repo = ctx.services.browse
        seen = space in (ctx.principal.existing or ())  # read with the key in this request
        may = ctx.principal.may

        def reads() -> tuple[list[tuple[dict, float]], list[tuple[dict, float]]]:
            # The space check (NOT_FOUND first) and the two full-text searches, one after the
            # other in ONE worker thread. Run at once in three threads, each read took 2-3 times
            # as long (GIL hand-offs) and the request was no faster, for more CPU under load.
            if not seen:
                SpaceRepository(ctx.graph).require(space, may)
            found_m = repo.search_messages(space, text, limit, speaker=speaker, addressee=addressee,
                                           channel=channel, session=session, since=since,
                                           until=until) if ItemKind.MESSAGE in kinds else []
            found_r = repo.search_records(space, text, limit, history=history, owner=owner,
                                          source=source) if ItemKind.RECORD in kinds else []
            return found_m, found_r

        found_m, found_r = await run(reads)
        hits = [SearchHit(kind=ItemKind.MESSAGE, score=s, message=Message.of(space, m)) for m, s in found_m]
        hits += [SearchHit(kind=ItemKind.RECORD, score=s, record=Record.of(space, r)) for r, s in found_r]
        hits.sort(key=lambda h: -h.score)
        budget.charge(info, min(len(hits), limit))
        return hits[:limit]

    @strawberry.field(description="One participant with messages, addressed messages, records, aliases.")
    async def participant(self, info: Info, space: str, id: str) -> Participant:
        ctx = await known(info, space)
        rows = await run(ctx.services.browse.participants, space, [id])
        if id not in rows:
            raise NotFoundError(f"participant {id!r} not found in space {space!r}")
        budget.charge(info, 1)
        return Participant.of(space, rows[id])

    @strawberry.field(description="The roster of a space.")
    async def participants(self, info: Info, space: str) -> list[Participant]:
        ctx = authorize(info, space)  # a listing: an empty space lists nothing
        people = await run(MessageRepository(ctx.graph).roster, space)
        budget.charge(info, len(people))
        return [Participant.of(space, p.model_dump()) for p in people]

    @strawberry.field(description="Messages in conversation order with filters and cursor pagination.")
    async def messages(self, info: Info, space: str, channel: str | None = None, session: str | None = None,
                       speaker: str | None = None, addressee: str | None = None, since: datetime | None = None,
                       until: datetime | None = None, first: int | None = 20,
                       after: str | None = None) -> MessageConnection:
        ctx = authorize(info, space)  # a listing: an empty space lists nothing
        limit = page_size(first)
        rows = await run(ctx.services.browse.messages_page, space, limit=limit + 1, after=decode_cursor(after),
                         channel=channel, session=session, speaker=speaker, addressee=addressee,
                         since=since, until=until)
        budget.charge(info, min(len(rows), limit))
        return connection(space, rows, limit)

    @strawberry.field(description="One derived record with its version chain and source messages.")
    async def record(self, info: Info, space: str, id: str) -> Record:
        ctx = await known(info, space)
        row = await run(ctx.services.browse.record, space, id)
        if row is None:
            raise NotFoundError(f"record {id!r} not found in space {space!r}")
        budget.charge(info, 1)
        return Record.of(space, row)

    @strawberry.field(description="Counts of what a space holds.")
    async def space(self, info: Info, id: str) -> SpaceStats:
        ctx = await known(info, id)

        def load() -> tuple[dict, dict]:
            return MessageRepository(ctx.graph).stats(id), ctx.services.browse.record_counts(id)

        s1, s2 = await run(load)
        if not s1:
            raise NotFoundError(f"space {id!r} not found")
        return SpaceStats(id=id, messages=s1["messages"], participants=s1["participants"],
                          channels=s1["channels"], sessions=s1["sessions"], speaks=s1["speaks"],
                          addresses=s1["addresses"], replies=s1["replies"], records=s2["records"],
                          current_records=s2["current_records"])


def _asker_from_voice(graph: Any, space: str, b64: str) -> str | None:
    """Identify a spoken question's asker by voice (read-only; None when no stored voice matches)."""
    import base64
    import binascii
    import tempfile

    try:
        raw = base64.b64decode(b64, validate=True)
    except (binascii.Error, ValueError):
        raise InputError("askerVoice is not valid base64") from None
    try:
        from polymem.ingest.voice.identify import identify_speaker
    except ImportError as e:
        raise BackendUnavailableError(f"voice identification needs the audio extra ({e.name} missing)") from None
    sniff = {b"RIFF": ".wav", b"fLaC": ".flac", b"OggS": ".ogg", b"ID3": ".mp3", b"\xff\xfb": ".mp3"}
    suffix = next((ext for magic, ext in sniff.items() if raw.startswith(magic)), None)
    if suffix is None:
        raise InputError("askerVoice is not WAV, FLAC, OGG or MP3 audio")
    with tempfile.NamedTemporaryFile(suffix=suffix) as f:
        f.write(raw)
        f.flush()
        return identify_speaker(graph, space, f.name)
