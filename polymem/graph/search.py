"""Repository for query-time reads: message/record search, Expand, details. Parameters only."""

from __future__ import annotations

import re
import time
from datetime import datetime
from typing import Any

from neo4j.exceptions import ClientError

from polymem.graph.cypher import retrieval as q
from polymem.graph.driver import Graph, space_key

_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_TERM = re.compile(r"[^\W_]+", re.UNICODE)


def lucene_escape(term: str) -> str:
    return _LUCENE_SPECIAL.sub(r"\\\1", term)


def lucene_query(space: str, terms: list[str], field: str = "text", boosts: dict[str, float] | None = None,
                 prefix: bool = True) -> str | None:
    """`(field:(t1 t2 stem*)) AND space_key:<token>` from word characters only; None when no terms.

    User text never reaches Lucene as syntax: terms are reduced to letters/digits, lower-cased (so AND/OR
    are words, not operators) and escaped anyway.
    """
    parts: list[str] = []
    owned: list[str] = []
    for raw in terms:
        for t in _TERM.findall(raw.lower()):
            if not t:
                continue
            e = lucene_escape(t)
            b = (boosts or {}).get(raw.lower())
            parts.append(f"{e}^{b:g}" if b else e)
            if prefix and t.isalpha() and len(t) > 2 and t not in _STOP:
                # the index keeps a possessive as one token ("wen's"): the word's own possessive is the word (after
                # every plain term, so the clause cap drops these first)
                owned += [f"{e}'s^{b:g}" if b else f"{e}'s", f"{e}’s^{b:g}" if b else f"{e}’s"]
            stem = _stem(t)
            if prefix and stem and len(stem) >= 4 and stem != t:  # a down-weighted term keeps its prefix below it
                parts.append(f"{lucene_escape(stem)}*^{0.5 * min(b or 1.0, 1.0):g}")
    if not parts:
        return None
    seen = list(dict.fromkeys(parts + owned))[:64]  # Lucene caps clauses; 64 is plenty for a question
    fields = field.split(",")
    body = " OR ".join(f"{f}:({' '.join(seen)})" for f in fields)
    return f"({body}) AND space_key:{space_key(space)}"


# words that own nothing: no possessive form of them is searched
_STOP = frozenset({"the", "and", "for", "are", "was", "were", "has", "had", "have", "who", "what", "when", "where",
                   "which", "why", "how", "did", "does", "this", "that", "with", "from", "about", "into", "its"})


def _stem(t: str) -> str:
    for suf in ("ing", "ied", "ies", "ed", "es", "s", "e"):
        if t.endswith(suf) and len(t) - len(suf) >= 3:
            return t[: -len(suf)]
    return t


class SearchRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._indexes: set[str] | None = None
        self._sizes: dict[str, tuple[float, int, int]] = {}  # space -> (when, probed count, probe limit)

    def has_index(self, name: str) -> bool:
        if self._indexes is None or name not in self._indexes:
            self._indexes = {r["name"] for r in self.graph.read(q.INDEXES)}
        return name in self._indexes

    @staticmethod
    def _filters(speakers: list[str] | None, addressees: list[str] | None, channel: str | None,
                 t0: datetime | None, t1: datetime | None) -> dict[str, Any]:
        return {"speakers": speakers or None, "addressees": addressees or None, "channel": channel,
                "t0": t0, "t1": t1}

    def fulltext(self, space: str, terms: list[str], k: int, *, speakers: list[str] | None = None,
                 addressees: list[str] | None = None, channel: str | None = None,
                 t0: datetime | None = None, t1: datetime | None = None,
                 boosts: dict[str, float] | None = None) -> list[tuple[str, float]]:
        lucene = lucene_query(space, terms, boosts=boosts)
        if lucene is None:
            return []
        narrow = bool(speakers or addressees or channel or t0 or t1)
        fetch = k * (50 if narrow else 2) + 50  # filters after Lucene need a deeper candidate list
        rows = self.graph.read(q.MESSAGES_FULLTEXT, space=space, lucene=lucene, fetch=fetch, k=k,
                               **self._filters(speakers, addressees, channel, t0, t1))
        return [(r["id"], float(r["score"])) for r in rows]

    def group_matters(self, space: str) -> list[str]:
        """The names of the matters the space's group decided on ("venue", "date")."""
        return [r["event"] for r in self.graph.read(q.GROUP_MATTERS, space=space)]

    def is_small(self, space: str, limit: int) -> bool:
        """Whether the space holds at most `limit` messages: a bounded index probe, cached for ten minutes."""
        hit = self._sizes.get(space)
        if hit is None or time.monotonic() - hit[0] > 600 or hit[2] != limit:
            rows = self.graph.read(q.SPACE_PROBE, space=space, limit=limit + 1)
            self._sizes[space] = hit = (time.monotonic(), int(rows[0]["n"]) if rows else 0, limit)
        return hit[1] <= limit

    def vector(self, space: str, vector: list[float], k: int, *, speakers: list[str] | None = None,
               addressees: list[str] | None = None, channel: str | None = None,
               t0: datetime | None = None, t1: datetime | None = None, oversample: int = 10,
               exact_below: int = 5000) -> tuple[list[tuple[str, float]], str]:
        """Small spaces: exact cosine over the (filtered) space, cheaper and more complete than the shared ANN
        index, which spans every space. Large spaces: ANN over-sampled (never a scan of the whole space; a
        speaker filter seeks the (space, speaker) index only while the space is small)."""
        f = self._filters(speakers, addressees, channel, t0, t1)
        if self.is_small(space, exact_below):
            cy = q.MESSAGES_VECTOR_EXACT_SPEAKERS if speakers else q.MESSAGES_VECTOR_EXACT
            rows = self.graph.read(cy, space=space, vector=vector, k=k, **f)
            return [(r["id"], float(r["score"])) for r in rows], "exact"
        fetch = max(k * oversample, 100) * 5
        rows = self.graph.read(q.MESSAGES_VECTOR, space=space, vector=vector, fetch=fetch, k=k, **f)
        if len(rows) < k and not (speakers or addressees):  # this space is a thin slice of the index: look deeper
            rows = self.graph.read(q.MESSAGES_VECTOR, space=space, vector=vector, fetch=fetch * 5, k=k, **f)
        return [(r["id"], float(r["score"])) for r in rows], "ann"

    def expand(self, space: str, ids: list[str]) -> dict[str, list[str]]:
        if not ids:
            return {}
        return {r["hit"]: r["neighbours"] for r in self.graph.read(q.EXPAND, space=space, ids=ids)}

    def following(self, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
        """Details of up to 6 messages after each given one along NEXT (the hop count is fixed in the template)."""
        if not ids:
            return {}
        return self._detail_rows(self.graph.read(q.FOLLOWING, space=space, ids=ids))

    def discussion_near(self, space: str, ids: list[str], vector: list[float]) -> dict[str, float]:
        """For each given record, the best cosine with `vector` among the messages its versions were derived from
        and the 3 messages before each."""
        return self.discussion_cosines(space, ids, vector)[0]

    def discussion_cosines(self, space: str, ids: list[str],
                           vector: list[float]) -> tuple[dict[str, float], dict[str, float]]:
        """`discussion_near` for each given record, and the same over that version's own messages (and the 3
        before each) alone: how close one version's talk came, where its chain may hold other matters' talk."""
        if not ids:
            return {}, {}
        rows = self.graph.read(q.DISCUSSION_NEAR, space=space, ids=list(dict.fromkeys(ids)), vector=vector)
        return ({r["id"]: 2 * float(r["score"]) - 1 for r in rows if r["score"] is not None},
                {r["id"]: 2 * float(r["own"]) - 1 for r in rows if r["own"] is not None})

    def fulltext_details(self, space: str, terms: list[str], k: int) -> tuple[list[tuple[str, float]], dict[str, Any]]:
        """BM25 hits (no filters but the space) and their details in one round trip."""
        lucene = lucene_query(space, terms)
        if lucene is None:
            return [], {}
        rows = self.graph.read(q.MESSAGES_FULLTEXT_DETAILS, space=space, lucene=lucene, fetch=k * 2 + 50, k=k)
        return [(r["id"], float(r["score"])) for r in rows], self._detail_rows(rows)

    @staticmethod
    def _detail_rows(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        out = {}
        for r in rows:
            t = r.get("time")
            r["time"] = t.to_native() if hasattr(t, "to_native") else t
            out[r["id"]] = r
        return out

    def details(self, space: str, ids: list[str], expand: list[str] | None = None) -> dict[str, dict[str, Any]]:
        """Details of `ids`, plus (one round trip) those of the NEXT / REPLY_TO neighbours of `expand`."""
        if not ids and not expand:
            return {}
        ids = list(dict.fromkeys(ids))
        rows = self.graph.read(q.MESSAGE_DETAILS_EXPANDED, space=space, ids=ids, top=expand) if expand else \
            self.graph.read(q.MESSAGE_DETAILS, space=space, ids=ids)
        return self._detail_rows(rows)

    def speaker_activity(self, space: str, sample: int = 5) -> list[dict[str, Any]]:
        """[{speaker, n, sample}] most messages first."""
        return self.graph.read(q.SPEAKER_ACTIVITY, space=space, sample=sample)

    def address_activity(self, space: str, speaker: str, sample: int = 5) -> list[dict[str, Any]]:
        """[{target, n, sample}]: whom `speaker` addresses (mentions, vocatives, replies), most first."""
        return self.graph.read(q.ADDRESS_ACTIVITY, space=space, speaker=speaker, sample=sample)

    def row_records(self, space: str, rows: list[str], vector: list[float] | None, *,
                    sources: list[str] | None = None, layers: list[str] | None = None,
                    states: list[str] | None = None, limit: int = 200) -> list[dict[str, Any]]:
        if not rows or not self.has_index("record_text"):
            return []
        try:
            out = self.graph.read(q.ROW_RECORDS, space=space, rows=rows, vector=vector, sources=sources or None,
                                  layers=layers or None, states=states or None, limit=limit)
        except ClientError:
            return []  # System 2 not present in this database
        for r in out:
            t = r.get("time")
            r["time"] = t.to_native() if hasattr(t, "to_native") else t
        return out

    def records_fulltext(self, space: str, terms: list[str], k: int, *, owners: list[str] | None = None,
                         sources: list[str] | None = None, layers: list[str] | None = None,
                         states: list[str] | None = None) -> list[tuple[str, float]]:
        lucene = lucene_query(space, terms, field="content,event")
        if lucene is None or not self.has_index("record_text"):
            return []
        rows = self.graph.read(q.RECORDS_FULLTEXT, space=space, lucene=lucene, fetch=k * 20 + 50, k=k,
                               owners=owners or None, sources=sources or None, layers=layers or None,
                               states=states or None)
        return [(r["id"], float(r["score"])) for r in rows]

    def row_fulltext(self, space: str, terms: list[str], rows: list[str], k: int) -> dict[str, list[str]]:
        """BM25 on several speakers' own messages in one query: the best k ids per speaker."""
        out: dict[str, list[str]] = {r: [] for r in rows}
        lucene = lucene_query(space, terms)
        if lucene is None or not rows:
            return out
        for r in self.graph.read(q.ROW_MESSAGES_FULLTEXT, space=space, lucene=lucene, rows=rows,
                                 fetch=k * len(rows) * 50 + 50):
            if len(out[r["row"]]) < k:
                out[r["row"]].append(r["id"])
        return out

    def own_messages(self, space: str, rows: list[str], k: int, latest: bool = False) -> dict[str, list[str]]:
        """Each speaker's first k messages, oldest first (`latest`: their last k, newest first)."""
        out: dict[str, list[str]] = {r: [] for r in rows}
        cypher = q.OWN_MESSAGES_LATEST if latest else q.OWN_MESSAGES
        for r in self.graph.read(cypher, space=space, rows=rows, k=k) if rows else []:
            out[r["row"]] = list(r["ids"])
        return out

    def chains(self, space: str, head_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
        if not head_ids:
            return {}
        out: dict[str, list[dict[str, Any]]] = {}
        for r in self.graph.read(q.RECORD_CHAIN, space=space, ids=head_ids):
            out.setdefault(r["head"], []).append(r)
        return out
