"""A thin wrapper over the official neo4j driver: one place for sessions, timeouts and errors."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any, LiteralString

import neo4j
from neo4j import GraphDatabase, Query, unit_of_work
from neo4j.exceptions import ServiceUnavailable, SessionExpired

from polymem.config import Neo4jSettings
from polymem.errors import BackendUnavailableError


def space_key(space: str) -> str:
    """A single Lucene token standing for a space, so full-text queries filter by space inside Lucene."""
    return "k" + hashlib.sha1(space.encode("utf-8")).hexdigest()[:24]


class Graph:
    """Owns one driver. Queries always take parameters; callers never format user values into Cypher."""

    def __init__(self, settings: Neo4jSettings | None = None) -> None:
        self.settings = settings or Neo4jSettings.from_env()
        self._driver = GraphDatabase.driver(
            self.settings.uri, auth=self.settings.auth, connection_timeout=5, max_connection_pool_size=50,
            notifications_min_severity="OFF",
        )

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def driver(self) -> neo4j.Driver:
        return self._driver

    def _query(self, cypher: LiteralString, timeout: float | None) -> Query:
        return Query(cypher, timeout=self._timeout(timeout))

    def _timeout(self, timeout: float | None) -> float:
        return timeout if timeout is not None else self.settings.query_timeout_s

    def ping(self) -> bool:
        try:
            return self.read("RETURN 1 AS ok")[0]["ok"] == 1
        except BackendUnavailableError:
            return False

    def read(self, cypher: LiteralString, timeout: float | None = None, **params: Any) -> list[dict[str, Any]]:
        try:
            with self._driver.session(database=self.settings.database, default_access_mode="READ") as s:
                return s.execute_read(_rows(cypher, params, self._timeout(timeout)))
        except (ServiceUnavailable, SessionExpired) as e:
            raise BackendUnavailableError(f"Neo4j at {self.settings.uri} is unavailable: {e}") from e

    def write(self, cypher: LiteralString, timeout: float | None = None, **params: Any) -> list[dict[str, Any]]:
        try:
            with self._driver.session(database=self.settings.database) as s:
                return s.execute_write(_rows(cypher, params, self._timeout(timeout)))
        except (ServiceUnavailable, SessionExpired) as e:
            raise BackendUnavailableError(f"Neo4j at {self.settings.uri} is unavailable: {e}") from e

    def write_many(self, steps: list[tuple[LiteralString, dict[str, Any]]], timeout: float | None = None) -> None:
        """Run several statements in ONE transaction: all or nothing."""

        @unit_of_work(timeout=self._timeout(timeout))
        def work(tx: neo4j.ManagedTransaction) -> None:
            for cypher, params in steps:
                tx.run(cypher, params).consume()

        try:
            with self._driver.session(database=self.settings.database) as s:
                s.execute_write(work)
        except (ServiceUnavailable, SessionExpired) as e:
            raise BackendUnavailableError(f"Neo4j at {self.settings.uri} is unavailable: {e}") from e

    def stream(self, cypher: LiteralString, **params: Any) -> Iterator[dict[str, Any]]:
        """Yield rows as they arrive (for exports that must not load everything)."""
        try:
            with self._driver.session(database=self.settings.database, default_access_mode="READ") as s:
                for record in s.run(self._query(cypher, None), params):
                    yield record.data()
        except (ServiceUnavailable, SessionExpired) as e:
            raise BackendUnavailableError(f"Neo4j at {self.settings.uri} is unavailable: {e}") from e


def _rows(cypher: LiteralString, params: dict[str, Any], timeout: float) -> Any:
    @unit_of_work(timeout=timeout)
    def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
        return [r.data() for r in tx.run(cypher, params)]

    return work
