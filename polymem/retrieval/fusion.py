"""Fusion of ranked lists: reciprocal rank fusion (the answerer's order) and score fusion with neighbour
smoothing (the order of `ranked_message_ids`), plus de-duplication."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# Score fusion weights, measured on LoCoMo (docs/bench/retrieval-ranking.md). The dense leg is weak alone but
# MiniLM cosines sit in a narrow band, so it needs weight near the lexical one to lift paraphrased single-hop
# evidence (tuned on conv-26/30, checked on conv-41..44: 0.1 -> 0.7 with share 0.9 gave +3.5 there).
LEX_FIRST = 1.0  # the whole question's words
LEX_OTHER = 0.1  # each further lexical list (plan terms, scoped searches, rewrites): tie-breakers
DENSE = 0.7  # times the cosine of each dense list, when the cosine reaches DENSE_FLOOR
# MiniLM's noise band: a question and a message from an unrelated conversation reach cosine 0.19 in 1 case of 10
# (90th percentile of 80 questions x 400 messages of the other conversations, per LoCoMo train conversation
# conv-26/30/41). A cosine below the floor is no evidence: the message scores 0 from that list, ties with every
# other message the searches returned, and ties keep conversation order (`order_ties`), as a BM25 ranking keeps
# document order for its zero scores. docs/bench/retrieval-ranking.md, "Noise floor and ties".
DENSE_FLOOR = 0.2
TIE_ORDER = True  # False: ties keep the order the lists were read in (the ranking before the noise floor)
NEIGHBOUR = 0.9  # share of a hit's score its NEXT / REPLY_TO neighbours receive: answers sit in replies
NAME_BOOST = 0.2  # participant names in the lexical query: frequent in their own space, rare in the shared index
# BM25 floor: every prefix of the final ranking holds at least this share of the whole-question BM25 list's
# head, in BM25 order, so fusion (dense leg, names, neighbours, provenance) cannot push BM25's best hits out
# of any top k: 3 of every top 10 (docs/bench/retrieval-ranking.md, "BM25 floor"; 0.3 chosen on shared LoCoMo
# questions, 0.2-0.5 all within 1 point).
LEX_FLOOR = 0.3

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")  # (any script's letters: "dónal" is one word)
STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with about from into over after before is are was were be "
    "been being do does did doing have has had having i me my we our you your he him his she her it its they "
    "them their this that these those what which who whom whose when where why how there here than then so "
    "not no can could would should will shall may might must just also too very as up out s t".split()
)


def rrf(lists: Iterable[list[tuple[str, float]]], k: int = 60, weights: list[float] | None = None) -> list[tuple[str, float]]:
    """Fuse ranked lists: score(d) = sum_i w_i / (k + rank_i(d)). Ties keep first-seen order."""
    scores: dict[str, float] = {}
    for i, ranked in enumerate(lists):
        w = weights[i] if weights and i < len(weights) else 1.0
        for rank, (doc, _s) in enumerate(ranked):
            scores[doc] = scores.get(doc, 0.0) + w / (k + rank + 1)
    return sorted(scores.items(), key=lambda kv: -kv[1])


def dedup(ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(i for i in ids if i))


def content_words(question: str) -> list[str]:
    """The question's content words (possessive 's dropped), in order, for the whole-question lexical search."""
    words = [re.sub(r"'s$", "", t) for t in _WORD.findall(question.lower().replace("\u2019", "'"))]
    return dedup(w for w in words if w not in STOPWORDS)


class WeightedLists(list):  # type: ignore[type-arg]
    """Ranked lists that carry one weight multiplier per list, read by `score_fuse` when it is given no weights:
    how a learned retrieval policy's fusion action (polymem/retrieval/policy) reaches the final ranking. A plain
    list, or no multipliers, fuses with the default weights above."""

    def __init__(self, lists: Iterable[list[tuple[str, float]]] = (), weights: Sequence[float] | None = None) -> None:
        super().__init__(lists)
        self.weights = None if weights is None else [float(w) for w in weights]


def score_fuse(lists: list[list[tuple[str, float]]], kinds: list[str],
               weights: Sequence[float] | None = None) -> dict[str, float]:
    """Sum of per-list normalised scores: BM25 / max BM25 (first lexical list full weight, later ones
    LEX_OTHER), plus DENSE x cosine where the cosine reaches DENSE_FLOOR. Unlike RRF this keeps how far ahead a
    strong lexical hit is. Every returned id is kept, with score 0 when it has no evidence.

    `weights` (optional; else those `lists` carries as WeightedLists; else none): a multiplier per list on top
    of those weights, 1 for a list beyond its end. Without any, the fusion is exactly the default one."""
    if weights is None:
        weights = getattr(lists, "weights", None)
    out: dict[str, float] = {}
    seen_lex = False
    for i, (hits, kind) in enumerate(zip(lists, kinds, strict=False)):
        if not hits:
            continue
        m = weights[i] if weights is not None and i < len(weights) else None
        if kind == "vector":  # Neo4j reports cosine as (1 + cos) / 2
            for d, s in hits:
                cos = 2 * s - 1
                v = DENSE * cos if cos >= DENSE_FLOOR and cos > 0 else 0.0
                out[d] = out.get(d, 0.0) + (v if m is None else m * v)
            continue
        w = LEX_OTHER if seen_lex else LEX_FIRST
        seen_lex = True
        if m is not None:
            w *= m
        top = max(s for _, s in hits) or 1.0
        for d, s in hits:
            out[d] = out.get(d, 0.0) + w * s / top
    return out


def lexical_floor(ranked: list[str], lexical: list[str], share: float | None = None) -> list[str]:
    """Merge `lexical` (BM25 order, best first) into `ranked` so that for every cutoff p the first p ids hold
    the first floor(p x share) lexical ids: a BM25 hit already placed high keeps its place, one the fusion
    pushed down is pulled up to the position the share guarantees. Order within each list is kept."""
    share = LEX_FLOOR if share is None else share
    lexical = dedup(lexical)
    out: list[str] = []
    placed: set[str] = set()
    rest = iter(dedup(ranked))
    li = 0  # lexical[:li] are all placed
    while True:
        while li < len(lexical) and lexical[li] in placed:
            li += 1
        if li < len(lexical) and li < int((len(out) + 1) * share):
            nxt: str | None = lexical[li]
        else:
            nxt = next((m for m in rest if m not in placed), None)
            if nxt is None:
                if li >= len(lexical):
                    return out
                nxt = lexical[li]
        out.append(nxt)
        placed.add(nxt)


def smooth(scores: Mapping[str, float], msgs: Mapping[str, Mapping[str, Any]], depth: int = 20,
           share: float = NEIGHBOUR) -> list[tuple[str, float]]:
    """Expand into the ranking: each of the best `depth` hits passes `share` of its score to its NEXT /
    REPLY_TO neighbours (a question often echoes one turn while the answer is the reply or the turn before)."""
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    out = dict(scores)
    for d, s in ranked[:depth]:
        m = msgs.get(d) or {}
        near = dedup([*(m.get("prev_ids") or []), *(m.get("next_ids") or []), *(m.get("reply_to") or []),
                      *(m.get("replies") or [])])
        for n in near:
            out[n] = out.get(n, 0.0) + share * s
    return sorted(out.items(), key=lambda kv: -kv[1])


def order_ties(scored: list[tuple[str, float]], msgs: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Best score first; equal scores (above all the zero of messages with no evidence) in conversation order
    (`seq`; messages whose details were not read last), as BM25 keeps document order for its zero-score ties."""
    scores = dict(scored)
    if not TIE_ORDER:
        return list(scores)

    def key(m: str) -> tuple[float, bool, float]:
        seq = (msgs.get(m) or {}).get("seq")
        return -scores[m], seq is None, float(seq) if isinstance(seq, int | float) else 0.0

    return sorted(scores, key=key)
