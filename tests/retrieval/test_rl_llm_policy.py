"""The LLM retrieval policy (class (b)) on a tiny randomly initialised Qwen2 built in code (no download): GRPO
steps move the log-prob of the rewarded action the right way, actions are valid catalogue actions, training
checkpoints / resumes / saves, and `ask` uses a saved one. The real GGUF model: marked llm + slow."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")

from polymem.retrieval.plan import Plan  # noqa: E402
from polymem.retrieval.policy.catalogue import ACTIONS, STOP  # noqa: E402
from polymem.retrieval.policy.llm import DEFAULT_MODEL, LLMPolicy, is_llm_policy  # noqa: E402
from polymem.retrieval.policy.llm_train import LLMTrainConfig, train_llm  # noqa: E402
from polymem.retrieval.policy.prompt import prompt_text  # noqa: E402
from polymem.retrieval.policy.train import Cached, Item, episode  # noqa: E402

PLAN = Plan(question="where did Ana go hiking in May", issue=["hiking"])
ALL = list(ACTIONS)


def _state(pol: LLMPolicy) -> str:
    return pol.observe(PLAN, [[("m1", 3.0), ("m2", 2.0)]], ["bm25"], 1, ["m1", "m2"], False, 0.3)


def _tiny_base(folder: Path) -> Path:
    """A 2-layer Qwen2 with random weights and a word-level tokenizer over the prompt's words."""
    from tests.tiny_lm import tiny_lm

    return tiny_lm(folder, [prompt_text(object(), LLMPolicy.observe(PLAN, [[("m1", 3.0)]], ["bm25"], 1, ["m1"]), ALL)])


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _tiny_base(tmp_path_factory.mktemp("tiny") / "base")


def _rewarded_step(base: Path, reward: float) -> tuple[float, float, float, float]:
    """log pi before/after of the action rewarded with `reward` (the others 0), and of one unrewarded action."""
    torch.manual_seed(1)
    pol = LLMPolicy.create(base, lr=1e-2)
    s = _state(pol)
    before = pol.logprobs(s, ALL).tolist()
    taken = ["bm25_speaker", "bm25_speaker", STOP, STOP, "vector_rewrite", "vector_rewrite", STOP, "bm25_rewrite"]
    rewards = [reward if a == "bm25_speaker" else 0.0 for a in taken]
    assert pol.grpo_step(s, ALL, taken, rewards)
    after = pol.logprobs(s, ALL).tolist()
    i, j = ALL.index("bm25_speaker"), ALL.index("vector_rewrite")
    return before[i], after[i], before[j], after[j]


def test_one_grpo_step_raises_the_rewarded_action(base: Path) -> None:
    b, a, ob, oa = _rewarded_step(base, 1.0)
    assert a > b + 1e-4  # the rewarded action's log-prob rises
    assert oa < ob  # an action with a below-mean reward falls


def test_one_grpo_step_lowers_a_penalised_action(base: Path) -> None:
    b, a, ob, oa = _rewarded_step(base, -1.0)
    assert a < b - 1e-4
    assert oa > ob


def test_without_peft_the_last_layer_trains(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from polymem.llm import choice_lm

    monkeypatch.setattr(choice_lm, "peft_available", lambda: False)
    b, a, _, _ = _rewarded_step(base, 1.0)
    assert a > b + 1e-4
    pol = LLMPolicy.create(base)
    assert pol.method == "last_layer" and all(".layers.1." in n or n.endswith("norm.weight")
                                              for n, p in pol.model.named_parameters() if p.requires_grad)


def test_equal_rewards_change_nothing(base: Path) -> None:
    pol = LLMPolicy.create(base, lr=1e-2)
    s = _state(pol)
    before = pol.logprobs(s, ALL)
    assert not pol.grpo_step(s, ALL, [STOP, "bm25_rewrite"], [0.2, 0.2])
    assert torch.allclose(before, pol.logprobs(s, ALL))


def test_policy_returns_a_valid_catalogue_action(base: Path) -> None:
    pol = LLMPolicy.create(base)
    s = _state(pol)
    allowed = [STOP, "bm25_rewrite", "vector_speaker"]
    p = pol.probs(s, allowed)
    assert set(p) == set(allowed) and abs(sum(p.values()) - 1.0) < 1e-5
    assert pol.choose(s, allowed) in allowed
    got = pol.sample(s, allowed, 8, np.random.default_rng(0))
    assert len(got) == 8 and set(got) <= set(allowed)


def _cached() -> Cached:
    acts = {name: ("bm25", [("m3", 1.0)]) for name in ACTIONS if name != STOP}
    acts["vector_issue_wide"] = ("vector", [("gold", 0.95), ("m4", 0.9)])
    return Cached(PLAN, [[("m1", 3.0), ("m2", 2.0)]], ["bm25"], acts)


class _FakeEnv:
    def get(self, item: Item) -> Cached:
        return _cached()

    def save(self) -> None:
        pass


def test_training_checkpoints_resumes_and_saves(base: Path, tmp_path: Path) -> None:
    items = [Item(f"q{i}", "s", PLAN.question, ["gold"]) for i in range(3)]
    cfg = LLMTrainConfig(steps=2, batch=2, k=8, lr=1e-2, checkpoint_every=1, model=str(base))
    pol, curve = train_llm(_FakeEnv(), items, tmp_path, cfg)  # type: ignore[arg-type]
    assert len(curve) == 2 and is_llm_policy(tmp_path) and (tmp_path / "checkpoint" / "state.json").is_file()
    cfg.steps = 3
    pol, curve = train_llm(_FakeEnv(), items, tmp_path, cfg)  # type: ignore[arg-type]
    assert len(curve) == 3 and json.loads((tmp_path / "checkpoint" / "state.json").read_text())["step"] == 3
    back = LLMPolicy.load(tmp_path)
    s = _state(pol)
    assert torch.allclose(back.logprobs(s, ALL), pol.logprobs(s, ALL), atol=1e-5)
    rewards, taken = episode(back, _cached(), ["gold"], cfg, None, learn=False)
    assert set(taken) <= set(ACTIONS) and len(rewards) >= 1


def test_ask_uses_a_saved_llm_policy(graph, space, embedder, base: Path, tmp_path: Path) -> None:
    from chat_fixture import ingest_chat

    from polymem.retrieval import AskOptions, ask

    LLMPolicy.create(base).save(tmp_path / "pol")
    ingest_chat(graph, space, embedder)
    a = ask(graph, space, "Who brought the telescope to the picnic?", embedder=embedder,
            options=AskOptions(policy=str(tmp_path / "pol")))
    steps = [t for t in a.trace if t["layer"] == "policy"]
    assert steps and all(t["tool"] == "llm" and t["choice"] in ACTIONS for t in steps)


@pytest.mark.llm
@pytest.mark.slow
def test_the_real_gguf_model_loads_and_chooses() -> None:
    if not DEFAULT_MODEL.is_file():
        pytest.skip(f"{DEFAULT_MODEL} missing (scripts/llm start installs it)")
    pytest.importorskip("gguf")
    pol = LLMPolicy.create(DEFAULT_MODEL)
    s = _state(pol)
    assert pol.choose(s, ALL) in ACTIONS
    assert pol.grpo_step(s, ALL, pol.sample(s, ALL, 8, np.random.default_rng(0)), [1.0] + [0.0] * 7)
