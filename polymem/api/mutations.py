"""Mutation root: ingestion (all or nothing), the Writer, identity edits, forgetting, corrections."""

from __future__ import annotations

import random
import time
from datetime import datetime
from typing import TYPE_CHECKING, Any

import strawberry
from neo4j.exceptions import ConstraintError
from pydantic import ValidationError
from strawberry.scalars import JSON
from strawberry.types import Info

from polymem.api.context import Context, run
from polymem.api.queries import authorize, known
from polymem.api.spaces import DeleteSpaceResult, delete_space
from polymem.api.types import Participant, Record
from polymem.errors import BackendUnavailableError, InputError, NotFoundError
from polymem.graph.corrections import correct_record
from polymem.graph.forget import forget_participant
from polymem.graph.identity import add_alias, merge_participants
from polymem.ingest.formats._common import build_message
from polymem.schema.models import Conversation
from polymem.schema.models import Participant as ParticipantModel

if TYPE_CHECKING:
    from polymem.ingest.writer.run import WriteReport

MAX_BATCH = 500  # one Ingestor batch = one transaction, so a request is written all or nothing


@strawberry.input
class MessageInput:
    id: str
    text: str
    speaker: str
    addressees: list[str] | None = None
    time: datetime | None = None
    channel: str | None = None
    session: str | None = None
    reply_to: list[str] | None = None
    seq: int | None = None


@strawberry.input
class ParticipantInput:
    id: str
    name: str | None = None
    aliases: list[str] | None = None
    kind: str | None = None


@strawberry.type(description="Why one item of an ingestMessages request was refused.")
class ItemError:
    index: int = strawberry.field(
        description="Position of the item in `messages` (or `roster`); -1 for an error after validation.")
    id: str | None = strawberry.field(description="The item's id, if it had one.")
    message: str = strawberry.field(description="What is wrong with it.")


@strawberry.type(description="The outcome of ingestMessages: everything written, or nothing and the errors.")
class IngestResult:
    ok: bool = strawberry.field(description="True when every message was valid and written.")
    written: int = strawberry.field(description="Messages newly written.")
    already_stored: int = strawberry.field(
        description="Messages that were already stored with the same text and speaker (skipped).")
    new_participants: int = strawberry.field(description="Participants created by this request.")
    errors: list[ItemError] = strawberry.field(
        description="Every refused item; when not empty, nothing was written.")


@strawberry.type(description="What forgetting a participant removed, flagged, restored and redacted.")
class ForgetResult:
    participant: str = strawberry.field(description="The forgotten participant's id.")
    participant_removed: bool = strawberry.field(description="True when the participant node was removed.")
    messages_removed: list[str] = strawberry.field(description="Ids of their messages, removed.")
    records_removed: list[str] = strawberry.field(
        description="Ids of records that rested only on them, removed.")
    records_flagged: list[str] = strawberry.field(
        description="Ids of records that also rest on others' messages: kept, flagged needs_review, text redacted.")
    records_restored: list[str] = strawberry.field(
        description="Ids of older versions that became the head again after a removed version.")
    records_redacted: list[str] = strawberry.field(
        description="Other records (any version) that named the person: names replaced, vector recomputed.")
    messages_redacted: list[str] = strawberry.field(
        description="Other people's messages that named the person: names replaced, vector recomputed.")
    voice_removed: int = strawberry.field(description="Voice embeddings removed.")


@strawberry.type(description="The outcome of merging two participants.")
class MergeResult:
    participant: Participant = strawberry.field(
        description="The kept participant, with the dropped one's names as aliases.")
    messages_moved: int = strawberry.field(
        description="Messages whose speaker moved to the kept participant.")
    addressings_moved: int = strawberry.field(description="ADDRESSES edges moved to the kept participant.")


