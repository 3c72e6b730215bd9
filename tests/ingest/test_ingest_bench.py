"""The ingest benchmarks run end to end on small inputs and measure what they claim."""

from __future__ import annotations

from pathlib import Path

from bench.ingest_addressee import run_bench as addressee_bench
from bench.ingest_throughput import run_bench as throughput_bench
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository


def test_addressee_bench_beats_baseline_precision_on_dev(shared_data: Path) -> None:
    out = addressee_bench(shared_data / "irc-disentanglement", ["dev"])
    base, ours = out["baseline"], out["polymem"]
    assert out["annotated_messages"] > 1000 and base["gold"] == ours["gold"] > 0
    assert ours["precision"] > base["precision"] + 0.3
    assert ours["f1"] > base["f1"]


def test_throughput_bench_small_run_cleans_up(graph: Graph) -> None:
    before = {s["id"] for s in MessageRepository(graph).spaces()}
    out = throughput_bench(messages=300, embed_messages=0, rss_messages=0, batch=100)
    assert out["no_embed"]["messages"] == 300 and out["no_embed"]["errors"] == 0
    assert out["no_embed"]["messages_per_s"] > 0
    after = {s["id"] for s in MessageRepository(graph).spaces()}
    assert not {s for s in after - before if s.startswith("bench-ingest-")}
