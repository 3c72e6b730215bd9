"""Relationship-network analytics for one space: the API other layers (GraphQL, CLI) call.

    network_measures(graph, space, channel=None, since=None, until=None) -> NetworkMeasures
    interaction_summary(graph, space, participant, ...) -> InteractionSummary
    write_back(graph, measures) -> int   (centrality, community, messages_count on Participant nodes)

Results are dataclasses; `.to_dict()` gives JSON-ready dicts.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Literal

from polymem.errors import NotFoundError
from polymem.graph.cypher import analytics as q
from polymem.graph.driver import Graph
from polymem.graph.export import Scope, SpaceNetwork, export_network
from polymem.graph.measures import (
    Bridges,
    PairLatency,
    Reciprocity,
    bridges,
    centrality,
    communities,
    latency,
    membership,
    most,
    participation,
    pick_period,
    reciprocity,
)


def _jsonable(v: Any) -> Any:
    if isinstance(v, datetime):
        return v.isoformat()
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    return v


@dataclass
class PersonMeasures:
    id: str
    name: str
    kind: str
    messages: int
    addressed: float  # messages addressed to them
    addressing: float  # messages they addressed to someone
    pagerank: float
    degree: float
    betweenness: float
    community: int | None
    first: datetime | None = None
    last: datetime | None = None


@dataclass
class NetworkMeasures:
    scope: str
    people: list[PersonMeasures]
    most_central: list[tuple[str, float]]  # by pagerank on who-addresses-whom
    most_addressed: list[tuple[str, float]]
    reciprocity: Reciprocity
    communities: list[list[str]]
    bridges: Bridges
    latency: list[PairLatency]
    participation: dict[str, dict[str, int]]  # person -> period -> messages
    period: str = "day"  # the bucket of `participation`: hour / day / week / month
    counts: dict[str, int] = field(default_factory=dict)  # nodes/edges per exported graph
    seconds: dict[str, float] = field(default_factory=dict)  # export / compute time

    def person(self, pid: str) -> PersonMeasures | None:
        return next((p for p in self.people if p.id == pid), None)

    def to_dict(self) -> dict[str, Any]:
        return _jsonable(asdict(self))


@dataclass
class InteractionSummary:
    id: str
    name: str
    messages: int
    first: datetime | None
    last: datetime | None
    addresses: list[tuple[str, int]]  # whom they address most
    addressed_by: list[tuple[str, int]]  # who addresses them most
    replies_to: list[tuple[str, int]]
    replied_by: list[tuple[str, int]]
    co_participants: list[tuple[str, int]]
    mutual: list[tuple[str, float]]  # partner -> reciprocity ratio, most mutual first
    community: int | None
    community_members: list[str]
    pagerank: float
    betweenness: float
    is_bridge: bool
    median_response_s: float | None  # how fast they reply to others (median over replies)
    records_given: list[tuple[str, int]]  # System 2: whom they provided records about
    records_about: list[tuple[str, int]]  # who provided records about them
    participation: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return _jsonable(asdict(self))


def _top(pairs: Any, k: int) -> list[tuple[str, int]]:
    return sorted(((n, int(d.get("weight", 1))) for n, d in pairs), key=lambda x: (-x[1], x[0]))[:k]


def compute(net: SpaceNetwork, seed: int = 7, period: Literal["auto", "hour", "day", "week", "month"] = "auto",
            top: int = 10) -> NetworkMeasures:
    """Every measure from an exported network (pure: no Neo4j)."""
    bucket = pick_period(net.hourly) if period == "auto" else period
    inter = net.interaction()
    cen = centrality(net.address, inter)
    groups = communities(inter, seed=seed)
    member = membership(groups)
    people = []
    for pid in sorted(set(net.people) | set(cen)):
        info = net.people.get(pid, {})
        c = cen.get(pid, {})
        people.append(PersonMeasures(
            id=pid, name=info.get("name", pid), kind=info.get("kind", "person"),
            messages=int(info.get("messages", 0)), addressed=c.get("addressed", 0.0),
            addressing=c.get("addressing", 0.0), pagerank=c.get("pagerank", 0.0), degree=c.get("degree", 0.0),
            betweenness=c.get("betweenness", 0.0), community=member.get(pid),
            first=info.get("first"), last=info.get("last")))
    counts = {f"{name}_{what}": n for name, g in (("address", net.address), ("reply", net.reply),
                                                  ("coparticipation", net.coparticipation), ("records", net.records))
              for what, n in (("nodes", g.number_of_nodes()), ("edges", g.number_of_edges()))}
    return NetworkMeasures(
        scope=net.scope.label(), people=people,
        most_central=most(cen, "pagerank", top), most_addressed=most(cen, "addressed", top),
        reciprocity=reciprocity(net.address), communities=groups,
        bridges=bridges(inter, groups, {n: c["betweenness"] for n, c in cen.items()}),
        latency=latency(net.reply, net.answer_latency), participation=participation(net.hourly, bucket),
        period=bucket, counts=counts)


def network_measures(graph: Graph, space: str, channel: str | None = None, since: datetime | None = None,
                     until: datetime | None = None, *, include_system: bool = False, seed: int = 7,
                     period: Literal["auto", "hour", "day", "week", "month"] = "auto", top: int = 10) -> NetworkMeasures:
    t0 = time.perf_counter()
    net = export_network(graph, Scope(space, channel, since, until, include_system))
    t1 = time.perf_counter()
    m = compute(net, seed=seed, period=period, top=top)
    m.seconds = {"export": round(t1 - t0, 3), "compute": round(time.perf_counter() - t1, 3)}
    return m


def summarize(net: SpaceNetwork, measures: NetworkMeasures, pid: str, top: int = 5) -> InteractionSummary:
    """One person's view of the network (pure: no Neo4j)."""
    pm = measures.person(pid)
    if pm is None:
        raise NotFoundError(f"participant {pid!r} has no messages or edges in {measures.scope}")

    def edges(g: Any, out: bool) -> list[tuple[str, int]]:
        if pid not in g:
            return []
        return _top(((b, d) for _, b, d in g.out_edges(pid, data=True)) if out
                    else ((a, d) for a, _, d in g.in_edges(pid, data=True)), top)

    mutual = [(p.b if p.a == pid else p.a, p.ratio) for p in measures.reciprocity.pairs if pid in (p.a, p.b)]
    lat = [x for x in measures.latency if x.src == pid and x.median_reply_s is not None]
    group = measures.communities[pm.community] if pm.community is not None else []
    return InteractionSummary(
        id=pid, name=pm.name, messages=pm.messages, first=pm.first, last=pm.last,
        addresses=edges(net.address, True), addressed_by=edges(net.address, False),
        replies_to=edges(net.reply, True), replied_by=edges(net.reply, False),
        co_participants=_top(((b, d) for _, b, d in net.coparticipation.edges(pid, data=True)), top)
        if pid in net.coparticipation else [],
        mutual=sorted(mutual, key=lambda x: (-x[1], x[0]))[:top],
        community=pm.community, community_members=[n for n in group if n != pid],
        pagerank=pm.pagerank, betweenness=pm.betweenness, is_bridge=pid in measures.bridges.people,
        median_response_s=_weighted_median(lat), records_given=edges(net.records, True),
        records_about=edges(net.records, False), participation=measures.participation.get(pid, {}))


