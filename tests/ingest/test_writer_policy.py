"""The writer's decision policy (issue 15, part 2): rewards, per-position advantages, the small policy and one
GRPO step on a hand-made replay (no graph)."""

from __future__ import annotations

import numpy as np
import pytest

from polymem.ingest.writer.policy import (
    ADD,
    NOOP,
    UPDATE,
    Candidate,
    Head,
    RulesPolicy,
    load_policy,
    rule_choice,
)
from polymem.ingest.writer.policy import rewards as rw
from polymem.ingest.writer.policy.features import FEATURES, featurize
from polymem.ingest.writer.policy.small import SmallWriterPolicy
from polymem.ingest.writer.policy.train import ConvData, TrainConfig, grpo_step, rollout


def test_reward_arithmetic_and_discount() -> None:
    r = rw.writer_reward(1.0, 0.5, -0.05, qa_both=0.6, qa_s1=0.4, t=2, T=5)
    assert r == pytest.approx(0.20 + 0.225 - 0.05 + 0.35 * 0.95 ** 2 * 0.2)
    last = rw.writer_reward(0, 0, 0, 1.0, 0.0, t=4, T=5)
    first = rw.writer_reward(0, 0, 0, 1.0, 0.0, t=0, T=5)
    assert last == pytest.approx(0.35) and first == pytest.approx(0.35 * 0.95 ** 4)
    with pytest.raises(ValueError):
        rw.writer_reward(1, 1, 0, 0, 0, t=5, T=5)
    assert rw.penalty(0) == 0 and rw.penalty(2) == pytest.approx(-0.10) and rw.penalty(50) == -0.25


def test_advantages_only_within_a_position_and_zero_variance_skipped() -> None:
    adv = rw.positional_advantages([(0, 0.3), (1, 0.1), (0, 0.3), (1, 0.5), (2, 0.2), (2, 0.4)])
    assert 0 not in adv  # both trajectories earned the same at position 0
    assert adv[1] == pytest.approx([-1.0, 1.0]) and adv[2] == pytest.approx([-1.0, 1.0])
    assert rw.positional_advantages([(0, 0.3), (1, 0.9)]) == {}  # one trajectory per position: nothing to compare


def test_retrieval_keeps_importing_the_writer_reward() -> None:
    from polymem.retrieval.policy import rewards as retrieval_rewards

    assert retrieval_rewards.writer_reward is rw.writer_reward
    assert retrieval_rewards.group_advantages is rw.group_advantages


def _cand(**kw: object) -> Candidate:
    d: dict = {"owner": "ana", "source": "ana", "attribute": "city", "value": "Porto", "event": "city",
               "content": "Ana lives in Porto.", "weak": False, "keyed": True, "same": [], "agrees": False}
    d.update(kw)
    return Candidate(**d)


def test_rules_and_the_untrained_small_policy_decide_alike() -> None:
    head = Head("r1", "ana", "city", "ana", "city", "Braga")
    cases = {ADD: _cand(), UPDATE: _cand(same=[head]), NOOP: _cand(same=[head], agrees=True)}
    cases["weak"] = _cand(same=[head], weak=True)
    small, rules = SmallWriterPolicy(), RulesPolicy()
    for want, c in cases.items():
        assert rule_choice(c) == rules.decide(c) == small.decide(c) == (NOOP if want == "weak" else want)
    assert cases[ADD].allowed() == [ADD, NOOP] and cases[UPDATE].allowed() == [ADD, UPDATE, NOOP]
    x = featurize(_cand(owner="bo", source="ana", addressees=("bo",)))
    assert x[FEATURES.index("reported_by_other")] == 1 and x[FEATURES.index("owner_addressed")] == 1
    assert x[FEATURES.index("speaker_is_owner")] == 0


def _replay(gold_on_message: bool) -> ConvData:
    fact = {"layer": "Profile", "owner": "ana", "source": "ana", "event": "fact", "attribute": "fact",
            "value": "Ana bakes sourdough every weekend", "content": "Ana bakes sourdough every weekend",
            "from_ids": ["m1"], "involves": [], "related": [], "weak": False}
    gold = {"m1": [["ana", "Ana bakes sourdough every weekend."]]} if gold_on_message else {}
    return ConvData.from_dict({"conv": f"crafted-{gold_on_message}", "gold": gold, "questions": [],
                               "messages": ["ana: I bake sourdough every weekend"],
                               "windows": [{"heads": [], "people": 2, "candidates": [
                                   {"message": "m1", "speaker": "ana", "addressees": [], "fact": fact}]}]})


def test_grpo_steps_toward_the_higher_advantage_decision_and_change_it() -> None:
    conv = _replay(gold_on_message=False)  # nothing to remember here: a write is an extra item (R_mem 0)
    policy, rng = SmallWriterPolicy(), np.random.default_rng(0)
    assert rollout(policy, conv, 0, 1, None)[0].decisions[0][2] == ADD  # the rules write every salient fact
    x = rollout(policy, conv, 0, 1, None)[0].decisions[0][0]
    p0 = policy.probs(x, [ADD, NOOP])[1]
    cfg = TrainConfig(k=8, windows=1, lr=0.5)
    for _ in range(30):
        grpo_step(policy, conv, 0, cfg, rng)
    assert policy.probs(x, [ADD, NOOP])[1] > p0 + 0.3
    assert rollout(policy, conv, 0, 1, None)[0].decisions[0][2] == NOOP
    kept = _replay(gold_on_message=True)  # the same fact with gold: the rules' add is kept by training
    policy2 = SmallWriterPolicy()
    for _ in range(30):
        grpo_step(policy2, kept, 0, cfg, rng)
    assert rollout(policy2, kept, 0, 1, None)[0].decisions[0][2] == ADD


def test_a_position_without_variance_leaves_the_policy_unchanged() -> None:
    policy = SmallWriterPolicy(prior=60.0)  # all K trajectories decide alike
    before = policy.theta.copy()
    _, positions, skipped = grpo_step(policy, _replay(False), 0, TrainConfig(k=8, windows=1), np.random.default_rng(1))
    assert positions == skipped == 1 and np.array_equal(policy.theta, before)


def test_policies_save_load_and_name_errors(tmp_path) -> None:
    p = SmallWriterPolicy()
    p.theta[0, 0] = 0.25
    p.save(tmp_path / "policy.json")
    assert np.allclose(load_policy(tmp_path / "policy.json").theta, p.theta)  # type: ignore[attr-defined]
    assert load_policy("rules").name == "rules" and load_policy(None).name == "rules"
    with pytest.raises(FileNotFoundError):
        load_policy(tmp_path / "missing.json")


def test_qa_proxy_counts_a_record_only_when_it_outranks_and_answers() -> None:
    from polymem.ingest.writer.policy.qa import QAProxy, Question

    msgs = ["ana: morning all", "bo: the weather is grim", "ana: finally moved, new flat is lovely",
            "bo: lunch?", "ana: sure"]
    proxy = QAProxy(msgs, [Question("Where does Ana live now?", "Porto", ["m3"])])
    assert proxy.questions[0].s1 == 0.0  # no message names the city
    assert proxy.delta([0], ["Ana lives in Porto."]) == (1.0, 0.0)
    assert proxy.delta([0], ["Bo likes lunch."]) == (0.0, 0.0)
