"""The LLM planner and cited answers through a scripted client on a real graph: a valid plan is
used; an unknown intent, garbage JSON or a timeout falls back to the rules with the reason in the
trace and the failure counted in the timings; an answer citing an id outside the evidence loses
that claim. One test talks to a real OpenAI client whose server never answers (a real timeout)."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator

import pytest
from chat_fixture import ingest_chat

from polymem.config import LLMSettings
from polymem.llm import LLMError, ScriptedClient
from polymem.llm.openai_client import OpenAIClient
from polymem.retrieval import AskOptions, ask, plan

LLM = AskOptions(llm=True)
Q = "Where does Mara live now?"
GOOD_PLAN = {"rows": ["mara"], "issue": ["live"], "mode": "head",
             "scope": {"source": "", "owner": "mara", "speaker": "", "addressee": ""},
             "intent": "state", "attribute": "city"}


@pytest.fixture
def chat(graph, space, embedder) -> str:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder)
    return space


def step(a, tool: str) -> dict:  # type: ignore[no-untyped-def]
    return next(t for t in a.trace if t.get("layer") == "llm" and t.get("tool") == tool)


def evidence_ids(a) -> set[str]:  # type: ignore[no-untyped-def]
    return {it.id for r in a.rows for it in r.current + r.past}


def test_valid_plan_and_cited_answer_are_used(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    def answer(messages: list[dict[str, str]]) -> str:
        # cite the first evidence line the request carries, as a model would
        first = messages[-1]["content"].split("[", 1)[1].split("]", 1)[0]
        return json.dumps({"claims": [{"text": "Madrid", "cites": [first]}]})

    fake = ScriptedClient([GOOD_PLAN, answer])
    a = ask(graph, chat, Q, options=LLM, embedder=embedder, llm_client=fake)
    assert a.plan.compiler == "llm" and a.plan.intent == "state" and a.plan.scope.owner == "mara"
    assert step(a, "planner")["ok"] and step(a, "answer")["ok"]
    assert a.text == "Madrid" and a.cited and set(a.cited) <= evidence_ids(a)
    assert a.timings_ms["llm_calls"] == 2 and a.timings_ms["llm_failures"] == 0
    # The planner's request was schema-bound with the roster's ids only.
    rows_enum = fake.requests[0]["schema"]["properties"]["rows"]["items"]["enum"]
    assert "mara" in rows_enum and "zed" not in rows_enum


def test_unknown_intent_falls_back_to_rule_plan_with_reason(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    bad = {**GOOD_PLAN, "intent": "horoscope"}
    fake = ScriptedClient([bad, bad])  # the reply and its corrective retry
    p = plan(graph, chat, Q, llm=True, llm_client=fake)
    assert p.compiler == "rules" and any("unknown intent 'horoscope'" in n for n in p.notes)
    assert fake.stats.failures["schema"] == 1


def test_garbage_json_falls_back_and_is_counted(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    fake = ScriptedClient(["I think Mara lives somewhere", "still not json", "nope", "nope"])
    a = ask(graph, chat, Q, options=LLM, embedder=embedder, llm_client=fake)
    assert a.plan.compiler == "rules"
    pl, an = step(a, "planner"), step(a, "answer")
    assert not pl["ok"] and pl["error"] == "json" and "rule plan used" in pl["why"]
    assert not an["ok"] and an["error"] == "json" and "extractive answer kept" in an["why"]
    assert "Madrid" in a.text  # the extractive answer survives
    assert a.timings_ms["llm_failures"] == 2 and a.timings_ms["llm_calls"] == 4


def test_scripted_timeout_falls_back_and_is_counted(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    fake = ScriptedClient([LLMError("timeout", "no reply within 1 s"), LLMError("timeout", "no reply within 1 s")])
    a = ask(graph, chat, Q, options=LLM, embedder=embedder, llm_client=fake)
    assert step(a, "planner")["error"] == "timeout" and step(a, "answer")["error"] == "timeout"
    assert a.timings_ms["llm_failures"] == 2 and "Madrid" in a.text


def test_answer_citing_id_outside_evidence_is_dropped(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    claims = {"claims": [{"text": "Tokyo", "cites": ["c999"]}]}
    fake = ScriptedClient([GOOD_PLAN, claims])
    a = ask(graph, chat, Q, options=LLM, embedder=embedder, llm_client=fake)
    an = step(a, "answer")
    assert "Tokyo" not in a.text and "Madrid" in a.text
    assert not an["ok"] and an["bad_cites"] == ["c999"] and an["dropped_claims"][0]["text"] == "Tokyo"


def test_one_bad_citation_drops_only_that_claim(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    def answer(messages: list[dict[str, str]]) -> str:
        first = messages[-1]["content"].split("[", 1)[1].split("]", 1)[0]
        return json.dumps({"claims": [{"text": "Madrid", "cites": [first, "c999"]},
                                      {"text": "Tokyo", "cites": ["zz"]}]})

    a = ask(graph, chat, Q, options=LLM, embedder=embedder, llm_client=ScriptedClient([GOOD_PLAN, answer]))
    an = step(a, "answer")
    assert a.text == "Madrid" and an["ok"] and "c999" not in a.cited and sorted(an["bad_cites"]) == ["c999", "zz"]
    assert [c["text"] for c in an["dropped_claims"]] == ["Tokyo"]


def test_no_llm_configured_is_said_in_the_trace(graph, chat, embedder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("POLYMEM_LLM_BASE_URL", raising=False)
    a = ask(graph, chat, Q, options=LLM, embedder=embedder)
    assert step(a, "planner")["error"] == "not_configured" and step(a, "answer")["error"] == "not_configured"
    assert "Madrid" in a.text


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A TCP server that accepts and never replies: the OpenAI client's real timeout path."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        srv.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(srv.accept()[0])
            except OSError:
                continue

    t = threading.Thread(target=accept, daemon=True)
    t.start()
    yield srv.getsockname()[1]
    stop.set()
    t.join()
    for c in held:
        c.close()
    srv.close()


def test_real_client_timeout_is_retried_counted_and_falls_back(graph, chat, embedder, silent_server) -> None:  # type: ignore[no-untyped-def]
    client = OpenAIClient(LLMSettings(base_url=f"http://127.0.0.1:{silent_server}/v1", model="m",
                                      timeout_s=0.5, max_retries=1))
    a = ask(graph, chat, Q, options=LLM, embedder=embedder, llm_client=client)
    assert step(a, "planner")["error"] == "timeout" and step(a, "answer")["error"] == "timeout"
    # two requests (one retry) per stage, each given up on once
    assert client.stats.calls == 4 and client.stats.failures["timeout"] == 2
    assert a.timings_ms["llm_failures"] == 2 and "Madrid" in a.text


def test_evidence_lines_name_people_as_people_do() -> None:
    from polymem.retrieval.answer import EvidenceItem, EvidenceRow
    from polymem.retrieval.llm import evidence_lines

    rows = [EvidenceRow(kind="GROUP", id="GROUP", current=[
        EvidenceItem(kind="record", id="r1", text="The group decided: the lake house", owner="GROUP", source="p1"),
        EvidenceItem(kind="message", id="m1", text="booked it", speaker="p1", addressees=["p2"])])]
    names = {"p1": "Wilhelmina Ashdown", "p2": "Koffi Mensah"}.get
    lines = dict(evidence_lines(rows, name=names))
    assert lines["r1"] == "record about the group, told by Wilhelmina Ashdown, current: The group decided: the lake house"
    assert lines["m1"] == "Wilhelmina Ashdown -> Koffi Mensah: booked it"
    assert "p1" in dict(evidence_lines(rows))["m1"]  # without a roster the ids stay


def test_evidence_lines_ranked_messages_first_then_rows_with_dates_as_people_write_them() -> None:
    from datetime import UTC, datetime

    from polymem.retrieval.answer import EvidenceItem, EvidenceRow
    from polymem.retrieval.llm import evidence_lines

    t = datetime(2031, 3, 4, 15, 20, tzinfo=UTC)
    recs = [EvidenceItem(kind="record", id=f"r{i}", text=f"fact {i}", owner="p1", source="p1", time=t) for i in range(5)]
    old = [EvidenceItem(kind="record", id=f"o{i}", text=f"old {i}", owner="p1", source="p1") for i in range(3)]
    msgs = [EvidenceItem(kind="message", id=f"m{i}", text=f"said {i}", speaker="p2", time=t) for i in range(15)]
    rows = [EvidenceRow(kind="PERSON", id="p1", current=recs, past=old),
            EvidenceRow(kind="MESSAGES", current=[recs[0].model_copy(update={"kind": "message"}), *msgs])]
    got = evidence_lines(rows, messages=4, records=4)
    # the ranked head first; then three current and two past records per row are offered, at most four
    # kept, none shown twice
    assert [i for i, _ in got] == ["r0", "m0", "m1", "m2", "r1", "r2", "o0", "o1"]
    assert got[1][1] == "(4 March 2031) p2: said 0"
    assert got[4][1] == "(4 March 2031) record about p1, told by p1, current: fact 1"
    assert got[6][1] == "record about p1, told by p1, past: old 0"


def test_messages_row_follows_the_ranked_list(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    # The state answer's provenance goes first in the ranking, ahead of the raw search order; the
    # messages row a reader takes its head from must show the same order
    a = ask(graph, chat, Q, embedder=embedder)
    shown = [it.id for r in a.rows if r.kind == "MESSAGES" for it in r.current]
    assert len(shown) >= 3
    assert shown == [m for m in a.ranked_message_ids if m in set(shown)][:len(shown)]
    assert shown[0] == a.ranked_message_ids[0]


def test_model_reads_short_labels_and_cites_map_back_to_the_real_ids() -> None:
    from polymem.retrieval.llm import answer_from

    ev = [("r5f0c2a9d17be44e0a9c1", "record about p1, told by p1, current: p1 lives in Quito"),
          ("m-2041", "p1: we landed in Quito yesterday")]
    fake = ScriptedClient([{"claims": [{"text": "Quito", "cites": ["e1", "e2"]}]}])
    got = answer_from(fake, "Where does p1 live?", ev)
    assert got.cited == ["r5f0c2a9d17be44e0a9c1", "m-2041"] and got.claims[0]["cites"] == got.cited
    req = fake.requests[0]
    assert "[e1] record about p1" in req["messages"][-1]["content"]
    assert "r5f0c2a9d17be44e0a9c1" not in req["messages"][-1]["content"]
    assert req["schema"]["properties"]["claims"]["items"]["properties"]["cites"]["items"]["enum"] == ["e1", "e2"]
    # a real id cited as such is not a label the model was shown: the claim is dropped
    fake = ScriptedClient([{"claims": [{"text": "Quito", "cites": ["m-2041"]}]}])
    got = answer_from(fake, "Where does p1 live?", ev)
    assert not got.claims and got.bad_cites == ["m-2041"]
