"""Typed GraphQL errors: every error carries `extensions.code`, none carries a stack trace.

Codes: BAD_INPUT, NOT_FOUND, FORBIDDEN, UNAVAILABLE (backend down or timed out), RATE_LIMITED
(polymem.api.ratelimit, with a Retry-After header), TOO_LARGE (over the maximum response size,
polymem.api.budget), INTERNAL.
"""

from __future__ import annotations

import logging
from typing import Any

from graphql import GraphQLError
from neo4j.exceptions import (
    ClientError,
    ConnectionAcquisitionTimeoutError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from polymem.errors import (
    BackendUnavailableError,
    ForbiddenError,
    InputError,
    NotFoundError,
    PolymemError,
)

log = logging.getLogger("polymem.api")

BAD_INPUT, NOT_FOUND, FORBIDDEN, UNAVAILABLE, INTERNAL = (
    "BAD_INPUT", "NOT_FOUND", "FORBIDDEN", "UNAVAILABLE", "INTERNAL")

_CODES: list[tuple[type[BaseException], str]] = [
    (InputError, BAD_INPUT), (NotFoundError, NOT_FOUND), (ForbiddenError, FORBIDDEN),
    (BackendUnavailableError, UNAVAILABLE), (ServiceUnavailable, UNAVAILABLE),
    (SessionExpired, UNAVAILABLE), (TransientError, UNAVAILABLE), (ConnectionAcquisitionTimeoutError, UNAVAILABLE),
]


def bad_input(message: str) -> GraphQLError:
    return GraphQLError(message, extensions={"code": BAD_INPUT})


def classify(error: GraphQLError) -> tuple[str, str]:
    """(code, client-safe message) for one execution or validation error."""
    orig = error.original_error
    if orig is None:  # syntax/validation errors, limit extensions, explicit GraphQLErrors
        return str((error.extensions or {}).get("code", BAD_INPUT)), error.message
    if isinstance(orig, GraphQLError):
        return classify(orig)
    for kind, code in _CODES:
        if isinstance(orig, kind):
            msg = "the graph database timed out or is unavailable" if code == UNAVAILABLE else str(orig)
            return code, msg
    if isinstance(orig, ClientError) and "Timeout" in (orig.code or ""):
        return UNAVAILABLE, "the query ran past its time limit"
    if isinstance(orig, PolymemError):
        return orig.code, str(orig)
    return INTERNAL, "internal error (logged on the server)"


def format_error(error: GraphQLError) -> dict[str, Any]:
    code, message = classify(error)
    if code == INTERNAL or (code == UNAVAILABLE and error.original_error is not None):
        log.error("GraphQL %s at %s", code, error.path, exc_info=error.original_error)
    out: dict[str, Any] = {"message": message, "extensions": {"code": code}}
    suggestions = getattr(error.original_error, "suggestions", None)
    if suggestions is not None:  # an unknown space or participant: the closest known names
        out["extensions"]["suggestions"] = list(suggestions)
    if error.locations:
        out["locations"] = [{"line": loc.line, "column": loc.column} for loc in error.locations]
    if error.path:
        out["path"] = list(error.path)
    return out
