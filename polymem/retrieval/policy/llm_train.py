"""EG-GRPO for the LLM retrieval policy (class (b)): the same environment, rewards and episodes as the small
policy (train.py: round 1 and the catalogue executed once per question against the real graph, K = 8 actions
sampled per state, group-relative advantages), with the LM's trained parameters (LoRA) stepped by Adam.

Checkpoints (out/checkpoint/: adapter, optimizer, step, curve, rng) are written every `checkpoint_every`
steps and at the end; a second call resumes from them. The final policy is out/ itself (llm_policy.json +
adapter/), which `polymem ask --policy out` and `polymem bench rl --policy out` load."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from polymem.retrieval.policy.llm import DEFAULT_MODEL, LLMPolicy
from polymem.retrieval.policy.train import Env, Item, TrainConfig, episode

CHECKPOINT = "checkpoint"


@dataclass
class LLMTrainConfig(TrainConfig):
    model: str = str(DEFAULT_MODEL)
    device: str = "cpu"


def _save_checkpoint(out: Path, policy: LLMPolicy, step: int, curve: list[float], rng: np.random.Generator) -> None:
    tmp = out / (CHECKPOINT + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    policy.save(tmp)
    policy.save_optimizer(tmp / "optimizer.pt")
    (tmp / "state.json").write_text(json.dumps({"step": step, "curve": curve, "rng": rng.bit_generator.state}),
                                    encoding="utf-8")
    final = out / CHECKPOINT
    if final.exists():
        shutil.rmtree(final)
    tmp.rename(final)


def start(out: Path, cfg: LLMTrainConfig, resume: bool) -> tuple[LLMPolicy, int, list[float], dict[str, Any] | None]:
    ck = out / CHECKPOINT
    if resume and (ck / "state.json").is_file():
        d = json.loads((ck / "state.json").read_text(encoding="utf-8"))
        policy = LLMPolicy.load(ck, device=cfg.device)
        policy.load_optimizer(ck / "optimizer.pt")
        return policy, int(d["step"]), list(d["curve"]), d.get("rng")
    return LLMPolicy.create(cfg.model, cfg.device, cfg.lr), 0, [], None


def train_llm(env: Env, items: Sequence[Item], out: Path, cfg: LLMTrainConfig, resume: bool = True,
              progress: Callable[[Any], Any] | None = None, policy: LLMPolicy | None = None,
              ) -> tuple[LLMPolicy, list[float]]:
    """cfg.steps GRPO steps of cfg.batch questions each; questions are executed on the graph lazily (only the
    ones drawn), cached in the Env. `policy` (tests) skips loading a model from disk."""
    out.mkdir(parents=True, exist_ok=True)
    if policy is not None:
        step0, curve, state = 0, [], None
    else:
        policy, step0, curve, state = start(out, cfg, resume)
    rng = np.random.default_rng(cfg.seed)
    if state:
        rng.bit_generator.state = state
    usable = [it for it in items if it.gold]
    bar = progress(range(step0, cfg.steps)) if progress else range(step0, cfg.steps)
    for step in bar:
        batch = rng.choice(len(usable), size=min(cfg.batch, len(usable)), replace=False)
        rs: list[float] = []
        for i in batch:
            it = usable[int(i)]
            rs += episode(policy, env.get(it), it.gold, cfg, rng)[0]
        curve.append(float(np.mean(rs)) if rs else 0.0)
        if hasattr(bar, "set_postfix"):
            bar.set_postfix(reward=f"{curve[-1]:.3f}")
        if (step + 1) % cfg.checkpoint_every == 0 or step + 1 == cfg.steps:
            env.save()
            _save_checkpoint(out, policy, step + 1, curve, rng)
    conf = {k: v for k, v in cfg.__dict__.items()}
    policy.meta.update({"steps": cfg.steps, "config": conf, "train_questions": len(usable),
                        "method": policy.method})
    policy.save(out)
    (out / "curve.json").write_text(json.dumps(curve), encoding="utf-8")
    return policy, curve
