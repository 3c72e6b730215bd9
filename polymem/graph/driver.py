"""A thin wrapper over the official neo4j driver: one place for sessions, timeouts, retries, errors.

Retries are ours, not the driver's: a transaction that meets a transient error (a deadlock, a
lock timeout) is retried for `retry_time_s`, but one that cannot reach the server only for
`unavailable_retry_s`, so that the API (which sets it short) answers UNAVAILABLE within seconds
during an outage while concurrent writers still ride out deadlocks.
"""

from __future__ import annotations

import contextvars
import hashlib
import random
import time
from collections.abc import Callable, Iterator
from typing import Any, LiteralString, TypeVar

import neo4j
from neo4j import GraphDatabase, unit_of_work
from neo4j.exceptions import ConnectionAcquisitionTimeoutError, ServiceUnavailable, SessionExpired

from polymem.config import Neo4jSettings
from polymem.errors import BackendUnavailableError, InputError

T = TypeVar("T")

# What the driver raises when the server cannot be reached in time; callers see BackendUnavailableError.
UNAVAILABLE_ERRORS = (ServiceUnavailable, SessionExpired, ConnectionAcquisitionTimeoutError)


def space_key(space: str) -> str:
    """A single Lucene token standing for a space, so full-text queries filter by space inside Lucene."""
    return "k" + hashlib.sha1(space.encode("utf-8")).hexdigest()[:24]


# Bookmarks a caller brought from another process (the API's `Polymem-Bookmark` header): every
# transaction of the current request waits until the server it runs on has seen them.
caller_bookmarks: contextvars.ContextVar[frozenset[str]] = contextvars.ContextVar("caller_bookmarks",
                                                                                  default=frozenset())


def _caller_bookmarks() -> neo4j.Bookmarks:
    return neo4j.Bookmarks.from_raw_values(caller_bookmarks.get())


def _retryable(e: Exception) -> bool:
    check = getattr(e, "is_retryable", None)
    return bool(check()) if callable(check) else False


class Graph:
    """Owns one driver. Queries always take parameters; callers never format user values into Cypher."""

    def __init__(self, settings: Neo4jSettings | None = None) -> None:
        self.settings = settings or Neo4jSettings.from_env()
        self._driver = GraphDatabase.driver(
            self.settings.uri, auth=self.settings.auth, max_connection_pool_size=50,
            connection_timeout=self.settings.connect_timeout_s,
            connection_acquisition_timeout=self.settings.acquire_timeout_s,
            max_transaction_retry_time=0,  # Graph.transaction retries, with separate budgets
            notifications_min_severity="OFF",
        )
        # Causal chaining for every session of this process: on a cluster a read runs on any
        # member, and still sees every write this process committed before it.
        self.bookmarks = GraphDatabase.bookmark_manager(bookmarks_supplier=_caller_bookmarks)

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def driver(self) -> neo4j.Driver:
        return self._driver

    def _timeout(self, timeout: float | None) -> float:
        return timeout if timeout is not None else self.settings.query_timeout_s

    def _unavailable(self, e: Exception) -> BackendUnavailableError:
        return BackendUnavailableError(f"Neo4j at {self.settings.uri} is unavailable: {e}")

    def transaction(self, work: Callable[[neo4j.ManagedTransaction], T], write: bool = True) -> T:
        """Run a unit of work (decorate it with @unit_of_work for a timeout) in one managed
        transaction, retried as the module docstring says. Raises BackendUnavailableError when
        the server stays unreachable."""
        start = time.monotonic()
        delay = 0.1
        while True:
            try:
                with self._driver.session(database=self.settings.database, bookmark_manager=self.bookmarks,
                                          default_access_mode="WRITE" if write else "READ") as s:
                    return s.execute_write(work) if write else s.execute_read(work)
            except UNAVAILABLE_ERRORS as e:
                budget = self.settings.unavailable_retry_s
                if time.monotonic() - start + delay > budget:
                    raise self._unavailable(e) from e
            except Exception as e:
                if getattr(e, "code", None) == "Neo.ClientError.Transaction.InvalidBookmark":
                    raise InputError(f"a bookmark sent with the request is not one Neo4j issued: {e}") from e
                if not _retryable(e) or time.monotonic() - start + delay > self.settings.retry_time_s:
                    raise
            time.sleep(delay * (0.8 + 0.4 * random.random()))
            delay = min(delay * 2, 2.0)

    def last_bookmarks(self) -> list[str]:
        """This process's latest bookmarks plus the caller's: handing them to another process
        (which sets `caller_bookmarks`) makes its reads see everything written here so far."""
        return sorted(set(self.bookmarks.get_bookmarks()))

    def ping(self, timeout: float | None = None) -> bool:
        try:
            return self.read("RETURN 1 AS ok", timeout=timeout)[0]["ok"] == 1
        except BackendUnavailableError:
            return False

    def read(self, cypher: LiteralString, timeout: float | None = None, **params: Any) -> list[dict[str, Any]]:
        return self.transaction(_rows(cypher, params, self._timeout(timeout)), write=False)

    def write(self, cypher: LiteralString, timeout: float | None = None, **params: Any) -> list[dict[str, Any]]:
        return self.transaction(_rows(cypher, params, self._timeout(timeout)), write=True)

    def write_many(self, steps: list[tuple[LiteralString, dict[str, Any]]], timeout: float | None = None) -> None:
        """Run several statements in ONE transaction: all or nothing."""

        @unit_of_work(timeout=self._timeout(timeout))
        def work(tx: neo4j.ManagedTransaction) -> None:
            for cypher, params in steps:
                tx.run(cypher, params).consume()

        self.transaction(work, write=True)

    def stream(self, cypher: LiteralString, **params: Any) -> Iterator[dict[str, Any]]:
        """Yield rows as they arrive (for exports that must not load everything)."""
        try:
            with (self._driver.session(database=self.settings.database, default_access_mode="READ",
                                       bookmark_manager=self.bookmarks) as s,
                  s.begin_transaction(timeout=self._timeout(None)) as tx):  # a read transaction
                for record in tx.run(cypher, params):
                    yield record.data()
        except UNAVAILABLE_ERRORS as e:
            raise self._unavailable(e) from e


def _rows(cypher: LiteralString, params: dict[str, Any], timeout: float) -> Any:
    @unit_of_work(timeout=timeout)
    def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
        return [r.data() for r in tx.run(cypher, params)]

    return work
