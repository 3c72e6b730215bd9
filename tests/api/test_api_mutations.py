"""Mutations over real HTTP: all-or-nothing ingestion, concurrency, identity edits, Writer, corrections."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from apitest_helpers import INGEST, ROSTER, Client, conversation

from polymem.graph.records import RecordRepository
from polymem.schema.records import AddOp, UpdateOp


def test_ingest_is_all_or_nothing(client, space, ingest, graph) -> None:
    msgs = conversation(5)
    bad = [*msgs, {"id": "bad1", "speaker": "bob", "text": "   "}, {"id": "m001", "speaker": "bob", "text": "other"}]
    res = ingest(bad)["data"]["ingestMessages"]
    assert res["ok"] is False and res["written"] == 0
    assert {e["index"] for e in res["errors"]} == {5, 6}
    assert "empty" in res["errors"][0]["message"]
    assert graph.read("MATCH (m:Message {space: $s}) RETURN count(m) AS n", s=space)[0]["n"] == 0
    ok = ingest(msgs)["data"]["ingestMessages"]
    assert ok["ok"] and ok["written"] == 5
    again = ingest(msgs)["data"]["ingestMessages"]  # idempotent
    assert again["ok"] and again["written"] == 0 and again["alreadyStored"] == 5
    clash = ingest([{"id": "m000", "speaker": "alice", "text": "changed text"}])["data"]["ingestMessages"]
    assert not clash["ok"] and "already stored" in clash["errors"][0]["message"]
    stored = graph.read("MATCH (m:Message {space: $s, id: 'm000'}) RETURN m.text AS t", s=space)[0]["t"]
    assert stored == msgs[0]["text"]


def test_concurrent_ingestion_creates_no_duplicates(client, space, graph) -> None:
    msgs = conversation(30)
    # four clients send overlapping slices at the same time
    slices = [msgs[0:20], msgs[10:30], msgs[5:25], msgs]

    def send(batch: list[dict]) -> dict:
        c = Client(client.url, client.key)
        return c.data(INGEST, {"space": space, "messages": batch, "roster": ROSTER})["ingestMessages"]

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(send, slices))
    assert all(r["ok"] for r in results), results
    counts = graph.read("""
        MATCH (m:Message {space: $s})
        RETURN count(m) AS messages, count(DISTINCT m.id) AS ids,
               sum(COUNT { (m)<-[:SPEAKS]-() }) AS speaks, max(COUNT { (m)<-[:SPEAKS]-() }) AS max_speaks,
               max(COUNT { (m)-[:IN_CHANNEL]->() }) AS max_channel
        """, s=space)[0]
    assert counts == {"messages": 30, "ids": 30, "speaks": 30, "max_speaks": 1, "max_channel": 1}
    dup_edges = graph.read("""
        MATCH (m:Message {space: $s})-[r:ADDRESSES]->(p) WITH m, p, count(r) AS n WHERE n > 1 RETURN count(*) AS d
        """, s=space)[0]["d"]
    assert dup_edges == 0
    people = graph.read("MATCH (p:Participant {space: $s}) RETURN count(p) AS n", s=space)[0]["n"]
    assert people == 3


def test_alias_and_merge(client, space, ingest, graph) -> None:
    ingest(conversation(6) + [{"id": "d1", "speaker": "bobby", "text": "it is me, bob, on my phone"}],
           roster=[*ROSTER, {"id": "bobby"}])
    p = client.data("""mutation($s: String!) { addAlias(space: $s, participant: "carol", alias: "Caz") {
        id aliases } }""", {"s": space})["addAlias"]
    assert "Caz" in p["aliases"]
    assert client.error("""mutation($s: String!) { addAlias(space: $s, participant: "zed", alias: "Z") { id } }""",
                        {"s": space}) == "NOT_FOUND"
    m = client.data("""mutation($s: String!) { mergeParticipants(space: $s, keep: "bob", drop: "bobby") {
        messagesMoved participant { id aliases messages(first: 50) { edges { node { id } } } } } }""",
                    {"s": space})["mergeParticipants"]
    assert m["messagesMoved"] == 1 and "bobby" in m["participant"]["aliases"]
    assert "d1" in [e["node"]["id"] for e in m["participant"]["messages"]["edges"]]
    left = graph.read("""MATCH (p:Participant {space: $s, id: 'bobby'}) RETURN count(p) AS n""", s=space)[0]["n"]
    assert left == 0
    assert graph.read("MATCH (m:Message {space: $s, speaker: 'bobby'}) RETURN count(m) AS n", s=space)[0]["n"] == 0


def test_writer_record_and_correction(client, space, ingest, graph) -> None:
    ingest([{"id": "w1", "speaker": "carol", "text": "I moved to Lisbon last year and I love it",
             "time": "2026-01-01T10:00:00Z"},
            {"id": "w2", "speaker": "alice", "text": "Nice, Carol!", "time": "2026-01-01T10:01:00Z"}])
    rep = client.data("""mutation($s: String!) { runWriter(space: $s) {
        space writer messages ops { add update noop already } rejected { reason count } seconds summary } }""",
                      {"s": space})["runWriter"]
    assert rep["ops"]["add"] >= 1 and rep["space"] == space and rep["writer"] == "rules" and rep["messages"] == 2
    assert rep["summary"]["ops"]["add"] == rep["ops"]["add"]  # the deprecated JSON report, kept for old clients
    recs = client.data("""query($s: String!) { participant(space: $s, id: "carol") {
        records { id content owner state } } }""", {"s": space})["participant"]["records"]
    lisbon = [r for r in recs if "Lisbon" in r["content"]]
    assert lisbon and lisbon[0]["owner"] == "carol" and lisbon[0]["state"] == "current"
    rid = lisbon[0]["id"]
    fixed = client.data("""mutation($s: String!, $id: String!) {
        correctRecord(space: $s, id: $id, content: "Carol lives in Porto, not Lisbon", corrector: "alice") {
        id source state version chain { id state source } sourceMessages { id } } }""",
                        {"s": space, "id": rid})["correctRecord"]
    assert fixed["source"] == "alice" and fixed["state"] == "current" and fixed["version"] == 2
    assert [c["id"] for c in fixed["chain"]] == [rid, fixed["id"]]
    assert fixed["chain"][0]["state"] == "superseded"
    old = client.data("""query($s: String!, $id: String!) { record(space: $s, id: $id) {
        state content sourceMessages { id speakerId } chain { id } } }""", {"s": space, "id": rid})["record"]
    assert old["state"] == "superseded" and [m["id"] for m in old["sourceMessages"]] == ["w1"]
    assert len(old["chain"]) == 2
    again = client.error("""mutation($s: String!, $id: String!) {
        correctRecord(space: $s, id: $id, content: "x", corrector: "alice") { id } }""", {"s": space, "id": rid})
    assert again == "BAD_INPUT"  # only the current version can be corrected
    hist = client.data("""query($s: String!) { participant(space: $s, id: "carol") {
        records(history: true) { id } } }""", {"s": space})["participant"]["records"]
    assert {rid, fixed["id"]} <= {r["id"] for r in hist}


def test_forget_participant_leaves_no_trace(client, space, ingest, graph) -> None:
    done = ingest([
        {"id": "f1", "speaker": "alice", "text": "I live in Lyon", "addressees": ["bob"]},
        {"id": "f2", "speaker": "dana", "text": "I moved to Oslo, alice", "addressees": ["alice"]},
        {"id": "f3", "speaker": "bob", "text": "dana, the venue is booked", "replyTo": ["f2"]},
        {"id": "f4", "speaker": "dana", "text": "great, thanks bob"},
        {"id": "f5", "speaker": "alice", "text": "see you all there"},
    ], roster=[*ROSTER, {"id": "dana", "name": "Dana"}])
    assert (done.get("data") or {}).get("ingestMessages", {}).get("written") == 5, done
    repo = RecordRepository(graph)
    repo.ensure_group(space)

    def add(rid: str, layer: str, owner: str, source: str, from_ids: list[str]) -> None:
        repo.add(space, rid, AddOp(layer=layer, owner=owner, source=source, event="e", content=f"c {rid}",
                                   from_ids=from_ids), speaker=source)

    add("r_only", "Interaction", "GROUP", "dana", ["f2", "f4"])   # rests only on dana: removed
    add("r_mixed", "Interaction", "GROUP", "bob", ["f3", "f4"])   # partly dana: flagged
    add("r_about", "Profile", "dana", "bob", ["f3"])              # about dana: removed
    add("r_keep", "Core", "alice", "alice", ["f1"])               # kept; its newer version goes
    # dana's news about alice superseded r_keep; it rests only on dana, so r_keep is head again
    repo.update(space, "r_news", UpdateOp(entry_id="r_keep", content="alice moved", from_ids=["f4"],
                                          source="dana"), "Core")
    res = client.data("""mutation($s: String!) { forgetParticipant(space: $s, id: "dana") {
        participantRemoved messagesRemoved recordsRemoved recordsFlagged recordsRestored } }""",
                      {"s": space})["forgetParticipant"]
    assert res["participantRemoved"] and res["messagesRemoved"] == ["f2", "f4"]
    assert res["recordsRemoved"] == ["r_about", "r_news", "r_only"] and res["recordsFlagged"] == ["r_mixed"]
    assert res["recordsRestored"] == ["r_keep"]
    trace = graph.read("""
        CALL () { MATCH (p:Participant {space: $s, id: 'dana'}) RETURN count(p) AS people }
        CALL () { MATCH (m:Message {space: $s}) WHERE m.speaker = 'dana' OR m.id IN ['f2', 'f4']
                  OR any(t IN coalesce(m.reply_to_ids, []) WHERE t IN ['f2', 'f4']) RETURN count(m) AS msgs }
        CALL () { MATCH (r:Record {space: $s}) WHERE r.owner = 'dana' OR r.source = 'dana' OR r.speaker = 'dana'
                  OR 'dana' IN coalesce(r.addressees, []) OR r.id IN ['r_only', 'r_about', 'r_news'] RETURN count(r) AS recs }
        CALL () { MATCH (n {space: $s}) WHERE any(k IN keys(n) WHERE n[k] = 'dana') RETURN count(n) AS props }
        RETURN people, msgs, recs, props""", s=space, timeout=600)[0]
    assert trace == {"people": 0, "msgs": 0, "recs": 0, "props": 0}
    mixed = graph.read("MATCH (r:Record {space: $s, id: 'r_mixed'}) RETURN r.state AS st", s=space)[0]
    assert mixed["st"] == "needs_review"
    assert graph.read("MATCH (r:Record {space: $s, id: 'r_keep'}) RETURN r.state AS st", s=space)[0]["st"] == "current"
    # conversation order is bridged over the removed messages: f1 -> f3 -> f5
    order = graph.read("""MATCH (a:Message {space: $s})-[:NEXT]->(b) RETURN a.id AS a, b.id AS b ORDER BY a""",
                       s=space)
    assert [(r["a"], r["b"]) for r in order] == [("f1", "f3"), ("f3", "f5")]
    assert client.error("""mutation($s: String!) { forgetParticipant(space: $s, id: "dana") {
        participant } }""", {"s": space}) == "NOT_FOUND"