def _validate(space: str, ctx: Context, messages: list[MessageInput], roster: list[ParticipantInput]
              ) -> tuple[list[Any], list[ParticipantModel], list[ItemError]]:
    """Everything is checked before anything is written; errors name the item index."""
    errors: list[ItemError] = []
    people: list[ParticipantModel] = []
    for i, p in enumerate(roster):
        try:
            fields = {k: v for k, v in vars(p).items() if v is not None}
            people.append(ParticipantModel(**fields))
        except ValidationError as e:
            errors.append(ItemError(index=i, id=p.id, message=f"roster: {e.errors()[0]['msg']}"))
    base = ctx.services.browse.max_seq(space)
    msgs: list[Any] = []
    seen: dict[str, tuple[str, str]] = {}
    for i, m in enumerate(messages):
        fields = {k: v for k, v in vars(m).items() if v is not None}
        fields.setdefault("seq", base + i + 1)
        built = build_message(fields, file="messages", line=i)
        if isinstance(built, InputError):
            errors.append(ItemError(index=i, id=m.id, message=built.problem))
            continue
        built.meta.pop("line", None)
        if seen.setdefault(built.id, (built.text, built.speaker)) != (built.text, built.speaker):
            errors.append(ItemError(index=i, id=m.id, message=f"duplicate id {m.id!r} with different text or speaker"))
        msgs.append((i, built))
    stored = ctx.services.browse.messages(space, [m.id for _, m in msgs]) if msgs else {}
    for i, m in msgs:
        old = stored.get(m.id)
        if old is not None and (old["text"] != m.text or old["speaker"] != m.speaker):
            errors.append(ItemError(index=i, id=m.id,
                                    message=f"message id {m.id!r} is already stored with different text or speaker"))
    return [m for _, m in msgs], people, errors


def _ingest_retrying(ingestor: Any, space: str, people: list[ParticipantModel], msgs: list[Any]) -> Any:
    """Two clients sending the same new ids at once: Neo4j refuses the slower MERGE with a
    constraint error and rolls its transaction back. Ingestion is idempotent, so re-running
    finds those messages stored and writes only the rest."""
    for attempt in range(6):
        conv = Conversation.model_construct(id="api", roster=people, channels=[], messages=iter(msgs),
                                            addressees_given=False, source_file=None)
        try:
            return ingestor.ingest(space, conv)
        except ConstraintError:
            if attempt == 5:
                raise
            time.sleep(0.05 * (attempt + 1) + random.random() * 0.05)
    raise AssertionError("unreachable")


@strawberry.type(description="Counts of the Writer's decisions in one run.")
class WriterOps:
    add: int = strawberry.field(description="Records added (new chains).")
    update: int = strawberry.field(description="Updates: a new head appended with SUPERSEDED_BY from the old one.")
    noop: int = strawberry.field(description="Candidates that changed nothing.")
    already: int = strawberry.field(description="Candidates already stored (a re-run over the same messages).")


@strawberry.type(description="How many candidate operations validation refused for one reason.")
class RejectedCount:
    reason: str = strawberry.field(description="Why validation refused them.")
    count: int = strawberry.field(description="How many were refused for it.")


@strawberry.type(description="What one Writer run over a space's new messages did.")
class WriterResult:
    space: str = strawberry.field(description="The space written.")
    writer: str = strawberry.field(description="Which Writer ran: rules (no LLM) or llm.")
    windows: int = strawberry.field(description="Message windows processed.")
    messages: int = strawberry.field(description="New messages read (0 when everything was already written).")
    ops: WriterOps = strawberry.field(description="Add / Update / Noop counts.")
    rejected: list[RejectedCount] = strawberry.field(description="Refused operations, by reason.")
    rejected_examples: list[str] = strawberry.field(description="Up to 10 refused operations, described.")
    windows_failed: int = strawberry.field(description="Windows that failed; their messages are retried next run.")
    failures: list[str] = strawberry.field(description="Why windows failed (up to 10).")
    llm_calls: int = strawberry.field(description="LLM requests made (0 for the rules Writer).")
    llm_failures: int = strawberry.field(description="LLM requests that failed.")
    llm_candidates_kept: list[RejectedCount] = strawberry.field(
        description="LLM Writer ops that could not stand (an update of another owner's or attribute's record, "
                    "or of no current head), replaced by the rules' candidate, by reason.")
    aborted: str | None = strawberry.field(description="Why the run stopped early, or null.")
    seconds: float = strawberry.field(description="Wall time of the run.")
    summary: JSON = strawberry.field(description="The same report as untyped JSON (the former result).",
                                     deprecation_reason="Use the typed fields.")

    @classmethod
    def of(cls, report: WriteReport) -> WriterResult:
        d = report.summary()
        ops = d["ops"]
        return cls(space=d["space"], writer=d["writer"], windows=d["windows"], messages=d["messages"],
                   ops=WriterOps(add=ops.get("add", 0), update=ops.get("update", 0), noop=ops.get("noop", 0),
                                 already=ops.get("already", 0)),
                   rejected=[RejectedCount(reason=k, count=v) for k, v in sorted(d["rejected"].items())],
                   rejected_examples=list(d["rejected_examples"]), windows_failed=d["windows_failed"],
                   failures=list(d["failures"]), llm_calls=d["llm_calls"], llm_failures=d["llm_failures"],
                   llm_candidates_kept=[RejectedCount(reason=k, count=v)
                                        for k, v in sorted(d["llm_candidates_kept"].items())],
                   aborted=d["aborted"], seconds=d["seconds"], summary=d)


