"""Export to networkx on the real Neo4j: an IRC sample and a Molweni dialogue, checked against
counts computed directly from the raw files (independently of the importer and the export)."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from polymem.errors import NotFoundError
from polymem.graph import Graph
from polymem.graph.analytics import interaction_summary, network_measures, write_back
from polymem.graph.export import GROUP_PREFIX, Scope, export_network
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message, Participant

IRC = "irc-disentanglement/dev/2009-10-01_17"  # 1,250 lines, the smallest kind of sample
_LINE = re.compile(r"^\[(\d\d):(\d\d)\]\s*(?:<([^>\s]+)>|\*\s+(\S+))?\s?(.*)$")


def _irc_raw(base: Path) -> tuple[list[tuple[str, datetime | None, str] | None], set[tuple[int, int]]]:
    """(speaker, time, text) per line (None for a line with no text) and the set of (i, j) links."""
    day = datetime(2009, 10, 1, tzinfo=UTC)
    last: datetime | None = None
    rows: list[tuple[str, datetime | None, str] | None] = []
    for raw in base.with_suffix(".ascii.txt").read_text(encoding="utf-8").splitlines():
        m = _LINE.match(raw)
        if not m:  # "=== x joined": a system line at the last clock time
            rows.append(("system", last, raw.strip()) if raw.strip() else None)
            continue
        t = day.replace(hour=int(m[1]), minute=int(m[2]))
        if last and t < last - timedelta(hours=1):
            day += timedelta(days=1)
            t += timedelta(days=1)
        last = t
        speaker = m[3] or m[4] or "system"
        rows.append((speaker, t, m[5].strip()) if m[5].strip() else None)
    links = {(int(a), int(b)) for a, b, *_ in (ln.split() for ln in
             base.with_suffix(".annotation.txt").read_text().splitlines() if ln.strip())}
    return rows, {(i, j) for i, j in links if i != j}


@pytest.fixture(scope="module")
def irc_space(graph: Graph, shared_data: Path):
    """One IRC sample ingested with the real importer (no embedder): shared by the tests below."""
    from polymem.ingest.formats import load

    base = shared_data / IRC
    name = "test-analytics-irc-" + datetime.now(UTC).strftime("%H%M%S%f")
    (conv,) = list(load(base.with_suffix(".ascii.txt"), "irc"))
    Ingestor(graph, None).ingest(name, conv)
    yield name, *_irc_raw(base)
    graph.write("MATCH (n {space: $s}) DETACH DELETE n", s=name)
    graph.write("MATCH (n:Space {id: $s}) DETACH DELETE n", s=name)


def _reply_pairs(rows, links) -> Counter:
    """(replier, replied) -> replies, between two different people (system lines are not people)."""
    out: Counter = Counter()
    for i, j in links:
        if rows[i] and rows[j] and rows[j][0] != rows[i][0] and "system" not in (rows[i][0], rows[j][0]):
            out[(rows[j][0], rows[i][0])] += 1
    return out


def test_irc_export_matches_the_files(graph: Graph, irc_space) -> None:
    space, rows, links = irc_space
    net = export_network(graph, Scope(space))
    expected = _reply_pairs(rows, links)
    got = {(a, b): d["weight"] for a, b, d in net.reply.edges(data=True)}
    assert got == dict(expected)
    speakers = Counter(r[0] for r in rows if r and r[0] != "system")
    assert {p: v["messages"] for p, v in net.people.items() if v["messages"]} == dict(speakers)
    assert {p: sum(d.values()) for p, d in net.hourly.items()} == dict(speakers)
    n = len(speakers)  # one channel, one session: everybody co-participates once
    assert net.coparticipation.number_of_edges() == n * (n - 1) // 2
    assert {d["weight"] for *_, d in net.coparticipation.edges(data=True)} == {1}
    # Every gold reply is also an addressing edge (the inferer addresses the replied speaker).
    assert set(expected) <= set(net.address.edges())
    stored = graph.read("MATCH (p:Participant {space: $s})-[:SPEAKS]->(:Message)-[:ADDRESSES]->(q) "
                        "WHERE p <> q AND p.kind <> 'system' AND q.kind <> 'system' RETURN count(*) AS n",
                        s=space)[0]["n"]
    assert sum(d["weight"] for *_, d in net.address.edges(data=True)) == stored
    assert net.records.number_of_edges() == 0  # no System 2 records: still works


def test_irc_time_window_and_latency(graph: Graph, irc_space) -> None:
    space, rows, links = irc_space
    since = rows[1000][1]
    until = since + timedelta(minutes=30)
    net = export_network(graph, Scope(space, since=since, until=until))
    inside = [r for r in rows if r and r[1] and since <= r[1] < until and r[0] != "system"]
    assert sum(v["messages"] for v in net.people.values()) == len(inside)
    in_win = {(i, j) for i, j in links if rows[j] and rows[j][1] and since <= rows[j][1] < until}
    assert {(a, b): d["weight"] for a, b, d in net.reply.edges(data=True)} == dict(_reply_pairs(rows, in_win))
    m = network_measures(graph, space, since=since, until=until)
    lat = {(x.src, x.dst): x for x in m.latency if x.replies}
    for (src, dst), n in _reply_pairs(rows, in_win).items():
        gaps = sorted((rows[j][1] - rows[i][1]).total_seconds() for i, j in in_win
                      if rows[i] and rows[j][0] == src and rows[i][0] == dst)
        assert lat[(src, dst)].replies == n
        assert lat[(src, dst)].median_reply_s == pytest.approx(
            (gaps[(n - 1) // 2] + gaps[n // 2]) / 2)


def test_irc_measures_summary_and_write_back(graph: Graph, irc_space) -> None:
    space, rows, _ = irc_space
    m = network_measures(graph, space)
    assert m.period == "hour"  # one evening of IRC
    assert sum(sum(v.values()) for v in m.participation.values()) == sum(p.messages for p in m.people)
    with_system = network_measures(graph, space, include_system=True)
    assert with_system.person("system") is not None and m.person("system") is None
    assert sorted(n for c in m.communities for n in c) == sorted(p.id for p in m.people)
    top = m.most_addressed[0][0]
    s = interaction_summary(graph, space, top)
    assert s.messages == sum(1 for r in rows if r and r[0] == top)
    assert sum(w for _, w in s.addressed_by) <= m.person(top).addressed
    assert s.community is not None and top not in s.community_members
    assert write_back(graph, space, m) == len(m.people)
    back = graph.read("MATCH (p:Participant {space: $s, id: $id}) RETURN p.messages_count AS n, "
                      "p.community AS c, p.centrality AS pr", s=space, id=top)[0]
    assert back == {"n": s.messages, "c": s.community, "pr": pytest.approx(m.person(top).pagerank)}
    with pytest.raises(NotFoundError):
        interaction_summary(graph, space, "nobody-here")


def test_molweni_dialogue_and_records(graph: Graph, space: str, shared_data: Path) -> None:
    dlg = json.loads((shared_data / "molweni/dp_dev.json").read_text())[0]
    edus = dlg["edus"]
    rel = {(r["x"], r["y"]) for r in dlg["relations"] if r["x"] != r["y"]}
    msgs = [Message(id=f"{dlg['id']}:{i}", text=e["text"], speaker=e["speaker"], session=dlg["id"], seq=i,
                    reply_to=[f"{dlg['id']}:{x}" for x, y in sorted(rel) if y == i]) for i, e in enumerate(edus)]
    people = sorted({e["speaker"] for e in edus})
    conv = Conversation.model_construct(id=dlg["id"], roster=[Participant(id=p) for p in people], channels=[],
                                        messages=msgs, addressees_given=False, source_file="dp_dev.json")
    Ingestor(graph, None).ingest(space, conv)
    # Three records: a -> b (current), a -> b (superseded: not counted), b -> the group.
    a, b = people[0], people[1]
    for rid, src, owner, state, lab in (("r1", a, b, "current", "Participant"), ("r2", a, b, "superseded",
                                        "Participant"), ("r3", b, "GROUP", "current", "Group")):
        graph.write("MATCH (s:Participant {space: $sp, id: $src}) MERGE (g:Group {space: $sp, id: 'GROUP'}) "
                    "CREATE (r:Record:Profile {space: $sp, id: $rid, state: $state, layer: 'Profile'})"
                    "-[:SOURCE]->(s) WITH r MATCH (o {space: $sp, id: $owner}) WHERE $lab IN labels(o) "
                    "CREATE (r)-[:OWNER]->(o)", sp=space, src=src, rid=rid, owner=owner, state=state, lab=lab)
    net = export_network(graph, Scope(space))
    expected = Counter((edus[y]["speaker"], edus[x]["speaker"]) for x, y in rel
                       if edus[x]["speaker"] != edus[y]["speaker"])
    assert {(s, d): w["weight"] for s, d, w in net.reply.edges(data=True)} == dict(expected)
    assert net.coparticipation.number_of_edges() == len(people) * (len(people) - 1) // 2
    assert net.hourly == {}  # Molweni has no times: no participation series, no latency
    assert {(s, d): w["weight"] for s, d, w in net.records.edges(data=True)} == {(a, b): 1, (b, GROUP_PREFIX + "GROUP"): 1}
    s = interaction_summary(graph, space, a)
    assert s.records_given == [(b, 1)]
    assert s.median_response_s is None
