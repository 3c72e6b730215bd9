"""Per-caller request rate (token bucket) and concurrency limits, answered with RATE_LIMITED.

A caller is an API key id once the key is verified, otherwise the client address. Each caller has
a bucket of `burst` requests refilled at `rate` per second, and at most `concurrency` requests in
flight; a request over the concurrency limit waits up to `queue_s` for a slot before it is refused.
Refusals carry the seconds to wait, which the gate sends as a `Retry-After` header.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from dataclasses import dataclass, field

from polymem.errors import PolymemError


class RateLimitedError(PolymemError):
    code = "RATE_LIMITED"

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


def _env_num(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    return float(raw) if raw else default


@dataclass(frozen=True)
class RateSettings:
    rate: float = 50.0  # requests per second per caller; 0 switches the rate limit off
    burst: float = 200.0  # requests a caller may send at once after being idle
    concurrency: int = 8  # requests in flight per caller; 0 switches the concurrency limit off
    queue_s: float = 10.0  # how long a request waits for a free slot before RATE_LIMITED

    @classmethod
    def from_env(cls) -> RateSettings:
        return cls(rate=_env_num("POLYMEM_API_KEY_RATE", cls.rate),
                   burst=_env_num("POLYMEM_API_KEY_BURST", cls.burst),
                   concurrency=int(_env_num("POLYMEM_API_KEY_CONCURRENCY", cls.concurrency)),
                   queue_s=_env_num("POLYMEM_API_KEY_QUEUE_S", cls.queue_s))


@dataclass
class _Caller:
    tokens: float
    stamp: float
    slots: asyncio.Semaphore
    inflight: int = 0
    waiting: int = field(default=0)


class KeyLimiter:
    """One per worker process (asyncio, so no locks are needed)."""

    MAX_CALLERS = 10_000  # idle callers are forgotten beyond this many

    def __init__(self, settings: RateSettings | None = None) -> None:
        self.settings = settings or RateSettings.from_env()
        self._callers: dict[str, _Caller] = {}

    def _caller(self, key: str, now: float) -> _Caller:
        c = self._callers.get(key)
        if c is None:
            if len(self._callers) >= self.MAX_CALLERS:
                self._prune(now)
            c = _Caller(tokens=self.settings.burst, stamp=now,
                        slots=asyncio.Semaphore(max(1, self.settings.concurrency)))
            self._callers[key] = c
        return c

    def _prune(self, now: float) -> None:
        s = self.settings
        for k, c in list(self._callers.items()):
            full = s.rate <= 0 or c.tokens + (now - c.stamp) * s.rate >= s.burst
            if full and c.inflight == 0 and c.waiting == 0:
                del self._callers[k]

    def _take_token(self, c: _Caller, now: float) -> None:
        s = self.settings
        if s.rate <= 0:
            return
        c.tokens = min(s.burst, c.tokens + (now - c.stamp) * s.rate)
        c.stamp = now
        if c.tokens < 1:
            raise RateLimitedError(f"rate limit of {s.rate:g} requests per second exceeded",
                                   (1 - c.tokens) / s.rate)
        c.tokens -= 1

    async def acquire(self, key: str) -> None:
        """Take a token and a concurrency slot, or raise RateLimitedError. Pair with release()."""
        now = time.monotonic()
        c = self._caller(key, now)
        self._take_token(c, now)
        if self.settings.concurrency > 0:
            c.waiting += 1
            try:
                await asyncio.wait_for(c.slots.acquire(), timeout=max(self.settings.queue_s, 0.001))
            except TimeoutError:
                raise RateLimitedError(
                    f"more than {self.settings.concurrency} concurrent requests for this API key",
                    1) from None
            finally:
                c.waiting -= 1
        c.inflight += 1

    def release(self, key: str) -> None:
        c = self._callers.get(key)
        if c is None:
            return
        c.inflight -= 1
        if self.settings.concurrency > 0:
            c.slots.release()
