"""The Python client: `Memory(space=...)` with add / ingest / write / search / ask / plan / forget.

A thin layer over the functions the CLI and the API use (polymem.ingest, polymem.retrieval,
polymem.graph), so the three answer alike. It talks to Neo4j directly; no server is needed.

    from polymem import Memory

    with Memory(space="team") as mem:
        mem.add([{"id": "m1", "speaker": "ann", "text": "I moved to Lisbon last week."}])
        mem.write()
        print(mem.ask("Where does Ann live?").text)
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from polymem.config import Neo4jSettings
from polymem.errors import InputError
from polymem.graph.driver import Graph
from polymem.graph.forget import ForgetReport
from polymem.graph.spaces import SpaceRepository, SpaceSummary, valid_space_name
from polymem.ingest.pipeline import IngestReport
from polymem.ingest.writer.run import WriteReport
from polymem.retrieval import Answer, AskOptions, Plan
from polymem.schema.models import Conversation, Participant

__all__ = ["Answer", "ForgetReport", "IngestReport", "Memory", "Plan", "SearchHit", "SpaceSummary", "WriteReport"]


@dataclass(frozen=True)
class SearchHit:
    """One full-text hit: a stored message (System 1) or a derived record (System 2)."""

    kind: Literal["message", "record"]
    id: str
    text: str  # the message text, or the record's content
    score: float
    speaker: str | None = None  # who said the message (for a record: the speaker it came from)
    addressees: list[str] = field(default_factory=list)  # whom the message (a record's source message) addressed
    time: datetime | str | None = None
    owner: str | None = None  # records: whom the record is about
    source: str | None = None  # records: who provided the information
    state: str | None = None  # records: "current" or "superseded"


class Memory:
    """One space of polymem memory, read and written through a Neo4j connection.

    `uri`, `user`, `password` and `database` default to the POLYMEM_NEO4J_* settings
    (bolt://127.0.0.1:7687 without auth, as `scripts/neo4j` runs it). The embedding model
    loads on the first call that needs it (add, ingest, write, ask), once per process;
    `embed=False` stores messages and records without vectors (full-text search still works).
    Unknown spaces and participants raise `polymem.errors.UnknownNameError`, which names the
    closest known ones; bad input raises `InputError` and stores nothing.
    """

    def __init__(self, uri: str | None = None, space: str = "default", user: str | None = None,
                 password: str | None = None, database: str | None = None, *, embed: bool = True) -> None:
        self.space = valid_space_name(space)
        base = Neo4jSettings.from_env()
        self.settings = dataclasses.replace(base, uri=uri or base.uri, user=user or base.user,
                                            password=password or base.password, database=database or base.database)
        self.graph = Graph(self.settings)
        self.embed = embed
        self._embedder: Any = None
        self._spaces = SpaceRepository(self.graph)

    # -- lifecycle ---------------------------------------------------------------------------
    def close(self) -> None:
        """Close the Neo4j connection (the loaded models stay cached in the process)."""
        self.graph.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def embedder(self) -> Any:
        if self._embedder is None and self.embed:
            from polymem.ingest.embedder import default_embedder

            self._embedder = default_embedder()  # cached per process
        return self._embedder

    # -- writing -----------------------------------------------------------------------------
    def add(self, messages: list[dict[str, Any]], roster: list[dict[str, Any]] | None = None) -> IngestReport:
        """Store messages, each a dict with the JSON Lines fields (docs/input-format.md): `id`,
        `speaker`, `text`, and optionally `time`, `channel`, `session`, `addressees`, `reply_to`.
        `roster` lists people as {id, name, aliases}. Every message is checked first: if any is
        invalid, InputError names each one (`messages:N`, N from 1) and nothing is stored. Re-adding a stored
        message is a no-op; the same id with a different text is reported in `errors`."""
        from polymem.ingest.formats.jsonl import from_object

        if not messages:
            raise InputError("messages is empty")
        built, problems = [], []
        for i, m in enumerate(messages):
            one = from_object(dict(m) if isinstance(m, dict) else m, file="messages", line=i + 1)
            (problems if isinstance(one, InputError) else built).append(one)
        try:
            people = [Participant(**p) for p in roster or []]
        except (TypeError, ValueError) as e:
            problems.append(InputError(f"roster: {e}"))
        if problems:
            raise InputError(f"{len(problems)} invalid item(s), nothing stored: "
                             + "; ".join(str(p) for p in problems[:20]))
        for m in built:
            m.meta.pop("line", None)  # positions in a Python list are not source lines
        conv = Conversation.model_construct(id="client", roster=people, channels=[], messages=iter(built),
                                            addressees_given=False, source_file=None)
        return self._ingestor().ingest(self.space, conv)

    def ingest(self, path: str | Path, format: str = "auto", conversation: str | None = None) -> list[IngestReport]:
        """Import a file as `polymem ingest` does (JSON Lines or any dataset format, see
        docs/input-format.md). A file holding several conversations sends each to its own space
        `<space>.<conversation id>` unless `conversation` picks one; one report per space."""
        from polymem.commands.ingest import plan

        jobs = plan(argparse.Namespace(file=str(path), format=format, space=self.space, conversation=conversation))
        ing = self._ingestor()
        return [ing.ingest(space, conv) for space, conv in jobs]

    def write(self, llm: bool = False, window: int | None = None) -> WriteReport:
        """Derive System 2 records (per person and group, with versions) from the messages not
        processed yet; `llm=True` uses the configured LLM Writer (POLYMEM_LLM_*)."""
        from polymem.ingest.writer import write_space
        from polymem.ingest.writer.rules import RuleWriter

        self._spaces.require(self.space)
        writer: Any = RuleWriter()
        if llm:
            from polymem.ingest.writer.llm import LLMWriter

            writer = LLMWriter()
        return write_space(self.graph, self.space, writer, self.embedder,
                           window=window or (12 if llm else 20))

    def forget(self, participant: str) -> ForgetReport:
        """Remove a participant's messages, voice data, profile and what rests only on them;
        other people's text naming them is redacted (docs/erasure.md)."""
        from polymem.graph.forget import forget_participant

        self._spaces.require(self.space)
        pid = self._spaces.participant(self.space, participant)
        return forget_participant(self.graph, self.space, pid, self.embedder)

    # -- reading -----------------------------------------------------------------------------
    def search(self, query: str, kinds: tuple[str, ...] = ("message", "record"), limit: int = 10, *,
               speaker: str | None = None, addressee: str | None = None, channel: str | None = None,
               since: datetime | None = None, until: datetime | None = None, owner: str | None = None,
               history: bool = False) -> list[SearchHit]:
        """Full-text search over messages and/or records, best first. Filters: `speaker`,
        `addressee`, `channel`, `since`/`until` for messages; `owner` and `history` (superseded
        versions too) for records."""
        from polymem.graph.browse import BrowseRepository

        if not query.strip():
            raise InputError("query is empty")
        if set(kinds) - {"message", "record"} or not kinds:
            raise InputError("kinds may only hold 'message' and 'record'")
        self._spaces.require(self.space)
        who = {k: self._spaces.participant(self.space, v) if v else None
               for k, v in (("speaker", speaker), ("addressee", addressee), ("owner", owner))}
        repo, hits = BrowseRepository(self.graph), []
        if "message" in kinds:
            found = repo.search_messages(self.space, query, limit, speaker=who["speaker"],
                                         addressee=who["addressee"], channel=channel, session=None,
                                         since=since, until=until)
            said = repo.addressees(self.space, [m["id"] for m, _ in found]) if found else {}  # one query
            for m, s in found:
                hits.append(SearchHit(kind="message", id=m["id"], text=m.get("text") or "", score=s,
                                      speaker=m.get("speaker"), time=m.get("time"),
                                      addressees=[a["participant"] for a in said.get(m["id"], [])]))
        if "record" in kinds:
            for r, s in repo.search_records(self.space, query, limit, history=history, owner=who["owner"]):
                hits.append(SearchHit(kind="record", id=r["id"], text=r.get("content") or "", score=s,
                                      speaker=r.get("speaker"), addressees=list(r.get("addressees") or []),
                                      time=r.get("time"), owner=r.get("owner"), source=r.get("source"),
                                      state=r.get("state")))
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]

    def ask(self, question: str, asker: str | None = None, **options: Any) -> Answer:
        """Answer a question from memory. `asker` (an id, or a unique name or alias) is who "I"
        and "me" are. `options` are AskOptions fields (strategy="system1" | "system12" |
        "agentic", top_k, ...). The Answer holds `text`, the `plan`, the evidence `rows` (each
        item with speaker, addressees, time) and `timings_ms` (the first call includes "load")."""
        from polymem.retrieval import ask

        self._spaces.require(self.space)
        pid = self._spaces.participant(self.space, asker) if asker else None
        try:
            opts = AskOptions(**options)
        except ValidationError as e:
            raise InputError("; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())) from None
        return ask(self.graph, self.space, question, pid, opts, embedder=self.embedder)

    def plan(self, question: str, asker: str | None = None) -> Plan:
        """Compile a question into its plan (rows, issue, mode, scope, intent) and Cypher, running nothing."""
        from polymem.retrieval import plan

        self._spaces.require(self.space)
        pid = self._spaces.participant(self.space, asker) if asker else None
        return plan(self.graph, self.space, question, pid)

    def stats(self) -> SpaceSummary:
        """What this space holds (messages, participants, records)."""
        self._spaces.require(self.space)
        return next(s for s in self._spaces.list() if s.id == self.space)

    def spaces(self) -> list[SpaceSummary]:
        """Every space in this Neo4j database, with its counts."""
        return self._spaces.list()

    def _ingestor(self) -> Any:
        from polymem.ingest.pipeline import Ingestor

        return Ingestor(self.graph, self.embedder)
