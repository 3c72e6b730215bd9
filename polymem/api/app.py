"""The ASGI app: /graphql (GraphiQL for people, JSON for programs), /healthz, /readyz, and the
pages of polymem.api.pages (the explorer at /, vendored GraphiQL assets, the Browser style file).

/graphql sits behind the gate (polymem.api.gate: key check, rate limits, outages); /readyz
answers from the background health check (polymem.api.health) without touching Neo4j.

Build it with `create_app()` (uvicorn --factory), so each worker process owns one driver and one
embedder. Auth is on unless POLYMEM_API_AUTH=off (local demos only).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLHTTPResponse
from strawberry.types import ExecutionResult

from polymem.api import budget
from polymem.api.auth import auth_enabled
from polymem.api.budget import TOO_LARGE
from polymem.api.context import Context, Services, build_context, run
from polymem.api.errors import format_error
from polymem.api.gate import Gate
from polymem.api.limits import MAX_BODY, BodySizeLimit
from polymem.api.live import LiveGraphQL
from polymem.api.pages import graphiql_response, page_routes
from polymem.api.schema import schema
from polymem.api.voice_live import VoiceLive

log = logging.getLogger("polymem.api")


class PolymemGraphQL(GraphQL):
    def __init__(self, services: Services) -> None:
        super().__init__(schema, graphql_ide="graphiql", allow_queries_via_get=False)
        self.services = services

    async def get_context(self, request: Request, response: Any) -> Context:  # type: ignore[override]
        return await build_context(request, self.services)

    async def render_graphql_ide(self, request: Request) -> Response:  # type: ignore[override]
        return graphiql_response()  # vendored assets and the polymem example query, no CDN

    async def process_result(self, request: Request, result: ExecutionResult) -> GraphQLHTTPResponse:  # type: ignore[override]
        out: GraphQLHTTPResponse = {"data": result.data}
        if result.errors:
            errors = [format_error(e) for e in result.errors]
            too_large = [e for e in errors if e["extensions"]["code"] == TOO_LARGE]
            if too_large:  # over the maximum response size: no partial data, one error
                return {"data": None, "errors": too_large[:1]}  # type: ignore[typeddict-item]
            out["errors"] = errors  # type: ignore[typeddict-item]
        return out

    def encode_json(self, data: object) -> str:
        return budget.encode(data)

    def decode_json(self, data: str | bytes) -> object:
        try:
            return super().decode_json(data)
        except RecursionError:  # a deeply nested body: HTTP 400 like any unreadable JSON, not a 500
            raise json.JSONDecodeError("nested too deeply", "", 0) from None


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
        async with services.health.running():  # background Neo4j checks for /readyz and the gate
            yield
        services.close()

    async def healthz(_: Request) -> JSONResponse:
        return JSONResponse({"status": "ok"})

    async def readyz(_: Request) -> JSONResponse:
        body, status = services.health.readyz()  # cached: never waits on Neo4j
        return JSONResponse(body, status_code=status)

    gql = PolymemGraphQL(services)
    app = Starlette(routes=[
        Route("/healthz", healthz), Route("/readyz", readyz),
        Route("/graphql", Gate(gql, services), methods=["GET", "POST"]),
        WebSocketRoute("/graphql", LiveGraphQL(services)),  # subscriptions (polymem.api.live)
        WebSocketRoute("/voice/live", VoiceLive(services)),  # live spoken sessions (polymem.api.voice_live)
        *page_routes(),
    ], lifespan=lifespan)
    return BodySizeLimit(app, MAX_BODY)
