"""The LLM retrieval policy (issue 15, class (b)) trained and judged from ranking caches alone, for a GPU
machine that has neither Neo4j, spaCy nor the shared data (scripts/rl-llm-gpu).

`cache` (here, with the graph) writes the ranking caches of both parts; `dump` writes the train / validation
questions with their gold evidence, as JSON beside them. A ranking cache holds `ask`'s final ranking after round 1 alone and after each catalogue action, so replaying one decision
after round 1 from it gives exactly the ranking `ask` would return (recall@10 without the graph).

`run` (there): judges stopping after round 1, each constant action, the hindsight-best action, the shipped
small policy and the untrained LLM on the validation cache; trains the LLM policy by EG-GRPO on the train cache
for each configuration under a time limit; judges each trained policy on validation (and on its own training
questions); writes figures, curves and the adapters. Validation is only judged, never trained or chosen on."""

from __future__ import annotations

import argparse
import collections
import copy
import json
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bench.rl_loco import _conv, oracle, recall10
from polymem.retrieval.policy.catalogue import STOP, split_action
from polymem.retrieval.policy.replay import CachedEnv, Item, TrainConfig, episode, run_steps

SMALL = Path(__file__).resolve().parent / "data" / "rl" / "retrieval-small.json"


def dump(out: Path) -> dict[str, int]:
    """Questions + gold of both parts of the fixed split (needs ../shared/data), for `run` where it is absent."""
    from bench import rl_data

    d = {part: [it.__dict__ for it in rl_data.items(rl_data.locomo_convs(part))] for part in ("train", "validation")}
    out.write_text(json.dumps(d), encoding="utf-8")
    return {k: len(v) for k, v in d.items()}


def caches(out: Path, log: Any = print) -> dict[str, int]:
    """Here, with the graph: ingest the split's conversations (System 2 too) and write `<part>_cache.json`, round 1
    and every catalogue action with `ask`'s final ranking after each, for all questions of both parts."""
    from bench import rl_data
    from bench.prepare import ensure_ingested, ensure_system2
    from polymem.graph import Graph
    from polymem.retrieval.policy.train import Env
    from polymem.retrieval.service import load_models

    out.mkdir(parents=True, exist_ok=True)
    embedder, _ = load_models()
    done: dict[str, int] = {}
    with Graph() as g:
        for part in ("train", "validation"):
            convs = rl_data.locomo_convs(part)
            for c in convs:
                ensure_ingested(g, c, embedder, log=log)
                ensure_system2(g, c.space, embedder, log=log)
            env = Env(g, embedder, out / f"{part}_cache.json", ranking=True)
            env.fill(rl_data.items(convs))
            log(f"  {part}: {len(env.cache)} questions cached")
            done[part] = len(env.cache)
    return done


def load(items_file: Path, cache: Path, part: str, limit: int | None = None) -> tuple[CachedEnv, list[Item]]:
    """The part's questions that have gold and are in the cache (the first `limit`: a smoke run)."""
    env = CachedEnv(cache, ranking=True)
    items = [Item(**d) for d in json.loads(items_file.read_text(encoding="utf-8"))[part]]
    return env, [it for it in items if it.gold and it.qid in env.cache][:limit]


def judge(policy: Any, env: CachedEnv, items: Sequence[Item], cfg: TrainConfig) -> dict[str, Any]:
    """Greedy replay: the policy's one decision after round 1 per question; recall@10 of the ranking it leads to."""
    rec, rounds = 0.0, 0
    picks: collections.Counter[str] = collections.Counter()
    per: dict[str, list[float]] = collections.defaultdict(list)
    t0 = time.perf_counter()
    for it in items:
        taken = episode(policy, env.cache[it.qid], it.gold, cfg, None, learn=False)[1]
        a = taken[0] if taken else STOP
        v = recall10(env.cache[it.qid].ranked[a], it.gold)
        rec += v
        rounds += 1 + (split_action(a)[0] != STOP)
        picks[a] += 1
        per[_conv(it)].append(v)
    n = max(len(items), 1)
    return {"recall@10": round(100 * rec / n, 2), "rounds": round(rounds / n, 3),
            "per_conversation": {c: round(100 * float(np.mean(v)), 2) for c, v in sorted(per.items())},
            "choices": dict(picks.most_common()), "ms_per_question": round(1000 * (time.perf_counter() - t0) / n, 1)}


