"""The independent BM25 baseline and the dataset loaders on tiny hand-made files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import datasets
from bench.bm25_baseline import BM25Index, Doc, tokenize
from polymem.errors import InputError

DOCS = [
    Doc("m1", "I moved to Porto last week", "jonas", "Jonas Weber"),
    Doc("m2", "Liam, can you print the flyers?", "gre68", "Greta Lindqvist"),
    Doc("m3", "sure, will do", "lia58", "Liam O'Brien"),
    Doc("m4", "the weather is nice today", "jonas", "Jonas Weber"),
]


def test_tokenize_drops_stopwords_and_case() -> None:
    assert tokenize("Who asked Liam to PRINT the flyers?") == ["asked", "liam", "print", "flyers"]


def test_search_ranks_matching_message_first() -> None:
    ix = BM25Index(DOCS)
    assert ix.ranked_ids("Who asked Liam to print the flyers?", 2)[0] == "m2"
    assert ix.ranked_ids("Porto", 1) == ["m1"]
    assert len(ix.search("flyers", 10)) == 4  # k larger than the corpus


def test_baseline_answer_is_top_message_with_speaker_name() -> None:
    text, doc = BM25Index(DOCS).answer("Who asked Liam to print the flyers?")
    assert doc is not None and doc.id == "m2"
    assert text == "Greta Lindqvist: Liam, can you print the flyers?"
    assert BM25Index(DOCS).answer("zebra")[1] is None  # nothing matches: no answer


def test_empty_corpus_is_refused() -> None:
    with pytest.raises(ValueError):
        BM25Index([])


def _locomo(tmp_path: Path) -> Path:
    turns = [{"speaker": "Ann", "dia_id": f"D1:{i}", "text": f"turn {i}"} for i in range(1, 4)]
    sample = {"sample_id": "conv-x", "conversation": {"speaker_a": "Ann", "speaker_b": "Bob",
                                                      "session_1": turns, "session_2_date_time": "later"},
              "qa": [{"question": "a?", "evidence": ["D1:1; D1:2"], "category": 1},
                     {"question": "b?", "evidence": ["D:1:3", "D9:9", "D"], "category": 4},
                     {"question": "c?", "evidence": [], "category": 2},
                     {"question": "d?", "evidence": ["D1:1"], "category": 5}]}
    p = tmp_path / "lo.json"
    p.write_text(json.dumps([sample]))
    return p


def test_locomo_evidence_is_split_repaired_and_unknown_ids_counted(tmp_path: Path) -> None:
    (conv,) = datasets.locomo(_locomo(tmp_path))
    assert conv.space == "bench-locomo-conv-x" and len(conv.docs) == 3
    assert [q.evidence for q in conv.qa] == [["D1:1", "D1:2"], ["D1:3"], [], ["D1:1"]]
    assert [q.kind for q in conv.qa] == ["multi-hop", "single-hop", "temporal", "adversarial"]
    assert conv.unknown_ids == ["D9:9", "D"]
    assert conv.empty_evidence == 1
    assert datasets.sniff(tmp_path / "lo.json") == "locomo"


def test_bad_file_gives_input_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(InputError, match="malformed JSON"):
        datasets.locomo(bad)
    with pytest.raises(InputError, match="not a groupchat"):
        bad.write_text("{}")
        datasets.groupchat(bad)
