"""Read-your-writes across API processes: the `Polymem-Bookmark` header.

Every answer to POST /graphql carries this process's latest Neo4j bookmarks. A client that sends
them back on its next request, to any API process, gets transactions that wait until the Neo4j
member they run on has applied them (the driver's bookmark manager; see graph/driver.py). Without
the header a request sees whatever that member has; within one process every session is chained
anyway.
"""

from __future__ import annotations

import re

from starlette.types import Message, Send

from polymem.errors import InputError
from polymem.graph.driver import Graph

HEADER = "polymem-bookmark"
MAX_BOOKMARKS = 16
# Neo4j's bookmarks are short base64 strings with a prefix ("FB:..."); anything else is refused here,
# before it reaches the server.
_BOOKMARK = re.compile(r"[A-Za-z0-9+/=:_.-]{1,512}")


def parse(value: str | None) -> frozenset[str]:
    """The bookmarks of a `Polymem-Bookmark` header (comma-separated); InputError when malformed."""
    if value is None or not value.strip():
        return frozenset()
    marks = [m.strip() for m in value.split(",") if m.strip()]
    if len(marks) > MAX_BOOKMARKS:
        raise InputError(f"the Polymem-Bookmark header holds {len(marks)} bookmarks; at most {MAX_BOOKMARKS}")
    for m in marks:
        if not _BOOKMARK.fullmatch(m):
            raise InputError(f"the Polymem-Bookmark header holds a malformed bookmark {m[:40]!r}: send back "
                             "the value an earlier answer carried")
    return frozenset(marks)


def with_bookmarks(send: Send, graph: Graph) -> Send:
    """`send`, adding this process's latest bookmarks to the response headers."""

    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            marks = graph.last_bookmarks()
            if marks:
                message["headers"] = [*message.get("headers", []), (HEADER.encode(), ",".join(marks).encode())]
        await send(message)

    return wrapped
