"""GraphQL for spaces as a whole: `spaces` (those the key may read, with counts) and `deleteSpace`
(admin scope only). The resolvers are attached to the Query and Mutation roots."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from polymem.api.context import Context, run
from polymem.graph.spaces import SpaceRepository


@strawberry.type(description="A space (one isolated memory) and what it holds.")
class SpaceInfo:
    id: str = strawberry.field(description="The space's name, as given to ingest.")
    name: str | None = strawberry.field(description="Display name (the id unless set otherwise).")
    messages: int = strawberry.field(description="Messages stored (System 1).")
    participants: int = strawberry.field(description="Participants of the space.")
    records: int = strawberry.field(description="Derived records, every version (System 2).")
    created: str | None = strawberry.field(description="When the first message was written (ISO 8601).")
    last_write: str | None = strawberry.field(description="When messages were last written (ISO 8601).")


@strawberry.type(description="What deleteSpace removed.")
class DeleteSpaceResult:
    id: str = strawberry.field(description="The deleted space.")
    nodes_removed: int = strawberry.field(description="Nodes removed: messages, participants, records, ...")


async def list_spaces(info: Info) -> list[SpaceInfo]:
    ctx: Context = info.context
    rows = await run(SpaceRepository(ctx.graph).list)
    return [SpaceInfo(**vars(r)) for r in rows if ctx.principal.may(r.id)]


async def delete_space(info: Info, id: str) -> DeleteSpaceResult:
    from polymem.api.queries import authorize  # queries imports this module for `spaces`

    ctx = authorize(info, id)
    ctx.principal.require_admin(id)
    removed = await run(SpaceRepository(ctx.graph).delete, id, ctx.principal.may)
    return DeleteSpaceResult(id=id, nodes_removed=removed)
