"""The candidate actions a learned policy chooses among after round 1, and the state features it reads.

Round 1 stays the rules' plan-scoped searches (`agent.first_actions`). After it, each round the policy picks
one action of the catalogue below, or `stop`: a layer x tool x (rewritten) query x speaker/addressee filter.
Every action type has a fixed name, so a policy's parameters are one row per type.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

from polymem.retrieval.actions import Action
from polymem.retrieval.fusion import content_words, score_fuse
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan

STOP = "stop"
ACTIONS = (
    STOP,
    "bm25_rewrite",          # issue + expansions + mentioned names, wide
    "vector_rewrite",        # the same rewrite, dense
    "vector_issue_wide",     # the issue words alone, dense, wide
    "bm25_question_wide",    # the question's content words, no time filter, no name down-weighting, wide
    "vector_question_wide",  # the question, dense, wide
    "bm25_no_names",         # the question's content words minus participant names
    "bm25_speaker",          # question words on the mentioned person's own messages
    "vector_speaker",        # dense, on the mentioned person's own messages
    "bm25_addressee",        # question words on messages addressed to the mentioned person
    "bm25_other_speaker",    # question words on the messages of the people NOT mentioned
    "vector_other_speaker",  # dense, on the messages of the people not mentioned
)
# Fusion-weight actions: a catalogue action (or stop) may also reweight the score fusion of the final ranking
# (fusion.score_fuse: one multiplier per result list). The hindsight ceiling of one decision after round 1 is
# +2.9 recall@10 with the searches alone and +7.3 when they may set their fusion weight (docs/bench/rl.md).
# A joint action is "<catalogue action>@<preset>"; the plain name keeps the default weights.
SEP = "@"
FUSIONS = {
    # preset: (multiplier of the first lexical list, of later lexical lists, of dense lists, of lists searched
    # under a speaker/addressee filter, of the lists this decision's action added); they multiply
    "lexical": (1.0, 3.0, 0.3, 1.0, 1.0),   # lexical-heavy: later BM25 lists 0.1 -> 0.3, dense 0.7 -> 0.21
    "dense": (1.0, 1.0, 2.0, 1.0, 1.0),     # vector-heavy: dense 0.7 -> 1.4
    "filtered": (1.0, 1.0, 1.0, 5.0, 1.0),  # speaker/addressee-filter-heavy: filtered lists x 5
    "own": (1.0, 1.0, 1.0, 1.0, 5.0),       # the decision's own search x 5 (with a search action only)
}
JOINT = (*ACTIONS, *(f"{a}{SEP}{f}" for a in ACTIONS for f in FUSIONS if not (a == STOP and f == "own")))
INTENT_GROUPS = {
    "generic": 0, "state": 1, "everyone": 1, "when": 2,
    "who_said": 3, "who_asked": 3, "asked_whom": 3, "who_agreed": 3, "who_reported": 3, "who_announced": 3,
}
WH_WORDS = ("what", "when", "where", "who", "how", "why", "which")
YES_NO = frozenset("is are was were did does do would could can has have had will should".split())
STATE_FEATURES = ("bias", "intent_generic", "intent_state", "intent_when", "intent_who", "intent_other",
                  *(f"wh_{w}" for w in WH_WORDS), "wh_yes_no", "wh_other", "how_many", "hypothetical",
                  "asks_time", "mentions_person", "mentions_two", "time_filter", "round2", "issue_terms",
                  "question_len", "lex_dense_agree", "held_full", "lex_peak", "lex_top", "lex_few", "dense_top",
                  "dense_tenth", "dense_gap", "sufficient", "confidence")
KEEP = 15


def candidates(plan: Plan, opts: AskOptions, roster: RosterIndex) -> dict[str, Action | None]:
    """Action type -> Action (None for stop), only the types this plan allows."""
    n = opts.recall_n
    names_of = {pid: roster.by_id[pid].names() for pid in roster.by_id}
    mentioned = [p for p in plan.mentioned if p in roster.by_id] or ([plan.scope.speaker] if plan.scope.speaker
                                                                      and plan.scope.speaker in roster.by_id else [])
    name_words = {w.lower() for ns in names_of.values() for x in ns for w in x.split()}
    words = content_words(plan.question)
    plain = [w for w in words if w not in name_words] or words
    said = [x for p in mentioned for x in names_of[p][:2]]
    rewritten = " ".join(dict.fromkeys(plan.issue + (plan.search_terms or []) + said)) or plan.question
    issue = " ".join(plan.issue) or plan.question
    out: dict[str, Action | None] = {
        STOP: None,
        "bm25_rewrite": Action("messages", "bm25", rewritten, rewritten.split(), k=2 * n),
        "vector_rewrite": Action("messages", "vector", rewritten, k=n),
        "vector_issue_wide": Action("messages", "vector", issue, k=2 * n),
        "bm25_question_wide": Action("messages", "bm25", plan.question, words, k=2 * n),
        "vector_question_wide": Action("messages", "vector", plan.question, k=2 * n),
        "bm25_no_names": Action("messages", "bm25", " ".join(plain), plain, k=n),
    }
    if mentioned:
        p = mentioned[0]
        others = [x for x in roster.by_id if x not in mentioned and roster.by_id[x].kind in ("person", "voice")]
        out["bm25_speaker"] = Action("messages", "bm25", plan.question, plain, speakers=[p], k=n)
        out["vector_speaker"] = Action("messages", "vector", plan.question, speakers=[p], k=n)
        out["bm25_addressee"] = Action("messages", "bm25", plan.question, plain, addressees=[p], k=n)
        if others:
            out["bm25_other_speaker"] = Action("messages", "bm25", plan.question, plain, speakers=others, k=n)
            out["vector_other_speaker"] = Action("messages", "vector", plan.question, speakers=others, k=n)
    for name, a in out.items():
        if a is not None:
            a.why = f"policy: {name}"
    return out


def kept(lists: Sequence[list[tuple[str, float]]], kinds: Sequence[str], keep: int = KEEP) -> list[str]:
    """The records held: the first `keep` ids of the score-fused lists."""
    fused = score_fuse(list(lists), list(kinds))
    return [d for d, _ in sorted(fused.items(), key=lambda kv: -kv[1])[:keep]]


def question_type(question: str) -> list[float]:
    """One-hot of the question's first word (what / when / where / who / how / why / which / a yes-no auxiliary /
    other), then "how many|often|long" and a hypothetical ("would", "likely")."""
    q = question.lower().strip()
    words = re.findall(r"[a-z]+", q)
    w0 = words[0] if words else ""
    wh = [1.0 if w0 == w else 0.0 for w in WH_WORDS] + [1.0 if w0 in YES_NO else 0.0]
    wh.append(0.0 if any(wh) else 1.0)
    return [*wh, float(bool(re.search(r"\bhow (many|often|long|much)\b", q))),
            float(bool(re.search(r"\b(would|likely|might)\b", q)))]


def state_features(plan: Plan, lists: Sequence[list[tuple[str, float]]], kinds: Sequence[str], round_: int,
                   held: Sequence[str], sufficient: bool = False, confidence: float = 0.0) -> np.ndarray:
    """Question type (the plan's intent and the question's form), the plan (time, people named, topic terms),
    what the held evidence looks like and how strongly it matches (no gold used: BM25 top score and peak, the
    dense head's cosines, agreement of the two heads), the round, and round 1's sufficiency judgement (the
    answerer's verdict and confidence, which gate the rules' extra rounds)."""
    g = INTENT_GROUPS.get(plan.intent, 4)
    lex = next((h for h, k in zip(lists, kinds, strict=False) if k == "bm25" and h), [])
    dense = next((h for h, k in zip(lists, kinds, strict=False) if k == "vector" and h), [])
    top_l, top_d = {d for d, _ in lex[:10]}, {d for d, _ in dense[:10]}
    agree = len(top_l & top_d) / 10 if top_l and top_d else 0.0
    peak = lex[0][1] / (lex[0][1] + sum(s for _, s in lex[1:5]) / 4 + 1e-9) if len(lex) > 1 else 0.0
    cos = [2 * s - 1 for _, s in dense]  # Neo4j reports (1 + cos) / 2
    c1, c10 = (cos[0], cos[min(9, len(cos) - 1)]) if cos else (0.0, 0.0)
    x = [1.0, *(1.0 if g == i else 0.0 for i in range(5)), *question_type(plan.question), float(plan.asks_time),
         float(bool(plan.mentioned)), float(len(plan.mentioned) >= 2), float(bool(plan.time_range)),
         float(round_ >= 2), min(len(plan.issue), 5) / 5, min(len(content_words(plan.question)), 12) / 12, agree,
         len(held) / KEEP, peak, min(math.log1p(max(lex[0][1], 0.0)) / 3, 1.0) if lex else 0.0,
         float(len(lex) < 10), c1, c10, c1 - c10, float(sufficient), min(max(confidence, 0.0), 1.0)]
    return np.asarray(x, dtype=float)


def split_action(name: str) -> tuple[str, str | None]:
    """"bm25_rewrite@dense" -> ("bm25_rewrite", "dense"); a plain catalogue name -> (name, None)."""
    base, _, preset = name.partition(SEP)
    return base, preset or None


def order(name: str) -> int:
    """Position for tie-breaks: the catalogue's first (stop first), then the joint actions."""
    return JOINT.index(name) if name in JOINT else len(JOINT)


def list_filters(trace: Sequence[dict], n: int) -> list[bool]:
    """For each of a state's `n` result lists, whether it was searched under a speaker or addressee filter, read
    from the trace (one messages-layer bm25 / vector line per list, in order); all False when they do not match."""
    lines = [t for t in trace if t.get("layer") == "messages" and t.get("tool") in ("bm25", "vector")]
    if len(lines) != n:
        return [False] * n
    return [bool((t.get("filters") or {}).get("speakers") or (t.get("filters") or {}).get("addressees"))
            for t in lines]


def fusion_weights(preset: str | None, lists: Sequence[Sequence[tuple[str, float]]], kinds: Sequence[str],
                   filtered: Sequence[bool], own: Sequence[int] = ()) -> list[float] | None:
    """The per-list multipliers of a fusion preset for `score_fuse` (None: the default fusion). As there, the
    first non-empty lexical list is the whole question's."""
    if preset is None:
        return None
    first, later, dense, filt, mine = FUSIONS[preset]
    out: list[float] = []
    seen_lex = False
    for i, (hits, kind) in enumerate(zip(lists, kinds, strict=False)):
        if kind == "vector":
            m = dense
        else:
            m = later if seen_lex else first
            seen_lex = seen_lex or bool(hits)
        if i < len(filtered) and filtered[i]:
            m *= filt
        if i in own:
            m *= mine
        out.append(m)
    return out
