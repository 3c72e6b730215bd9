"""Speaker-conditioned GRPO for the LLM writer policy (class (b)): the small policy's episodes (train.py:
captured candidates replayed over T windows, K trajectories, r_t = 0.20 R_valid + 0.45 R_mem + P_t +
0.35 gamma^(T-1-t) R_QA, advantages only among the K at one write position, zero-variance positions skipped),
with the LM stepped by Adam on -sum A log pi(op | candidate). Decisions are sampled without a graph and
their log-probs recomputed one at a time for the step (gradient accumulation: memory stays one forward pass).
Checkpoints in out/checkpoint/ (adapter, optimizer, step, curve, rng); the final policy is out/ itself."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from polymem.ingest.writer.policy.llm import LLMWriterPolicy
from polymem.ingest.writer.policy.train import (
    ConvData,
    TrainConfig,
    run_steps,
    sample_group,
)
from polymem.llm.choice_lm import CHECKPOINT, DEFAULT_MODEL, checkpoint_state


@dataclass
class LLMWriterTrainConfig(TrainConfig):
    model: str = str(DEFAULT_MODEL)
    device: str = "cpu"


def llm_grpo_step(policy: LLMWriterPolicy, conv: ConvData, start: int, cfg: TrainConfig,
                  rng: np.random.Generator) -> tuple[float, int, int]:
    """K trajectories from `start`, per-position advantages, one step. (mean reward, positions, skipped)."""
    import torch

    grp = sample_group(policy, conv, start, cfg, rng)
    trajs, adv = grp.trajs, grp.adv
    if adv:
        for g in policy.opt.param_groups:
            g["lr"] = cfg.lr
        policy.opt.zero_grad()
        scale = 1.0 / (cfg.k * len(adv))
        for t, a_t in adv.items():
            for k, a in enumerate(a_t):
                for state, allowed, taken in trajs[k][t].decisions:  # type: ignore[index]
                    if a == 0.0:
                        continue
                    lp = policy.logprobs(state, allowed, grad=True)
                    (-a * scale * lp[list(allowed).index(taken)]).backward()
        torch.nn.utils.clip_grad_norm_(policy.params, 1.0)
        policy.opt.step()
    return grp.result()


def train_llm_writer(convs: Sequence[ConvData], out: Path, cfg: LLMWriterTrainConfig, resume: bool = True,
                     progress: Callable[[Any], Any] | None = None, policy: LLMWriterPolicy | None = None,
                     ) -> tuple[LLMWriterPolicy, list[float]]:
    out.mkdir(parents=True, exist_ok=True)
    step0, curve, state = 0, [], None
    ck = out / CHECKPOINT
    if policy is None and resume and (d := checkpoint_state(out)) is not None:
        policy = LLMWriterPolicy.load(ck, device=cfg.device)
        policy.load_optimizer(ck / "optimizer.pt")
        step0, curve, state = int(d["step"]), list(d["curve"]), d.get("rng")
    if policy is None:
        policy = LLMWriterPolicy.create(cfg.model, cfg.device, cfg.lr)
    llm = policy
    run_steps(lambda c, s, rng: llm_grpo_step(llm, c, s, cfg, rng), convs, cfg, step0, curve, state, progress,
              lambda step, rng: llm.save_checkpoint(out, step, curve, rng.bit_generator.state))
    policy.meta.update({"steps": cfg.steps, "config": dict(cfg.__dict__), "train": [c.conv for c in convs],
                        "method": policy.method})
    policy.save(out)
    (out / "curve.json").write_text(json.dumps(curve), encoding="utf-8")
    return policy, curve
