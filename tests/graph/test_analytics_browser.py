"""The Browser style and every saved query in polymem/graph/browser/ run against the real Neo4j."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from polymem.graph import Graph
from polymem.graph.analytics import network_measures, write_back
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message, Participant

BROWSER = Path(__file__).resolve().parents[2] / "polymem" / "graph" / "browser"


def _queries() -> dict[str, str]:
    text = (BROWSER / "queries.cypher").read_text()
    blocks = re.split(r"^// name: ", text, flags=re.MULTILINE)[1:]
    out = {}
    for b in blocks:
        name, body = b.split("\n", 1)
        out[name.strip()] = body.strip().rstrip(";")
    return out


def test_style_covers_every_label_with_a_caption() -> None:
    grass = (BROWSER / "polymem.grass").read_text()
    assert grass.count("{") == grass.count("}")
    blocks = dict(re.findall(r"^node\.(\w+) \{(.*?)^\}", grass, flags=re.MULTILINE | re.DOTALL))
    for label in ("Participant", "Message", "Record", "Core", "Profile", "Interaction", "Insight",
                  "Group", "Channel", "Session", "Space"):
        assert "caption:" in blocks[label], label
        assert re.search(r"color: #[0-9A-Fa-f]{6};", blocks[label]), label
    rels = set(re.findall(r"^relationship\.(\w+) \{", grass, flags=re.MULTILINE))
    assert {"SPEAKS", "ADDRESSES", "REPLY_TO", "SOURCE", "OWNER", "DERIVED_FROM", "SUPERSEDED_BY"} <= rels


@pytest.fixture
def small_space(graph: Graph, space: str) -> str:
    t0 = datetime(2024, 3, 1, 9, tzinfo=UTC)
    lines = [("ann", "bob", "I moved to Lyon"), ("bob", "ann", "nice, Lyon!"), ("ann", "bob", "actually Paris now"),
             ("cat", "ann", "welcome to Paris")]
    msgs = [Message(id=f"m{i}", text=t, speaker=who, addressees=[to], time=t0 + timedelta(minutes=i),
                    session="s1", seq=i, reply_to=[f"m{i - 1}"] if i else []) for i, (who, to, t) in enumerate(lines)]
    conv = Conversation.model_construct(id="c", roster=[Participant(id=p, name=p.title()) for p in ("ann", "bob", "cat")],
                                        channels=[], messages=msgs, addressees_given=True, source_file="t")
    Ingestor(graph, None).ingest(space, conv)
    for rid, version, state, msg, value in (("r1", 1, "superseded", "m0", "Lyon"), ("r2", 2, "current", "m2", "Paris")):
        graph.write("MATCH (o:Participant {space: $s, id: 'ann'}), (m:Message {space: $s, id: $msg}) "
                    "CREATE (r:Record:Profile {space: $s, id: $rid, layer: 'Profile', attribute: 'city', value: $v, "
                    "content: 'ann lives in ' + $v, state: $state, version: $version, time: m.time}) "
                    "CREATE (r)-[:OWNER]->(o), (r)-[:SOURCE]->(o), (r)-[:DERIVED_FROM]->(m)",
                    s=space, rid=rid, version=version, state=state, msg=msg, v=value)
    graph.write("MATCH (a:Record {space: $s, id: 'r1'}), (b:Record {space: $s, id: 'r2'}) "
                "CREATE (a)-[:SUPERSEDED_BY]->(b)", s=space)
    write_back(graph, space, network_measures(graph, space))
    return space


def test_every_saved_query_runs_and_answers(graph: Graph, small_space: str) -> None:
    params = {"space": small_space, "person": "Ann", "session": "s1", "record": "r2", "message": "m3"}
    qs = _queries()
    assert len(qs) >= 8
    results = {name: graph.read(body, **params) for name, body in qs.items()}  # type: ignore[arg-type]
    for name, rows in results.items():
        assert rows, f"query {name} returned nothing"
    state = results["person-state"]
    assert [(r["value"], r["state"]) for r in state] == [("Paris", "current"), ("Lyon", "superseded")]
    prov = results["record-provenance"]
    assert [(r["version"], r["from_messages"]) for r in prov] == [
        (1, ["ann: I moved to Lyon"]), (2, ["ann: actually Paris now"])]
    transcript = results["session-transcript"]
    assert [r["speaker"] for r in transcript] == ["ann", "bob", "ann", "cat"]
    assert transcript[3]["to"] == ["ann (given)"] and transcript[3]["replies_to"] == ["m2"]
    assert results["most-addressed"][0]["person"] == "ann"
    assert results["most-addressed"][0]["addressed"] == 2
    assert results["message-thread"][0]["path"] is not None
    assert sum(r["size"] for r in results["communities"]) == 3


def _browser_declarations(grass: str) -> dict[str, dict[str, str]]:
    """The style as Neo4j Browser's parser reads it: braces inside quotes belong to the value, quotes
    are dropped, a rule's body is split on ';' and each declaration on ':' (keeping the part before
    a second ':', so a ':' inside a caption cuts it short)."""
    rules: dict[str, str] = {}
    selector, body, in_string, in_rule = "", "", False, False
    for c in grass:
        if c in "'\"":
            in_string = not in_string
        elif c == "{" and not in_string:
            in_rule = True
        elif c == "}" and not in_string:
            rules[selector], selector, body, in_rule = body, "", "", False
        elif in_rule:
            body += c
        elif not c.isspace():
            selector += c
    out: dict[str, dict[str, str]] = {}
    for sel, text in rules.items():
        decls = [d.split(":") for d in text.split(";")]
        out[sel] = {d[0].strip(): d[1].strip() for d in decls if len(d) >= 2 and d[0].strip()}
    return out


def test_message_and_addresses_captions_survive_browsers_parser() -> None:
    grass = (BROWSER / "polymem.grass").read_text()
    for line in grass.splitlines():
        if line.strip().startswith("caption:"):
            value = line.split(":", 1)[1]
            assert ":" not in value and value.count(";") == 1, line  # Browser would truncate the caption
    rules = _browser_declarations(grass)
    assert rules["node.Message"]["caption"] == "{speaker} ▸ {text}"  # speaker, then the first words fit
    assert rules["relationship.ADDRESSES"]["caption"] == "{how}"


def test_person_state_graph_draws_no_twin_about_and_source_edges(graph: Graph, small_space: str) -> None:
    # A record about ann provided by bob keeps its SOURCE edge; ann's own statements draw only OWNER.
    graph.write("MATCH (o:Participant {space: $s, id: 'ann'}), (b:Participant {space: $s, id: 'bob'}) "
                "CREATE (r:Record:Profile {space: $s, id: 'r3', layer: 'Profile', attribute: 'pet', value: 'cat', "
                "content: 'ann has a cat', state: 'current', version: 1}) "
                "CREATE (r)-[:OWNER]->(o), (r)-[:SOURCE]->(b)", s=small_space)
    rows = graph.read(_queries()["person-state-graph"], space=small_space, person="ann")
    given = {r["about"][0]["id"]: r["given"] for r in rows}
    assert set(given) == {"r1", "r2", "r3"}
    assert given["r1"] is None and given["r2"] is None  # source == owner: no twin edge
    assert given["r3"] is not None and given["r3"][2]["id"] == "bob"
