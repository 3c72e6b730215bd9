"""Neo4j health, checked in the background so /readyz and the request gate answer at once.

A task pings Neo4j every `interval_s` with a hard deadline; /readyz reports the last result. A
result older than `stale_s` counts as unavailable (the checker itself is stuck), so /readyz never
waits on the database and never reports an old success.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
from anyio import to_thread

log = logging.getLogger("polymem.api")
T = TypeVar("T")


async def run_bounded(fn: Callable[[], T], deadline_s: float) -> T:
    """Run blocking work in a thread, giving up after deadline_s (TimeoutError). The thread is
    abandoned, not killed: the driver's own timeouts end it later."""
    with anyio.fail_after(deadline_s):
        return await to_thread.run_sync(fn, abandon_on_cancel=True)


@dataclass(frozen=True)
class HealthState:
    ok: bool
    checked: float  # time.monotonic() of the check
    latency_s: float
    error: str | None = None

    def fresh(self, stale_s: float) -> bool:
        return time.monotonic() - self.checked <= stale_s


class HealthMonitor:
    def __init__(self, ping: Callable[[], bool], interval_s: float | None = None,
                 deadline_s: float | None = None, stale_s: float | None = None) -> None:
        env = os.environ.get
        self.ping = ping
        self.interval_s = interval_s if interval_s is not None else float(env("POLYMEM_API_HEALTH_INTERVAL_S", "1"))
        self.deadline_s = deadline_s if deadline_s is not None else float(env("POLYMEM_API_HEALTH_DEADLINE_S", "2"))
        self.stale_s = stale_s if stale_s is not None else max(5.0, 3 * (self.interval_s + self.deadline_s))
        self.state: HealthState | None = None
        self.failures = 0  # consecutive failed checks

    async def check(self) -> HealthState:
        start = time.monotonic()
        error: str | None = None
        try:
            ok = bool(await run_bounded(self.ping, self.deadline_s))
            if not ok:
                error = "Neo4j did not answer RETURN 1"
        except TimeoutError:
            ok, error = False, f"Neo4j did not answer within {self.deadline_s:g} s"
        except Exception as e:  # noqa: BLE001 - any failure of the check means "not ready"
            ok, error = False, f"{type(e).__name__}: {e}"
        self.failures = 0 if ok else self.failures + 1
        if self.state is not None and self.state.ok != ok:
            log.warning("Neo4j is %s%s", "available again" if ok else "unavailable", f" ({error})" if error else "")
        self.state = HealthState(ok=ok, checked=time.monotonic(), latency_s=time.monotonic() - start, error=error)
        return self.state

    def current(self) -> HealthState | None:
        """The last result if it is fresh, else None (unknown)."""
        s = self.state
        return s if s is not None and s.fresh(self.stale_s) else None

    def known_down(self) -> bool:
        """Two checks in a row failed and the last is fresh: requests may fail fast."""
        s = self.current()
        return s is not None and not s.ok and self.failures >= 2

    async def loop(self) -> None:
        while True:
            await self.check()
            await asyncio.sleep(self.interval_s)

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[HealthMonitor]:
        await self.check()
        task = asyncio.create_task(self.loop())
        try:
            yield self
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def readyz(self) -> tuple[dict[str, Any], int]:
        s = self.current()
        if s is None:
            return {"status": "neo4j unavailable", "neo4j": False, "error": "health check is stale"}, 503
        body: dict[str, Any] = {"status": "ready" if s.ok else "neo4j unavailable", "neo4j": s.ok,
                                "checked_s_ago": round(time.monotonic() - s.checked, 3)}
        if s.error:
            body["error"] = s.error
        return body, 200 if s.ok else 503
