"""The WebSocket side of /graphql: subscriptions over graphql-transport-ws only.

The key comes from the upgrade request's headers (Authorization: Bearer / X-API-Key) or, for
browsers that cannot set them, from the connection_init payload ({"Authorization": "Bearer <key>"}
or {"apiKey": "<key>"}). A key that is given but invalid closes the socket with 4403; with no key
the connection is accepted and every subscription answers FORBIDDEN, like a query would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.types.unset import UnsetType

from polymem.api.auth import Principal, bearer
from polymem.api.context import Context, Services, run
from polymem.api.errors import format_error
from polymem.api.schema import schema


@dataclass
class LiveContext(Context):
    connection_params: dict[str, Any] | None = None


def _token(headers: Any) -> str | None:
    return headers.get("x-api-key") or bearer(headers.get("authorization"))


def _param_token(params: dict[str, Any] | None) -> str | None:
    if not params:
        return None
    low = {str(k).lower(): v for k, v in params.items()}
    for k in ("apikey", "api_key", "x-api-key"):
        if isinstance(low.get(k), str):
            return str(low[k])
    auth = low.get("authorization")
    return bearer(auth) if isinstance(auth, str) else None


class LiveGraphQL(GraphQL):
    def __init__(self, services: Services) -> None:
        super().__init__(schema, subscription_protocols=[GRAPHQL_TRANSPORT_WS_PROTOCOL])
        self.services = services

    async def get_context(self, request: Request | WebSocket, response: Any) -> LiveContext:  # type: ignore[override]
        token = _token(request.headers)
        principal = await run(self.services.keys.verify, token) if token else \
            await run(self.services.keys.verify, None)
        return LiveContext(request=None, services=self.services, principal=principal)

    async def on_ws_connect(self, context: LiveContext) -> UnsetType | dict[str, object] | None:  # type: ignore[override]
        token = _param_token(context.connection_params)
        if token is not None:
            context.principal = await run(self.services.keys.verify, token)
        p: Principal = context.principal
        if p.key_id is None and not p.all_spaces and p.problem:
            raise ConnectionRejectionError({"message": p.problem})
        return await super().on_ws_connect(context)

    def process_errors(self, errors: list[Any], execution_context: Any = None) -> None:
        return None

    async def process_result(self, request: Any, result: Any) -> Any:  # pragma: no cover - HTTP only
        return {"data": result.data, **({"errors": [format_error(e) for e in result.errors]} if result.errors else {})}
