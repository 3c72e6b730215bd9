"""The ASGI app: /graphql (GraphiQL for people, JSON for programs), /healthz, /readyz.

Build it with `create_app()` (uvicorn --factory), so each worker process owns one driver and one
embedder. Auth is on unless POLYMEM_API_AUTH=off (local demos only).
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLHTTPResponse
from strawberry.types import ExecutionResult

from polymem.api.auth import auth_enabled
from polymem.api.context import Context, Services, build_context, run
from polymem.api.errors import format_error
from polymem.api.limits import MAX_BODY, BodySizeLimit
from polymem.api.schema import schema

log = logging.getLogger("polymem.api")


class PolymemGraphQL(GraphQL):
    def __init__(self, services: Services) -> None:
        super().__init__(schema, graphql_ide="graphiql", allow_queries_via_get=False)
        self.services = services

    async def get_context(self, request: Request, response: Any) -> Context:  # type: ignore[override]
        return await build_context(request, self.services)

    async def process_result(self, request: Request, result: ExecutionResult) -> GraphQLHTTPResponse:  # type: ignore[override]
        out: GraphQLHTTPResponse = {"data": result.data}
        if result.errors:
            out["errors"] = [format_error(e) for e in result.errors]  # type: ignore[typeddict-item]
        return out


def create_app(services: Services | None = None) -> Any:
    services = services or Services()

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        if not auth_enabled():
            log.warning("POLYMEM_API_AUTH=off: every caller can read and write every space")
        try:
            await run(services.migrate)
        except Exception as e:  # Neo4j may come up later; /readyz reports it
            log.warning("schema migration at startup failed (%s); ingestion will retry it", e)
        if os.environ.get("POLYMEM_API_PRELOAD", "1") != "0":
            await run(lambda: services.embedder)  # load the model once, before the first request
        yield
        services.close()

    async def healthz(_: Request) -> JSONResponse:
        return JSONResponse({"status": "ok"})

    async def readyz(_: Request) -> JSONResponse:
        ok = await run(services.graph.ping)
        return JSONResponse({"status": "ready" if ok else "neo4j unavailable", "neo4j": ok},
                            status_code=200 if ok else 503)

    gql = PolymemGraphQL(services)
    app = Starlette(routes=[
        Route("/healthz", healthz), Route("/readyz", readyz),
        Route("/graphql", gql, methods=["GET", "POST"]),
    ], lifespan=lifespan)
    return BodySizeLimit(app, MAX_BODY)
