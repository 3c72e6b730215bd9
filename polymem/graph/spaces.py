"""Spaces as a whole: list them with counts, check a space or participant name before use, delete one.

Every entry point (CLI, GraphQL, the Python client) checks names here first, so a typo is an
error with the closest known names instead of an empty answer from an empty space.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polymem.errors import InputError, UnknownNameError
from polymem.graph.cypher import spaces as q
from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository
from polymem.schema.models import Space


@dataclass(frozen=True)
class SpaceSummary:
    """One space and what it holds (records count every version, current and superseded)."""

    id: str
    name: str | None
    messages: int
    participants: int
    records: int
    created: str | None = None
    last_write: str | None = None


def valid_space_name(space: str) -> str:
    """The name, or an InputError saying what a valid one is (no pydantic traceback)."""
    from pydantic import ValidationError

    try:
        Space(id=space)
    except ValidationError as e:
        raise InputError(e.errors()[0]["msg"].removeprefix("Value error, ")) from None
    return space


class SpaceRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def list(self) -> list[SpaceSummary]:
        return [SpaceSummary(**r) for r in self.graph.read(q.LIST_SPACES_COUNTED)]

    def ids(self) -> list[str]:
        return [r["id"] for r in self.graph.read(q.SPACE_IDS)]

    def exists(self, space: str) -> bool:
        return bool(self.graph.read(q.SPACE_EXISTS, space=space))

    def require(self, space: str, visible: Callable[[str], bool] | None = None) -> str:
        """The space, or UnknownNameError naming the closest existing spaces (only those
        `visible` allows, so an API key never learns the names of spaces it cannot read)."""
        valid_space_name(space)
        if not self.exists(space):
            raise UnknownNameError("space", space, [s for s in self.ids() if visible is None or visible(s)])
        return space

    def participant(self, space: str, who: str) -> str:
        """The participant id for an id, or else a unique name or alias (case-insensitive);
        UnknownNameError with the closest ids and names otherwise."""
        people = self.graph.read(q.PEOPLE, space=space)
        if any(p["id"] == who for p in people):
            return who
        low = who.strip().lower()
        named = {p["id"] for p in people
                 if low in {str(n).lower() for n in [p["id"], p["name"], *p["aliases"]] if n}}
        if len(named) == 1:
            return named.pop()
        label = {str(n): p["id"] for p in people for n in [*p["aliases"], p["name"], p["id"]] if n}
        if named:
            raise InputError(f"{who!r} names several participants in space {space!r}: "
                             f"{', '.join(sorted(named))}; give the id")
        raise UnknownNameError("participant", who, list(label), where=f" in space {space!r}", label=label)

    def delete(self, space: str, visible: Callable[[str], bool] | None = None) -> int:
        """Delete a space and everything in it; returns the number of nodes removed."""
        self.require(space, visible)
        return MessageRepository(self.graph).drop_space(space)
