"""ask(options: {llm: true}) over real GraphQL/HTTP: the switch reaches the retrieval layer and the
LLM's outcome (used, or why not) is in the trace, never silent."""

from __future__ import annotations


def test_ask_with_llm_reports_the_llm_steps(client, space, ingest) -> None:  # type: ignore[no-untyped-def]
    ingest([{"id": "a1", "speaker": "carol", "text": "I moved to Berlin last month."},
            {"id": "a2", "speaker": "dan", "text": "Nice, congrats Carol!"}])
    q = """query($s: String!, $llm: Boolean) { ask(space: $s, question: "Where does Carol live?",
        options: {llm: $llm}) { text trace { layer tool details } timings { stage ms } } }"""
    plain = client.data(q, {"s": space, "llm": False})["ask"]
    assert not [t for t in plain["trace"] if t["layer"] == "llm"]
    ans = client.data(q, {"s": space, "llm": True})["ask"]
    steps = {t["tool"]: t["details"] for t in ans["trace"] if t["layer"] == "llm"}
    assert set(steps) == {"planner", "answer"}
    for d in steps.values():  # used, or the reason it was not (no LLM configured, timeout, bad JSON...)
        assert isinstance(d["ok"], bool) and d["why"]
        assert d["ok"] or d.get("error")
    assert "Berlin" in ans["text"]


def test_ask_with_the_llm_policy_reports_its_decisions_or_why_not(client, space, ingest) -> None:  # type: ignore[no-untyped-def]
    import os

    ingest([{"id": "b1", "speaker": "carol", "text": "I moved to Berlin last month."}])
    q = """query($s: String!) { ask(space: $s, question: "Where does Carol live?",
        options: {strategy: AGENTIC, llmPolicy: true}) { text trace { layer tool details } } }"""
    body = client.post(q, {"s": space})
    if not os.environ.get("POLYMEM_LLM_BASE_URL"):  # the server has no LLM: a typed error that says so
        assert body["errors"][0]["extensions"]["code"] == "BAD_INPUT", body
        assert "policy 'llm' needs an LLM" in body["errors"][0]["message"]
        return
    steps = [t for t in body["data"]["ask"]["trace"] if t["layer"] == "policy"]
    assert steps and all(t["tool"] == "llm-api" and isinstance(t["details"]["ok"], bool) for t in steps)
