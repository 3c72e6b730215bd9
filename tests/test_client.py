"""The Python client against the real Neo4j and embedding model, as the README shows it."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from polymem import Memory
from polymem.errors import InputError, UnknownNameError
from polymem.graph import Graph
from polymem.graph.spaces import SpaceRepository
from polymem.retrieval import Answer, Plan

DATA = Path(__file__).resolve().parent / "data"
ROSTER = [{"id": "ines", "name": "Ines Varga", "aliases": ["Ines"]},
          {"id": "paulo", "name": "Paulo Reyes", "aliases": ["Paulo"]},
          {"id": "kit", "name": "Kit Moreno", "aliases": ["Kit"]}]
CHAT = [
    {"id": "c1", "speaker": "ines", "text": "Paulo, I finally moved to Lisbon last week!",
     "time": "2026-04-01T09:00:00", "addressees": ["paulo"]},
    {"id": "c2", "speaker": "paulo", "text": "Congrats Ines! Kit, are you still working as a carpenter?",
     "time": "2026-04-01T09:02:00", "addressees": ["ines", "kit"]},
    {"id": "c3", "speaker": "kit", "text": "Yes, I build boats now, mostly small dinghies.",
     "time": "2026-04-01T09:05:00"},
]


@pytest.fixture
def mem(graph: Graph) -> Iterator[Memory]:
    name = f"test-{uuid.uuid4().hex[:12]}"
    with Memory(space=name) as m:
        yield m
    from polymem.graph.messages import MessageRepository

    MessageRepository(graph).drop_space(name)


def test_add_write_search_ask_plan_forget(mem: Memory, graph: Graph) -> None:
    rep = mem.add(CHAT, roster=ROSTER)
    assert (rep.written, rep.already_stored, rep.errors) == (3, 0, [])
    assert mem.add(CHAT[:1]).already_stored == 1  # idempotent
    assert (mem.stats().messages, mem.stats().participants) == (3, 3)

    wrote = mem.write()
    assert wrote.messages == 3 and sum(wrote.ops.values()) > 0

    hits = mem.search("Lisbon")
    assert hits and {h.kind for h in hits} <= {"message", "record"}
    msg = next(h for h in hits if h.kind == "message")
    assert (msg.id, msg.speaker) == ("c1", "ines")
    assert [h.id for h in mem.search("dinghies", kinds=("message",), speaker="Kit")] == ["c3"]

    ans = mem.ask("Where do I live now?", asker="Ines")  # a name, resolved to the id
    assert isinstance(ans, Answer) and "Lisbon" in ans.text
    assert ans.plan.asker == "ines" and "load" in ans.timings_ms
    items = [i for row in ans.rows for i in row.current + row.past]
    assert any(i.speaker == "ines" and "Lisbon" in i.text for i in items)

    p = mem.plan("What does Kit do for work?")
    assert isinstance(p, Plan) and [r.id for r in p.rows] == ["kit"] and p.cypher

    gone = mem.forget("kit")
    assert gone.participant_removed and gone.messages_removed == ["c3"]
    assert mem.search("dinghies", kinds=("message",)) == []


def test_bad_messages_store_nothing_and_name_each_problem(mem: Memory, graph: Graph) -> None:
    bad = [CHAT[0], {"id": "x1", "text": "no speaker"}, {"id": "x2", "speaker": "ines", "text": "hi", "colour": 3}]
    with pytest.raises(InputError) as e:
        mem.add(bad)
    assert "messages:2: missing speaker" in str(e.value) and "messages:3: unknown field(s) colour" in str(e.value)
    assert not SpaceRepository(graph).exists(mem.space)  # not even the valid first one, and no empty space


def test_unknown_space_and_participant_name_the_closest(mem: Memory) -> None:
    mem.add(CHAT, roster=ROSTER)
    with Memory(space=mem.space[:-1]) as typo, pytest.raises(UnknownNameError) as e:
        typo.ask("Where does Ines live?")
    assert mem.space in e.value.suggestions
    with pytest.raises(UnknownNameError) as e:
        mem.ask("Where do I live?", asker="inez")
    assert e.value.suggestions == ["ines"]
    with pytest.raises(InputError):
        mem.ask("Where do I live?", strategy="psychic")


def test_ingest_a_file_as_the_cli_does(mem: Memory) -> None:
    reports = mem.ingest(DATA / "rowing_club.jsonl", format="jsonl")
    assert [(r.space, r.written) for r in reports] == [(mem.space, 7)]
    with pytest.raises(InputError):
        mem.ingest(DATA / "no-such-file.jsonl")


def test_the_readme_example_runs_as_written(graph: Graph, capsys: pytest.CaptureFixture[str]) -> None:
    import re

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    code = re.search(r"## Python client\n\n```python\n(.*?)```", readme, re.S).group(1)
    name = f"test-{uuid.uuid4().hex[:12]}"
    assert 'space="book-club"' in code
    try:
        exec(compile(code.replace('space="book-club"', f'space="{name}"'), "README.md", "exec"), {})
    finally:
        from polymem.graph.messages import MessageRepository

        MessageRepository(graph).drop_space(name)
    assert capsys.readouterr().out.splitlines()[0] == "Lisbon"
