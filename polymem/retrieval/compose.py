"""Anchor-Separate-Resolve-Compose: one evidence object per question, PERSON and GROUP rows apart,
current vs past separated, every item keeping source/owner/speaker/addressees/event/time/provenance."""

from __future__ import annotations

from typing import Any

from polymem.retrieval.agent import State
from polymem.retrieval.answer import EvidenceItem, EvidenceRow
from polymem.retrieval.extract_base import StateHit
from polymem.retrieval.fusion import dedup, lexical_floor, order_ties, score_fuse, smooth
from polymem.retrieval.plan import Plan


def message_item(m: dict[str, Any], score: float = 0.0, version: str | None = None) -> EvidenceItem:
    return EvidenceItem(kind="message", id=m["id"], text=m["text"], speaker=m.get("speaker"),
                        addressees=list(m.get("addressees") or []), source=m.get("speaker"), time=m.get("time"),
                        version=version, message_ids=[m["id"]], score=round(score, 4))  # type: ignore[arg-type]


def _hit_item(st: State, h: StateHit, version: str, owner: str) -> EvidenceItem | None:
    if h.kind == "record":
        for row in st.s2.values():
            for it in row["current"] + row["past"]:
                if it.id == h.id:
                    return it
        return None
    m = st.msgs.get(h.id)
    if m is None:
        return None
    it = message_item(m, 1.0, version)
    it.owner, it.value = owner, h.value
    return it


def compose(plan: Plan, st: State) -> tuple[list[EvidenceRow], list[str]]:
    rows: list[EvidenceRow] = []
    scores = dict(st.fused)
    ex = st.extract
    for r in plan.rows:  # Anchor on the plan's rows, in roster order
        s2 = st.s2.get(r.id, {"current": [], "past": []})
        cur, past = list(s2["current"]), list(s2["past"])
        if ex and r.id in ex.rows:  # Resolve: what the answerer read as current vs past for this row
            hc, hp = ex.rows[r.id]
            cur += [i for h in hc if (i := _hit_item(st, h, "current", r.id)) and i.id not in {c.id for c in cur}]
            past += [i for h in hp if (i := _hit_item(st, h, "superseded", r.id)) and i.id not in {p.id for p in past}]
        if not cur and not past:
            cur = [message_item(st.msgs[m], scores.get(m, 0.0)) for m in st.fallback.get(r.id, []) if m in st.msgs]
        rows.append(EvidenceRow(kind=r.kind, id=r.id, name=r.name, current=cur, past=past,
                                empty=not cur and not past))
    cited = ex.cited if ex else []
    prov = [m for row in rows for it in row.current + row.past for m in it.message_ids]
    ranked = rank_ids(plan, st, cited, prov)
    # The messages row in the final rank order (the order recall is measured on), so a reader that takes
    # its head, such as the LLM answer, reads the best-ranked messages first
    hits = [message_item(st.msgs[m], scores.get(m, 0.0)) for m in ranked if m in st.msgs][:20]
    rows.append(EvidenceRow(kind="MESSAGES", id=None, name="messages", current=hits, empty=not hits))
    return rows, ranked


# Intents whose answer is a person's or the group's state: their System 2 provenance goes first.
ROW_FIRST = ("state", "everyone", "group_decision", "opinion", "who_reported")


def rank_ids(plan: Plan, st: State, cited: list[str], prov: list[str]) -> list[str]:
    """Ranked ids: what the answer rests on, then the System 1 hits by score fusion with neighbour smoothing
    (Expand folded into the ranking; hits with equal scores, such as every hit with no evidence, in conversation
    order), then the answerer's RRF order and the remaining neighbours. System 2 row
    provenance goes right after the cited ids for state-like intents; otherwise it is interleaved (one per
    three hits), so a few records cannot push the lexical evidence out of the top k. Last, the BM25 floor:
    every top k keeps the head of the whole-question BM25 list (`fusion.lexical_floor`)."""
    fused = order_ties(smooth(score_fuse(st.lists, st.kinds), st.msgs), st.msgs)
    lexical = next(([m for m, _ in hits] for hits, kind in zip(st.lists, st.kinds, strict=False) if kind == "bm25"), [])
    if plan.intent in ROW_FIRST:
        return lexical_floor(dedup(cited + prov + fused + [m for m, _ in st.fused] + st.neighbours), lexical)
    mixed: list[str] = []
    rest = [m for m in dedup(prov) if m not in cited]
    for i, m in enumerate(fused):
        if rest and i and i % 3 == 0:
            mixed.append(rest.pop(0))
        mixed.append(m)
    return lexical_floor(dedup(cited + mixed + rest + [m for m, _ in st.fused] + st.neighbours), lexical)
