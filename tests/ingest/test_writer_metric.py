"""SpeakerLevenshtein / Φ_SL on hand-made memories."""

from __future__ import annotations

import pytest

from polymem.ingest.writer.metric import MemoryItem as M
from polymem.ingest.writer.metric import seq_ratio, speaker_levenshtein, token_f1

GOLD = [
    M("alice", "Alice lives in Krakow."),
    M("alice", "Alice works as a line cook at Bistro Lumen."),
    M("bob", "Bob has a corgi."),
    M("GROUP", "The group decided the venue is the lake house."),
]


def test_identical_memory_scores_one() -> None:
    r = speaker_levenshtein(GOLD, GOLD)
    assert r.phi == pytest.approx(1.0)
    assert all(s.f == pytest.approx(1.0) for s in r.owners.values())


def test_empty_against_non_empty_scores_zero_and_both_empty_one() -> None:
    assert speaker_levenshtein([], GOLD).phi == 0.0
    assert speaker_levenshtein(GOLD, []).phi == 0.0
    assert speaker_levenshtein([], []).phi == 1.0


def test_wrong_owner_gets_no_credit() -> None:
    # Same sentence filed under the wrong person: both buckets score 0.
    written = [M("bob", "Alice lives in Krakow.")]
    gold = [M("alice", "Alice lives in Krakow.")]
    r = speaker_levenshtein(written, gold)
    assert r.owners["alice"].f == 0.0 and r.owners["bob"].f == 0.0
    assert r.phi == 0.0


def test_source_mismatch_is_not_coordinate_consistent() -> None:
    gold = [M("greta", "Greta is brilliant at organising", source="liam")]
    assert speaker_levenshtein([M("greta", "Greta is brilliant at organising", source="alice")], gold).phi == 0.0
    assert speaker_levenshtein([M("greta", "Greta is brilliant at organising", source="liam")], gold).phi == 1.0


def test_extra_and_missing_writes_are_penalised() -> None:
    full = speaker_levenshtein(GOLD, GOLD).phi
    extra = speaker_levenshtein(GOLD + [M("alice", "Alice likes trains and rainy days.")], GOLD)
    missing = speaker_levenshtein(GOLD[1:], GOLD)
    assert extra.phi < full and missing.phi < full
    assert extra.owners["alice"].precision < 1.0 and extra.owners["alice"].recall == pytest.approx(1.0)
    assert missing.owners["alice"].recall < 1.0 and missing.owners["alice"].precision == pytest.approx(1.0)


def test_one_to_one_matching_does_not_reuse_a_gold_item() -> None:
    gold = [M("alice", "Alice lives in Krakow.")]
    twice = speaker_levenshtein([M("alice", "Alice lives in Krakow."), M("alice", "Alice lives in Krakow.")], gold)
    assert twice.owners["alice"].precision == pytest.approx(0.5)


def test_rare_owner_drags_the_min_term() -> None:
    gold = [M("alice", f"Alice fact number {i} about hiking") for i in range(9)] + [M("carol", "Carol has a cat.")]
    written = [M("alice", f"Alice fact number {i} about hiking") for i in range(9)]  # Carol forgotten
    r = speaker_levenshtein(written, gold)
    assert r.min_f == 0.0 and r.owners["alice"].f == pytest.approx(1.0)
    assert r.phi == pytest.approx(0.80 * 0.5 + 0.20 * 0.0)


def test_similarity_parts() -> None:
    assert token_f1("Alice lives in Krakow", "alice LIVES in krakow!") == pytest.approx(1.0)
    assert token_f1("a b", "c d") == 0.0
    assert 0.0 < seq_ratio("Alice lives in Krakow", "Alice lived in Kraków") < 1.0
    near = speaker_levenshtein([M("alice", "Alice lives in Krakow now")], [M("alice", "Alice lives in Krakow.")])
    assert 0.7 < near.phi < 1.0
