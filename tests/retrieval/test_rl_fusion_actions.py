"""Fusion-weight actions of the learned retrieval policy (issue 15): a joint action "<catalogue action>@<preset>"
also sets the multipliers of the final ranking's score fusion; the default fusion (rules, no policy, no
multipliers) is untouched."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from chat_fixture import ingest_chat

from polymem.retrieval import AskOptions, ask, fusion
from polymem.retrieval import compose as compose_mod
from polymem.retrieval.agent import State
from polymem.retrieval.compose import rank_ids
from polymem.retrieval.fusion import WeightedLists, score_fuse
from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import (
    ACTIONS,
    FUSIONS,
    JOINT,
    STATE_FEATURES,
    STOP,
    fusion_weights,
    list_filters,
    split_action,
)
from polymem.retrieval.policy.small import SmallPolicy
from polymem.retrieval.policy.train import (
    Cached,
    TrainConfig,
    action_reward,
    episode,
    policy_for,
    ranked_under,
)

LISTS = [[("a", 4.0), ("d", 1.0)], [("b", 2.0)], [("c", 0.75)]]  # whole question BM25, a later BM25, dense
KINDS = ["bm25", "bm25", "vector"]


def test_default_fusion_weights_are_unchanged() -> None:
    assert (fusion.LEX_FIRST, fusion.LEX_OTHER, fusion.DENSE, fusion.DENSE_FLOOR, fusion.NEIGHBOUR,
            fusion.LEX_FLOOR) == (1.0, 0.1, 0.7, 0.2, 0.9, 0.3)
    default = score_fuse(LISTS, KINDS)
    assert default == pytest.approx({"a": 1.0, "d": 0.25, "b": 0.1, "c": 0.35})
    # no multipliers, multipliers of 1 and a WeightedLists without multipliers all fuse exactly as the default
    assert score_fuse(LISTS, KINDS, None) == default == score_fuse(LISTS, KINDS, [1.0, 1.0, 1.0])
    assert score_fuse(WeightedLists(LISTS), KINDS) == default


def test_multipliers_reweight_each_list_and_travel_with_the_lists() -> None:
    got = score_fuse(LISTS, KINDS, [1.0, 5.0, 2.0])
    assert got == pytest.approx({"a": 1.0, "d": 0.25, "b": 0.5, "c": 0.7})
    assert score_fuse(WeightedLists(LISTS, [1.0, 5.0, 2.0]), KINDS) == got
    assert score_fuse(LISTS, KINDS, [1.0, 5.0]) == pytest.approx({**got, "c": 0.35})  # beyond the end: 1
    # the final ranking (compose.rank_ids) reads the multipliers the state's lists carry
    st = State(lists=list(LISTS), kinds=KINDS)
    plan = Plan(question="where did they go", intent="generic")
    assert rank_ids(plan, st, [], []) == ["a", "c", "d", "b"]
    st.lists = WeightedLists(LISTS, [1.0, 5.0, 1.0])
    assert rank_ids(plan, st, [], []) == ["a", "b", "c", "d"]


def test_presets_set_per_list_multipliers() -> None:
    filt = [False, True, False]
    assert fusion_weights(None, LISTS, KINDS, filt) is None
    assert fusion_weights("lexical", LISTS, KINDS, filt) == [1.0, 3.0, 0.3]
    assert fusion_weights("dense", LISTS, KINDS, filt) == [1.0, 1.0, 2.0]
    assert fusion_weights("filtered", LISTS, KINDS, filt) == [1.0, 5.0, 1.0]
    assert fusion_weights("own", LISTS, KINDS, filt, own=[2]) == [1.0, 1.0, 5.0]
    # as in score_fuse, the first NON-EMPTY lexical list is the whole question's (full weight)
    assert fusion_weights("lexical", [[], [("x", 1.0)], [("y", 1.0)]], ["bm25"] * 3, []) == [1.0, 1.0, 3.0]


def test_filtered_lists_are_read_from_the_trace() -> None:
    trace = [{"layer": "messages", "tool": "bm25", "filters": {}},
             {"layer": "records", "tool": "rows"},
             {"layer": "messages", "tool": "vector", "filters": {"speakers": ["p1"]}},
             {"layer": "messages", "tool": "activity", "filters": {"speaker": "p1"}},
             {"layer": "messages", "tool": "bm25", "filters": {"addressees": ["p2"]}},
             {"layer": "answer", "tool": "sufficiency"}]
    assert list_filters(trace, 3) == [False, True, True]
    assert list_filters(trace, 4) == [False] * 4  # lines and lists do not match: nothing is taken as filtered


def test_training_ranks_a_state_under_a_preset_and_restores_its_lists() -> None:
    trace = [{"layer": "messages", "tool": "bm25", "filters": {}},
             {"layer": "messages", "tool": "bm25", "filters": {"speakers": ["p1"]}},
             {"layer": "messages", "tool": "vector", "filters": {}}]
    st = State(lists=[list(h) for h in LISTS], kinds=KINDS, trace=trace)
    plan = Plan(question="where did they go", intent="generic")
    assert ranked_under(plan, st) == ["a", "c", "d", "b"]
    assert ranked_under(plan, st, "filtered") == ["a", "b", "c", "d"]  # the speaker-filtered list x 5
    assert ranked_under(plan, st, "own", [2]) == ["c", "a", "d", "b"]  # the dense list x 5
    assert type(st.lists) is list and ranked_under(plan, st) == ["a", "c", "d", "b"]


def test_joint_actions() -> None:
    assert JOINT[: len(ACTIONS)] == ACTIONS  # the plain catalogue first: old policies keep their order
    assert f"{STOP}@own" not in JOINT and f"{STOP}@dense" in JOINT
    assert len(JOINT) == len(ACTIONS) * (len(FUSIONS) + 1) - 1
    assert split_action("bm25_rewrite@filtered") == ("bm25_rewrite", "filtered")
    assert split_action(STOP) == (STOP, None)


def _cached() -> Cached:
    plan = Plan(question="where did they go hiking")
    acts = {name: ("bm25", [("m3", 1.0)]) for name in ACTIONS if name != STOP}
    ranked = {name: ["m1", "m2", "m3"] for name in JOINT}
    ranked[f"{STOP}@dense"] = ["gold", "m1", "m2"]  # only reweighting round 1's lists ranks the gold
    return Cached(plan, [[("m1", 3.0), ("m2", 2.0)]], ["bm25"], acts, ranked=ranked)


def test_episodes_learn_a_fusion_preset_without_a_round_cost() -> None:
    c, rng = _cached(), np.random.default_rng(0)
    cfg = TrainConfig(k=8, lr=0.5, cost=0.05, keep=2, reward_on="ranking", fusion=True)
    # a preset alone searches no more: no round cost; a search with a preset pays it
    assert action_reward(c, c.base, c.base_kinds, f"{STOP}@dense", ["gold"], cfg.cost, 2, "ranking") > 1.0
    assert action_reward(c, c.base, c.base_kinds, f"{STOP}@lexical", ["x"], cfg.cost, 2, "ranking") == 0.0
    assert action_reward(c, c.base, c.base_kinds, "bm25_rewrite@dense", ["x"], cfg.cost, 2,
                         "ranking") == pytest.approx(-0.05)
    pol = policy_for(cfg)
    assert pol.actions == list(JOINT)
    for _ in range(60):
        rewards, taken = episode(pol, c, ["gold"], cfg, rng)
        assert len(taken) <= 1 and len(rewards) == cfg.k
    rewards, taken = episode(pol, c, ["gold"], cfg, None, learn=False)
    assert taken == [f"{STOP}@dense"] and rewards[0] > 1.0
    # a policy over the plain catalogue never takes a joint action, even where the cache has them
    plain = policy_for(TrainConfig(reward_on="ranking"))
    assert plain.actions == list(ACTIONS)
    for _ in range(20):
        assert all("@" not in a for a in episode(plain, c, ["gold"], cfg, rng)[1])


def test_ask_applies_the_chosen_preset_to_the_final_ranking(graph, space, embedder, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    ingest_chat(graph, space, embedder)
    seen: list[object] = []
    real = compose_mod.score_fuse

    def spy(lists, kinds, weights=None):  # noqa: ANN001, ANN202 - records what the final ranking fuses with
        seen.append((list(kinds), getattr(lists, "weights", None)))
        return real(lists, kinds, weights)

    monkeypatch.setattr(compose_mod, "score_fuse", spy)
    q = "Who brought the telescope to the picnic?"
    rules = ask(graph, space, q, embedder=embedder)
    assert seen and seen[-1][1] is None  # the rules (default): plain lists, default weights
    assert not [t for t in rules.trace if t["layer"] == "policy"]
    pol = SmallPolicy(actions=JOINT, meta={"max_rounds": 2})
    pol.theta[JOINT.index(f"{STOP}@dense"), STATE_FEATURES.index("bias")] = 10.0
    pol.save(tmp_path / "dense.json")
    seen.clear()
    a = ask(graph, space, q, embedder=embedder, options=AskOptions(policy=str(tmp_path / "dense.json")))
    assert [t["choice"] for t in a.trace if t["layer"] == "policy"] == [f"{STOP}@dense"]
    assert a.trace[-1]["round"] == 1  # no extra search round
    kinds, weights = seen[-1]
    assert weights == [2.0 if k == "vector" else 1.0 for k in kinds]
    # a search action with its own list up-weighted: one more round, its list (the last) x 5
    pol.theta[:] = 0.0
    pol.theta[JOINT.index("vector_issue_wide@own"), STATE_FEATURES.index("bias")] = 10.0
    pol.save(tmp_path / "own.json")
    seen.clear()
    b = ask(graph, space, q, embedder=embedder, options=AskOptions(policy=str(tmp_path / "own.json")))
    assert [t["choice"] for t in b.trace if t["layer"] == "policy"] == ["vector_issue_wide@own"]
    assert b.trace[-1]["round"] == 2
    kinds, weights = seen[-1]
    assert weights == [1.0] * (len(kinds) - 1) + [5.0] and kinds[-1] == "vector"
