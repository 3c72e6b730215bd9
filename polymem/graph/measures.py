"""Pure network measures on networkx graphs (no Neo4j): centrality, reciprocity, communities,
bridges, latency and participation over time. Deterministic: community detection is seeded and
every list is sorted, so the same graph always gives the same answer."""

from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

import networkx as nx


@dataclass
class PairReciprocity:
    a: str
    b: str
    a_to_b: int
    b_to_a: int
    ratio: float  # min / max: 1.0 = perfectly mutual, 0.0 = one-way


@dataclass
class Reciprocity:
    overall: float  # share of directed edges whose reverse edge exists (networkx definition)
    weighted: float  # share of message weight that is matched by the other direction
    pairs: list[PairReciprocity] = field(default_factory=list)


@dataclass
class Bridges:
    people: list[str]  # members with ties into another community, highest betweenness first
    cross_edges: list[tuple[str, str, float]]  # (a, b, weight) edges joining two communities
    cut_edges: list[tuple[str, str]]  # graph-theoretic bridges: removing one disconnects the graph


@dataclass
class PairLatency:
    src: str  # the one who responds
    dst: str  # the one responded to
    replies: int
    median_reply_s: float | None
    mean_reply_s: float | None
    answers: int  # addressed answers (B addresses A after A addressed B)
    median_answer_s: float | None


def _weight(g: nx.Graph, a: str, b: str) -> float:
    return float(g[a][b].get("weight", 1)) if g.has_edge(a, b) else 0.0


def centrality(address: nx.DiGraph, interaction: nx.Graph) -> dict[str, dict[str, float]]:
    """Per person: weighted in/out degree on the addressing graph, pagerank (who gets addressed by
    people who get addressed), degree and betweenness on the undirected interaction graph."""
    nodes = sorted(set(address) | set(interaction))
    if not nodes:
        return {}
    pr = nx.pagerank(address, weight="weight") if address.number_of_edges() else {n: 1 / len(nodes) for n in nodes}
    deg = nx.degree_centrality(interaction) if len(interaction) > 1 else {n: 0.0 for n in interaction}
    # Betweenness wants distances: a heavy tie is a short path.
    dist = nx.Graph()
    dist.add_nodes_from(interaction)
    for a, b, d in interaction.edges(data=True):
        dist.add_edge(a, b, distance=1.0 / max(float(d.get("weight", 1)), 1e-9))
    btw = nx.betweenness_centrality(dist, weight="distance", normalized=True) if len(dist) > 2 else {}
    out: dict[str, dict[str, float]] = {}
    for n in nodes:
        out[n] = {
            "addressed": float(address.in_degree(n, weight="weight")) if n in address else 0.0,
            "addressing": float(address.out_degree(n, weight="weight")) if n in address else 0.0,
            "pagerank": float(pr.get(n, 0.0)),
            "degree": float(deg.get(n, 0.0)),
            "betweenness": float(btw.get(n, 0.0)),
        }
    return out


def most(measures: dict[str, dict[str, float]], key: str, k: int = 10) -> list[tuple[str, float]]:
    """Top k people by one measure (ties broken by id so the order is stable)."""
    ranked = sorted(measures.items(), key=lambda kv: (-kv[1][key], kv[0]))
    return [(n, m[key]) for n, m in ranked[:k]]


def reciprocity(g: nx.DiGraph) -> Reciprocity:
    if g.number_of_edges() == 0:
        return Reciprocity(overall=0.0, weighted=0.0)
    pairs: list[PairReciprocity] = []
    matched = total = 0.0
    for a, b in sorted({tuple(sorted((u, v))) for u, v in g.edges() if u != v}):
        ab, ba = _weight(g, a, b), _weight(g, b, a)
        total += ab + ba
        matched += 2 * min(ab, ba)
        pairs.append(PairReciprocity(a, b, int(ab), int(ba), min(ab, ba) / max(ab, ba)))
    pairs.sort(key=lambda p: (-(p.a_to_b + p.b_to_a), p.a, p.b))
    return Reciprocity(overall=float(nx.reciprocity(g)), weighted=matched / total if total else 0.0, pairs=pairs)


