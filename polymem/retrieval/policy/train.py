"""EG-GRPO training of the small retrieval policy against the real graph.

For each training question the rules' round 1 and every catalogue action are executed once against the
graph (Executor, the same code `ask` runs) and their hit lists cached (on disk too, for resume). An episode
then replays states from that cache: at each decision K actions are sampled from the policy, each is
rewarded with the EG-GRPO reward on the kept records (new gold in the first 15 of the fused lists, plus the
log-discounted rank term, minus a small per-round cost), and the policy takes one group-relative step.

`reward_on="ranking"` rewards on what `ask` returns instead of the score-fused proxy: for each question the
final ranking (the answerer re-run, then `compose`) after round 1 alone and after round 1 + each catalogue
action is cached, the kept records are the first `keep` ids of that ranking (10 = the recall@10 cut-off), and
gold evidence the action pushes out of them counts against it (the paper's "already held earns nothing" stays;
losing it costs). One decision after round 1 (at most 2 rounds): later states are not cached.

`fusion=True` (with "ranking") adds the fusion-weight actions (catalogue.FUSIONS): the final ranking is also
cached for round 1 and for each action under each weight preset ("<action>@<preset>"; compose alone, no graph:
the answerer reads the RRF order, not the score fusion), and the policy chooses among those joint actions.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.search import SearchRepository
from polymem.retrieval.actions import Executor
from polymem.retrieval.agent import Retriever
from polymem.retrieval.compose import compose
from polymem.retrieval.fusion import WeightedLists
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan
from polymem.retrieval.planner import compile_rules
from polymem.retrieval.policy.catalogue import (
    ACTIONS,
    FUSIONS,
    JOINT,
    STOP,
    candidates,
    fusion_weights,
    kept,
    list_filters,
    split_action,
)
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


def ranked_under(plan: Plan, st: Any, preset: str | None = None, own: Sequence[int] = ()) -> list[str]:
    """`ask`'s final ranking (compose) of a state, under a fusion preset (None: the default weights), as
    PolicyRetriever leaves it: the lists carry the preset's multipliers."""
    if preset is None:
        return compose(plan, st)[1][:RANKED]
    lists = st.lists
    st.lists = WeightedLists(lists, fusion_weights(preset, lists, st.kinds, list_filters(st.trace, len(lists)), own))
    try:
        return compose(plan, st)[1][:RANKED]
    finally:
        st.lists = lists


def policy_for(cfg: TrainConfig) -> SmallPolicy:
    """A fresh small policy over the catalogue, or over the joint (action, fusion preset) actions."""
    return SmallPolicy(actions=JOINT if cfg.fusion else ACTIONS)


class Env:
    """Executes round 1 and the catalogue for a question once (real graph), then serves them from a cache.
    With `ranking`, also `ask`'s final ranking after round 1 and after each action (Cached.ranked)."""

    def __init__(self, graph: Graph, embedder: Any, cache_file: Path | None = None,
                 opts: AskOptions | None = None, ranking: bool = False, fusion: bool = False) -> None:
        self.ranking = ranking
        self.fusion = ranking and fusion
        self.repo = SearchRepository(graph)
        self.msgs = MessageRepository(graph)
        self.embedder = embedder
        self.opts = opts or AskOptions()
        self.cache_file = cache_file
        self.cache: dict[str, Cached] = {}
        self._rosters: dict[str, RosterIndex] = {}
        if cache_file and cache_file.is_file():
            for qid, d in json.loads(cache_file.read_text(encoding="utf-8")).items():
                if "sufficient" not in d or (ranking and not d.get("ranked")):  # older cache: executed again
                    continue
                if self.fusion and f"{STOP}@{next(iter(FUSIONS))}" not in d["ranked"]:  # no fusion rankings yet
                    continue
                self.cache[qid] = Cached(Plan.model_validate(d["plan"]), [[tuple(h) for h in x] for x in d["base"]],
                                         d["base_kinds"], {a: (t, [tuple(h) for h in hs]) for a, (t, hs)
                                                           in d["acts"].items()}, d["sufficient"], d["confidence"],
                                         d.get("ranked") or {})

    def roster(self, space: str) -> RosterIndex:
        if space not in self._rosters:
            self._rosters[space] = RosterIndex(self.msgs.roster(space))
        return self._rosters[space]

    def get(self, item: Item) -> Cached:
        if item.qid in self.cache:
            return self.cache[item.qid]
        roster = self.roster(item.space)
        plan = compile_rules(item.question, None, roster)
        # round 1 exactly as `ask` runs it under a policy (rows, topic, answerer), for its lists and verdict
        one = self.opts.model_copy(update={"strategy": "system12", "ask_round": False})
        r1 = Retriever(self.repo, item.space, plan, one, roster, self.embedder)
        st = r1.run()
        c = Cached(plan, [list(h) for h in st.lists], list(st.kinds), {}, bool(st.trace[-1].get("sufficient")),
                   st.extract.confidence if st.extract else 0.0)
        ex = Executor(self.repo, item.space, self.embedder)
        for name, a in candidates(plan, self.opts, roster).items():
            if a is not None:
                c.acts[name] = (a.tool, ex.run(a))
                if self.ranking:  # as PolicyRetriever: the action's round, the answerer again, then compose
                    r2 = Retriever(self.repo, item.space, plan, self.opts, roster, self.embedder)
                    r2.st, r2._expanded = copy.deepcopy(st), set(r1._expanded)
                    r2.st.trace.pop()
                    r2.do([a])
                    r2.judge()
                    c.ranked[name] = ranked_under(plan, r2.st)
                    if self.fusion:
                        for f in FUSIONS:
                            c.ranked[f"{name}@{f}"] = ranked_under(plan, r2.st, f, [len(st.lists)])
        if self.ranking:
            st.trace.pop()
            c.ranked[STOP] = ranked_under(plan, st)
            if self.fusion:
                for f in FUSIONS:
                    if f != "own":
                        c.ranked[f"{STOP}@{f}"] = ranked_under(plan, st, f)
        self.cache[item.qid] = c
        return c

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


def run_steps(policy: Any, env: Env, items: Sequence[Item], cfg: TrainConfig, start: int, curve: list[float],
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


def train(env: Env, items: Sequence[Item], out: Path, cfg: TrainConfig, resume: bool = True,
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
