"""EG-GRPO and writer GRPO rewards on hand-made cases."""

from __future__ import annotations

import math

import pytest

from polymem.retrieval.policy import rewards as rw


def test_new_evidence_earns_and_held_evidence_earns_nothing() -> None:
    gold = ["g1", "g2"]
    hits = ["x", "g1", "g2"]
    fresh = rw.evidence_reward(hits, gold, held=[])
    half = rw.evidence_reward(hits, gold, held=["g1"])
    none = rw.evidence_reward(hits, gold, held=["g1", "g2"])
    assert rw.coverage(hits, gold, []) == 1.0
    assert rw.coverage(hits, gold, ["g1"]) == 0.5
    assert none == 0.0
    assert fresh > half > 0.0


def test_only_the_first_15_hits_are_kept() -> None:
    hits = [f"x{i}" for i in range(15)] + ["g"]
    assert rw.evidence_reward(hits, ["g"], []) == 0.0
    assert rw.evidence_reward(hits[1:], ["g"], []) > 0.0


def test_rank_term_is_log_discounted() -> None:
    top = rw.rank_term(["g", "a", "b", "c"], ["g"], [])
    fourth = rw.rank_term(["a", "b", "c", "g"], ["g"], [])
    assert top == pytest.approx(1.0)
    assert fourth == pytest.approx(1 / math.log2(5))
    # coverage is the same wherever the id sits; the rank term separates them
    assert rw.evidence_reward(["g", "a"], ["g"], []) == pytest.approx(1.0 + rw.RANK_WEIGHT)
    assert rw.evidence_reward(["a", "g"], ["g"], []) == pytest.approx(1.0 + rw.RANK_WEIGHT / math.log2(3))


def test_rank_term_normalises_by_the_missing_gold_only() -> None:
    # g1 already held: the best possible is g2 alone at the top, which this action achieves
    assert rw.rank_term(["g2", "g1"], ["g1", "g2"], ["g1"]) == pytest.approx(1.0)


def test_action_cost_is_subtracted() -> None:
    assert rw.evidence_reward(["a"], ["g"], [], cost=0.05) == pytest.approx(-0.05)


def test_writer_reward_discounts_the_qa_term_by_distance_to_the_end() -> None:
    last = rw.writer_reward(1.0, 0.5, 0.0, qa_both=0.8, qa_s1=0.6, t=9, T=10)
    first = rw.writer_reward(1.0, 0.5, 0.0, qa_both=0.8, qa_s1=0.6, t=0, T=10)
    assert last == pytest.approx(0.20 + 0.45 * 0.5 + 0.35 * 0.2)
    assert first == pytest.approx(0.20 + 0.45 * 0.5 + 0.35 * 0.95 ** 9 * 0.2)
    assert rw.writer_reward(0.0, 0.0, -0.1, 0.5, 0.5, t=3, T=10) == pytest.approx(-0.1)
    with pytest.raises(ValueError):
        rw.writer_reward(1, 1, 0, 1, 1, t=10, T=10)


def test_group_advantages_are_relative_and_skip_flat_groups() -> None:
    adv = rw.group_advantages([1.0, 0.0, 0.0, 1.0])
    assert adv == pytest.approx([1.0, -1.0, -1.0, 1.0])
    assert rw.group_advantages([0.3, 0.3, 0.3]) is None
    assert rw.group_advantages([1.0]) is None


def test_writer_advantages_only_within_one_write_position() -> None:
    samples = [(0, 1.0), (1, 5.0), (0, 0.0), (1, 5.0), (2, 2.0), (2, 4.0)]
    adv = rw.positional_advantages(samples)
    assert set(adv) == {0, 2}  # position 1 has no variance: skipped
    assert adv[0] == pytest.approx([1.0, -1.0])
    # position 2 is normalised on its own, not against position 1's large rewards
    assert adv[2] == pytest.approx([-1.0, 1.0])


def test_centred_advantages_keep_the_reward_scale() -> None:
    small = rw.group_advantages([0.0, -0.02], normalise=False)
    big = rw.group_advantages([0.0, 1.5], normalise=False)
    assert small == pytest.approx([0.01, -0.01])
    assert big == pytest.approx([-0.75, 0.75])
    assert rw.group_advantages([0.0, -0.02]) == pytest.approx([1.0, -1.0])  # std-normalised: same weight
    assert rw.group_advantages([0.2, 0.2], normalise=False) is None
