"""Per-process reader of the Neo4j event log (graph/events.py) that feeds subscriptions.

The log is the fan-out: every API process reads it, so an event written by the CLI, another
worker or a voice stream reaches subscribers of every process. Within one process, one poll task
per watched space reads new events (every POLYMEM_EVENT_POLL_S, default 0.1 s), fetches the
messages / records they name once, and hands the enriched events to each subscriber's queue.
A subscriber that finds a gap in the sequence (it resumed from a cursor, or its queue overflowed)
reads the missing events from Neo4j itself, so nothing is skipped and nothing is delivered twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import weakref
from collections.abc import AsyncIterator
from typing import Any

from polymem.api.context import Services, run
from polymem.errors import BackendUnavailableError
from polymem.graph import events

log = logging.getLogger("polymem.api.feed")
PAGE = 500
QUEUE = 1000  # events buffered per subscriber before it falls back to reading Neo4j


def poll_seconds() -> float:
    return float(os.environ.get("POLYMEM_EVENT_POLL_S", "0.1") or 0.1)


def enrich(services: Services, space: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Attach the messages and records each event names (one read per kind for the whole page)."""
    mids = [i for r in rows if r["kind"] == "message" for i in r["ids"]]
    rids = [i for r in rows if r["kind"] == "record" for i in list(r["ids"]) + [p for p in r["prev"] if p]]
    msgs = events.messages(services.graph, space, mids)
    recs = events.records(services.graph, space, list(dict.fromkeys(rids)))
    for r in rows:
        r["messages"] = [msgs[i] for i in r["ids"] if i in msgs] if r["kind"] == "message" else []
        r["records"] = recs if r["kind"] == "record" else {}
    return rows


class _Space:
    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[dict[str, Any]]] = set()
        self.task: asyncio.Task[None] | None = None


class Feed:
    """One per Services (process); start/stop of poll tasks follows the subscribers."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.spaces: dict[str, _Space] = {}

    async def _poll(self, space: str, sp: _Space) -> None:
        last: int | None = None
        while sp.queues:
            try:
                if last is None:
                    last = await run(events.cursor, self.services.graph, space)
                rows = await run(events.since, self.services.graph, space, last, PAGE)
                if rows:
                    rows = await run(enrich, self.services, space, rows)
            except Exception as e:  # noqa: BLE001 - an outage or a transient error: keep the subscribers, retry
                log.warning("event poll for %s failed: %s", space, e if isinstance(e, BackendUnavailableError)
                            else repr(e))
                await asyncio.sleep(1.0)
                continue
            for r in rows:
                last = r["seq"]
                for q in list(sp.queues):
                    with contextlib.suppress(asyncio.QueueFull):  # the subscriber reads the gap from Neo4j
                        q.put_nowait(r)
            if len(rows) < PAGE:
                await asyncio.sleep(poll_seconds())

    async def events(self, space: str, after: int | None) -> AsyncIterator[dict[str, Any]]:
        """Enriched events of `space` with seq > `after` (None: from now on), in order, each once."""
        sp = self.spaces.setdefault(space, _Space())
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE)
        sp.queues.add(q)
        if sp.task is None or sp.task.done():
            sp.task = asyncio.get_running_loop().create_task(self._poll(space, sp))
        try:
            last = after if after is not None else await run(events.cursor, self.services.graph, space)
            if after is not None:  # resuming: what happened since the cursor first, from Neo4j
                async for missing in self._read(space, last, None):
                    yield missing
                    last = missing["seq"]
            while True:
                r = await q.get()
                if r["seq"] <= last:
                    continue
                if r["seq"] > last + 1:  # a gap (started meanwhile, or the queue overflowed)
                    async for missing in self._read(space, last, r["seq"]):
                        yield missing
                        last = missing["seq"]
                yield r
                last = r["seq"]
        finally:
            sp.queues.discard(q)
            if not sp.queues and sp.task is not None:
                sp.task.cancel()
                self.spaces.pop(space, None)

    async def _read(self, space: str, after: int, before: int | None) -> AsyncIterator[dict[str, Any]]:
        while True:
            rows = await run(events.since, self.services.graph, space, after, PAGE)
            rows = [r for r in rows if before is None or r["seq"] < before]
            if rows:
                rows = await run(enrich, self.services, space, rows)
            for r in rows:
                yield r
                after = r["seq"]
            if len(rows) < PAGE:
                return


_feeds: weakref.WeakKeyDictionary[Services, Feed] = weakref.WeakKeyDictionary()


def feed_for(services: Services) -> Feed:
    if services not in _feeds:
        _feeds[services] = Feed(services)
    return _feeds[services]
