"""Protection: query depth, cost and alias limits, page-size caps, request body size limit."""

from __future__ import annotations

import json
import os
from typing import Any

from graphql import (
    FieldNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationRule,
    VariableNode,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import AddValidationRules, MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter

MAX_DEPTH = 12
MAX_ALIASES = 20
MAX_TOKENS = 4000
MAX_PAGE = 100  # largest `first` accepted on any list
MAX_COST = int(os.environ.get("POLYMEM_API_MAX_COST", "20000"))
MAX_BODY = int(os.environ.get("POLYMEM_API_MAX_BODY", str(4 * 1024 * 1024)))
# Fields that do real work beyond a lookup weigh more than one.
FIELD_WEIGHT = {"ask": 200, "plan": 20, "search": 20, "ingestMessages": 100, "runWriter": 200,
                "forgetParticipant": 50, "space": 10, "totalCount": 5}


def page_size(first: int | None, default: int = 20) -> int:
    from polymem.errors import InputError

    n = default if first is None else first
    if n < 1 or n > MAX_PAGE:
        raise InputError(f"first must be between 1 and {MAX_PAGE} (got {n})")
    return n


class CostLimitRule(ValidationRule):
    """Rejects operations whose estimated cost (fields x page sizes, nested) is above MAX_COST.
    Page sizes given as variables count as MAX_PAGE: validation cannot see variable values."""

    def enter_operation_definition(self, node: OperationDefinitionNode, *_: Any) -> None:
        cost = self._cost(node.selection_set, set())
        if cost > MAX_COST:
            self.report_error(GraphQLError(
                f"query cost {cost} exceeds the limit of {MAX_COST}; ask for smaller pages or fewer "
                "nested lists", node, extensions={"code": "BAD_INPUT"}))

    def _cost(self, sel: SelectionSetNode | None, seen: set[str]) -> int:
        if sel is None:
            return 0
        total = 0
        for s in sel.selections:
            if isinstance(s, FieldNode):
                mult = 1
                for arg in s.arguments or ():
                    if arg.name.value in ("first", "limit"):
                        v = arg.value
                        mult = int(v.value) if isinstance(v, IntValueNode) else (
                            MAX_PAGE if isinstance(v, VariableNode) else 1)
                mult = max(1, min(mult, 10 * MAX_PAGE))
                total += FIELD_WEIGHT.get(s.name.value, 1) + mult * self._cost(s.selection_set, seen)
            elif isinstance(s, InlineFragmentNode):
                total += self._cost(s.selection_set, seen)
            elif isinstance(s, FragmentSpreadNode) and s.name.value not in seen:
                frag = self.context.get_fragment(s.name.value)
                if frag is not None:
                    total += self._cost(frag.selection_set, seen | {s.name.value})
        return total


def extensions() -> list[Any]:
    return [
        QueryDepthLimiter(max_depth=MAX_DEPTH),
        MaxAliasesLimiter(max_alias_count=MAX_ALIASES),
        MaxTokensLimiter(max_token_count=MAX_TOKENS),
        AddValidationRules([CostLimitRule]),
    ]


def _too_large(limit: int) -> bytes:
    return json.dumps({"data": None, "errors": [{
        "message": f"request body is larger than {limit:,} bytes", "extensions": {"code": "BAD_INPUT"}}]}).encode()


class BodySizeLimit:
    """Refuses bodies above `limit` bytes with 413 and a GraphQL-shaped error, before parsing.
    Checks Content-Length first and also counts chunked bodies as they stream in."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                return
            body = msg.get("body", b"")
            size += len(body)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(body)
            more = msg.get("more_body", False)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = _too_large(self.limit)
        await send({"type": "http.response.start", "status": 413, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
