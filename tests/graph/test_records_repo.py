"""RecordRepository + the Writer run loop against the real Neo4j: Add/Update/Noop, chains,
head/full reads, validation failures and idempotence. Operations come from a scripted Writer
(a real Writer implementation that emits given operations when given messages are in its window)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from polymem.graph import Graph
from polymem.graph.driver import space_key
from polymem.graph.records import RecordRepository
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.ingest.writer.window import Window
from polymem.schema.models import Conversation, Message, Participant
from polymem.schema.records import AddOp, add_id

ROSTER = [Participant(id="ali", name="Alice Moreau", aliases=["Alice"]),
          Participant(id="bob", name="Bob Stone", aliases=["Bob"])]
TEXTS = [("m1", "ali", "I live in Porto."), ("m2", "bob", "nice"), ("m3", "bob", "Alice moved to Krakow!"),
         ("m4", "ali", "yes, Krakow now")]


def ingest(graph: Graph, space: str, rows=TEXTS, embedder=None) -> None:
    msgs = [Message(id=i, speaker=s, text=t, time=datetime(2026, 5, 1, 10, n), seq=n)
            for n, (i, s, t) in enumerate(rows)]
    conv = Conversation.model_construct(id="c", roster=ROSTER, channels=[], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)


class Scripted:
    """Emits `script[message_id]` when that message is among the window's new messages."""

    name = "scripted"

    def __init__(self, script: dict[str, list[Any]]) -> None:
        self.script = script
        self.llm_calls = 0
        self.llm_failures = 0
        self.windows: list[Window] = []

    def propose(self, window: Window) -> list[Any]:
        self.windows.append(window)
        return [op for m in window.messages for op in self.script.get(m.id, [])]


def porto(space: str) -> tuple[AddOp, str]:
    op = AddOp(layer="Core", owner="ali", source="ali", event="city", attribute="city", value="Porto",
               content="Alice lives in Porto.", from_ids=["m1"])
    return op, add_id(space, op)


def test_add_update_chain_head_and_full(graph: Graph, space: str, embedder) -> None:
    ingest(graph, space, embedder=embedder)
    add, rid = porto(space)
    upd = {"op": "update", "entry_id": rid, "content": "Alice lives in Krakow.", "value": "Krakow",
           "from_ids": ["m3"], "source": "bob"}
    rep = write_space(graph, space, Scripted({"m1": [add], "m3": [upd]}), embedder, window=2)
    assert rep.ops["add"] == 1 and rep.ops["update"] == 1 and not rep.rejected
    repo = RecordRepository(graph)
    heads = repo.heads(space, owners=["ali"])
    assert [h.value for h in heads] == ["Krakow"]
    head = heads[0]
    assert head.version == 2 and head.layer == "Core" and head.scope == "PERSON" and head.owner == "ali"
    assert head.source == "bob" and head.from_ids == ["m3"]
    full = repo.records(space, owner="ali", event="city")
    assert [(r.value, r.state) for r in full] == [("Porto", "superseded"), ("Krakow", "current")]
    assert full[0].superseded_by == head.id
    chain = repo.chain(space, rid)
    assert [c["value"] for c in chain] == ["Porto", "Krakow"] and [c["position"] for c in chain] == [0, 1]
    assert chain[0]["messages"][0]["text"] == "I live in Porto." and chain[1]["messages"][0]["speaker"] == "bob"
    assert chain[1]["time"].startswith("2026-05-01T10:02")
    assert [c["id"] for c in repo.chain(space, head.id)] == [rid, head.id]  # same chain from either end
    edges = graph.read(
        "MATCH (o:Record:Core {space: $s, id: $id})-[:SUPERSEDED_BY]->(n:Record:Core) "
        "MATCH (n)-[:OWNER]->(p:Participant {id: 'ali'}) MATCH (n)-[:SOURCE]->(b:Participant {id: 'bob'}) "
        "MATCH (n)-[:DERIVED_FROM]->(m:Message {id: 'm3'}) RETURN n.space_key AS k, size(n.embedding) AS d",
        s=space, id=rid)
    assert edges == [{"k": space_key(space), "d": 384}]
    # Both search indexes see the record, scoped by space.
    ft = graph.read("CALL db.index.fulltext.queryNodes('record_text', $q) YIELD node RETURN node.id AS id",
                    q=f"Krakow AND space_key:{space_key(space)}")
    assert [r["id"] for r in ft] == [head.id]
    vec = embedder.embed(["Where does Alice live now?"])[0].tolist()
    vn = graph.read("CALL db.index.vector.queryNodes('record_embedding', 50, $v) YIELD node "
                    "WHERE node.space = $s RETURN node.id AS id", v=vec, s=space)
    assert {r["id"] for r in vn} == {rid, head.id}


