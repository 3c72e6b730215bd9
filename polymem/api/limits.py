"""Protection: query depth, cost and alias limits, page-size caps, request body size limit.

The response-size ceiling is in polymem.api.budget, per-key rate limits in polymem.api.ratelimit."""

from __future__ import annotations

import copy
import functools
import json
import os
from typing import Any

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    NamedTypeNode,
    NullValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationRule,
    VariableNode,
    get_named_type,
    get_nullable_type,
    is_list_type,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    ValidationCache,
)

MAX_DEPTH = 12
MAX_ALIASES = 20
MAX_TOKENS = 4000
MAX_PAGE = 100  # largest `first` accepted on any list
MAX_COST = int(os.environ.get("POLYMEM_API_MAX_COST", "20000"))
# Distinct query texts whose parsed document and validation result each process keeps (LRU).
DOCUMENT_CACHE = int(os.environ.get("POLYMEM_API_DOCUMENT_CACHE", "256"))
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


DEFAULT_PAGE = 20  # the page size resolvers use when `first` is left out (page_size's default)
LIST_ESTIMATE = int(os.environ.get("POLYMEM_API_LIST_ESTIMATE", "10"))  # items assumed in an unpaged list


class CostEstimator:
    """Estimated cost of a selection: every field weighs FIELD_WEIGHT (1 by default) plus its
    selection times a multiplier: the `first`/`limit` given; the argument's schema default when
    it is left out or null (so the default page counts exactly as if it had been written);
    MAX_PAGE for a variable (validation cannot see variable values); LIST_ESTIMATE for a list
    without a page argument. A connection's `edges` list is already counted by its parent's
    page size."""

    def __init__(self, schema: GraphQLSchema, fragments: dict[str, FragmentDefinitionNode]) -> None:
        self.schema = schema
        self.fragments = fragments

    def operation(self, node: OperationDefinitionNode) -> int:
        return self.cost(node.selection_set, self.schema.get_root_type(node.operation), set())

    def cost(self, sel: SelectionSetNode | None, parent: GraphQLNamedType | None, seen: set[str]) -> int:
        if sel is None:
            return 0
        total = 0
        for s in sel.selections:
            if isinstance(s, FieldNode):
                field = parent.fields.get(s.name.value) if isinstance(parent, GraphQLObjectType) else None
                child = get_named_type(field.type) if field is not None else None
                mult = max(1, min(self.multiplier(s, field, parent), 10 * MAX_PAGE))
                total += FIELD_WEIGHT.get(s.name.value, 1) + mult * self.cost(s.selection_set, child, seen)
            elif isinstance(s, InlineFragmentNode):
                total += self.cost(s.selection_set, self._type(s.type_condition, parent), seen)
            elif isinstance(s, FragmentSpreadNode) and s.name.value not in seen:
                frag = self.fragments.get(s.name.value)
                if frag is not None:
                    total += self.cost(frag.selection_set, self._type(frag.type_condition, parent),
                                       seen | {s.name.value})
        return total

    def _type(self, cond: NamedTypeNode | None, parent: GraphQLNamedType | None) -> GraphQLNamedType | None:
        return self.schema.get_type(cond.name.value) if cond is not None else parent

    @staticmethod
    def multiplier(node: FieldNode, field: GraphQLField | None, parent: GraphQLNamedType | None) -> int:
        given = {a.name.value: a.value for a in node.arguments or ()}
        for name in ("first", "limit"):
            if name not in given and (field is None or name not in field.args):
                continue
            v = given.get(name)
            if isinstance(v, IntValueNode):
                return int(v.value)
            if isinstance(v, VariableNode):
                return MAX_PAGE
            if v is not None and not isinstance(v, NullValueNode):
                return 1  # a wrong literal type: validation reports it
            default = field.args[name].default_value if field is not None and name in field.args else None
            return default if isinstance(default, int) and default > 0 else DEFAULT_PAGE
        if field is None:
            return 1
        if parent is not None and parent.name.endswith("Connection") and node.name.value == "edges":
            return 1
        return LIST_ESTIMATE if is_list_type(get_nullable_type(field.type)) else 1


def query_cost(schema: GraphQLSchema, document: DocumentNode) -> int:
    """The highest estimated cost among the document's operations."""
    frags = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    est = CostEstimator(schema, frags)
    ops = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    return max((est.operation(op) for op in ops), default=0)


class CostLimitRule(ValidationRule):
    """Rejects operations whose estimated cost (CostEstimator) is above MAX_COST."""

    def enter_operation_definition(self, node: OperationDefinitionNode, *_: Any) -> None:
        frags = {d.name.value: d for d in self.context.document.definitions
                 if isinstance(d, FragmentDefinitionNode)}
        cost = CostEstimator(self.context.schema, frags).operation(node)
        if cost > MAX_COST:
            self.report_error(GraphQLError(
                f"query cost {cost} exceeds the limit of {MAX_COST}; ask for smaller pages or fewer "
                "nested lists", node, extensions={"code": "BAD_INPUT"}))


def extensions() -> list[Any]:
    """Extension factories: a fresh instance per request (strawberry shares instances between
    concurrent requests), copied from one prototype each so that the validator classes are the
    same every time. Then a repeated query text is parsed and validated once per process: the
    parse cache keys on the text and the token limit, the validation cache on the document and the
    rules, which all of the limits above are (depth, aliases, cost: none depends on variables or
    the caller), so a refused query is refused from the cache with the same errors."""
    protos = [
        QueryDepthLimiter(max_depth=MAX_DEPTH),
        MaxAliasesLimiter(max_alias_count=MAX_ALIASES),
        MaxTokensLimiter(max_token_count=MAX_TOKENS),
        AddValidationRules([CostLimitRule]),
    ]
    return [*(functools.partial(copy.copy, p) for p in protos),
            lambda: ParserCache(maxsize=DOCUMENT_CACHE), lambda: ValidationCache(maxsize=DOCUMENT_CACHE)]


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
