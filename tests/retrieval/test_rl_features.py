"""State features of the small retrieval policy (question type, held evidence and its scores) and the
leave-one-conversation-out check on the train split (bench/rl_loco.py), on hand-made caches."""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import pytest

from bench import rl_loco
from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import ACTIONS, STATE_FEATURES, STOP, question_type, state_features
from polymem.retrieval.policy.small import SmallPolicy
from polymem.retrieval.policy.train import Cached, Item, TrainConfig, episode


def _f(x: np.ndarray, name: str) -> float:
    return float(x[STATE_FEATURES.index(name)])


def test_question_type_reads_the_first_word_and_the_form() -> None:
    assert len(question_type("x")) == len([f for f in STATE_FEATURES if f.startswith("wh_")]) + 2
    x = state_features(Plan(question="How many times did Caroline go hiking?"), [], [], 1, [])
    assert _f(x, "wh_how") == _f(x, "how_many") == 1.0 and _f(x, "wh_what") == 0.0
    x = state_features(Plan(question="Would Melanie likely enjoy the trip?"), [], [], 1, [])
    assert _f(x, "wh_yes_no") == _f(x, "hypothetical") == 1.0 and _f(x, "wh_other") == 0.0
    x = state_features(Plan(question="Caroline's favourite book?"), [], [], 1, [])
    assert _f(x, "wh_other") == 1.0


def test_held_evidence_scores_are_features() -> None:
    plan = Plan(question="what did they paint", mentioned=["a", "b"])
    lex = [("m1", 9.0), ("m2", 3.0)]
    dense = [(f"m{i}", (1 + c) / 2) for i, c in enumerate(np.linspace(0.8, 0.35, 12))]  # Neo4j (1 + cos) / 2
    x = state_features(plan, [lex, dense], ["bm25", "vector"], 1, ["m1", "m2"], True, 0.7)
    assert len(x) == len(STATE_FEATURES)
    assert _f(x, "dense_top") == pytest.approx(0.8) and _f(x, "dense_tenth") < _f(x, "dense_top")
    assert _f(x, "dense_gap") == pytest.approx(_f(x, "dense_top") - _f(x, "dense_tenth"))
    assert 0 < _f(x, "lex_top") <= 1 and _f(x, "lex_few") == 1.0  # 2 hits: fewer than 10
    assert _f(x, "mentions_two") == _f(x, "sufficient") == 1.0 and _f(x, "confidence") == pytest.approx(0.7)


def _cached(question: str, good: str) -> Cached:
    ranked = {a: ["m1", "m2", "m3"] for a in ACTIONS}
    ranked[good] = ["gold", "m1", "m2"]
    acts = {a: ("bm25", [("m3", 1.0)]) for a in ACTIONS if a != STOP}
    return Cached(Plan(question=question), [[("m1", 3.0), ("m2", 2.0)]], ["bm25"], acts, ranked=ranked)


def test_the_policy_becomes_state_dependent_where_the_features_tell_states_apart() -> None:
    when, what = _cached("When did she move?", "vector_issue_wide"), _cached("What did she paint?", "bm25_rewrite")
    pol, rng = SmallPolicy(), np.random.default_rng(0)
    cfg = TrainConfig(k=8, lr=0.5, cost=0.0, keep=2, reward_on="ranking")
    for _ in range(80):
        episode(pol, when, ["gold"], cfg, rng)
        episode(pol, what, ["gold"], cfg, rng)
    assert episode(pol, when, ["gold"], cfg, None, learn=False)[1] == ["vector_issue_wide"]
    assert episode(pol, what, ["gold"], cfg, None, learn=False)[1] == ["bm25_rewrite"]


def test_leave_one_conversation_out_scores_the_held_out_conversation_only() -> None:
    cache, items = {}, []
    for conv in ("conv-a", "conv-b", "conv-c"):
        for i in range(4):
            qid = f"{conv}#{i}"
            cache[qid] = _cached("When did she move?" if i % 2 else "What did she paint?",
                                 "vector_issue_wide" if i % 2 else "bm25_rewrite")
            items.append(Item(qid, conv, "q", ["gold"]))
    env = SimpleNamespace(cache=cache, get=lambda it: cache[it.qid], save=lambda: None)
    orc = rl_loco.oracle(env, items)  # type: ignore[arg-type]
    assert orc["hindsight_best"] == 100.0 and orc["constant"][STOP]["recall@10"] == 0.0
    assert orc["constant"]["bm25_rewrite"] == {"recall@10": 50.0, "better": 6, "worse": 0}
    res = rl_loco.grpo(env, items, TrainConfig(steps=60, batch=4, lr=0.5, cost=0.0, keep=2,  # type: ignore[arg-type]
                                               reward_on="ranking"))
    assert res["recall@10"] == 100.0 and res["stop_recall@10"] == 0.0 and res["rounds"] == 2.0
    assert set(res["per_conversation"]) == {"conv-a", "conv-b", "conv-c"} and res["distinct_choices"] == 2
    probe = rl_loco.probe(env, items, lam=0.1)  # type: ignore[arg-type]
    assert probe["recall@10"] == 100.0


def test_a_policy_saved_with_fewer_features_loads_and_decides_as_before(tmp_path) -> None:
    old = ["bias", "round2", "confidence"]
    theta = np.zeros((len(ACTIONS), len(old)))
    theta[ACTIONS.index("vector_issue_wide"), 0] = 2.0
    theta[ACTIONS.index(STOP), 2] = 5.0
    (tmp_path / "p.json").write_text(json.dumps({"kind": "small", "actions": list(ACTIONS), "features": old,
                                                 "theta": theta.tolist()}), encoding="utf-8")
    pol = SmallPolicy.load(tmp_path / "p.json")
    assert pol.features == list(STATE_FEATURES) and pol.theta.shape == (len(ACTIONS), len(STATE_FEATURES))
    x = state_features(Plan(question="what did she paint"), [], [], 1, [], False, 0.9)
    assert pol.choose(x, list(ACTIONS)) == STOP  # 5 x 0.9 > 2
    x = state_features(Plan(question="what did she paint"), [], [], 1, [], False, 0.1)
    assert pol.choose(x, list(ACTIONS)) == "vector_issue_wide"
    (tmp_path / "q.json").write_text(json.dumps({"kind": "small", "actions": list(ACTIONS), "features": ["nope"],
                                                 "theta": [[0.0]] * len(ACTIONS)}), encoding="utf-8")
    with pytest.raises(ValueError, match="other state features"):
        SmallPolicy.load(tmp_path / "q.json")
