"""EG-GRPO for the LLM retrieval policy (class (b)): the same environment, rewards and episodes as the small
policy (train.py: round 1 and the catalogue executed once per question against the real graph, K = 8 actions
sampled per state, group-relative advantages), with the LM's trained parameters (LoRA) stepped by Adam.

Checkpoints (out/checkpoint/: adapter, optimizer, step, curve, rng) are written every `checkpoint_every`
steps and at the end; a second call resumes from them. The final policy is out/ itself (llm_policy.json +
adapter/), which `polymem ask --policy out` and `polymem bench rl --policy out` load."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polymem.llm.choice_lm import CHECKPOINT, checkpoint_state
from polymem.retrieval.policy.llm import DEFAULT_MODEL, LLMPolicy
from polymem.retrieval.policy.replay import CachedEnv, Item, TrainConfig, run_steps


@dataclass
class LLMTrainConfig(TrainConfig):
    model: str = str(DEFAULT_MODEL)
    device: str = "cpu"


def start(out: Path, cfg: LLMTrainConfig, resume: bool) -> tuple[LLMPolicy, int, list[float], dict[str, Any] | None]:
    ck = out / CHECKPOINT
    if resume and (d := checkpoint_state(out)) is not None:
        policy = LLMPolicy.load(ck, device=cfg.device)
        policy.load_optimizer(ck / "optimizer.pt")
        return policy, int(d["step"]), list(d["curve"]), d.get("rng")
    return LLMPolicy.create(cfg.model, cfg.device, cfg.lr), 0, [], None


def train_llm(env: CachedEnv, items: Sequence[Item], out: Path, cfg: LLMTrainConfig, resume: bool = True,
              progress: Callable[[Any], Any] | None = None, policy: LLMPolicy | None = None,
              ) -> tuple[LLMPolicy, list[float]]:
    """cfg.steps GRPO steps of cfg.batch questions each; questions are executed on the graph lazily (only the
    ones drawn) by a train.Env, or served by a CachedEnv alone. `policy` (tests) skips loading a model from disk."""
    out.mkdir(parents=True, exist_ok=True)
    if policy is not None:
        step0, curve, state = 0, [], None
    else:
        policy, step0, curve, state = start(out, cfg, resume)
    usable = run_steps(policy, env, items, cfg, step0, curve, state, progress,
                       lambda step, rng: policy.save_checkpoint(out, step, curve, rng.bit_generator.state))
    conf = {k: v for k, v in cfg.__dict__.items()}
    policy.meta.update({"steps": cfg.steps, "config": conf, "train_questions": len(usable),
                        "method": policy.method})
    policy.save(out)
    (out / "curve.json").write_text(json.dumps(curve), encoding="utf-8")
    return policy, curve