def _until(steps: Iterable[int], deadline: float, every: int = 10) -> Iterator[int]:
    """The steps, stopped at the deadline (the time limit of a GPU lease), with a progress line."""
    t0 = time.perf_counter()
    for s in steps:
        if time.perf_counter() > deadline:
            print(f"  time limit reached before step {s + 1}", flush=True)
            return
        if s % every == 0:
            print(f"  step {s + 1} at {time.perf_counter() - t0:.0f} s", flush=True)
        yield s


def run(args: argparse.Namespace) -> dict[str, Any]:
    from polymem.llm.choice_lm import load_base
    from polymem.retrieval.policy.llm import LLMPolicy
    from polymem.retrieval.policy.llm_train import LLMTrainConfig
    from polymem.retrieval.policy.small import SmallPolicy

    t0 = time.perf_counter()
    tr_env, tr_items = load(args.items, args.train_cache, "train", args.limit)
    va_env, va_items = load(args.items, args.val_cache, "validation", args.limit)
    judge_cfg = TrainConfig(keep=10, reward_on="ranking")
    res: dict[str, Any] = {"train_questions": len(tr_items), "validation_questions": len(va_items),
                           "validation_oracle": oracle(va_env, va_items)}
    res["small"] = judge(SmallPolicy.load(args.small), va_env, va_items, judge_cfg)
    base, tok = load_base(args.model, args.device)
    res["load_s"] = round(time.perf_counter() - t0, 1)
    print(f"model loaded in {res['load_s']} s", flush=True)
    source = str(Path(args.model).resolve())
    res["llm_base"] = judge(LLMPolicy(copy.deepcopy(base), tok, source, args.device), va_env, va_items, judge_cfg)
    print("base:", json.dumps(res["llm_base"]), flush=True)
    res["runs"] = []
    for i, conf in enumerate(json.loads(args.grid)):
        cfg = LLMTrainConfig(**{"steps": args.steps, "batch": args.batch, "k": 8, "lr": 1e-4, "cost": 0.02,
                                "keep": 10, "reward_on": "ranking", "checkpoint_every": 10 ** 9, "seed": 0,
                                **conf, "model": source, "device": args.device})
        policy = LLMPolicy(copy.deepcopy(base), tok, source, args.device, cfg.lr)
        curve: list[float] = []
        t1 = time.perf_counter()
        print(f"run {i}: {conf}", flush=True)
        deadline = t1 + args.limit_s
        run_steps(policy, tr_env, tr_items, cfg, 0, curve, None, lambda r, d=deadline: _until(r, d),
                  lambda step, rng: None)
        row = {"config": conf, "steps_done": len(curve), "train_s": round(time.perf_counter() - t1, 1),
               "curve": [round(c, 4) for c in curve], "validation": judge(policy, va_env, va_items, judge_cfg),
               "train_replay": judge(policy, tr_env, tr_items, judge_cfg)}
        print(f"run {i}:", json.dumps({k: v for k, v in row.items() if k != "curve"}), flush=True)
        res["runs"].append(row)
        policy.meta.update({"steps": len(curve), "config": cfg.__dict__, "train_questions": len(tr_items),
                            "method": policy.method})
        policy.save(args.out / f"policy{i}")
        del policy
    res["wall_s"] = round(time.perf_counter() - t0, 1)
    return res


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.rl_gpu", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("cache", help="write both parts' ranking caches (here, with the graph)")
    c.add_argument("out", type=Path)
    d = sub.add_parser("dump", help="write the split's questions + gold (here, with ../shared/data)")
    d.add_argument("out", type=Path)
    r = sub.add_parser("run", help="judge, train under a time limit, judge again (no graph)")
    r.add_argument("--items", type=Path, required=True)
    r.add_argument("--train-cache", type=Path, required=True)
    r.add_argument("--val-cache", type=Path, required=True)
    r.add_argument("--model", type=Path, required=True, help="a .gguf file or Hugging Face folder")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--small", type=Path, default=SMALL)
    r.add_argument("--device", default="cuda")
    r.add_argument("--steps", type=int, default=300)
    r.add_argument("--batch", type=int, default=8)
    r.add_argument("--limit-s", type=float, default=120.0, help="training time limit per configuration")
    r.add_argument("--limit", type=int, default=None, help="the first N questions of each part (a smoke run)")
    r.add_argument("--grid", default='[{"cost": 0.02}]', help="JSON list of TrainConfig overrides, one run each")
    args = p.parse_args(argv)
    if args.cmd == "cache":
        print(json.dumps(caches(args.out)))
        return 0
    if args.cmd == "dump":
        print(json.dumps(dump(args.out)))
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    res = run(args)
    (args.out / "results.json").write_text(json.dumps(res, indent=1), encoding="utf-8")
    print(json.dumps({k: v for k, v in res.items() if k != "runs"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
