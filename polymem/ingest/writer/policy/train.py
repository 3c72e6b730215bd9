"""Speaker-conditioned GRPO for the Writer's add / update / noop decisions, on replayed candidates.

The candidates of every window (and the heads at each window's start) are captured once from a real rules
run over the graph (capture.py). An episode replays T consecutive windows from the captured heads: K
trajectories each decide every candidate (sampled from the policy), keeping their own heads and speaker
histories. A write position is a message with candidates; its return is

    r_t = 0.20 R_valid + 0.45 R_mem + P_t + 0.35 gamma^(T-1-t) R_QA

R_valid: share of the position's writes that keep one current value per single-valued key; R_mem: Φ_SL of the
position's writes against the gold written from that message; P_t: -0.05 per write repeating a recorded value;
R_QA: QA(S1+S2) - QA(S1) of the trajectory's final memory (qa.py). Advantages are taken only among the K
trajectories at one position; positions without variance are skipped. One on-policy step per episode (so
the clip of clipped GRPO never binds and is left out).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from polymem.ingest.writer.extract import Fact
from polymem.ingest.writer.metric import MemoryItem, speaker_levenshtein
from polymem.ingest.writer.policy import ADD, UPDATE, Head, History
from polymem.ingest.writer.policy.features import observe
from polymem.ingest.writer.policy.qa import QAProxy, Question
from polymem.ingest.writer.policy.rewards import penalty, positional_advantages, writer_reward
from polymem.ingest.writer.policy.small import SmallWriterPolicy
from polymem.ingest.writer.rules import build, candidate
from polymem.schema.records import GROUP_ID


@dataclass
class ConvData:
    conv: str
    windows: list[dict[str, Any]]  # capture.py: heads at the window's start, people, candidates
    gold: dict[str, list[tuple[str, str]]]  # message id -> gold (owner, content) written from it
    qa: QAProxy
    evidence: list[set[str]]  # per question of qa

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ConvData:
        qs = [Question(q["question"], q["answer"], q["evidence"]) for q in d["questions"]]
        return cls(d["conv"], d["windows"], {k: [tuple(x) for x in v] for k, v in d["gold"].items()},
                   QAProxy(d["messages"], qs), [set(q.evidence) for q in qs])


@dataclass
class Position:
    message: str
    decisions: list[tuple[np.ndarray, list[str], str]] = field(default_factory=list)
    writes: list[tuple[str, str]] = field(default_factory=list)  # (owner, content)
    invalid: int = 0
    redundant: int = 0


@dataclass
class TrainConfig:
    steps: int = 300
    k: int = 8  # trajectories per episode (the GRPO group at each position)
    windows: int = 4  # T: windows per episode
    lr: float = 0.3
    qa_questions: int = 12  # questions per episode for R_QA
    normalise: bool = True
    seed: int = 0
    checkpoint_every: int = 25


def rollout(policy: Any, conv: ConvData, start: int, n: int,
            rng: np.random.Generator | None) -> list[Position]:
    """Decide every candidate of windows[start:start+n] (sampled with rng, greedy without)."""
    heads = [Head(**h) for h in conv.windows[start]["heads"]]
    history: dict[str, History] = {}
    out: list[Position] = []
    for w in conv.windows[start:start + n]:
        for cd in w["candidates"]:
            f = Fact(**cd["fact"])
            c = candidate(f, cd["speaker"], cd["addressees"], heads, history.setdefault(cd["speaker"], History()),
                          GROUP_ID, w["people"])
            x, allowed = policy.view(c), c.allowed()  # features (small) or the candidate in words (llm)
            a = policy.sample(x, allowed, rng) if rng is not None else policy.greedy(x, allowed)
            observe(c)
            if not out or out[-1].message != cd["message"]:
                out.append(Position(cd["message"]))
            p = out[-1]
            p.decisions.append((x, allowed, a))
            if a in (ADD, UPDATE):
                p.writes.append((f.owner, f.content))
                p.redundant += c.agrees
                p.invalid += a == ADD and c.keyed and bool(c.same)  # a second current value for one key
            build("rl", f, c, a, heads)
    return out


_PHI: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}


def r_mem(conv: ConvData, p: Position) -> float:
    key = (f"{conv.conv}/{p.message}", tuple(sorted(p.writes)))
    if key not in _PHI:
        gold = [MemoryItem(o, t) for o, t in conv.gold.get(p.message, [])]
        _PHI[key] = speaker_levenshtein([MemoryItem(o, t) for o, t in p.writes], gold).phi
    return _PHI[key]


def returns(conv: ConvData, traj: list[Position], qa_idx: Sequence[int]) -> list[float]:
    records = [t for p in traj for _, t in p.writes]
    both, s1 = conv.qa.delta(qa_idx, records)
    T = len(traj)
    return [writer_reward(1.0 - p.invalid / len(p.writes) if p.writes else 1.0, r_mem(conv, p), penalty(p.redundant),
                          both, s1, t, T) for t, p in enumerate(traj)]


def episode_questions(conv: ConvData, traj: list[Position], cap: int) -> list[int]:
    msgs = {p.message for p in traj}
    return [i for i, ev in enumerate(conv.evidence) if ev & msgs][:cap]


@dataclass
class Group:
    """K trajectories from one write position, their returns, and the advantages at each position."""
    trajs: list[list[Position]]
    returns: list[list[float]]
    adv: dict[Any, list[float]]

    def result(self) -> tuple[float, int, int]:
        """(mean reward, positions, positions skipped for no variance): what a GRPO step reports."""
        T = len(self.trajs[0])
        return float(np.mean([r for row in self.returns for r in row])) if T else 0.0, T, T - len(self.adv)


def sample_group(policy: Any, conv: ConvData, start: int, cfg: TrainConfig, rng: np.random.Generator) -> Group:
    """K trajectories from `start` and their per-position advantages (any writer policy)."""
    trajs = [rollout(policy, conv, start, cfg.windows, rng) for _ in range(cfg.k)]
    idx = episode_questions(conv, trajs[0], cfg.qa_questions)
    rs = [returns(conv, tr, idx) for tr in trajs]
    T = len(trajs[0])
    adv = positional_advantages(((t, rs[k][t]) for k in range(cfg.k) for t in range(T)), cfg.normalise)
    return Group(trajs, rs, adv)


def grpo_step(policy: SmallWriterPolicy, conv: ConvData, start: int, cfg: TrainConfig,
              rng: np.random.Generator) -> tuple[float, int, int]:
    """K trajectories from `start`, per-position advantages, one step. (mean reward, positions, skipped)."""
    grp = sample_group(policy, conv, start, cfg, rng)
    trajs, adv = grp.trajs, grp.adv
    g = np.zeros_like(policy.theta)
    for t, a_t in adv.items():
        for k, a in enumerate(a_t):
            for x, allowed, taken in trajs[k][t].decisions:  # type: ignore[index]
                g += a * policy.grad_log(x, allowed, taken)
    if adv:
        policy.theta += cfg.lr * g / (cfg.k * len(adv))
    return grp.result()


def greedy_score(policy: SmallWriterPolicy, convs: Sequence[ConvData]) -> dict[str, float]:
    """Replay every window greedily: mean R_mem per position and writes (a cheap check, not the validation)."""
    mem, writes, n = 0.0, 0, 0
    for conv in convs:
        traj = rollout(policy, conv, 0, len(conv.windows), None)
        mem += sum(r_mem(conv, p) for p in traj)
        writes += sum(len(p.writes) for p in traj)
        n += len(traj)
    return {"r_mem": round(mem / max(1, n), 4), "writes": writes, "positions": n}


def run_steps(step_fn: Callable[[ConvData, int, np.random.Generator], tuple[float, Any, Any]],
              convs: Sequence[ConvData], cfg: TrainConfig, step0: int, curve: list[float],
              state: dict[str, Any] | None, progress: Callable[[Any], Any] | None,
              save: Callable[[int, np.random.Generator], None]) -> None:
    """GRPO steps step0..cfg.steps for any writer policy: each draws a run of `cfg.windows` windows of one
    conversation, `step_fn(conv, start, rng)` returns its mean reward (appended to `curve`), and `save(step,
    rng)` runs every `checkpoint_every` steps and at the end."""
    rng = np.random.default_rng(cfg.seed)
    if state:
        rng.bit_generator.state = state
    starts = [(ci, s) for ci, c in enumerate(convs) for s in range(max(1, len(c.windows) - cfg.windows + 1))]
    bar = progress(range(step0, cfg.steps)) if progress else range(step0, cfg.steps)
    for step in bar:
        ci, s = starts[int(rng.integers(len(starts)))]
        r, _, _ = step_fn(convs[ci], s, rng)
        curve.append(r)
        if hasattr(bar, "set_postfix"):
            bar.set_postfix(reward=f"{r:.3f}")
        if (step + 1) % cfg.checkpoint_every == 0 or step + 1 == cfg.steps:
            save(step + 1, rng)


def train(convs: Sequence[ConvData], out: Path, cfg: TrainConfig, resume: bool = True,
          progress: Callable[[Any], Any] | None = None) -> tuple[SmallWriterPolicy, list[float]]:
    out.mkdir(parents=True, exist_ok=True)
    policy, step0, curve, state = SmallWriterPolicy(), 0, [], None
    if resume and (out / "checkpoint.json").is_file():
        d = json.loads((out / "checkpoint.json").read_text(encoding="utf-8"))
        policy, step0, curve, state = (SmallWriterPolicy.load(out / "checkpoint_policy.json"), int(d["step"]),
                                       list(d["curve"]), d["rng"])
    def save(step: int, rng: np.random.Generator) -> None:
        policy.save(out / "checkpoint_policy.json")
        tmp = out / "checkpoint.json.tmp"
        tmp.write_text(json.dumps({"step": step, "curve": curve, "rng": rng.bit_generator.state}))
        tmp.replace(out / "checkpoint.json")

    run_steps(lambda c, s, rng: grpo_step(policy, c, s, cfg, rng), convs, cfg, step0, curve, state, progress, save)
    policy.meta.update({"steps": cfg.steps, "config": cfg.__dict__, "train": [c.conv for c in convs]})
    policy.save(out / "policy.json")
    (out / "curve.json").write_text(json.dumps(curve), encoding="utf-8")
    return policy, curve
