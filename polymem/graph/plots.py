"""Pictures of a space's network (matplotlib, Agg backend: no display needed).

`plot_network`: people as nodes sized by messages and coloured by community, edges by weight,
labels on the most central people only so a busy IRC channel stays readable.
`plot_participation`: messages per period for the most active people (the rest summed as "others").
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402

from polymem.graph.analytics import NetworkMeasures  # noqa: E402

_PALETTE = plt.get_cmap("tab20").colors


def _save(fig: plt.Figure, out: Path, formats: tuple[str, ...]) -> list[Path]:
    out.parent.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in formats:
        p = out.with_suffix("." + fmt)
        fig.savefig(p, dpi=150, bbox_inches="tight")
        paths.append(p)
    plt.close(fig)
    return paths


def plot_network(g: nx.Graph, measures: NetworkMeasures, out: Path, *, labels: int = 20, seed: int = 7,
                 formats: tuple[str, ...] = ("png", "svg"), title: str | None = None) -> list[Path]:
    """Draw the undirected interaction graph `g` (edge attribute `weight`)."""
    people = {p.id: p for p in measures.people}
    # Only the largest connected group is drawn: small islands push the layout apart and add clutter.
    parts = sorted(nx.connected_components(g), key=lambda c: (-len(c), min(c))) if len(g) else []
    h = g.subgraph(parts[0]) if parts else g
    left_out = len(g) - len(h)
    fig, ax = plt.subplots(figsize=(13, 11))
    ax.set_axis_off()
    ax.set_title(title or f"Who talks with whom: {measures.scope}", fontsize=14)
    if len(h) == 0:
        ax.text(0.5, 0.5, "no interactions in this scope", ha="center", va="center", fontsize=14)
        return _save(fig, out, formats)
    # Kamada-Kawai spreads a dense core better than spring layouts; it is O(n^2), so large graphs fall back.
    if 2 < len(h) <= 400:
        pos = nx.kamada_kawai_layout(h, weight=None, pos=nx.spring_layout(h, seed=seed))  # hops, not weights
    else:
        pos = nx.spring_layout(h, weight="weight", seed=seed, k=2.0 / max(len(h), 1) ** 0.5, iterations=100)
    weights = [float(d.get("weight", 1)) for _, _, d in h.edges(data=True)]
    top_w = max(weights) if weights else 1.0
    nx.draw_networkx_edges(h, pos, ax=ax, width=[0.4 + 4.0 * w / top_w for w in weights],
                           alpha=0.35, edge_color="#555555")
    colours = [_PALETTE[(people[n].community or 0) % len(_PALETTE)] if n in people and people[n].community
               is not None else "#bbbbbb" for n in h]
    top_msgs = max((people[n].messages for n in h if n in people), default=1) or 1
    sizes = [60 + 1400 * (people[n].messages if n in people else 0) / top_msgs for n in h]
    nx.draw_networkx_nodes(h, pos, ax=ax, node_color=colours, node_size=sizes, edgecolors="white", linewidths=0.8)
    ranked = sorted(h, key=lambda n: (-(people[n].pagerank if n in people else 0), n))[:labels]
    nx.draw_networkx_labels(h, pos, ax=ax, labels={n: people[n].name if n in people else n for n in ranked},
                            font_size=9, bbox={"facecolor": "white", "alpha": 0.75, "edgecolor": "none", "pad": 1})
    groups = len({people[n].community for n in h if n in people})
    ax.text(0.0, -0.02, f"{len(h)} connected people · {h.number_of_edges()} ties · {groups} communities (colour)"
            f" · size = messages · labels: top {min(labels, len(h))} by PageRank"
            + (f" · {left_out} people outside this group not drawn" if left_out else ""),
            transform=ax.transAxes, fontsize=9, color="#333333")
    return _save(fig, out, formats)


def plot_participation(measures: NetworkMeasures, out: Path, *, people: int = 8,
                       formats: tuple[str, ...] = ("png", "svg")) -> list[Path]:
    """Stacked bars of messages per period for the most active people."""
    series = measures.participation
    periods = sorted({p for per in series.values() for p in per})
    fig, ax = plt.subplots(figsize=(12, 6))
    ax.set_title(f"Messages per {measures.period}: {measures.scope}", fontsize=14)
    if not periods:
        ax.set_axis_off()
        ax.text(0.5, 0.5, "no timed messages in this scope", ha="center", va="center", fontsize=14)
        return _save(fig, out, formats)
    totals = sorted(series, key=lambda pid: (-sum(series[pid].values()), pid))
    top, rest = totals[:people], totals[people:]
    bottom = [0] * len(periods)
    x = range(len(periods))
    names = {p.id: p.name for p in measures.people}
    for i, pid in enumerate(top):
        ys = [series[pid].get(per, 0) for per in periods]
        ax.bar(x, ys, bottom=bottom, color=_PALETTE[i % len(_PALETTE)], label=names.get(pid, pid))
        bottom = [b + y for b, y in zip(bottom, ys, strict=True)]
    if rest:
        ys = [sum(series[pid].get(per, 0) for pid in rest) for per in periods]
        ax.bar(x, ys, bottom=bottom, color="#cccccc", label=f"{len(rest)} others")
    step = max(1, len(periods) // 20)  # at most ~20 tick labels
    ax.set_xticks(list(x)[::step], periods[::step], rotation=45, ha="right")
    ax.set_ylabel("messages")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, out, formats)