def _weighted_median(lat: list[PairLatency]) -> float | None:
    # Median of per-pair medians, each counted once per reply it stands for.
    xs = sorted(v for x in lat for v in [x.median_reply_s] * x.replies if v is not None)
    return xs[len(xs) // 2] if xs else None


def interaction_summary(graph: Graph, space: str, participant: str, channel: str | None = None,
                        since: datetime | None = None, until: datetime | None = None,
                        *, seed: int = 7, period: Literal["auto", "hour", "day", "week", "month"] = "auto") -> InteractionSummary:
    net = export_network(graph, Scope(space, channel, since, until))
    if participant not in net.people and participant not in net.records:
        raise NotFoundError(f"participant {participant!r} is not in space {space!r} (in this channel/window)")
    return summarize(net, compute(net, seed=seed, period=period), participant)


def write_back(graph: Graph, space: str, measures: NetworkMeasures) -> int:
    """Store centrality, community and message counts on Participant nodes (for Browser captions)."""
    rows = [{"id": p.id, "centrality": p.pagerank, "pagerank": p.pagerank, "betweenness": p.betweenness,
             "community": p.community, "messages": p.messages, "addressed": int(p.addressed)}
            for p in measures.people]
    if not rows:
        return 0
    out = graph.write(q.WRITE_BACK, space=space, rows=rows, scope=measures.scope)
    return int(out[0]["written"]) if out else 0
