"""Every query over real HTTP: messages (pagination + filters), participant, search, space, plan, ask."""

from __future__ import annotations

from apitest_helpers import conversation

PAGE = """
query($space: String!, $first: Int, $after: String, $speaker: String, $addressee: String, $channel: String,
      $since: DateTime, $until: DateTime) {
  messages(space: $space, first: $first, after: $after, speaker: $speaker, addressee: $addressee,
           channel: $channel, since: $since, until: $until) {
    edges { cursor node { id speakerId channel time addressees { participantId how } } }
    pageInfo { hasNextPage endCursor startCursor }
  }
}"""


def _walk(client, space, **filters) -> list[dict]:
    seen, after = [], None
    while True:
        page = client.data(PAGE, {"space": space, "first": 5, "after": after, **filters})["messages"]
        seen += [e["node"] for e in page["edges"]]
        assert len(page["edges"]) <= 5
        if not page["pageInfo"]["hasNextPage"]:
            return seen
        after = page["pageInfo"]["endCursor"]
        assert after == page["edges"][-1]["cursor"]


def test_messages_pagination_and_filters(client, space, ingest) -> None:
    msgs = conversation(23)
    assert ingest(msgs)["data"]["ingestMessages"]["written"] == 23
    got = _walk(client, space)
    assert [m["id"] for m in got] == [m["id"] for m in msgs]  # every message once, in order
    bob = _walk(client, space, speaker="bob")
    assert {m["speakerId"] for m in bob} == {"bob"} and len(bob) == len([m for m in msgs if m["speaker"] == "bob"])
    to_carol = _walk(client, space, addressee="carol")
    assert to_carol and all(any(a["participantId"] == "carol" for a in m["addressees"]) for m in to_carol)
    assert {m["id"] for m in to_carol} == {m["id"] for m in msgs if m["text"].startswith("@carol")}
    random = _walk(client, space, channel="random")
    assert {m["id"] for m in random} == {m["id"] for m in msgs if m["channel"] == "random"}
    window = _walk(client, space, since="2026-03-02T00:00:00Z", until="2026-03-03T00:00:00Z")
    assert {m["id"] for m in window} == {m["id"] for m in msgs if m["time"].startswith("2026-03-02")}


def test_participant_nested(client, space, ingest) -> None:
    ingest(conversation(12))
    q = """query($space: String!) { participant(space: $space, id: "alice") {
        id name aliases kind
        messages(first: 2) { edges { node { id speaker { id } } } pageInfo { hasNextPage endCursor } }
        addressedMessages(first: 50) { edges { node { id speakerId } } }
        records(history: true) { id } } }"""
    p = client.data(q, {"space": space})["participant"]
    assert p["name"] == "Alice Moreau" and "Ali" in p["aliases"]
    assert len(p["messages"]["edges"]) == 2 and p["messages"]["pageInfo"]["hasNextPage"]
    assert all(e["node"]["speaker"]["id"] == "alice" for e in p["messages"]["edges"])
    # carol's messages start with "@alice" (speaker i%3==2 addresses (i+1)%3==0)
    assert {e["node"]["speakerId"] for e in p["addressedMessages"]["edges"]} == {"carol"}
    assert len(p["addressedMessages"]["edges"]) == 4
    nxt = client.data("""query($space: String!, $after: String) { participant(space: $space, id: "alice") {
        messages(first: 10, after: $after) { edges { node { id } } } } }""",
                      {"space": space, "after": p["messages"]["pageInfo"]["endCursor"]})
    ids = [e["node"]["id"] for e in nxt["participant"]["messages"]["edges"]]
    assert ids == ["m006", "m009"]
    assert client.error('query($s: String!) { participant(space: $s, id: "nobody") { id } }', {"s": space}) == "NOT_FOUND"
    roster = client.data("query($s: String!) { participants(space: $s) { id } }", {"s": space})["participants"]
    assert {r["id"] for r in roster} == {"alice", "bob", "carol"}


def test_search_and_space(client, space, ingest) -> None:
    ingest(conversation(6) + [{"id": "x1", "speaker": "bob", "text": "The zeppelin museum opens at nine",
                               "channel": "general"}])
    hits = client.data("""query($s: String!) { search(space: $s, query: "zeppelin museum") {
        kind score message { id speakerId } } }""", {"s": space})["search"]
    assert hits and hits[0]["message"]["id"] == "x1" and hits[0]["kind"] == "MESSAGE"
    only = client.data("""query($s: String!) { search(space: $s, query: "zeppelin museum", kinds: [RECORD]) {
        kind } }""", {"s": space})["search"]
    assert only == []  # no records written: a MESSAGE hit here would mean kinds was ignored
    assert client.error("""query($s: String!) { search(space: $s, query: "x", kinds: ["message"]) {
        kind } }""", {"s": space}) == "BAD_INPUT"  # kinds are enum values, not strings
    none = client.data("""query($s: String!) { search(space: $s, query: "zeppelin", speaker: "alice") {
        kind } }""", {"s": space})["search"]
    assert none == []
    # Lucene syntax in user text is escaped, never interpreted (no error, no escape from the space)
    odd = client.post("""query($s: String!) { search(space: $s, query: "zeppelin) OR space_key:(*") { kind } }""",
                      {"s": space})
    assert "errors" not in odd
    st = client.data("query($s: String!) { space(id: $s) { messages participants channels records } }",
                     {"s": space})["space"]
    assert st["messages"] == 7 and st["participants"] == 3 and st["channels"] == 2


def test_plan_and_ask(client, space, ingest) -> None:
    ingest([
        {"id": "a1", "speaker": "alice", "text": "Bob, could you send me the slides for Monday?"},
        {"id": "a2", "speaker": "bob", "text": "Sure Alice, I will send the slides tonight."},
        {"id": "a3", "speaker": "carol", "text": "I moved to Berlin last month."},
    ])
    plan = client.data("""query($s: String!) { plan(space: $s, question: "Who asked Bob for the slides?") {
        question mode intent issue rows { kind id } scope { source owner speaker addressee } cypher } }""",
                       {"s": space})["plan"]
    assert plan["mode"] in ("HEAD", "FULL") and plan["cypher"] and all("$space" in c for c in plan["cypher"])
    ans = client.data("""query($s: String!) { ask(space: $s, question: "Who asked Bob for the slides?",
        options: {strategy: AGENTIC, topK: 5}) {
        text abstained answerParticipant rankedMessageIds trace { round layer tool hits details } timings { stage ms }
        plan { intent } rows { kind id empty current { kind id speaker addressees messageIds } } } }""",
                      {"s": space})["ask"]
    assert "a1" in ans["rankedMessageIds"]
    assert ans["answerParticipant"] == "alice"
    assert ans["trace"] and all(t["layer"] in ("messages", "records", "answer") for t in ans["trace"])
    assert [t["stage"] for t in ans["timings"]][:2] == ["load", "plan"]
    assert ans["plan"]["intent"] == "WHO_ASKED"  # an enum value, not a free string
    bad = client.error("""query($s: String!) { ask(space: $s, question: "x", options: {strategy: "nope"}) {
        text } }""", {"s": space})
    assert bad == "BAD_INPUT"
    for voice in ("%%% not base64", "aGVsbG8gd29ybGQ="):  # garbage, then valid base64 that is no audio
        bad_voice = client.error("""query($s: String!, $v: String!) { ask(space: $s, question: "What is my job?",
            askerVoice: $v) { text } }""", {"s": space, "v": voice})
        assert bad_voice == "BAD_INPUT"
