"""The agentic loop: stops when sufficient, runs at most max_rounds, fuses and de-duplicates."""

from __future__ import annotations

from chat_fixture import ingest_chat

from polymem.retrieval import AskOptions, ask
from polymem.retrieval.fusion import dedup, rrf


def test_rrf_fuses_and_dedups() -> None:
    fused = rrf([[("a", 9.0), ("b", 5.0)], [("b", 0.9), ("c", 0.8)]])
    assert [d for d, _ in fused] == ["b", "a", "c"]  # b is in both lists
    assert dedup(["a", "b", "a", "", "c", "b"]) == ["a", "b", "c"]


def test_stops_after_one_round_when_sufficient(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    a = ask(graph, space, "Who asked Tobi to buy the balloons?", embedder=embedder)
    rounds = {t["round"] for t in a.trace if t["layer"] != "answer"}
    assert rounds == {1}
    assert a.trace[-1]["sufficient"] is True
    assert len(a.ranked_message_ids) == len(set(a.ranked_message_ids))


def test_keeps_searching_when_insufficient_and_stops_at_max_rounds(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    a = ask(graph, space, "Who brought the telescope to the picnic?", embedder=embedder)
    rounds = sorted({t["round"] for t in a.trace if t["layer"] != "answer"})
    assert rounds == [1, 2, 3]  # never sufficient: every round used, no more
    assert a.trace[-1]["sufficient"] is False and a.abstained
    asks = [t for t in a.trace if t.get("why") == "ASK rewrite"]
    assert asks and all("query" in t and "filters" in t for t in asks)
    assert len(a.ranked_message_ids) == len(set(a.ranked_message_ids))
    two = ask(graph, space, "Who brought the telescope to the picnic?", embedder=embedder,
              options=AskOptions(max_rounds=2))
    assert sorted({t["round"] for t in two.trace if t["layer"] != "answer"}) == [1, 2]
    one = ask(graph, space, "Who brought the telescope to the picnic?", embedder=embedder,
              options=AskOptions(strategy="system1", ask_round=False))
    assert {t["round"] for t in one.trace if t["layer"] != "answer"} == {1}


def test_trace_records_new_hits_per_action(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    a = ask(graph, space, "Who brought the telescope to the picnic?", embedder=embedder)
    acts = [t for t in a.trace if t["layer"] == "messages"]
    assert all(t["new_hits"] <= t["hits"] for t in acts)
    assert any(t["tool"] == "bm25" for t in acts) and any(t["tool"] == "vector" for t in acts)
