"""The query GraphiQL opens with validates against the schema (a renamed field fails here)."""

from __future__ import annotations

from graphql import parse, validate

from polymem.api.example_query import EXAMPLE_QUERY, EXAMPLE_VARIABLES
from polymem.api.schema import schema


def test_example_query_is_valid_against_the_schema() -> None:
    errors = validate(schema._schema, parse(EXAMPLE_QUERY))
    assert errors == []
    assert set(EXAMPLE_VARIABLES) == {"space", "question"}
