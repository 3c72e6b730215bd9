"""Entry points: plan(...) and ask(...)."""

from __future__ import annotations

import time
from typing import Any

from pydantic import ValidationError

from polymem.errors import InputError
from polymem.graph.cypher import retrieval as cy
from polymem.graph.driver import Graph
from polymem.graph.search import SearchRepository
from polymem.llm import LLMClient, make_client
from polymem.retrieval import system2
from polymem.retrieval.actions import start_embedding
from polymem.retrieval.answer import Answer
from polymem.retrieval.compose import compose
from polymem.retrieval.matter_route import to_group_decision
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan
from polymem.retrieval.planner import compile_rules, narrow_wide, validate
from polymem.retrieval.policy.run import retriever_for
from polymem.retrieval.roster_cache import roster_index
from polymem.schema.models import Space

_REPOS: dict[int, SearchRepository] = {}


def _repo(graph: Graph) -> SearchRepository:
    # One repository per Graph so the index check is cached across questions.
    if id(graph) not in _REPOS:
        _REPOS[id(graph)] = SearchRepository(graph)
    return _REPOS[id(graph)]


def templates_for(plan: Plan, opts: AskOptions) -> list[str]:
    names = ["messages_fulltext", "messages_vector", "messages_vector_exact", "messages_vector_exact_speakers",
             "message_details_expanded"]
    if opts.strategy != "system1" and opts.use_system2 and (plan.rows or plan.rows_from_evidence):
        names += ["row_records", "row_messages_fulltext"]
        if plan.mode == "full":
            names.append("record_chain")
        if system2.asks_before(plan):
            names.append("own_messages")
        elif system2.asks_home_now(plan):
            names.append("own_messages_latest")
    if plan.intent == "group_decision":
        names += ["following", "messages_fulltext_details"]
    if opts.strategy == "agentic" and opts.use_system2:
        names.append("records_fulltext")
    if plan.intent == "most_active":
        names.append("speaker_activity")
    if plan.intent == "talks_most":
        names.append("address_activity")
    return [cy.TEMPLATES[n].strip() for n in names]


def _compile(graph: Graph, space: str, question: str, asker: str | None, llm: bool,
             client: LLMClient | None = None) -> tuple[Plan, RosterIndex, list[dict[str, Any]]]:
    try:
        Space(id=space)
    except ValidationError as e:
        raise InputError(e.errors()[0]["msg"].removeprefix("Value error, ")) from e
    roster = roster_index(graph, space)
    steps: list[dict[str, Any]] = []
    if not llm:
        # (the matters are read only for a plan that may need them)
        plan = to_group_decision(compile_rules(question, asker, roster), lambda: _repo(graph).group_matters(space))
    elif client is None:  # asked for the LLM, none configured: rules, said so in the trace
        plan = compile_rules(question, asker, roster)
        steps.append({"layer": "llm", "tool": "planner", "ok": False, "why": "rule plan used: no LLM configured "
                      "(POLYMEM_LLM_BASE_URL / POLYMEM_LLM_MODEL)", "error": "not_configured"})
    else:
        from polymem.retrieval.llm import plan_llm

        plan, step = plan_llm(client, question, asker, roster)
        steps.append(step)
    return narrow_wide(plan), roster, steps


def plan(graph: Graph, space: str, question: str, asker: str | None = None, *, llm: bool = False,
         llm_client: LLMClient | None = None) -> Plan:
    client = (llm_client or make_client()) if llm else None
    p, _, steps = _compile(graph, space, question, asker, llm, client)
    p.notes += [s["why"] for s in steps]
    p.cypher = templates_for(p, AskOptions())
    return p


def load_models(embedder: Any = None) -> tuple[Any, float]:
    """Load what answering needs (the embedding model, spaCy, WordNet), each once per process.
    Returns the embedder and the milliseconds spent loading now (about 0 once loaded)."""
    from polymem.language.models import nlp, wordnet

    t = time.perf_counter()
    if embedder is None:
        from polymem.ingest.embedder import default_embedder

        embedder = default_embedder()  # cached per process
    nlp()
    wordnet()
    return embedder, round((time.perf_counter() - t) * 1000, 2)


def ask(graph: Graph, space: str, question: str, asker: str | None = None, options: AskOptions | None = None,
        *, embedder: Any = None, llm_client: LLMClient | None = None) -> Answer:
    opts = options or AskOptions()
    embedder, load_ms = load_models(embedder)  # reported as "load", not as part of "plan"
    t0 = time.perf_counter()
    q = validate(question)  # the question's vector is computed while the roster is read and the plan made
    started = {q: start_embedding(embedder, q)}
    client = (llm_client or make_client()) if opts.llm else None
    # the agentic rounds' LLM policy uses the same client (None when no LLM is configured: load_policy says so)
    pclient = (client or llm_client or make_client()) if opts.policy == "llm" and opts.strategy == "agentic" else None
    used = list({id(c): c for c in (client, pclient) if c is not None}.values())
    before = [c.stats.snapshot() for c in used]
    p, roster, llm_steps = _compile(graph, space, question, asker, opts.llm, client)
    p.cypher = templates_for(p, opts)
    t1 = time.perf_counter()
    st = retriever_for(_repo(graph), space, p, opts, roster, embedder, started, llm_client=pclient).run()
    t2 = time.perf_counter()
    rows, ranked = compose(p, st)
    t3 = time.perf_counter()
    ex = st.extract
    assert ex is not None
    text, cited = ex.text, ex.cited
    llm_ms: dict[str, float] = {}
    if client is not None and not ex.abstained:
        from polymem.retrieval.llm import answer_llm

        text, cited, step = answer_llm(client, p, rows, text, cited, name=roster.display)
        llm_steps.append(step)
    elif client is not None:
        llm_steps.append({"layer": "llm", "tool": "answer", "ok": False, "ms": 0.0,
                          "why": "extractive abstention kept: memory holds nothing that answers it"})
    elif opts.llm:
        llm_steps.append({"layer": "llm", "tool": "answer", "ok": False, "error": "not_configured",
                          "why": "extractive answer kept: no LLM configured"})
    if used:  # what the model cost and how often it failed, beside the stage timings
        after = [c.stats.snapshot() for c in used]
        llm_ms = {"llm": round(sum(s.get("ms", 0.0) for s in llm_steps), 2),
                  "llm_calls": float(sum(a[0] - b[0] for a, b in zip(after, before, strict=True))),
                  "llm_failures": float(sum(a[1] - b[1] for a, b in zip(after, before, strict=True)))}
    t4 = time.perf_counter()
    return Answer(question=p.question, text=text, answer_participant=ex.participant if p.answer_field in
                  ("speaker", "addressee") else None, abstained=ex.abstained, plan=p, rows=rows,
                  ranked_message_ids=ranked, trace=llm_steps[:1] + st.trace + llm_steps[1:], answer_name=roster.display(ex.participant),
                  cited=cited, timings_ms={"load": load_ms, "plan": round((t1 - t0) * 1000, 2), "retrieve": round((t2 - t1) * 1000, 2),
                                           "compose": round((t3 - t2) * 1000, 2), "answer": round((t4 - t3) * 1000, 2), **llm_ms})
