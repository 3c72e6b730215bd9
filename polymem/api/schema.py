"""The strawberry schema (code-first) and its SDL, exported to schema.graphql at the repo root."""

from __future__ import annotations

from pathlib import Path

import strawberry
from graphql import GraphQLError
from strawberry.types import ExecutionContext

from polymem.api.limits import extensions
from polymem.api.mutations import Mutation
from polymem.api.queries import Query
from polymem.api.subscriptions import Subscription

SDL_PATH = Path(__file__).resolve().parents[2] / "schema.graphql"


class PolymemSchema(strawberry.Schema):
    def process_errors(self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
        # Expected errors (bad input, not found, forbidden) are not server faults: the response
        # formatter (polymem.api.errors.format_error) logs only internal/backend ones.
        return None


schema = PolymemSchema(query=Query, mutation=Mutation, subscription=Subscription, extensions=extensions())


def sdl() -> str:
    return schema.as_str().rstrip() + "\n"
