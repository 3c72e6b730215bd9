"""Dataloaders: nested fields (speaker, addressees, pages, records, sources) batch into one query
per field per request instead of one per parent object (no N+1)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from typing import Any

from strawberry.dataloader import DataLoader

from polymem.api.context import Context, run


def _grouped(keys: list[tuple], fetch: Callable[[str, list[tuple]], dict[Hashable, Any]],
             default: Any) -> list[Any]:
    """keys start with the space; fetch once per space (normally one) and answer in key order."""
    by_space: dict[str, list[tuple]] = defaultdict(list)
    for k in keys:
        by_space[k[0]].append(k)
    found: dict[Hashable, Any] = {}
    for space, ks in by_space.items():
        found.update(fetch(space, ks))
    return [found.get(k, default() if callable(default) else default) for k in keys]


def participants(ctx: Context) -> DataLoader[tuple[str, str], dict | None]:
    repo = ctx.services.browse

    def fetch(space: str, ks: list[tuple]) -> dict:
        got = repo.participants(space, [k[1] for k in ks])
        return {(space, pid): row for pid, row in got.items()}

    async def load(keys: list[tuple[str, str]]) -> list[dict | None]:
        return await run(_grouped, keys, fetch, None)

    return ctx.loader("participants", lambda: DataLoader(load_fn=load))


def addressees(ctx: Context) -> DataLoader[tuple[str, str], list[dict]]:
    repo = ctx.services.browse

    def fetch(space: str, ks: list[tuple]) -> dict:
        got = repo.addressees(space, [k[1] for k in ks])
        return {(space, mid): rows for mid, rows in got.items()}

    async def load(keys: list[tuple[str, str]]) -> list[list[dict]]:
        return await run(_grouped, keys, fetch, list)

    return ctx.loader("addressees", lambda: DataLoader(load_fn=load))


def pages(ctx: Context, addressed: bool) -> DataLoader[tuple, list[dict]]:
    """Key: (space, participant, after_seq, after_id, limit) -> one page of messages."""
    repo = ctx.services.browse

    def fetch(space: str, ks: list[tuple]) -> dict:
        rows = [{"key": i, "pid": k[1], "after_seq": k[2], "after_id": k[3], "limit": k[4]}
                for i, k in enumerate(ks)]
        got = repo.pages(space, rows, addressed=addressed)
        return {k: got.get(i, []) for i, k in enumerate(ks)}

    async def load(keys: list[tuple]) -> list[list[dict]]:
        return await run(_grouped, keys, fetch, list)

    return ctx.loader(f"pages:{addressed}", lambda: DataLoader(load_fn=load))


def records(ctx: Context) -> DataLoader[tuple[str, str, bool], list[dict]]:
    repo = ctx.services.browse

    def fetch(space: str, ks: list[tuple]) -> dict:
        out: dict = {}
        for history in (False, True):
            owners = [k[1] for k in ks if k[2] is history]
            if owners:
                got = repo.records_of(space, owners, history)
                out.update({(space, o, history): rows for o, rows in got.items()})
        return out

    async def load(keys: list[tuple[str, str, bool]]) -> list[list[dict]]:
        return await run(_grouped, keys, fetch, list)

    return ctx.loader("records", lambda: DataLoader(load_fn=load))


def record_sources(ctx: Context) -> DataLoader[tuple[str, str], list[str]]:
    repo = ctx.services.browse

    def fetch(space: str, ks: list[tuple]) -> dict:
        got = repo.record_sources(space, [k[1] for k in ks])
        return {(space, rid): mids for rid, mids in got.items()}

    async def load(keys: list[tuple[str, str]]) -> list[list[str]]:
        return await run(_grouped, keys, fetch, list)

    return ctx.loader("record_sources", lambda: DataLoader(load_fn=load))


def messages(ctx: Context) -> DataLoader[tuple[str, str], dict | None]:
    repo = ctx.services.browse

    def fetch(space: str, ks: list[tuple]) -> dict:
        got = repo.messages(space, [k[1] for k in ks])
        return {(space, mid): row for mid, row in got.items()}

    async def load(keys: list[tuple[str, str]]) -> list[dict | None]:
        return await run(_grouped, keys, fetch, None)

    return ctx.loader("messages", lambda: DataLoader(load_fn=load))
