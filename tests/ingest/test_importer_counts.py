"""For one small conversation of each format: graph counts equal source counts; re-ingest is a no-op."""

from __future__ import annotations

from pathlib import Path

import ingest_slices as slices
import pytest

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.ingest.formats import detect, load
from polymem.ingest.pipeline import Ingestor

FORMATS = ["locomo", "friendsqa", "molweni", "irc", "meld", "memgallery", "groupchat", "jsonl"]


def _slice(fmt: str, shared: Path, tmp: Path) -> tuple[Path, dict]:
    return slices.jsonl(tmp) if fmt == "jsonl" else getattr(slices, fmt)(shared, tmp)


@pytest.mark.parametrize("fmt", FORMATS)
def test_counts_match_source_and_reingest_is_noop(fmt: str, graph: Graph, space: str, shared_data: Path,
                                                  tmp_path: Path) -> None:
    path, want = _slice(fmt, shared_data, tmp_path)
    assert detect(path) == fmt
    convs = list(load(path, fmt))
    assert len(convs) == 1
    ing = Ingestor(graph, None, batch_size=16)  # small batches: NEXT/REPLY_TO cross batch borders
    rep = ing.ingest(space, convs[0])
    assert rep.errors == []
    repo = MessageRepository(graph)
    st = repo.stats(space)
    assert st["messages"] == want["messages"] == rep.written
    assert st["speaks"] == want["messages"]
    assert set(repo.speakers(space)) == want["speakers"]
    assert st["replies"] == want["replies"]
    if "caption_round" in want:  # image captions ride on the user half of the round
        m = repo.message(space, f"{want['caption_round']}:user")
        assert m is not None and m["captions"]
        assert [a["how"] for a in m["addressees"]] == ["given"]
    before = repo.totals(space)
    again = Ingestor(graph, None, batch_size=7).ingest(space, next(iter(load(path, fmt))))
    assert again.written == 0 and again.already_stored == want["messages"] and again.errors == []
    assert repo.totals(space) == before


def test_locomo_mapping(graph: Graph, space: str, shared_data: Path, tmp_path: Path) -> None:
    path, _ = slices.locomo(shared_data, tmp_path)
    Ingestor(graph, None).ingest(space, next(iter(load(path, "locomo"))))
    m = MessageRepository(graph).message(space, "D1:3")
    assert m is not None and m["session"] == "session_1"
    assert m["time"].year == 2023 and m["time"].month == 5
    assert [a["how"] for a in m["addressees"]] == ["dyadic"]
    with_image = MessageRepository(graph).message(space, "D1:5")
    assert with_image is not None and "photo" in (with_image["captions"] or "")


def test_irc_mapping(graph: Graph, space: str, shared_data: Path, tmp_path: Path) -> None:
    path, _ = slices.irc(shared_data, tmp_path)
    Ingestor(graph, None).ingest(space, next(iter(load(path, "irc"))))
    repo = MessageRepository(graph)
    lines = path.read_text().splitlines()
    n = next(i for i, ln in enumerate(lines) if ": " in ln and ln.startswith("[") and "> " in ln)
    m = repo.message(space, str(n))
    assert m is not None and m["time"].year == 2009 and m["line"] == n + 1
    sys_line = next((i for i, ln in enumerate(lines) if ln.startswith("===")), None)
    if sys_line is not None:
        sm = repo.message(space, str(sys_line))
        assert sm is not None and sm["speaker"] == "system" and sm["addressees"] == []
