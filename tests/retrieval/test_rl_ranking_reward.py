"""Reward on `ask`'s final ranking (`polymem train retrieval --reward-on ranking`): new gold in the first `keep`
ids earns, held gold earns nothing and losing it costs; episodes take one decision after round 1; a policy
saved with `max_rounds` 2 runs at most one policy round inside `ask`."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from chat_fixture import ingest_chat

from polymem.retrieval import AskOptions, ask
from polymem.retrieval.plan import Plan
from polymem.retrieval.policy import rewards as rw
from polymem.retrieval.policy.catalogue import ACTIONS, STATE_FEATURES, STOP
from polymem.retrieval.policy.small import SmallPolicy
from polymem.retrieval.policy.train import Cached, TrainConfig, episode, ranking_reward


def test_new_gold_in_the_top_k_earns_the_paper_reward() -> None:
    before = ["a", "b", "c", "g"]
    after = ["g", "a", "b", "c"]
    # g was held (inside the first 4): moving it up earns nothing
    assert ranking_reward(before, after, ["g"], keep=4) == 0.0
    # with keep 3, g is new in the kept ids, at rank 0: coverage 1 + the rank term 1 x RANK_WEIGHT
    assert ranking_reward(before, after, ["g"], keep=3) == pytest.approx(1.0 + rw.RANK_WEIGHT)
    # at rank 1 the rank term is discounted
    assert ranking_reward(["a", "b", "c", "g"], ["a", "g", "b"], ["g"], keep=3) == \
        pytest.approx(1.0 + rw.RANK_WEIGHT / math.log2(3))


def test_held_gold_pushed_out_costs_and_the_round_cost_applies() -> None:
    before = ["g1", "a", "g2", "b"]
    after = ["x", "y", "g1", "z"]  # g2 falls out of the first 3
    assert ranking_reward(before, after, ["g1", "g2"], keep=3) == pytest.approx(-0.5)
    assert ranking_reward(before, after, ["g1", "g2"], keep=3, cost=0.1) == pytest.approx(-0.6)
    assert ranking_reward(before, before, ["g1"], keep=3, cost=0.1) == pytest.approx(-0.1)
    assert ranking_reward(before, after, [], keep=3, cost=0.1) == pytest.approx(-0.1)  # no gold: the cost only


def _cached() -> Cached:
    plan = Plan(question="where did they go hiking")
    acts = {name: ("bm25", [("m3", 1.0)]) for name in ACTIONS if name != STOP}
    ranked = {name: ["m1", "m2", "m3"] for name in ACTIONS}
    ranked["vector_issue_wide"] = ["gold", "m1", "m2"]  # the only action whose ranking holds the gold
    ranked["bm25_rewrite"] = ["m3", "m4", "m5"]  # pushes the held m1 out: costs where m1 is gold
    return Cached(plan, [[("m1", 3.0), ("m2", 2.0)]], ["bm25"], acts, ranked=ranked)


def test_ranking_episodes_learn_the_action_that_ranks_the_gold_and_take_one_decision() -> None:
    c, rng, pol = _cached(), np.random.default_rng(0), SmallPolicy()
    cfg = TrainConfig(k=8, lr=0.5, cost=0.0, keep=2, reward_on="ranking")
    for _ in range(40):
        rewards, taken = episode(pol, c, ["gold"], cfg, rng)
        assert len(taken) <= 1 and len(rewards) == cfg.k  # one decision (one group of K) after round 1
    rewards, taken = episode(pol, c, ["gold"], cfg, None, learn=False)
    assert taken == ["vector_issue_wide"] and rewards[0] > 1.0
    # where the held m1 is the gold, the action that drops it is punished (the others earn 0, as stop does)
    pol2 = SmallPolicy()
    for _ in range(60):
        episode(pol2, c, ["m1"], cfg, rng)
    assert episode(pol2, c, ["m1"], cfg, None, learn=False)[1] != ["bm25_rewrite"]
    p = pol2.probs(np.eye(len(STATE_FEATURES))[0], [STOP, "bm25_rewrite"])
    assert p["bm25_rewrite"] < 0.4 < 0.6 < p[STOP]  # 0.5 each before training


def test_ask_runs_at_most_the_saved_policys_rounds(graph, space, embedder, tmp_path: Path) -> None:
    ingest_chat(graph, space, embedder)
    q = "Who brought the telescope to the picnic?"  # never sufficient: a 3-round policy would search twice
    pol = SmallPolicy()
    pol.theta[ACTIONS.index("vector_issue_wide"), STATE_FEATURES.index("bias")] = 10.0
    pol.theta[ACTIONS.index("vector_rewrite"), STATE_FEATURES.index("bias")] = 5.0
    pol.save(tmp_path / "three.json")
    a3 = ask(graph, space, q, embedder=embedder, options=AskOptions(policy=str(tmp_path / "three.json")))
    assert [t["choice"] for t in a3.trace if t["layer"] == "policy"] == ["vector_issue_wide", "vector_rewrite"]
    pol.meta["max_rounds"] = 2
    pol.save(tmp_path / "two.json")
    a2 = ask(graph, space, q, embedder=embedder, options=AskOptions(policy=str(tmp_path / "two.json")))
    assert [t["choice"] for t in a2.trace if t["layer"] == "policy"] == ["vector_issue_wide"]
    assert a2.trace[-1]["layer"] == "answer" and a2.trace[-1]["round"] == 2
