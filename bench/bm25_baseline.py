"""A plain BM25 baseline over raw message texts, independent of polymem's retrieval.

Okapi BM25 (rank_bm25, k1=1.5, b=0.75) over lower-cased word tokens minus a short English stopword
list; no stemming, no embeddings, no graph. One index per conversation/space.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rank_bm25 import BM25Okapi

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with about from into over after before is are was were be "
    "been being do does did doing have has had having i me my we our you your he him his she her it its they "
    "them their this that these those what which who whom whose when where why how there here than then so "
    "not no can could would should will shall may might must just also too very as up out s t".split()
)


def tokenize(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text.lower().replace("\u2019", "'")) if t not in STOPWORDS]


@dataclass(frozen=True)
class Doc:
    id: str
    text: str
    speaker: str = ""        # speaker id / handle as stored
    speaker_name: str = ""   # display name (what the baseline answers with)


class BM25Index:
    def __init__(self, docs: Sequence[Doc]) -> None:
        if not docs:
            raise ValueError("BM25Index needs at least one document")
        self.docs = list(docs)
        corpus = [tokenize(d.text) or ["\u2205"] for d in self.docs]  # rank_bm25 rejects empty docs
        self._bm25 = BM25Okapi(corpus)

    def scores(self, query: str) -> np.ndarray:
        toks = tokenize(query)
        if not toks:
            return np.zeros(len(self.docs))
        return np.asarray(self._bm25.get_scores(toks), dtype=float)

    def search(self, query: str, k: int = 10) -> list[tuple[Doc, float]]:
        """Top-k documents, best first; ties keep document order (stable) so runs are reproducible."""
        s = self.scores(query)
        order = np.argsort(-s, kind="stable")[:k]
        return [(self.docs[i], float(s[i])) for i in order]

    def ranked_ids(self, query: str, k: int = 20) -> list[str]:
        return [d.id for d, _ in self.search(query, k)]

    def answer(self, query: str) -> tuple[str, Doc | None]:
        """The baseline answer: the top-1 message's text plus its speaker's display name."""
        hits = self.search(query, 1)
        if not hits or hits[0][1] <= 0:
            return "not in memory", None
        doc = hits[0][0]
        return f"{doc.speaker_name or doc.speaker}: {doc.text}", doc
