"""The small retrieval policy: GRPO steps, episodes on hand-made hit lists, save/load, and use inside `ask`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from chat_fixture import ingest_chat

from polymem.errors import InputError
from polymem.retrieval import AskOptions, ask
from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import ACTIONS, STATE_FEATURES, STOP
from polymem.retrieval.policy.small import SmallPolicy
from polymem.retrieval.policy.train import Cached, Item, TrainConfig, episode, train

X = np.eye(len(STATE_FEATURES))[0]  # the bias feature only


def test_one_step_moves_toward_the_higher_advantage_action() -> None:
    pol = SmallPolicy()
    allowed = [STOP, "bm25_rewrite", "vector_rewrite"]
    before = pol.probs(X, allowed)
    changed = pol.grpo_step(X, allowed, ["bm25_rewrite", "vector_rewrite"] * 2, [1.0, 0.0, 1.0, 0.0], lr=0.5)
    after = pol.probs(X, allowed)
    assert changed
    assert after["bm25_rewrite"] > before["bm25_rewrite"]
    assert after["vector_rewrite"] < before["vector_rewrite"]
    i, j = ACTIONS.index("bm25_rewrite"), ACTIONS.index("vector_rewrite")
    assert pol.theta[i] @ X > 0 > pol.theta[j] @ X


def test_a_group_without_variance_changes_nothing() -> None:
    pol = SmallPolicy()
    assert not pol.grpo_step(X, [STOP, "bm25_rewrite"], [STOP, "bm25_rewrite"], [0.0, 0.0], lr=1.0)
    assert not pol.theta.any()


def _cached() -> Cached:
    plan = Plan(question="where did they go hiking")
    base = [[("m1", 3.0), ("m2", 2.0)]]
    acts = {name: ("bm25", [("m3", 1.0)]) for name in ACTIONS if name != STOP}
    acts["vector_issue_wide"] = ("vector", [("gold", 0.95), ("m4", 0.9)])  # the only action that finds the gold
    return Cached(plan, base, ["bm25"], acts)


def test_training_episodes_learn_the_action_that_brings_new_evidence() -> None:
    c, rng, pol = _cached(), np.random.default_rng(0), SmallPolicy()
    cfg = TrainConfig(k=8, lr=0.5, cost=0.02)
    for _ in range(40):
        episode(pol, c, ["gold"], cfg, rng)
    rewards, taken = episode(pol, c, ["gold"], cfg, None, learn=False)
    assert taken[0] == "vector_issue_wide"
    assert rewards[0] > 1.0
    # once the gold is held, nothing else earns anything: the policy stops rather than pay for a round
    assert taken == ["vector_issue_wide"] or rewards[1] <= 0


def test_saved_policy_round_trips(tmp_path: Path) -> None:
    pol = SmallPolicy(np.arange(len(ACTIONS) * len(STATE_FEATURES), dtype=float).reshape(len(ACTIONS), -1) / 100)
    pol.save(tmp_path / "p.json")
    back = SmallPolicy.load(tmp_path / "p.json")
    assert np.allclose(back.theta, pol.theta) and back.actions == pol.actions


def _scripted(path: Path, first: str) -> str:
    """A policy that takes `first` in round 2 and stops in round 3."""
    pol = SmallPolicy()
    pol.theta[ACTIONS.index(first), STATE_FEATURES.index("bias")] = 10.0
    pol.theta[ACTIONS.index(STOP), STATE_FEATURES.index("round2")] = 30.0
    pol.save(path)
    return str(path)


def test_ask_uses_a_saved_policy(graph, space, embedder, tmp_path: Path) -> None:
    ingest_chat(graph, space, embedder)
    q = "Who brought the telescope to the picnic?"  # never sufficient: the rules would run 3 rounds
    path = _scripted(tmp_path / "p.json", "vector_issue_wide")
    a = ask(graph, space, q, embedder=embedder, options=AskOptions(policy=path))
    steps = [t for t in a.trace if t["layer"] == "policy"]
    assert [t["choice"] for t in steps] == ["vector_issue_wide", STOP]
    ran = [t for t in a.trace if t.get("why") == "policy: vector_issue_wide"]
    assert len(ran) == 1 and ran[0]["round"] == 2 and ran[0]["tool"] == "vector"
    assert not [t for t in a.trace if t.get("why") == "ASK rewrite"]
    assert a.trace[-1]["layer"] == "answer" and a.trace[-1]["round"] == 2
    rules = ask(graph, space, q, embedder=embedder)
    assert not [t for t in rules.trace if t["layer"] == "policy"]
    assert [t for t in rules.trace if t.get("why") == "ASK rewrite"]


def test_ask_rejects_a_missing_policy(graph, space, embedder, tmp_path: Path) -> None:
    ingest_chat(graph, space, embedder)
    with pytest.raises(InputError):
        ask(graph, space, "Who bought the balloons?", embedder=embedder,
            options=AskOptions(policy=str(tmp_path / "none.json")))


class _FakeEnv:
    """Serves the hand-made hit lists instead of the graph (train() only needs get/save)."""

    def __init__(self) -> None:
        self.saved = 0

    def get(self, item: Item) -> Cached:
        return _cached()

    def save(self) -> None:
        self.saved += 1


def test_training_checkpoints_and_resumes(tmp_path: Path) -> None:
    items = [Item(f"q{i}", "s", "where did they go hiking", ["gold"]) for i in range(4)]
    env = _FakeEnv()
    _, curve = train(env, items, tmp_path, TrainConfig(steps=3, batch=2, checkpoint_every=2))  # type: ignore[arg-type]
    assert len(curve) == 3 and (tmp_path / "policy.json").is_file() and env.saved == 2
    pol, curve = train(env, items, tmp_path, TrainConfig(steps=5, batch=2, checkpoint_every=2))  # type: ignore[arg-type]
    assert len(curve) == 5  # steps 4 and 5 only were added to the resumed curve
    assert json.loads((tmp_path / "checkpoint.json").read_text())["step"] == 5
    assert np.allclose(SmallPolicy.load(tmp_path / "policy.json").theta, pol.theta, atol=1e-5)
