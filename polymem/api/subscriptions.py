"""Subscription root: messageAdded, recordChanged and writerProgress over graphql-transport-ws.

Each takes the space (the key must hold it, like every query) and an optional `after` cursor to
resume from. A key may hold at most POLYMEM_MAX_SUBSCRIPTIONS_PER_KEY (default 25) subscriptions
at once in one API process; one more is refused with RATE_LIMITED.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections import Counter
from collections.abc import AsyncGenerator, Iterator

import strawberry
from strawberry.types import Info

from polymem.api.context import Context
from polymem.api.feed import feed_for
from polymem.api.live_types import (
    MessageEvent,
    RecordChange,
    RecordEvent,
    WriterProgressEvent,
    cursor_of,
    parse_cursor,
)
from polymem.api.queries import authorize
from polymem.api.ratelimit import RateLimitedError

_open: Counter[str] = Counter()
_lock = threading.Lock()


def max_per_key() -> int:
    return int(os.environ.get("POLYMEM_MAX_SUBSCRIPTIONS_PER_KEY", "25") or 25)


@contextlib.contextmanager
def lease(ctx: Context) -> Iterator[None]:
    """Count one open subscription against the caller's key (auth off: one shared bucket)."""
    key = ctx.principal.key_id or "-"
    with _lock:
        if _open[key] >= max_per_key():
            raise RateLimitedError(f"this API key already has {_open[key]} open subscriptions (the limit is "
                                   f"{max_per_key()}); close one first", retry_after=1)
        _open[key] += 1
    try:
        yield
    finally:
        with _lock:
            _open[key] -= 1


def open_subscriptions(key_id: str | None) -> int:
    return _open[key_id or "-"]


def _skip(seq: int, index: int, after: tuple[int, int] | None) -> bool:
    """Items of the resumed event that the client saw already."""
    return after is not None and seq == after[0] and index <= after[1]


@strawberry.type
class Subscription:
    @strawberry.subscription(description="Each message stored in the space, from now on or after `after`.")
    async def message_added(self, info: Info, space: str,
                            after: str | None = None) -> AsyncGenerator[MessageEvent, None]:
        ctx = authorize(info, space)
        resume = parse_cursor(after)
        with lease(ctx):
            async for ev in feed_for(ctx.services).events(space, resume[0] - 1 if resume else None):
                if ev["kind"] != "message":
                    continue
                for i, row in enumerate(ev["messages"]):
                    if not _skip(ev["seq"], i, resume):
                        yield MessageEvent.of(space, cursor_of(ev["seq"], i), row)

    @strawberry.subscription(description="Records added, updated or superseded in the space; `person`: "
                                         "only records that person owns.")
    async def record_changed(self, info: Info, space: str, person: str | None = None,
                             after: str | None = None) -> AsyncGenerator[RecordEvent, None]:
        ctx = authorize(info, space)
        resume = parse_cursor(after)
        with lease(ctx):
            async for ev in feed_for(ctx.services).events(space, resume[0] - 1 if resume else None):
                if ev["kind"] != "record":
                    continue
                i = -1
                for rid, prev in zip(ev["ids"], ev["prev"], strict=True):
                    row, old = ev["records"].get(rid), ev["records"].get(prev) if prev else None
                    changes = [(RecordChange.UPDATED, row, prev or None), (RecordChange.SUPERSEDED, old, rid)] \
                        if prev else [(RecordChange.ADDED, row, None)]
                    for change, r, other in changes:
                        i += 1
                        if r is None or (person is not None and r.get("owner") != person):
                            continue
                        if not _skip(ev["seq"], i, resume):
                            yield RecordEvent.of(space, cursor_of(ev["seq"], i), change, r, other)

    @strawberry.subscription(description="Progress of Writer runs over the space (one event per window, "
                                         "then one with done = true).")
    async def writer_progress(self, info: Info, space: str,
                              after: str | None = None) -> AsyncGenerator[WriterProgressEvent, None]:
        ctx = authorize(info, space)
        resume = parse_cursor(after)
        with lease(ctx):
            async for ev in feed_for(ctx.services).events(space, resume[0] - 1 if resume else None):
                if ev["kind"] == "progress" and not _skip(ev["seq"], 0, resume):
                    yield WriterProgressEvent.of(space, cursor_of(ev["seq"], 0), ev["data"])
