"""`polymem analytics --space S [--channel C] [--since T --until T] [--plot DIR] [--json] [--write-back]`:
relationship-network measures of a space (who addresses whom, reciprocity, communities, bridges,
latency, participation), optionally drawn to PNG/SVG and written back onto Participant nodes."""

from __future__ import annotations

import argparse
import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from polymem.errors import InputError

if TYPE_CHECKING:
    from polymem.graph.analytics import InteractionSummary, NetworkMeasures


def _when(value: str) -> datetime:
    try:
        dt = datetime.fromisoformat(value)
    except ValueError as e:
        raise InputError(f"--since/--until {value!r} is not an ISO date or datetime (e.g. 2024-05-01T12:00)") from e
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)  # naive = UTC, as ingestion stores it


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analytics", help="relationship-network measures of a space (networkx)")
    p.add_argument("--space", required=True)
    p.add_argument("--channel", help="only messages of this channel")
    p.add_argument("--since", type=str, help="only messages at or after this ISO time (naive = UTC)")
    p.add_argument("--until", type=str, help="only messages before this ISO time")
    p.add_argument("--person", help="also print this participant's interaction summary")
    p.add_argument("--period", choices=["auto", "hour", "day", "week", "month"], default="auto",
                   help="participation bucket (auto: by the time span)")
    p.add_argument("--include-system", action="store_true", help="keep system participants (IRC joins/quits)")
    p.add_argument("--top", type=int, default=10, help="how many people in each ranking")
    p.add_argument("--seed", type=int, default=7, help="community detection seed")
    p.add_argument("--plot", metavar="DIR", help="write network.png/.svg and participation.png/.svg here")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--write-back", action="store_true",
                   help="store centrality, community, messages_count on Participant nodes")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from polymem.graph import Graph
    from polymem.graph.analytics import compute, summarize, write_back
    from polymem.graph.export import Scope, export_network
    from polymem.schema.models import Space

    Space(id=args.space)
    since = _when(args.since) if args.since else None
    until = _when(args.until) if args.until else None
    if since and until and since >= until:
        raise InputError("--since must be before --until")
    with Graph() as g:
        t0 = time.perf_counter()
        net = export_network(g, Scope(args.space, args.channel, since, until, args.include_system))
        if not net.people:
            raise InputError(f"space {args.space!r} has no messages in this channel/window")
        t1 = time.perf_counter()
        m = compute(net, seed=args.seed, period=args.period, top=args.top)
        m.seconds = {"export": round(t1 - t0, 3), "compute": round(time.perf_counter() - t1, 3)}
        summary = summarize(net, m, args.person) if args.person else None
        written = write_back(g, args.space, m) if args.write_back else None
    plots: list[str] = []
    if args.plot:
        from polymem.graph.plots import plot_network, plot_participation

        out = Path(args.plot)
        plots += [str(p) for p in plot_network(net.address, m, out / "network", seed=args.seed)]
        plots += [str(p) for p in plot_participation(m, out / "participation")]
    if args.json:
        doc = m.to_dict()
        doc["plots"] = plots
        doc["written_back"] = written
        if summary:
            doc["summary"] = summary.to_dict()
        print(json.dumps(doc, indent=1))
        return 0
    _print_text(m, summary, plots, written)
    return 0


def _print_text(m: NetworkMeasures, summary: InteractionSummary | None, plots: list[str], written: int | None) -> None:
    print(f"scope: {m.scope}  people: {len(m.people)}  " + " ".join(f"{k}={v}" for k, v in m.counts.items()))
    print("most central (PageRank):  " + ", ".join(f"{n} {v:.3f}" for n, v in m.most_central))
    print("most addressed:           " + ", ".join(f"{n} {v:.0f}" for n, v in m.most_addressed))
    r = m.reciprocity
    print(f"reciprocity: overall {r.overall:.2f}, weighted {r.weighted:.2f}; busiest pairs: "
          + ", ".join(f"{p.a}<->{p.b} {p.a_to_b}/{p.b_to_a}" for p in r.pairs[:5]))
    print(f"communities: {len(m.communities)}; largest: "
          + "; ".join(", ".join(c[:6]) + (" …" if len(c) > 6 else "") for c in m.communities[:3]))
    print("bridges: " + ", ".join(m.bridges.people[:8]) + f"  ({len(m.bridges.cross_edges)} cross-community ties)")
    timed = [x for x in m.latency if x.median_reply_s is not None]
    if timed:
        fastest = sorted(timed, key=lambda x: (-x.replies, x.src))[:5]
        print("reply latency (median s): " + ", ".join(f"{x.src}->{x.dst} {x.median_reply_s:.0f}" for x in fastest))
    print(f"export {m.seconds.get('export', 0)}s, compute {m.seconds.get('compute', 0)}s")
    if summary:
        s = summary
        print(f"\n{s.id} ({s.name}): {s.messages} messages, community {s.community}, "
              f"pagerank {s.pagerank:.3f}, bridge={s.is_bridge}")
        print("  addresses: " + ", ".join(f"{n} {w}" for n, w in s.addresses))
        print("  addressed by: " + ", ".join(f"{n} {w}" for n, w in s.addressed_by))
        print("  most mutual: " + ", ".join(f"{n} {r:.2f}" for n, r in s.mutual))
    if written is not None:
        print(f"wrote measures onto {written} Participant nodes")
    for p in plots:
        print(f"plot: {p}")
