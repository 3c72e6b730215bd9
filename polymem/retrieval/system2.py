"""System 2 search: expand rows, select records per row by issue/attribute/scope, head or full history."""

from __future__ import annotations

import re
from typing import Any

from polymem.graph.search import SearchRepository
from polymem.retrieval.answer import EvidenceItem
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan


def _overlap(terms: list[str], text: str) -> float:
    if not terms:
        return 0.0
    low = text.lower()
    return sum(1 for t in terms if re.search(r"\b" + re.escape(t[:5]), low)) / len(terms)


def record_item(r: dict[str, Any], score: float) -> EvidenceItem:
    return EvidenceItem(
        kind="record", id=r["id"], text=r.get("content") or "", speaker=r.get("speaker"),
        addressees=list(r.get("addressees") or []), source=r.get("source"), owner=r.get("owner"),
        event=r.get("event"), time=r.get("time"),
        version="superseded" if r.get("state") == "superseded" else "current",
        chain=list(r.get("chain") or []), message_ids=list(r.get("message_ids") or []), score=round(score, 4),
        attribute=r.get("attribute"), value=r.get("value"),
    )


def score_record(plan: Plan, r: dict[str, Any]) -> float:
    text = f"{r.get('content') or ''} {r.get('event') or ''} {r.get('attribute') or ''}"
    s = float(r.get("similarity") or 0.0) + 0.6 * _overlap(plan.issue, text)
    attr = (r.get("attribute") or r.get("event") or "").lower()
    if plan.attribute and plan.attribute in attr:
        s += 1.0
    if plan.scope.source and r.get("source") == plan.scope.source:
        s += 0.8
    return s


def _chains(records: list[dict[str, Any]]) -> None:
    """Attach to every record its version chain (old -> new) from the SUPERSEDED_BY links fetched."""
    nxt = {r["id"]: (r.get("superseded_by") or [None])[0] for r in records}
    prv = {r["id"]: (r.get("supersedes") or [None])[0] for r in records}
    for r in records:
        chain, cur = [r["id"]], r["id"]
        while prv.get(cur) and prv[cur] not in chain:
            cur = prv[cur]
            chain.insert(0, cur)
        cur = r["id"]
        while nxt.get(cur) and nxt[cur] not in chain:
            cur = nxt[cur]
            chain.append(cur)
        r["chain"] = chain


def search_rows(repo: SearchRepository, space: str, plan: Plan, vector: list[float] | None,
                opts: AskOptions) -> dict[str, dict[str, list[EvidenceItem]]]:
    """For each row: current (head) records and, in full mode, the superseded versions of the same chains."""
    out: dict[str, dict[str, list[EvidenceItem]]] = {r.id: {"current": [], "past": []} for r in plan.rows}
    if not plan.rows:
        return out
    # a report by another member is often overtaken by the owner's own word later ("she's moved!" then her
    # "yes, settled in now"): who told it asks for the superseded versions too
    full = plan.mode == "full" or plan.intent == "who_reported"
    states = None if full else ["current"]
    records = repo.row_records(space, [r.id for r in plan.rows], vector, states=states)
    _chains(records)
    by_row: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_row.setdefault(r["row"], []).append(r)
    for row in plan.rows:
        recs = by_row.get(row.id, [])
        scored = sorted(((score_record(plan, r), r) for r in recs), key=lambda x: -x[0])
        heads = [(s, r) for s, r in scored if r.get("state") != "superseded"]
        chosen: list[tuple[float, dict[str, Any]]] = heads[: opts.row_k]
        # source_k: besides the best records, keep the best reports by others (source != owner).
        others = [(s, r) for s, r in heads if r.get("source") and r.get("source") != r.get("owner")
                  and all(r is not c for _, c in chosen)]
        chosen += others[: opts.source_k]
        if row.id == "GROUP" and plan.intent in _DECISION_INTENTS:
            # every decision chain of the group, best first: the question may name its matter in words the
            # records do not share, and "what has the group decided" wants them all
            chosen += [(s, r) for s, r in heads if str(r.get("attribute") or "").startswith("decision:")
                       and all(r is not c for _, c in chosen)][:_DECISION_K]
        out[row.id]["current"] = [record_item(r, s) for s, r in chosen]
        if full:
            wanted = {cid for _, r in chosen for cid in r["chain"]}
            if plan.intent == "who_reported":  # every report by another member, superseded or not
                wanted |= {r["id"] for _, r in scored if r.get("source") and r.get("source") != r.get("owner")}
            past = [(s, r) for s, r in scored if r.get("state") == "superseded" and r["id"] in wanted]
            if not past:  # no head chosen had history: the best superseded records on the issue
                past = [(s, r) for s, r in scored if r.get("state") == "superseded"][: opts.row_k]
            past.sort(key=lambda x: (x[1].get("time") is None, x[1].get("time") or 0))
            out[row.id]["past"] = [record_item(r, s) for s, r in past]
    return out


_DECISION_INTENTS = ("group_decision", "list_decisions", "who_announced")
_DECISION_K = 12


def fallback_messages(repo: SearchRepository, space: str, plan: Plan, rows: list[str], k: int) -> dict[str, list[str]]:
    """A PERSON row with no records: that person's own messages on the issue (BM25 on the row's speaker)."""
    terms = plan.search_terms or plan.issue
    return repo.row_fulltext(space, terms, rows, k) if terms else {r: [] for r in rows}


HISTORY_ATTRIBUTES = ("city", "job")  # states a person's lines show in passing (language/statements_context)
HISTORY_K = 60  # how many of a person's first messages are read for what they held before a change


def asks_before(plan: Plan) -> bool:
    """A question about a home or job held before a change ("where did X live before Y?", "X's previous
    employer?"), not about now ("where does X work now that she changed jobs?")."""
    from polymem.language.models import parsed

    if plan.mode != "full" or plan.attribute not in HISTORY_ATTRIBUTES:
        return False
    return not any(t.lower_ in NOW_WORDS for t in parsed(plan.question))


NOW_WORDS = ("now", "currently", "nowadays", "presently", "today")


def asks_home_now(plan: Plan) -> bool:
    """A question about where a person lives now ("where is X based?"), or where everyone does; not where they
    come from ("which town is X from?", "where did she grow up?")."""
    from polymem.language.models import parsed

    if plan.intent not in ("state", "everyone") or plan.mode != "head" or plan.attribute != "city" or plan.at \
            or plan.month:
        return False
    return not any(t.lower_ == "from" or t.lemma_.lower() in ORIGIN_VERBS for t in parsed(plan.question))


ORIGIN_VERBS = ("grow", "bear", "raise")  # "grew up in", "born in", "raised in": where one is from


EVERYONE_ROWS, EVERYONE_K = 16, 20  # for everyone's home: this many members' latest this many lines each


def history_messages(repo: SearchRepository, space: str, plan: Plan, rows: list[str]) -> dict[str, list[str]]:
    """For a question about what a person held before (`asks_before`): their first messages, where the home or
    job they had shows in passing before any change is told; about where they live now (`asks_home_now`): their
    latest ones, where it may show in passing when no line says it."""
    if not rows:
        return {}
    if asks_before(plan):
        return repo.own_messages(space, rows[:1], HISTORY_K)
    if asks_home_now(plan) and plan.intent == "everyone":
        return repo.own_messages(space, rows[:EVERYONE_ROWS], EVERYONE_K, latest=True)
    if asks_home_now(plan):
        return repo.own_messages(space, rows[:1], HISTORY_K, latest=True)
    return {}