@strawberry.type
class Mutation:
    delete_space: DeleteSpaceResult = strawberry.mutation(
        resolver=delete_space,
        description="Delete a space and everything in it. Needs a key with the admin scope for that space.")

    @strawberry.mutation(description="Ingest a batch of messages: all valid and written, or nothing written.")
    async def ingest_messages(self, info: Info, space: str, messages: list[MessageInput],
                              roster: list[ParticipantInput] | None = None) -> IngestResult:
        ctx = authorize(info, space)
        if not messages:
            raise InputError("messages is empty")
        if len(messages) > MAX_BATCH or len(roster or []) > MAX_BATCH:
            raise InputError(f"at most {MAX_BATCH} messages and roster entries per request")
        msgs, people, errors = await run(_validate, space, ctx, messages, roster or [])
        if errors:
            return IngestResult(ok=False, written=0, already_stored=0, new_participants=0, errors=errors)
        ingestor = await run(lambda: ctx.services.ingestor)
        report = await run(_ingest_retrying, ingestor, space, people, msgs)
        late = [ItemError(index=-1, id=None, message=str(e)) for e in report.errors]  # lost races only
        return IngestResult(ok=not late, written=report.written, already_stored=report.already_stored,
                            new_participants=report.new_participants, errors=late)

    @strawberry.mutation(description="Run the System 2 Writer over the space's new messages.")
    async def run_writer(self, info: Info, space: str) -> WriterResult:
        ctx = await known(info, space)
        try:
            from polymem.ingest.writer import write_space
        except ImportError as e:
            raise BackendUnavailableError(f"the Writer is not available: {e}") from None
        emb = await run(lambda: ctx.services.embedder)
        report = await run(write_space, ctx.graph, space, None, emb)
        return WriterResult.of(report)

    @strawberry.mutation(description="Add another name a participant is known by; returns the participant.")
    async def add_alias(self, info: Info, space: str, participant: str, alias: str) -> Participant:
        ctx = await known(info, space)
        await run(add_alias, ctx.graph, space, participant, alias)
        rows = await run(ctx.services.browse.participants, space, [participant])
        return Participant.of(space, rows[participant])

    @strawberry.mutation(description="Merge `drop` into `keep`; `drop`'s names become aliases of `keep`.")
    async def merge_participants(self, info: Info, space: str, keep: str, drop: str) -> MergeResult:
        ctx = await known(info, space)
        moved = await run(merge_participants, ctx.graph, space, keep, drop)
        rows = await run(ctx.services.browse.participants, space, [keep])
        return MergeResult(participant=Participant.of(space, rows[keep]), **moved)

    @strawberry.mutation(description="Remove a participant's messages, voice data, profile and what rests only on them.")
    async def forget_participant(self, info: Info, space: str, id: str) -> ForgetResult:
        ctx = await known(info, space)
        emb = await run(lambda: ctx.services.embedder)  # redacted text gets a new vector
        report = await run(forget_participant, ctx.graph, space, id, emb)
        return ForgetResult(**report.as_dict())

    @strawberry.mutation(description="Append a corrected version of a record (corrector as source); history kept.")
    async def correct_record(self, info: Info, space: str, id: str, content: str, corrector: str) -> Record:
        ctx = await known(info, space)
        content = content.strip()
        if not content or len(content) > 10_000:
            raise InputError("content must be 1-10000 characters")
        emb = await run(lambda: ctx.services.embedder)
        new_id = await run(correct_record, ctx.graph, space, id, content, corrector, emb)
        row = await run(ctx.services.browse.record, space, new_id)
        if row is None:
            raise NotFoundError(f"record {new_id!r} not found in space {space!r}")
        return Record.of(space, row)
