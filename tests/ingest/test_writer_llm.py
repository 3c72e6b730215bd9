"""The LLM Writer: end to end against the local llama.cpp server (marked llm; the fixture starts
it with scripts/llm), plus failure handling that needs no model (bad JSON, endpoint down)."""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from polymem.config import LLMSettings
from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.ingest.writer.llm import LLMWriter, parse_operations
from polymem.schema.models import Conversation, Message, Participant

REPO = Path(__file__).resolve().parents[2]
ROSTER = [Participant(id="ali", name="Alice Moreau", aliases=["Alice"]),
          Participant(id="bob", name="Bob Stone", aliases=["Bob"])]
CHAT = [("m1", "ali", "I moved to Lisbon last month."), ("m2", "bob", "Nice! I work as a baker at Crumb Co.")]


def ingest(graph: Graph, space: str) -> None:
    msgs = [Message(id=i, speaker=s, text=t, time=datetime(2026, 5, 1, 9, n), seq=n) for n, (i, s, t) in enumerate(CHAT)]
    Ingestor(graph, None).ingest(space, Conversation.model_construct(
        id="c", roster=ROSTER, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))


@pytest.fixture(scope="session")
def llm_settings() -> Iterator[LLMSettings]:
    llm = str(REPO / "scripts" / "llm")
    was_running = subprocess.run([llm, "status"], capture_output=True).returncode == 0
    out = subprocess.run([str(REPO / "scripts" / "llm"), "start"], capture_output=True, text=True, timeout=1800)
    if out.returncode != 0:
        pytest.fail(f"scripts/llm start failed:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")
    env = dict(line.removeprefix("export ").split("=", 1) for line in out.stdout.splitlines()
               if line.startswith("export POLYMEM_LLM_"))
    yield LLMSettings(base_url=env["POLYMEM_LLM_BASE_URL"], model=env["POLYMEM_LLM_MODEL"],
                      timeout_s=float(os.environ.get("POLYMEM_LLM_TIMEOUT_S", "600")))
    if not was_running:  # leave the machine as we found it
        subprocess.run([llm, "stop"], capture_output=True)


@pytest.mark.llm
def test_llm_writer_end_to_end(graph: Graph, space: str, llm_settings: LLMSettings) -> None:
    ingest(graph, space)
    writer = LLMWriter(llm_settings, max_tokens=400)
    rep = write_space(graph, space, writer, None, window=10)
    # One window, one structured call (the schema-constrained reply always parses).
    assert rep.windows == 1 and rep.windows_failed == 0 and rep.aborted is None, rep.summary()
    assert 1 <= rep.llm_calls <= 3
    # Whatever the small model proposed was either validated and stored, or rejected with a reason.
    stored = RecordRepository(graph).records(space)
    assert len(stored) == rep.ops["add"] + rep.ops["update"]
    for r in stored:
        assert r.owner in {"ali", "bob", "GROUP"} and r.source in {"ali", "bob", "GROUP"}
        assert r.from_ids and set(r.from_ids) <= {"m1", "m2"} and r.content.strip()
        assert r.writer == "llm"
    # Re-running over the same messages costs no LLM call.
    again = LLMWriter(llm_settings)
    assert write_space(graph, space, again, None).messages == 0 and again.llm_calls == 0


def test_parse_operations_rejects_non_json() -> None:
    assert parse_operations('```json\n{"operations": [{"op": "noop"}]}\n```') == [{"op": "noop"}]
    assert parse_operations('[{"op": "noop"}]') == [{"op": "noop"}]
    for bad in ("Sure! Here are the operations:", '{"ops": []}', "", "42"):
        with pytest.raises(ValueError):
            parse_operations(bad)


def test_endpoint_down_is_a_clear_error_and_resumable(graph: Graph, space: str) -> None:
    ingest(graph, space)
    with socket.socket() as s:  # a port with nothing listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    writer = LLMWriter(LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", model="m", timeout_s=5))
    rep = write_space(graph, space, writer, None)
    assert rep.aborted and "unreachable" in rep.aborted and rep.windows == 0
    # System 1 untouched, nothing flagged: the rules writer and a later LLM run still see both messages.
    assert graph.read("MATCH (m:Message {space: $s}) WHERE m.writer_done IS NULL RETURN count(m) AS n",
                      s=space)[0]["n"] == 2
    assert write_space(graph, space, None, None).messages == 2
