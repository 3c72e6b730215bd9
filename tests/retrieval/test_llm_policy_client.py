"""The agentic rounds chosen by a served LLM (`policy="llm"`) through a scripted client on a real graph: the
model sees only the allowed actions, its choice is run and traced, its calls and failures are counted in the
timings, and a reply that names no allowed action stops the rounds with the reason in the trace."""

from __future__ import annotations

import json
import re

import pytest
from chat_fixture import ingest_chat

from polymem.errors import InputError
from polymem.llm import ScriptedClient
from polymem.retrieval import AskOptions, ask
from polymem.retrieval.policy.prompt import DESCRIBE

Q = "Where does Mara live now?"
POLICY = AskOptions(strategy="agentic", policy="llm")


@pytest.fixture
def chat(graph, space, embedder) -> str:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder)
    return space


def offered(messages: list[dict[str, str]]) -> dict[str, str]:
    """letter -> action description, as the request lists them"""
    return dict(re.findall(r"^([A-P])\. (.+)$", messages[-1]["content"], re.M))


def steps(a) -> list[dict]:  # type: ignore[no-untyped-def]
    return [t for t in a.trace if t.get("layer") == "policy"]


def test_the_models_choice_is_run_traced_and_counted(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    def search_semantic_then_stop(messages: list[dict[str, str]]) -> str:
        opts = offered(messages)
        want = DESCRIBE["vector_question_wide"] if len(steps_seen) == 0 else DESCRIBE["stop"]
        steps_seen.append(want)
        return json.dumps({"action": next(k for k, v in opts.items() if v == want)})

    steps_seen: list[str] = []
    fake = ScriptedClient([search_semantic_then_stop, search_semantic_then_stop])
    a = ask(graph, chat, Q, options=POLICY, embedder=embedder, llm_client=fake)
    got = steps(a)
    assert [s["choice"] for s in got] == ["vector_question_wide", "stop"] and all(s["ok"] for s in got)
    assert got[0]["tool"] == "llm-api" and got[0]["calls"] == 1
    # the extra round ran: a search step of the semantic kind on the whole question after round 1
    assert any(t.get("round") == 2 and t.get("layer") != "policy" for t in a.trace), a.trace
    assert a.timings_ms["llm_calls"] == 2 and a.timings_ms["llm_failures"] == 0
    # only the allowed letters are in the reply's schema
    enum = fake.requests[0]["schema"]["properties"]["action"]["enum"]
    assert sorted(enum) == sorted(offered(fake.requests[0]["messages"]))
    assert "Madrid" in a.text


def test_a_reply_naming_no_allowed_action_stops_the_rounds_visibly(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    fake = ScriptedClient([{"action": "Z"}, {"action": "ZZ"}])  # asked again once, then given up
    a = ask(graph, chat, Q, options=POLICY, embedder=embedder, llm_client=fake)
    (only,) = steps(a)
    assert only["choice"] == "stop" and not only["ok"] and only["error"] == "schema" and only["calls"] == 2
    assert "not one of the allowed letters" in only["why"]
    assert a.timings_ms["llm_failures"] == 1 and "Madrid" in a.text  # round 1's evidence still answers


def test_policy_llm_without_an_llm_is_a_clear_error(graph, chat, embedder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("POLYMEM_LLM_BASE_URL", raising=False)
    with pytest.raises(InputError, match="policy 'llm' needs an LLM"):
        ask(graph, chat, Q, options=POLICY, embedder=embedder)
