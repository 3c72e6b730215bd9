"""scripts/neo4j sizing: heap, page cache and the OS memory left for Lucene's vector index, from a budget."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "neo4j"


def sizing(memory: str | None, **env: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("POLYMEM_NEO4J_")}
    args = [str(SCRIPT), "sizing"] + ([memory] if memory else [])
    done = subprocess.run(args, env={**clean, **env}, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return dict(line.split("=", 1) for line in done.stdout.splitlines())


def mib(values: dict[str, str], key: str) -> int:
    return int(values[key])


@pytest.mark.parametrize("memory, budget", [("8g", 8192), ("24GiB", 24576), ("1.5g", 1536), ("4096", 4096),
                                            ("2048m", 2048), ("100g", 102400)])
def test_parts_add_up_to_the_budget(memory: str, budget: int) -> None:
    v = sizing(memory)
    assert mib(v, "budget_mib") == budget
    assert mib(v, "heap_mib") + mib(v, "pagecache_mib") + mib(v, "vector_index_mib") == budget
    assert 512 <= mib(v, "heap_mib") <= 16384
    # the page cache and the Lucene (vector index) share what the heap leaves, evenly
    assert abs(mib(v, "pagecache_mib") - mib(v, "vector_index_mib")) <= 1
    assert mib(v, "transaction_total_mib") < mib(v, "heap_mib")


def test_eight_gigabytes() -> None:
    v = sizing("8g")
    assert (v["heap_mib"], v["pagecache_mib"], v["vector_index_mib"]) == ("2048", "3072", "3072")


def test_heap_is_capped_on_large_machines() -> None:
    assert sizing("256g")["heap_mib"] == "16384"


def test_budget_from_the_environment_and_default_is_half_the_machine() -> None:
    assert sizing(None, POLYMEM_NEO4J_MEMORY="6g")["budget_mib"] == "6144"
    machine = next(int(line.split()[1]) // 1024 for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal:"))
    assert int(sizing(None)["budget_mib"]) == machine // 2


def test_explicit_heap_and_page_cache_win() -> None:
    v = sizing("8g", POLYMEM_NEO4J_HEAP="1g", POLYMEM_NEO4J_PAGECACHE="5g")
    assert (v["heap_mib"], v["pagecache_mib"], v["vector_index_mib"]) == ("1024", "5120", "2048")


def test_log_retention_is_bounded_by_default_and_configurable() -> None:
    assert sizing("8g")["tx_log_retention"] == "2 files"
    assert sizing("8g", POLYMEM_NEO4J_TX_LOG_RETENTION="500M size")["tx_log_retention"] == "500M size"


@pytest.mark.parametrize("memory, message", [("lots", "not a size"), ("512m", "too small"), ("900m", "too small"), ("-3g", "not a size")])
def test_bad_budgets_are_refused_clearly(memory: str, message: str) -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("POLYMEM_NEO4J_")}
    done = subprocess.run([str(SCRIPT), "sizing", memory], env=clean, capture_output=True, text=True, timeout=30)
    assert done.returncode != 0
    assert message in done.stderr


def test_overrides_that_fill_the_budget_warn() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("POLYMEM_NEO4J_")}
    done = subprocess.run([str(SCRIPT), "sizing", "4g"], env={**clean, "POLYMEM_NEO4J_HEAP": "3g",
                          "POLYMEM_NEO4J_PAGECACHE": "2g"}, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0
    assert "nothing is left for the vector index" in done.stderr
