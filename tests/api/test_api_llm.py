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
