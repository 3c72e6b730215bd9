"""Neo4j -> networkx: the relationship networks of one space (optionally one channel / time window).

Rows are streamed with `Graph.stream` and folded into graphs as they arrive; only aggregates and
per-pair state are kept, never message text or embeddings.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from typing import Any

import networkx as nx

from polymem.graph.cypher import analytics as q
from polymem.graph.driver import Graph

GROUP_PREFIX = "group:"  # record owners that are Groups get this prefix so they never clash with people


@dataclass(frozen=True)
class Scope:
    """Which slice of a space to analyse."""

    space: str
    channel: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    include_system: bool = False  # IRC joins/quits etc. are not people

    def params(self) -> dict[str, Any]:
        return {"space": self.space, "channel": self.channel, "since": self.since, "until": self.until,
                "include_system": self.include_system}

    def label(self) -> str:
        parts = [self.space]
        if self.channel:
            parts.append(f"#{self.channel}")
        if self.since or self.until:
            parts.append(f"{self.since.isoformat() if self.since else '…'}..{self.until.isoformat() if self.until else '…'}")
        return " ".join(parts)


@dataclass
class SpaceNetwork:
    """Everything the measures need, exported once."""

    scope: Scope
    address: nx.DiGraph  # who addresses whom; edge weight = messages
    reply: nx.DiGraph  # speaker of reply -> speaker of replied message; weight, mean_s, median_s
    coparticipation: nx.Graph  # same channel+session; weight = shared contexts
    records: nx.DiGraph  # Record SOURCE -> OWNER; weight = records
    people: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> name, kind, messages, first, last
    hourly: dict[str, dict[datetime, int]] = field(default_factory=dict)  # id -> hour -> messages
    answer_latency: dict[tuple[str, str], list[float]] = field(default_factory=dict)  # (asker, answerer) -> secs

    def interaction(self) -> nx.Graph:
        """Undirected union of addressing and replying (weights summed): the 'talks with' network."""
        g = nx.Graph()
        g.add_nodes_from(self.address.nodes(data=True))
        for src in (self.address, self.reply):
            for a, b, d in src.edges(data=True):
                w = d.get("weight", 1)
                if g.has_edge(a, b):
                    g[a][b]["weight"] += w
                else:
                    g.add_edge(a, b, weight=w)
        return g


def _to_py(t: Any) -> datetime | None:
    return t.to_native() if t is not None and hasattr(t, "to_native") else t


def export_network(graph: Graph, scope: Scope) -> SpaceNetwork:
    p = scope.params()
    people: dict[str, dict[str, Any]] = {}
    for r in graph.stream(q.SPEAKERS, **p):
        people[r["id"]] = {"name": r["name"], "kind": r["kind"], "messages": r["messages"],
                           "first": _to_py(r["first"]), "last": _to_py(r["last"])}
    net = SpaceNetwork(scope=scope, address=nx.DiGraph(), reply=nx.DiGraph(), coparticipation=nx.Graph(),
                       records=nx.DiGraph(), people=people)
    _address(graph, p, net)
    for r in graph.stream(q.REPLY_PAIRS, **p):
        net.reply.add_edge(r["src"], r["dst"], weight=r["weight"], timed=r["timed"],
                           mean_s=r["mean_s"], median_s=r["median_s"])
    for r in graph.stream(q.CO_PARTICIPATION, **p):
        for a, b in combinations(sorted(r["people"]), 2):
            if net.coparticipation.has_edge(a, b):
                net.coparticipation[a][b]["weight"] += 1
            else:
                net.coparticipation.add_edge(a, b, weight=1)
    hourly: dict[str, dict[datetime, int]] = defaultdict(dict)
    for r in graph.stream(q.PARTICIPATION_HOURLY, **p):
        hourly[r["id"]][r["hour"].to_native()] = r["messages"]
    net.hourly = dict(hourly)
    for r in graph.stream(q.RECORD_EDGES, current_only=True, **p):
        dst = GROUP_PREFIX + r["dst"] if r["dst_kind"] == "group" else r["dst"]
        net.records.add_edge(r["src"], dst, weight=r["weight"], layers=r["layers"])
    # Addressed-but-silent people are nodes too; fill in their names from the roster.
    everyone = {r["id"]: r for r in graph.stream(q.PARTICIPANTS, space=scope.space)}
    for g in (net.address, net.reply, net.coparticipation):
        g.add_nodes_from(people)
    for g in (net.address, net.reply, net.coparticipation, net.records):
        for n in g.nodes:
            info = people.get(n) or everyone.get(n)
            if info is not None:
                g.nodes[n]["name"] = info["name"]
                g.nodes[n]["kind"] = info["kind"]
    for n in list(net.address.nodes):
        if n not in people:
            info = everyone.get(n, {"name": n, "kind": "person"})
            people[n] = {"name": info["name"], "kind": info["kind"], "messages": 0, "first": None, "last": None}
    return net


def _address(graph: Graph, params: dict[str, Any], net: SpaceNetwork) -> None:
    """Fold the time-ordered ADDRESSES stream into the weighted graph and answer latencies.

    Answer latency for (A, B): A addresses B at t1; the first later message of B addressing A
    (same channel) closes it at t2; t2 - t1 seconds is one sample.
    """
    waiting: dict[tuple[str, str, str], datetime] = {}  # (asker, answerer, channel) -> when asked
    latency: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in graph.stream(q.ADDRESS_EVENTS, **params):
        src, dst = r["src"], r["dst"]
        if net.address.has_edge(src, dst):
            net.address[src][dst]["weight"] += 1
        else:
            net.address.add_edge(src, dst, weight=1)
        t = _to_py(r["time"])
        if t is None:
            continue
        asked = waiting.pop((dst, src, r["channel"]), None)
        if asked is not None:
            latency[(dst, src)].append((t - asked).total_seconds())
        waiting.setdefault((src, dst, r["channel"]), t)
    net.answer_latency = dict(latency)
