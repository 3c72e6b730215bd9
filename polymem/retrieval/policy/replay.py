"""Replaying cached episodes: everything of EG-GRPO that needs no graph (train.py executes the actions).

A question's round 1 and each catalogue action, executed once on the graph, are kept in a `Cached` (train.Env
writes them, on disk too); `episode` replays the decisions after round 1 from it (K sampled actions and a
GRPO step, or greedy), `run_steps` / `train` drive the steps with checkpoints. `CachedEnv` serves a cache file
alone, so training and judging a policy from caches runs where no Neo4j or spaCy is (scripts/rl-llm-gpu)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import ACTIONS, FUSIONS, JOINT, STOP, kept, split_action
from polymem.retrieval.policy.rewards import evidence_reward
from polymem.retrieval.policy.small import SmallPolicy

Hits = list[tuple[str, float]]


@dataclass
class Item:
    qid: str
    space: str
    question: str
    gold: list[str]


@dataclass
class Cached:
    plan: Plan
    base: list[Hits]
    base_kinds: list[str]
    acts: dict[str, tuple[str, Hits]] = field(default_factory=dict)  # action type -> (tool, hits); stop absent
    sufficient: bool = False  # round 1's sufficiency verdict and confidence (the answerer's)
    confidence: float = 0.0
    # reward_on="ranking": ask's final ranking (first RANKED ids) after round 1 ("stop") and after each action
    ranked: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class TrainConfig:
    steps: int = 200
    batch: int = 8  # questions per step
    k: int = 8  # sampled actions per state (the GRPO group)
    lr: float = 0.5
    cost: float = 0.05  # per extra search round (our addition: pushes toward few rounds)
    max_rounds: int = 3
    seed: int = 0
    checkpoint_every: int = 25
    # divide advantages by the group's std (GRPO) or only centre them (Dr. GRPO). With std, the ~90 % of states
    # where no action finds new gold (rewards differ by the round cost alone) weigh as much as the rest, and
    # the policy collapsed to stopping at once (docs/bench/rl.md).
    normalise: bool = False
    keep: int = 15  # records kept per state (the paper's 15; 10 = the recall@10 cut-off)
    # "kept": the score-fused lists (proxy); "ranking": ask's final ranking, held gold lost counts against
    reward_on: str = "kept"
    # with reward_on="ranking": the policy may also choose the final ranking's fusion weights (joint actions)
    fusion: bool = False


RANKED = 20  # ids of each final ranking kept in the cache (recall@10 needs 10)



def policy_for(cfg: TrainConfig) -> SmallPolicy:
    """A fresh small policy over the catalogue, or over the joint (action, fusion preset) actions."""
    return SmallPolicy(actions=JOINT if cfg.fusion else ACTIONS)


class CachedEnv:
    """Round 1 and the catalogue of each question, served from a cache file (train.Env fills it on the graph).
    With `ranking`, entries need `ask`'s final rankings (Cached.ranked); with `fusion`, also per fusion preset;
    entries without them are dropped (an older cache: Env executes those questions again)."""

    def __init__(self, cache_file: Path | None = None, ranking: bool = False, fusion: bool = False) -> None:
        self.ranking = ranking
        self.fusion = ranking and fusion
        self.cache_file = cache_file
        self.cache: dict[str, Cached] = {}
        if cache_file and cache_file.is_file():
            for qid, d in json.loads(cache_file.read_text(encoding="utf-8")).items():
                if "sufficient" not in d or (ranking and not d.get("ranked")):
                    continue
                if self.fusion and f"{STOP}@{next(iter(FUSIONS))}" not in d["ranked"]:
                    continue
                self.cache[qid] = Cached(Plan.model_validate(d["plan"]), [[tuple(h) for h in x] for x in d["base"]],
                                         d["base_kinds"], {a: (t, [tuple(h) for h in hs]) for a, (t, hs)
                                                           in d["acts"].items()}, d["sufficient"], d["confidence"],
                                         d.get("ranked") or {})

    def get(self, item: Item) -> Cached:
        if item.qid not in self.cache:
            raise KeyError(f"question {item.qid!r} is not in the cache {self.cache_file} (executing it needs the "
                           f"graph: polymem.retrieval.policy.train.Env)")
        return self.cache[item.qid]

    def save(self) -> None:
        if self.cache_file is None:
            return
        d = {q: {"plan": c.plan.model_dump(mode="json"), "base": c.base, "base_kinds": c.base_kinds,
                 "acts": c.acts, "sufficient": c.sufficient, "confidence": c.confidence, "ranked": c.ranked}
             for q, c in self.cache.items()}
        tmp = self.cache_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(d), encoding="utf-8")
        tmp.replace(self.cache_file)



def ranking_reward(before: Sequence[str], after: Sequence[str], gold: Sequence[str], keep: int = 10,
                   cost: float = 0.0) -> float:
    """EG-GRPO reward on the final ranking: new gold in the first `keep` ids (coverage + rank term, held gold
    earns nothing) minus the share of held gold the action pushed out of them, minus the round cost."""
    g = set(gold)
    if not g:
        return -cost
    held, kept_after = list(before)[:keep], list(after)[:keep]
    lost = len((g & set(held)) - set(kept_after)) / len(g)
    return evidence_reward(kept_after, gold, held, keep=keep, cost=cost) - lost


def action_reward(c: Cached, lists: list[Hits], kinds: list[str], action: str, gold: Sequence[str],
                  cost: float, keep: int = 15, on: str = "kept") -> float:
    if action == STOP:
        return 0.0
    if on == "ranking":  # a fusion preset alone ("stop@dense") searches no more: no round cost
        return ranking_reward(c.ranked[STOP], c.ranked[action], gold, keep,
                              0.0 if split_action(action)[0] == STOP else cost)
    tool, hits = c.acts[action]
    held = kept(lists, kinds, keep)
    return evidence_reward(kept(lists + [hits], kinds + [tool], keep), gold, held, keep=keep, cost=cost)


def episode(policy: Any, c: Cached, gold: Sequence[str], cfg: TrainConfig, rng: np.random.Generator | None,
            learn: bool = True) -> tuple[list[float], list[str]]:
    """One question: decisions after round 1 until stop or max_rounds. With `learn`, K sampled actions per state
    and a GRPO step; the trajectory continues with the first sample. Without, greedy. Returns the rewards of
    every sampled action and the actions taken."""
    lists, kinds = list(c.base), list(c.base_kinds)
    allowed_all = [STOP, *c.acts]
    if cfg.reward_on == "ranking":  # the joint (action, fusion preset) actions the policy knows and the cache has
        allowed_all = [a for a in getattr(policy, "actions", ACTIONS) if a in c.ranked]
    taken: list[str] = []
    rewards: list[float] = []
    round_ = 1
    last = 2 if cfg.reward_on == "ranking" else cfg.max_rounds  # ranking: one cached decision after round 1
    while round_ < min(cfg.max_rounds, last):
        x = policy.observe(c.plan, lists, kinds, round_, kept(lists, kinds), c.sufficient, c.confidence)
        done = {split_action(t)[0] for t in taken}
        allowed = [a for a in allowed_all if split_action(a)[0] not in done]
        if learn:
            assert rng is not None
            group = policy.sample(x, allowed, cfg.k, rng)
            rs = [action_reward(c, lists, kinds, a, gold, cfg.cost, cfg.keep, cfg.reward_on) for a in group]
            policy.grpo_step(x, allowed, group, rs, cfg.lr, cfg.normalise)
            rewards += rs
            a = group[0]
        else:
            a = policy.choose(x, allowed)
            rewards.append(action_reward(c, lists, kinds, a, gold, cfg.cost, cfg.keep, cfg.reward_on))
        base, preset = split_action(a)
        if base == STOP:
            if preset is not None:
                taken.append(a)
            break
        taken.append(a)
        if preset is not None:  # a fusion preset is the last decision
            break
        tool, hits = c.acts[base]
        lists.append(hits)
        kinds.append(tool)
        round_ += 1
    return rewards, taken


def load_checkpoint(out: Path, cfg: TrainConfig | None = None) -> tuple[SmallPolicy, int, list[float],
                                                                        dict[str, Any] | None]:
    ck = out / "checkpoint.json"
    if not ck.is_file():
        return policy_for(cfg or TrainConfig()), 0, [], None
    d = json.loads(ck.read_text(encoding="utf-8"))
    return SmallPolicy.load(out / "checkpoint_policy.json"), int(d["step"]), list(d["curve"]), d.get("rng")


def save_checkpoint(out: Path, policy: SmallPolicy, step: int, curve: list[float], rng: np.random.Generator) -> None:
    policy.save(out / "checkpoint_policy.json")
    tmp = out / "checkpoint.json.tmp"
    tmp.write_text(json.dumps({"step": step, "curve": curve, "rng": rng.bit_generator.state}), encoding="utf-8")
    tmp.replace(out / "checkpoint.json")


def run_steps(policy: Any, env: CachedEnv, items: Sequence[Item], cfg: TrainConfig, start: int, curve: list[float],
              state: dict[str, Any] | None, progress: Callable[[Any], Any] | None,
              save: Callable[[int, np.random.Generator], None]) -> list[Item]:
    """EG-GRPO steps start..cfg.steps for any policy with `episode`'s interface (small or LLM): a batch of
    questions per step, its mean reward appended to `curve`, `save(step, rng)` (after the env's cache) every
    `checkpoint_every` steps and at the end. Returns the questions with gold evidence it drew from."""
    rng = np.random.default_rng(cfg.seed)
    if state:
        rng.bit_generator.state = state
    usable = [it for it in items if it.gold]
    bar = progress(range(start, cfg.steps)) if progress else range(start, cfg.steps)
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
            save(step + 1, rng)
    return usable


def train(env: CachedEnv, items: Sequence[Item], out: Path, cfg: TrainConfig, resume: bool = True,
          progress: Callable[[Any], Any] | None = None) -> tuple[SmallPolicy, list[float]]:
    """Train for cfg.steps steps (resuming from out/checkpoint.json); saves out/policy.json and the curve."""
    out.mkdir(parents=True, exist_ok=True)
    policy, start, curve, state = load_checkpoint(out, cfg) if resume else (policy_for(cfg), 0, [], None)
    usable = run_steps(policy, env, items, cfg, start, curve, state, progress,
                       lambda step, rng: save_checkpoint(out, policy, step, curve, rng))
    policy.meta.update({"steps": cfg.steps, "config": cfg.__dict__, "train_questions": len(usable)})
    if cfg.reward_on == "ranking":  # trained for one decision after round 1: `ask` takes no more
        policy.meta["max_rounds"] = min(cfg.max_rounds, 2)
    policy.save(out / "policy.json")
    (out / "curve.json").write_text(json.dumps(curve), encoding="utf-8")
    return policy, curve
