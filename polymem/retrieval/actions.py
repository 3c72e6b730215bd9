"""Retrieval actions (layer x tool x query x filters) and the executor that runs them against the graph."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from polymem.graph.search import SearchRepository

PERSON_LAYERS = ["Core", "Profile"]
_LOCK = threading.Lock()


def embed_query(embedder: Any, text: str) -> list[float]:
    """One short query embeds fastest on one thread (many threads thrash on a busy 2-core box)."""
    import torch

    with _LOCK:
        n = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            return [float(x) for x in embedder.embed([text])[0]]
        finally:
            torch.set_num_threads(n)


@dataclass
class Action:
    layer: str  # messages | records | profiles
    tool: str  # bm25 | vector
    query: str  # the (possibly rewritten) query text
    terms: list[str] = field(default_factory=list)
    speakers: list[str] | None = None
    addressees: list[str] | None = None
    owners: list[str] | None = None
    sources: list[str] | None = None
    t0: datetime | None = None
    t1: datetime | None = None
    k: int = 40
    why: str = ""
    boosts: dict[str, float] | None = None  # per-term Lucene boosts (names down-weighted)

    def describe(self) -> dict[str, Any]:
        d = asdict(self)
        d["filters"] = {x: d.pop(x) for x in ("speakers", "addressees", "owners", "sources", "t0", "t1") if d.get(x)}
        for x in ("speakers", "addressees", "owners", "sources", "t0", "t1"):
            d.pop(x, None)
        return d


# One thread embeds (one model; many threads thrash a small box); searches wait only on the vectors they use.
_EMBED_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="polymem-embed")


def start_embedding(embedder: Any, text: str) -> Future[list[float]]:
    return _EMBED_POOL.submit(embed_query, embedder, text)


def _embed_many(embedder: Any, texts: list[str]) -> list[list[float]]:
    import torch

    with _LOCK:
        n = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            return [[float(x) for x in v] for v in embedder.embed(texts)]
        finally:
            torch.set_num_threads(n)


def start_embedding_batch(embedder: Any, texts: list[str]) -> dict[str, Future[list[float]]]:
    """Several query texts in one model call (a batch of 2-3 short texts costs little more than one)."""
    whole = _EMBED_POOL.submit(_embed_many, embedder, texts)
    out: dict[str, Future[list[float]]] = {t: Future() for t in texts}

    def split(f: Future[list[list[float]]]) -> None:
        err = f.exception()
        for i, t in enumerate(texts):
            if err is not None:
                out[t].set_exception(err)
            else:
                out[t].set_result(f.result()[i])
    whole.add_done_callback(split)
    return out


class Executor:
    """Runs actions; embeds each distinct query text once, in the background where it can be foreseen (the
    question while the plan is made, later rounds' rewrites while round 1 searches)."""

    def __init__(self, repo: SearchRepository, space: str, embed: Any,
                 started: dict[str, Future[list[float]]] | None = None) -> None:
        self.repo = repo
        self.space = space
        self._embed = embed
        self._vectors: dict[str, Future[list[float]]] = dict(started or {})
        self.used: set[str] = set()  # template names actually run (for the plan's cypher list)

    def prefetch(self, text: str, done: Future[list[float]] | None = None) -> Future[list[float]] | None:
        if self._embed is None:
            return None
        if text not in self._vectors:
            self._vectors[text] = done or start_embedding(self._embed, text)
        return self._vectors[text]

    def prefetch_many(self, texts: list[str]) -> None:
        todo = list(dict.fromkeys(t for t in texts if t not in self._vectors))
        if self._embed is not None and todo:
            self._vectors.update(start_embedding_batch(self._embed, todo))

    def vector(self, text: str) -> list[float] | None:
        if self._embed is None:
            return None
        self.prefetch(text)
        return self._vectors[text].result()

    def run(self, a: Action) -> list[tuple[str, float]]:
        if a.layer == "messages":
            if a.tool == "bm25":
                self.used.add("messages_fulltext")
                return self.repo.fulltext(self.space, a.terms or [a.query], a.k, speakers=a.speakers,
                                          addressees=a.addressees, t0=a.t0, t1=a.t1, boosts=a.boosts)
            vec = self.vector(a.query)
            if vec is None:
                return []
            hits, how = self.repo.vector(self.space, vec, a.k, speakers=a.speakers, addressees=a.addressees,
                                         t0=a.t0, t1=a.t1)
            self.used.add("messages_vector" if how == "ann" else "messages_vector_exact")
            return hits
        layers = PERSON_LAYERS if a.layer == "profiles" else None
        if a.tool == "bm25":
            self.used.add("records_fulltext")
            return self.repo.records_fulltext(self.space, a.terms or [a.query], a.k, owners=a.owners,
                                              sources=a.sources, layers=layers)
        return []  # record vectors are scored per row in System 2 (ROW_RECORDS)