def test_group_record_owner_and_noop(graph: Graph, space: str) -> None:
    ingest(graph, space)
    op = {"op": "add", "layer": "Interaction", "owner": "GROUP", "source": "bob", "event": "venue",
          "attribute": "decision:venue", "value": "the boathouse", "content": "The group picked the boathouse.",
          "from_ids": ["m2"], "involves": ["Alice"]}
    rep = write_space(graph, space, Scripted({"m2": [op, {"op": "noop", "reason": "chatter"}]}), window=4)
    assert rep.ops["add"] == 1 and rep.ops["noop"] == 1
    rows = graph.read("MATCH (r:Record:Interaction {space: $s})-[:OWNER]->(g:Group {id: 'GROUP'}) "
                      "MATCH (r)-[:INVOLVES]->(p:Participant) RETURN r.scope AS scope, p.id AS p", s=space)
    assert rows == [{"scope": "GROUP", "p": "ali"}]  # "Alice" resolved to the participant id


def test_validation_rejects_bad_ops_and_keeps_good_ones(graph: Graph, space: str) -> None:
    ingest(graph, space)
    add, rid = porto(space)
    good = AddOp(layer="Profile", owner="bob", source="ali", event="opinion", attribute="opinion",
                 content="Alice thinks Bob is kind.", from_ids=["m4"])
    bad = [
        {"op": "add", "layer": "Core", "owner": "zed", "source": "ali", "event": "x", "content": "c", "from_ids": ["m4"]},
        {"op": "add", "layer": "Core", "owner": "ali", "source": "nobody", "event": "x", "content": "c",
         "from_ids": ["m4"]},
        {"op": "add", "layer": "Core", "owner": "ali", "source": "ali", "event": "x", "content": "c",
         "from_ids": ["m4", "m999"]},  # m999 is not in this window (nor its context)
        {"op": "add", "layer": "Core", "owner": "ali", "source": "ali", "event": "x", "content": "c",
         "from_ids": ["m1"]},  # m1 is only earlier context: nothing new supports it
        {"op": "add", "layer": "Core", "owner": "ali", "source": "ali", "event": "x", "content": "  ",
         "from_ids": ["m4"]},
        {"op": "add", "layer": "Core", "owner": "GROUP", "source": "ali", "event": "x", "content": "c",
         "from_ids": ["m4"]},
        {"op": "add", "layer": "Legend", "owner": "ali", "source": "ali", "event": "x", "content": "c",
         "from_ids": ["m4"]},
        {"op": "update", "entry_id": "r-does-not-exist", "content": "c", "from_ids": ["m4"]},
        "this is not JSON at all",
    ]
    rep = write_space(graph, space, Scripted({"m1": [add], "m4": bad + [good]}), window=1)
    assert rep.ops["add"] == 2
    assert rep.rejected == {
        "unknown owner": 1, "unknown source": 1, "from_ids outside the window": 1,
        "from_ids cite only earlier context, no new message": 1, "empty content": 1,
        "layer not valid for scope": 1, "schema": 1, "update of unknown record": 1, "not an object": 1,
    }
    stored = RecordRepository(graph).records(space)
    assert sorted(r.content for r in stored) == ["Alice lives in Porto.", "Alice thinks Bob is kind."]
    assert rid in {r.id for r in stored}


def test_update_of_superseded_record_is_rejected(graph: Graph, space: str) -> None:
    ingest(graph, space)
    add, rid = porto(space)
    first = {"op": "update", "entry_id": rid, "content": "Alice lives in Krakow.", "value": "Krakow",
             "from_ids": ["m3"]}
    again = {"op": "update", "entry_id": rid, "content": "Alice lives in Lisbon.", "value": "Lisbon",
             "from_ids": ["m4"]}
    wrong_owner = {"op": "update", "entry_id": rid, "owner": "bob", "content": "x", "from_ids": ["m3"]}
    rep = write_space(graph, space, Scripted({"m1": [add], "m3": [wrong_owner, first], "m4": [again]}), window=1)
    assert rep.ops["update"] == 1
    assert rep.rejected["update of a superseded record (not a head)"] == 1
    assert rep.rejected["update names another owner than the head's"] == 1
    assert [r.value for r in RecordRepository(graph).heads(space, owners=["ali"])] == ["Krakow"]


def test_rerun_is_a_noop(graph: Graph, space: str) -> None:
    ingest(graph, space)
    add, rid = porto(space)
    script = {"m1": [add], "m3": [{"op": "update", "entry_id": rid, "content": "Alice lives in Krakow.",
                                   "from_ids": ["m3"]}]}
    write_space(graph, space, Scripted(script), window=2)
    repo = RecordRepository(graph)
    before = sorted((r.id, r.state) for r in repo.records(space))
    again = write_space(graph, space, Scripted(script), window=2)
    assert again.windows == 0 and again.messages == 0
    # Even with the processed flags cleared, deterministic ids make the same ops no-ops.
    graph.write("MATCH (m:Message {space: $s}) REMOVE m.writer_done", s=space)
    third = write_space(graph, space, Scripted(script), window=2)
    assert third.ops["add"] == 0 and third.ops["update"] == 0 and third.ops["already"] == 2
    assert sorted((r.id, r.state) for r in repo.records(space)) == before
    # New messages later: only they are processed.
    ingest(graph, space, rows=TEXTS + [("m5", "bob", "welcome back")])
    w = Scripted({})
    assert write_space(graph, space, w, window=10).messages == 1
    assert [m.id for m in w.windows[0].messages] == ["m5"] and w.windows[0].context[-1].id == "m4"
