"""Network measures on hand-made graphs whose answers are known by construction."""

from __future__ import annotations

from datetime import datetime

import networkx as nx
import pytest

from polymem.graph.measures import (
    bridges,
    centrality,
    communities,
    latency,
    most,
    participation,
    pick_period,
    reciprocity,
)


def two_cliques() -> nx.Graph:
    """Two 4-cliques {a1..a4} and {b1..b4} joined by the single edge a1 - b1."""
    g = nx.Graph()
    for side in "ab":
        people = [f"{side}{i}" for i in range(1, 5)]
        for i, x in enumerate(people):
            for y in people[i + 1:]:
                g.add_edge(x, y, weight=3)
    g.add_edge("a1", "b1", weight=1)
    return g


def test_communities_split_two_cliques_at_the_bridge() -> None:
    groups = communities(two_cliques(), seed=1)
    assert groups == [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]]
    assert communities(two_cliques(), method="greedy") == groups


def test_communities_are_stable_across_seeds_and_cover_isolates() -> None:
    g = two_cliques()
    g.add_node("loner")
    for seed in (1, 2, 3):
        groups = communities(g, seed=seed)
        assert sorted(n for c in groups for n in c) == sorted(g)
        assert ["loner"] in groups
    assert communities(nx.Graph()) == []


def test_bridges_are_the_two_ends_of_the_joining_edge() -> None:
    g = two_cliques()
    groups = communities(g, seed=1)
    btw = nx.betweenness_centrality(g)
    b = bridges(g, groups, btw)
    assert b.cross_edges == [("a1", "b1", 1.0)]
    assert b.cut_edges == [("a1", "b1")]
    assert set(b.people) == {"a1", "b1"}


def test_betweenness_is_highest_on_the_bridge_ends() -> None:
    g = two_cliques()
    cen = centrality(g.to_directed(), g)
    top2 = {n for n, _ in most(cen, "betweenness", 2)}
    assert top2 == {"a1", "b1"}
    assert cen["a2"]["betweenness"] == pytest.approx(0.0)
    # a1 has 4 neighbours out of 7 others; a2 has 3.
    assert cen["a1"]["degree"] == pytest.approx(4 / 7)
    assert cen["a2"]["degree"] == pytest.approx(3 / 7)


def test_star_centre_is_most_addressed_and_most_central() -> None:
    d = nx.DiGraph()
    for leaf, w in (("x", 2), ("y", 1), ("z", 4)):
        d.add_edge(leaf, "hub", weight=w)
    d.add_edge("hub", "x", weight=1)
    cen = centrality(d, d.to_undirected())
    assert most(cen, "addressed", 1) == [("hub", 7.0)]
    assert most(cen, "pagerank", 1)[0][0] == "hub"
    assert cen["hub"]["addressing"] == 1.0
    assert cen["z"]["addressed"] == 0.0


def test_reciprocity_per_pair_and_overall() -> None:
    d = nx.DiGraph()
    d.add_edge("a", "b", weight=3)
    d.add_edge("b", "a", weight=1)
    d.add_edge("a", "c", weight=2)  # never answered
    r = reciprocity(d)
    assert r.overall == pytest.approx(2 / 3)  # 2 of 3 directed edges have their reverse
    assert r.weighted == pytest.approx(2 * 1 / 6)  # 1 message each way matched, of 6
    by_pair = {(p.a, p.b): p for p in r.pairs}
    assert by_pair[("a", "b")].ratio == pytest.approx(1 / 3)
    assert (by_pair[("a", "b")].a_to_b, by_pair[("a", "b")].b_to_a) == (3, 1)
    assert by_pair[("a", "c")].ratio == 0.0
    assert reciprocity(nx.DiGraph()).overall == 0.0


def test_latency_pairs_combine_replies_and_answers() -> None:
    reply = nx.DiGraph()
    reply.add_edge("b", "a", weight=2, median_s=30.0, mean_s=40.0)
    out = latency(reply, {("a", "c"): [10.0, 20.0, 60.0]})
    by = {(x.src, x.dst): x for x in out}
    assert by[("b", "a")].replies == 2 and by[("b", "a")].median_reply_s == 30.0
    assert by[("c", "a")].answers == 3 and by[("c", "a")].median_answer_s == 20.0
    assert by[("c", "a")].replies == 0


def test_participation_rolls_hours_into_days_and_weeks() -> None:
    hourly = {"ann": {datetime(2024, 1, 1, 9): 2, datetime(2024, 1, 1, 17): 1, datetime(2024, 1, 3, 8): 1,
                      datetime(2024, 1, 8, 12): 5}}
    assert participation(hourly, "week") == {"ann": {"2024-W01": 4, "2024-W02": 5}}
    assert participation(hourly, "month") == {"ann": {"2024-01": 9}}
    assert participation(hourly)["ann"] == {"2024-01-01": 3, "2024-01-03": 1, "2024-01-08": 5}
    assert participation(hourly, "hour")["ann"]["2024-01-01 17:00"] == 1
    assert pick_period(hourly) == "day"
    assert pick_period({"bo": {datetime(2024, 1, 1, 9): 1, datetime(2024, 1, 1, 23): 1}}) == "hour"
    assert pick_period({"bo": {datetime(2024, 1, 1): 1, datetime(2024, 6, 1): 1}}) == "week"


def test_compute_and_plots_on_an_empty_network(tmp_path) -> None:
    from polymem.graph.analytics import compute
    from polymem.graph.export import Scope, SpaceNetwork
    from polymem.graph.plots import plot_network, plot_participation

    net = SpaceNetwork(scope=Scope("empty"), address=nx.DiGraph(), reply=nx.DiGraph(),
                       coparticipation=nx.Graph(), records=nx.DiGraph())
    m = compute(net)
    assert m.people == [] and m.communities == [] and m.reciprocity.overall == 0.0
    paths = plot_network(net.interaction(), m, tmp_path / "n", formats=("png",))
    paths += plot_participation(m, tmp_path / "p", formats=("png",))
    assert all(p.stat().st_size > 1000 for p in paths)