def communities(g: nx.Graph, seed: int = 7, method: Literal["louvain", "greedy"] = "louvain") -> list[list[str]]:
    """Sub-groups of the undirected interaction graph; isolated people form their own group.
    Largest first; members sorted."""
    if len(g) == 0:
        return []
    if g.number_of_edges() == 0:
        found = [{n} for n in g]
    elif method == "greedy":
        found = list(nx.community.greedy_modularity_communities(g, weight="weight"))
    else:
        found = list(nx.community.louvain_communities(g, weight="weight", seed=seed))
    groups = [sorted(c) for c in found]
    return sorted(groups, key=lambda c: (-len(c), c[0]))


def membership(groups: list[list[str]]) -> dict[str, int]:
    return {n: i for i, c in enumerate(groups) for n in c}


def bridges(g: nx.Graph, groups: list[list[str]], betweenness: dict[str, float] | None = None) -> Bridges:
    member = membership(groups)
    cross: list[tuple[str, str, float]] = []
    people: set[str] = set()
    for a, b, d in g.edges(data=True):
        if member.get(a) != member.get(b):
            x, y = sorted((a, b))
            cross.append((x, y, float(d.get("weight", 1))))
            people.update((a, b))
    btw = betweenness or {}
    ranked = sorted(people, key=lambda n: (-btw.get(n, 0.0), n))
    cut = sorted(tuple(sorted(e)) for e in nx.bridges(g)) if g.number_of_edges() else []
    return Bridges(people=ranked, cross_edges=sorted(cross, key=lambda e: (-e[2], e[0], e[1])),
                   cut_edges=[(a, b) for a, b in cut])


def _median(xs: list[float]) -> float | None:
    return float(statistics.median(xs)) if xs else None


def latency(reply: nx.DiGraph, answers: dict[tuple[str, str], list[float]]) -> list[PairLatency]:
    """How fast each person responds to each other person: by explicit reply and by addressed answer.
    `answers` is keyed (asker, answerer); the result is keyed by who responds (src) to whom (dst)."""
    keys = {(a, b) for a, b in reply.edges()} | {(answerer, asker) for asker, answerer in answers}
    out: list[PairLatency] = []
    for src, dst in sorted(keys):
        d = reply.get_edge_data(src, dst) or {}
        samples = answers.get((dst, src), [])
        out.append(PairLatency(
            src=src, dst=dst, replies=int(d.get("weight", 0)),
            median_reply_s=d.get("median_s"), mean_reply_s=d.get("mean_s"),
            answers=len(samples), median_answer_s=_median(samples)))
    return out


Period = Literal["hour", "day", "week", "month"]


def pick_period(hourly: dict[str, dict[datetime, int]]) -> Period:
    """A bucket that gives a readable number of bars: hours for one chat log, weeks for a year."""
    times = [t for per in hourly.values() for t in per]
    if not times:
        return "day"
    span = max(times) - min(times)
    if span <= timedelta(days=2):
        return "hour"
    if span <= timedelta(days=60):
        return "day"
    return "week" if span <= timedelta(days=730) else "month"


def _period_key(t: datetime, period: str) -> str:
    if period == "hour":
        return t.strftime("%Y-%m-%d %H:00")
    day = t.date()
    if period == "week":
        y, w, _ = day.isocalendar()
        return f"{y}-W{w:02d}"
    if period == "month":
        return f"{day.year}-{day.month:02d}"
    return day.isoformat()


def participation(hourly: dict[str, dict[datetime, int]], period: Period = "day") -> dict[str, dict[str, int]]:
    """Messages per person per hour / day / ISO week / month, keys sorted in time order."""
    out: dict[str, dict[str, int]] = {}
    for person, hours in hourly.items():
        acc: dict[str, int] = defaultdict(int)
        for t, n in hours.items():
            acc[_period_key(t, period)] += n
        out[person] = dict(sorted(acc.items()))
    return dict(sorted(out.items()))
