"""The LLM writer policy (class (b)) on a tiny randomly initialised Qwen2 (no download): speaker-conditioned GRPO
steps move pi(noop) the way the rewards say, decisions are valid operations, and a saved one loads through
`load_policy` (the `polymem write --policy DIR` seam)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from polymem.ingest.writer.policy import ADD, NOOP, OPS, UPDATE, Candidate, Head, load_policy  # noqa: E402
from polymem.ingest.writer.policy.llm import LLMWriterPolicy, prompt_text, render  # noqa: E402
from polymem.ingest.writer.policy.llm_train import LLMWriterTrainConfig, llm_grpo_step, train_llm_writer  # noqa: E402
from polymem.ingest.writer.policy.train import ConvData, rollout  # noqa: E402


def _cand(**kw: object) -> Candidate:
    d: dict = {"owner": "ana", "source": "ana", "attribute": "city", "value": "Porto", "event": "city",
               "content": "Ana lives in Porto.", "weak": False, "keyed": True, "same": [], "agrees": False}
    d.update(kw)
    return Candidate(**d)


def _replay(gold_on_message: bool) -> ConvData:
    fact = {"layer": "Profile", "owner": "ana", "source": "ana", "event": "fact", "attribute": "fact",
            "value": "Ana bakes sourdough every weekend", "content": "Ana bakes sourdough every weekend",
            "from_ids": ["m1"], "involves": [], "related": [], "weak": False}
    gold = {"m1": [["ana", "Ana bakes sourdough every weekend."]]} if gold_on_message else {}
    return ConvData.from_dict({"conv": f"crafted-{gold_on_message}", "gold": gold, "questions": [],
                               "messages": ["ana: I bake sourdough every weekend"],
                               "windows": [{"heads": [], "people": 2, "candidates": [
                                   {"message": "m1", "speaker": "ana", "addressees": [], "fact": fact}]}]})


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.tiny_lm import tiny_lm

    head = Head("r1", "ana", "city", "ana", "city", "Braga")
    pol_text = [prompt_text(object(), render(c), list(OPS)) for c in (_cand(), _cand(same=[head]))]
    return tiny_lm(tmp_path_factory.mktemp("tinyw") / "base", pol_text)


def _p_noop(pol: LLMWriterPolicy, conv: ConvData) -> tuple[float, list[str], str]:
    state, allowed, _ = rollout(pol, conv, 0, 1, None)[0].decisions[0]
    return pol.probs(state, allowed)[NOOP], allowed, state


@pytest.mark.parametrize(("gold", "noop_up"), [(False, True), (True, False)])
def test_one_step_moves_pi_noop_the_way_the_reward_says(base: Path, gold: bool, noop_up: bool) -> None:
    """Without gold a write only costs (extra item: R_mem 0 vs noop's empty match), so noop gains; with gold
    the write earns R_mem, so noop loses."""
    conv = _replay(gold)
    pol = LLMWriterPolicy.create(base, lr=1e-2)
    p0, allowed, _ = _p_noop(pol, conv)
    assert allowed == [ADD, NOOP]
    cfg = LLMWriterTrainConfig(k=8, windows=1, lr=1e-2)
    _, positions, skipped = llm_grpo_step(pol, conv, 0, cfg, np.random.default_rng(0))
    assert positions == 1 and skipped == 0
    p1, _, _ = _p_noop(pol, conv)
    assert (p1 > p0 + 1e-4) if noop_up else (p1 < p0 - 1e-4)


def test_decisions_are_valid_ops_and_a_saved_policy_loads(base: Path, tmp_path: Path) -> None:
    head = Head("r1", "ana", "city", "ana", "city", "Braga")
    pol, curve = train_llm_writer([_replay(False)], tmp_path, LLMWriterTrainConfig(steps=1, k=4, windows=1, lr=1e-2,
                                                                                   model=str(base)))
    assert len(curve) == 1 and (tmp_path / "checkpoint" / "state.json").is_file()
    back = load_policy(tmp_path)
    assert isinstance(back, LLMWriterPolicy) and back.name == "llm"
    for c in (_cand(), _cand(same=[head])):
        assert back.decide(c) in c.allowed()
        assert back.probs(render(c), c.allowed()) == pytest.approx(pol.probs(render(c), c.allowed()), abs=1e-5)
    assert UPDATE in _cand(same=[head]).allowed()
