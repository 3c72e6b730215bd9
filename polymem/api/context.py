"""Per-process services (graph, keys, embedder) and the per-request context resolvers see."""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from anyio import to_thread
from starlette.requests import Request

from polymem.api.auth import KeyManager, Principal, bearer
from polymem.api.health import HealthMonitor
from polymem.api.ratelimit import KeyLimiter
from polymem.config import Neo4jSettings
from polymem.graph.browse import BrowseRepository
from polymem.graph.driver import Graph

T = TypeVar("T")


def api_neo4j_settings() -> Neo4jSettings:
    """The CLI's settings with the API's short limits, so that a request meets an outage with a
    typed UNAVAILABLE within seconds instead of the driver's 30 s of retries."""
    env = os.environ.get
    return dataclasses.replace(
        Neo4jSettings.from_env(),
        query_timeout_s=float(env("POLYMEM_API_NEO4J_TIMEOUT_S", "15")),
        connect_timeout_s=float(env("POLYMEM_API_NEO4J_CONNECT_TIMEOUT_S", "2")),
        acquire_timeout_s=float(env("POLYMEM_API_NEO4J_ACQUIRE_TIMEOUT_S", "3")),
        retry_time_s=float(env("POLYMEM_API_NEO4J_RETRY_S", "10")),
        unavailable_retry_s=float(env("POLYMEM_API_NEO4J_UNAVAILABLE_RETRY_S", "1.5")))


class Services:
    """One per worker process: the driver, the key manager and the (lazily loaded) embedder."""

    def __init__(self, graph: Graph | None = None) -> None:
        if graph is None:
            graph = Graph(api_neo4j_settings())
        self.graph = graph
        self.keys = KeyManager(graph)
        self.browse = BrowseRepository(graph)
        self.limiter = KeyLimiter()
        self.health = HealthMonitor(graph.ping)
        self._embedder: Any = None
        self._ingestor: Any = None
        self._lock = threading.Lock()
        self.migrated = False  # set by the app's startup once the schema migrations ran

    @property
    def embedder(self) -> Any:
        with self._lock:  # loaded once per process, on first use or at startup
            if self._embedder is None:
                from polymem.ingest.embedder import default_embedder

                self._embedder = default_embedder()
            return self._embedder

    @property
    def ingestor(self) -> Any:
        emb = self.embedder
        with self._lock:
            if self._ingestor is None:
                from polymem.ingest.pipeline import Ingestor

                self._ingestor = Ingestor(self.graph, emb)
                # The app migrated at startup; a second run per request path would wait on index
                # population (db.awaitIndexes) under the API's short query timeout.
                self._ingestor._migrated = self.migrated
            return self._ingestor

    def migrate(self) -> None:
        from polymem.schema.migrations import migrate

        migrate(self.graph)
        self.migrated = True

    def close(self) -> None:
        self.graph.close()


@dataclass
class Context:
    request: Request | None
    services: Services
    principal: Principal
    loaders: dict[str, Any] = field(default_factory=dict)
    nodes: int = 0  # objects resolved so far for the answer (polymem.api.budget)

    @property
    def graph(self) -> Graph:
        return self.services.graph

    def allow(self, space: str) -> None:
        self.principal.require(space)

    def loader(self, name: str, factory: Callable[[], T]) -> T:
        if name not in self.loaders:
            self.loaders[name] = factory()
        return self.loaders[name]


async def run(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run blocking driver/model work in the threadpool so the event loop keeps serving."""
    return await to_thread.run_sync(lambda: fn(*args, **kwargs))


def request_token(request: Request) -> str | None:
    return request.headers.get("x-api-key") or bearer(request.headers.get("authorization"))


async def build_context(request: Request, services: Services) -> Context:
    """The gate (polymem.api.gate) has verified the key of every POST already; a GET only
    renders GraphiQL (queries over GET are off), so it needs no key and no database."""
    principal = request.scope.get("state", {}).get("principal")
    if principal is None:
        principal = Principal(key_id=None) if request.method == "GET" else \
            await run(services.keys.verify, request_token(request))
    return Context(request=request, services=services, principal=principal)
