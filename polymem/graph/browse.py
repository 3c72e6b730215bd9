"""Read-side repository for the API: paged message lists, batched lookups, records, search.

Batched methods take many keys and run ONE query, so GraphQL dataloaders avoid N+1 queries.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from neo4j.exceptions import ClientError

from polymem.graph.cypher import api as q
from polymem.graph.driver import Graph, space_key

_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')


def lucene_terms(text: str) -> str:
    """User text as plain Lucene terms: specials escaped, operators lower-cased, so a query can
    never reach outside its own field or space filter."""
    words = []
    for w in text.split():
        w = _LUCENE_SPECIAL.sub(r"\\\1", w)
        words.append(w.lower() if w in ("AND", "OR", "NOT", "TO") else w)
    return " ".join(words)


def _norm_time(v: Any) -> Any:
    return v.to_native() if hasattr(v, "to_native") else v


def _msg(row: dict[str, Any]) -> dict[str, Any]:
    row["time"] = _norm_time(row.get("time"))
    return row


def _rec(row: dict[str, Any]) -> dict[str, Any]:
    for k in ("time", "created"):
        row[k] = _norm_time(row.get(k))
    return row


class BrowseRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def messages_page(self, space: str, *, limit: int, after: tuple[int, str] | None = None,
                      channel: str | None = None, session: str | None = None, speaker: str | None = None,
                      addressee: str | None = None, since: datetime | None = None,
                      until: datetime | None = None) -> list[dict[str, Any]]:
        rows = self.graph.read(
            q.MESSAGES_PAGE, space=space, limit=limit, after_seq=after[0] if after else None,
            after_id=after[1] if after else None, channel=channel, session=session, speaker=speaker,
            addressee=addressee, since=since, until=until)
        return [_msg(r["m"]) for r in rows]

    def messages_count(self, space: str, **filters: Any) -> int:
        return int(self.graph.read(q.MESSAGES_COUNT, space=space, **filters)[0]["n"])

    def messages(self, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
        return {r["m"]["id"]: _msg(r["m"]) for r in self.graph.read(q.MESSAGES_BY_IDS, space=space, ids=ids)}

    def participants(self, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
        return {r["id"]: r for r in self.graph.read(q.PARTICIPANTS_BY_IDS, space=space, ids=ids)}

    def addressees(self, space: str, message_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {i: [] for i in message_ids}
        for r in self.graph.read(q.ADDRESSEES_OF, space=space, ids=message_ids):
            out[r["message"]].append(r)
        return out

    def pages(self, space: str, keys: list[dict[str, Any]], *, addressed: bool) -> dict[str, list[dict[str, Any]]]:
        """keys: {key, pid, after_seq, after_id, limit}; returns key -> page of messages."""
        cypher = q.ADDRESSED_PAGES if addressed else q.SPOKEN_PAGES
        rows = self.graph.read(cypher, space=space, keys=keys)
        return {r["key"]: [_msg(m) for m in r["page"]] for r in rows}

    def records_of(self, space: str, owners: list[str], history: bool) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {o: [] for o in owners}
        for r in self.graph.read(q.RECORDS_OF_OWNERS, space=space, owners=owners, history=history):
            out[r["owner"]] = [_rec(x) for x in r["records"]]
        return out

    def record(self, space: str, rid: str) -> dict[str, Any] | None:
        rows = self.graph.read(q.RECORD, space=space, id=rid)
        return _rec(rows[0]["r"]) if rows else None

    def chain(self, space: str, rid: str) -> list[dict[str, Any]]:
        rows = self.graph.read(q.RECORD_CHAIN, space=space, id=rid)
        return [_rec(x) for x in rows[0]["chain"]] if rows else []

    def record_sources(self, space: str, ids: list[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {i: [] for i in ids}
        for r in self.graph.read(q.RECORD_SOURCES, space=space, ids=ids):
            out[r["record"]] = r["messages"]
        return out

    def search_messages(self, space: str, text: str, limit: int, **filters: Any) -> list[tuple[dict, float]]:
        terms = lucene_terms(text)
        if not terms:
            return []
        lucene = f"text:({terms}) AND space_key:{space_key(space)}"
        rows = self.graph.read(q.SEARCH_MESSAGES, space=space, lucene=lucene, fetch=limit * 5,
                               limit=limit, **filters)
        return [(_msg(r["m"]), float(r["score"])) for r in rows]

    def search_records(self, space: str, text: str, limit: int, *, history: bool = False,
                       owner: str | None = None, source: str | None = None) -> list[tuple[dict, float]]:
        terms = lucene_terms(text)
        if not terms:
            return []
        lucene = f"(content:({terms}) OR event:({terms})) AND space_key:{space_key(space)}"
        try:
            rows = self.graph.read(q.SEARCH_RECORDS, space=space, lucene=lucene, fetch=limit * 5,
                                   limit=limit, history=history, owner=owner, source=source)
        except ClientError as e:  # records index not created yet (System 2 never ran here)
            if "record_text" in str(e) or "index" in str(e).lower():
                return []
            raise
        return [(_rec(r["r"]), float(r["score"])) for r in rows]

    def record_counts(self, space: str) -> dict[str, int]:
        return self.graph.read(q.RECORD_COUNTS, space=space)[0]

    def max_seq(self, space: str) -> int:
        v = self.graph.read(q.MAX_SEQ, space=space)[0]["seq"]
        return int(v or 0)
