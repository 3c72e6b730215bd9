"""Pictures of a space's network (matplotlib, Agg backend: no display needed).

`plot_network`: who addresses whom as directed, weighted arrows; people sized by messages and
coloured by community (with a legend); labels outside the nodes, on the most central people only so
a busy IRC channel stays readable.
`plot_participation`: messages per period for the most active people (the rest summed as "others"),
with every period of the window on the axis, empty ones included.
Both titles name the scope (space, channel, window) and the time the messages span.
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402

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


def _window(measures: NetworkMeasures) -> str:
    periods = _all_periods(measures)
    return f"{periods[0]} to {periods[-1]}" if periods else "no timed messages"


def _label_positions(pos: dict[str, Any], radius: dict[str, float]) -> dict[str, tuple[float, float]]:
    """Each label just outside its node, pushed away from the layout's centre, so it covers neither
    its own node nor (mostly) the middle of the picture where the edges cross."""
    cx = sum(x for x, _ in pos.values()) / len(pos)
    cy = sum(y for _, y in pos.values()) / len(pos)
    out = {}
    for n, (x, y) in pos.items():
        dx, dy = x - cx, y - cy
        d = math.hypot(dx, dy) or 1.0
        r = radius[n] + 0.035
        out[n] = (x + dx / d * r, y + dy / d * r) if d > 1e-6 else (x, y + r)
    return out


def plot_network(g: nx.DiGraph, measures: NetworkMeasures, out: Path, *, labels: int = 20, seed: int = 7,
                 formats: tuple[str, ...] = ("png", "svg"), title: str | None = None) -> list[Path]:
    """Draw who addresses whom: `g` is directed (edge attribute `weight` = messages), arrows point
    from speaker to addressee, width and the number on an edge are its weight."""
    g = g if g.is_directed() else g.to_directed()
    people = {p.id: p for p in measures.people}
    # Only the largest connected group is drawn: small islands push the layout apart and add clutter.
    parts = sorted(nx.weakly_connected_components(g), key=lambda c: (-len(c), min(c))) if len(g) else []
    h = g.subgraph(parts[0]) if parts else g
    left_out = len(g) - len(h)
    fig, ax = plt.subplots(figsize=(13, 11))
    ax.set_axis_off()
    ax.set_title(title or f"Who addresses whom: {measures.scope} ({_window(measures)})", fontsize=14)
    if len(h) == 0:
        ax.text(0.5, 0.5, "no interactions in this scope", ha="center", va="center", fontsize=14)
        return _save(fig, out, formats)
    u = h.to_undirected(as_view=True)
    # Kamada-Kawai spreads a dense core better than spring layouts; it is O(n^2), so large graphs fall back.
    if 2 < len(h) <= 400:
        pos = nx.kamada_kawai_layout(u, weight=None, pos=nx.spring_layout(u, seed=seed))  # hops, not weights
    else:
        pos = nx.spring_layout(u, weight="weight", seed=seed, k=2.0 / max(len(h), 1) ** 0.5, iterations=100)
    pos = nx.rescale_layout_dict(pos, scale=1.0)
    edges = [(a, b) for a, b in h.edges() if a != b]
    weights = [float(h[a][b].get("weight", 1)) for a, b in edges]
    top_w = max(weights) if weights else 1.0
    top_msgs = max((people[n].messages for n in h if n in people), default=1) or 1
    nodes = list(h)
    sizes = [80 + 1400 * (people[n].messages if n in people else 0) / top_msgs for n in nodes]
    communities = sorted({people[n].community for n in h if n in people and people[n].community is not None})
    colour = {c: _PALETTE[c % len(_PALETTE)] for c in communities}
    colours = [colour.get(people[n].community, "#bbbbbb") if n in people else "#bbbbbb" for n in nodes]
    # Each direction of a pair bends to its own side (arc3), so A->B and B->A are two visible arrows.
    bend = "arc3,rad=0.14"
    nx.draw_networkx_edges(h, pos, ax=ax, edgelist=edges, width=[0.6 + 4.0 * w / top_w for w in weights],
                           alpha=0.5, edge_color="#555555", arrows=True, arrowstyle="-|>", arrowsize=14,
                           node_size=sizes, nodelist=nodes, connectionstyle=bend)
    if len(edges) <= 60:  # numbers stay readable on small networks only
        nx.draw_networkx_edge_labels(h, pos, ax=ax, edge_labels={e: f"{w:g}" for e, w in zip(edges, weights, strict=True)},
                                     font_size=7, connectionstyle=bend, label_pos=0.35,
                                     bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "none", "pad": 0.5})
    nx.draw_networkx_nodes(h, pos, ax=ax, nodelist=nodes, node_color=colours, node_size=sizes,
                           edgecolors="white", linewidths=0.8)
    ranked = sorted(h, key=lambda n: (-(people[n].pagerank if n in people else 0), n))[:labels]
    # node_size is an area in points^2; its radius in data units, for a 13-inch-wide axis over about 2.4 units
    per_point = 2.4 / (13 * 72)
    radius = {n: math.sqrt(s / math.pi) * per_point for n, s in zip(nodes, sizes, strict=True)}
    for n, (x, y) in _label_positions({n: pos[n] for n in ranked}, radius).items():
        dx = x - pos[n][0]
        ax.text(x, y, people[n].name if n in people else n, fontsize=9,
                ha="left" if dx > 0.01 else "right" if dx < -0.01 else "center", va="center",
                bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "none", "pad": 1})
    handles = [Line2D([], [], marker="o", linestyle="", markersize=9, color=colour[c],
                      label=f"community {c}: {len([n for n in h if n in people and people[n].community == c])} people")
               for c in communities]
    if handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, title="colour")
    ax.margins(0.12)
    ax.text(0.0, -0.02, f"{len(h)} connected people · {len(edges)} directed ties (arrow: speaker → addressee,"
            f" number and width: messages) · size = messages · labels: top {min(labels, len(h))} by PageRank"
            + (f" · {left_out} people outside this group not drawn" if left_out else ""),
            transform=ax.transAxes, fontsize=9, color="#333333")
    return _save(fig, out, formats)


def _parse_period(key: str, period: str) -> date | datetime:
    if period == "hour":
        return datetime.strptime(key, "%Y-%m-%d %H:00")
    if period == "week":
        y, w = key.split("-W")
        return date.fromisocalendar(int(y), int(w), 1)
    if period == "month":
        return date.fromisoformat(key + "-01")
    return date.fromisoformat(key)


def _all_periods(measures: NetworkMeasures) -> list[str]:
    """Every period from the first to the last one with messages, empty ones included, so the axis
    is a true time axis (a quiet week shows as a gap, not as nothing)."""
    keys = sorted({k for per in measures.participation.values() for k in per})
    if not keys:
        return []
    period = measures.period
    first, last = _parse_period(keys[0], period), _parse_period(keys[-1], period)
    out, t = [], first
    while t <= last:
        if period == "hour":
            out.append(t.strftime("%Y-%m-%d %H:00"))
            t += timedelta(hours=1)
        elif period == "week":
            y, w, _ = t.isocalendar()
            out.append(f"{y}-W{w:02d}")
            t += timedelta(days=7)
        elif period == "month":
            out.append(f"{t.year}-{t.month:02d}")
            t = date(t.year + t.month // 12, t.month % 12 + 1, 1)
        else:
            out.append(t.isoformat())
            t += timedelta(days=1)
    return out


def plot_participation(measures: NetworkMeasures, out: Path, *, people: int = 8,
                       formats: tuple[str, ...] = ("png", "svg")) -> list[Path]:
    """Stacked bars of messages per period for the most active people."""
    series = measures.participation
    periods = _all_periods(measures)
    fig, ax = plt.subplots(figsize=(12, 6))
    ax.set_title(f"Messages per {measures.period}: {measures.scope} ({_window(measures)})", fontsize=14)
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
