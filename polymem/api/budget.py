"""Maximum response size: objects counted while resolving, bytes counted once encoded.

The cost rule (polymem.api.limits) refuses queries whose estimate is too high before they run;
this is the hard ceiling at run time. Every resolver that returns objects charges them to the
request; past MAX_RESPONSE_NODES the next resolver refuses to load more, and the whole answer
becomes one TOO_LARGE error (no partial data). An encoded answer above MAX_RESPONSE_BYTES is
replaced by the same error.
"""

from __future__ import annotations

import json
import os
from typing import Any

from strawberry.types import Info

from polymem.errors import PolymemError

TOO_LARGE = "TOO_LARGE"


def _limit(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw else default


class ResponseTooLargeError(PolymemError):
    code = TOO_LARGE


class Limits:
    """Read at call time, so a test or an operator can change them without re-importing."""

    nodes = _limit("POLYMEM_API_MAX_RESPONSE_NODES", 10_000)
    bytes = _limit("POLYMEM_API_MAX_RESPONSE_BYTES", 4 * 1024 * 1024)


def _nodes_error() -> ResponseTooLargeError:
    return ResponseTooLargeError(
        f"the answer would hold more than {Limits.nodes:,} objects (the maximum response size); "
        "ask for smaller pages, fewer nested lists or fewer aliases")


def check(info: Info) -> None:
    """Before loading: refuse once the request has used up its objects."""
    if info.context.nodes >= Limits.nodes:
        raise _nodes_error()


def charge(info: Info, n: int) -> None:
    """After loading n objects (list items or single objects) for the answer."""
    ctx = info.context
    ctx.nodes += n
    if ctx.nodes > Limits.nodes:
        raise _nodes_error()


def too_large_body(size: int | None = None) -> dict[str, Any]:
    what = f" ({size:,} bytes)" if size is not None else ""
    return {"data": None, "errors": [{
        "message": f"the answer{what} is larger than the maximum response size of {Limits.bytes:,} bytes; "
                   "ask for smaller pages, fewer nested lists or fewer aliases",
        "extensions": {"code": TOO_LARGE}}]}


def encode(data: object) -> str:
    """JSON for the response, or the TOO_LARGE error when the encoded answer is over the limit."""
    text = json.dumps(data, separators=(",", ":"))
    if len(text) > Limits.bytes:  # json.dumps escapes to ASCII, so characters are bytes
        return json.dumps(too_large_body(len(text)), separators=(",", ":"))
    return text
