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
from polymem.config import Neo4jSettings
from polymem.graph.browse import BrowseRepository
from polymem.graph.driver import Graph

T = TypeVar("T")


class Services:
    """One per worker process: the driver, the key manager and the (lazily loaded) embedder."""

    def __init__(self, graph: Graph | None = None) -> None:
        if graph is None:
            base = Neo4jSettings.from_env()
            timeout = float(os.environ.get("POLYMEM_API_NEO4J_TIMEOUT_S", "15"))
            graph = Graph(dataclasses.replace(base, query_timeout_s=timeout))
        self.graph = graph
        self.keys = KeyManager(graph)
        self.browse = BrowseRepository(graph)
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


async def build_context(request: Request, services: Services) -> Context:
    token = request.headers.get("x-api-key") or bearer(request.headers.get("authorization"))
    principal = await run(services.keys.verify, token)
    return Context(request=request, services=services, principal=principal)
