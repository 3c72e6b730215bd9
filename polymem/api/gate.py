"""The gate in front of /graphql: key check, rate limits and outages, answered as typed errors.

Runs before strawberry, so a failure here is still a GraphQL-shaped JSON answer with
`extensions.code` (never a plain-text 500): UNAVAILABLE (503) when Neo4j is down or the key
lookup does not finish within AUTH_DEADLINE_S, RATE_LIMITED (429) with `Retry-After` when the
caller is over its rate or concurrency limit or is sending wrong secrets. The verified principal
travels to build_context in the request scope.
"""

from __future__ import annotations

import json
import logging
import math
import os

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from polymem.api import causal
from polymem.api.context import Services, request_token
from polymem.api.errors import UNAVAILABLE
from polymem.api.health import run_bounded
from polymem.api.ratelimit import RateLimitedError
from polymem.errors import BackendUnavailableError, InputError
from polymem.graph.driver import UNAVAILABLE_ERRORS, caller_bookmarks

log = logging.getLogger("polymem.api")
AUTH_DEADLINE_S = float(os.environ.get("POLYMEM_API_AUTH_DEADLINE_S", "4"))


async def _answer(send: Send, status: int, code: str, message: str, retry_after: float | None = None) -> None:
    body = json.dumps({"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(max(1, math.ceil(retry_after))).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Gate:
    def __init__(self, app: ASGIApp, services: Services) -> None:
        self.app = app
        self.services = services

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)  # GraphiQL page; queries over GET are refused
            return
        services = self.services
        request = Request(scope)
        try:
            marks = causal.parse(request.headers.get(causal.HEADER))
        except InputError as e:
            await _answer(send, 400, e.code, str(e))
            return
        # The caller's bookmarks hold for everything this request runs, the key lookup included.
        bookmarks_token = caller_bookmarks.set(marks)
        try:
            await self._guarded(scope, receive, causal.with_bookmarks(send, services.graph), request)
        finally:
            caller_bookmarks.reset(bookmarks_token)

    async def _guarded(self, scope: Scope, receive: Receive, send: Send, request: Request) -> None:
        services = self.services
        try:
            if services.health.known_down():
                raise BackendUnavailableError("Neo4j is unavailable (health check)")
            token = request_token(request)
            principal = await run_bounded(lambda: services.keys.verify(token, spaces=True), AUTH_DEADLINE_S)
        except RateLimitedError as e:
            await _answer(send, 429, e.code, str(e), e.retry_after)
            return
        except InputError as e:  # a bookmark Neo4j cannot read (polymem/api/causal.py)
            await _answer(send, 400, e.code, str(e))
            return
        except TimeoutError:
            await _answer(send, 503, UNAVAILABLE, f"the API key could not be checked within {AUTH_DEADLINE_S:g} s: "
                          "the graph database is unavailable", 1)
            return
        except (BackendUnavailableError, *UNAVAILABLE_ERRORS) as e:
            log.warning("request refused, Neo4j unavailable: %s", e)
            await _answer(send, 503, UNAVAILABLE, "the graph database is unavailable; retry shortly", 1)
            return
        client = request.client.host if request.client else "unknown"
        caller = f"key:{principal.key_id}" if principal.key_id else f"addr:{client}"
        try:
            await services.limiter.acquire(caller)
        except RateLimitedError as e:
            await _answer(send, 429, e.code, str(e), e.retry_after)
            return
        scope.setdefault("state", {})["principal"] = principal
        try:
            await self.app(scope, receive, send)
        finally:
            services.limiter.release(caller)
