"""`polymem train retrieval --policy small --out DIR [--steps N]`: EG-GRPO training of a retrieval policy on the
fixed LoCoMo train split (bench/data/rl_split.json), with a progress bar, checkpoints and resume.

Training reads the benchmark conversations through the repository's bench/ harness (a source checkout); their
spaces must be ingested (`polymem bench locomo` does it).

`polymem train writer --policy small --out DIR [--steps N]`: speaker-conditioned GRPO of the Writer's
add / update / noop decisions (polymem/ingest/writer/policy/train.py) on the same train split; the candidates
are captured once from a rules run on scratch spaces (kept in DIR/data.json for resume).

`--policy llm` (class (b), _train_llm.py): a causal LM from a local .gguf / Hugging Face folder (`--model`,
default the 0.5B GGUF of scripts/llm), LoRA, `--device cuda`; the policy is DIR itself (llm_policy.json).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("train", help="train a learned policy (retrieval: EG-GRPO on the LoCoMo train split)")
    p.add_argument("what", choices=["retrieval", "writer"])
    p.add_argument("--policy", choices=["small", "llm"], default="small")
    p.add_argument("--out", required=True, type=Path, help="folder for the policy, checkpoints, cache and curve")
    p.add_argument("--steps", type=int, default=200, help="update steps (a smoke run: a few)")
    p.add_argument("--batch", type=int, default=None, help="questions per step (small 8, llm 2)")
    p.add_argument("--k", type=int, default=8, help="sampled actions per state (GRPO group)")
    p.add_argument("--lr", type=float, default=None, help="learning rate (retrieval 0.5, writer 0.3, llm 1e-4)")
    p.add_argument("--cost", type=float, default=0.05, help="reward cost of each extra search round")
    p.add_argument("--limit", type=int, default=None, help="at most N questions per training conversation")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--keep", type=int, default=15, help="records kept per state (the paper: 15)")
    p.add_argument("--std-normalise", action="store_true", help="divide advantages by the group std (plain GRPO)")
    p.add_argument("--reward-on", choices=["kept", "ranking"], default="kept", help="retrieval: reward on the "
                   "score-fused kept records (kept) or on ask's final ranking, held gold lost counting against "
                   "(ranking: one decision after round 1; use --keep 10)")
    p.add_argument("--fusion", action="store_true", help="retrieval, with --reward-on ranking: the policy may also "
                   "choose the final ranking's fusion weights (joint actions action@preset, catalogue.FUSIONS)")
    p.add_argument("--fresh", action="store_true", help="ignore a checkpoint in --out (default: resume)")
    p.add_argument("--windows", type=int, default=4, help="writer: windows per episode (T spans their messages)")
    p.add_argument("--model", type=Path, default=None, help="llm: a local .gguf file or Hugging Face format "
                   "folder (default .cache/llm/qwen2.5-coder-0.5b.gguf, installed by scripts/llm)")
    p.add_argument("--device", default="cpu", help="llm: torch device (cpu, cuda)")
    p.add_argument("--cache", type=Path, default=None, help="retrieval: executed-actions cache (default DIR/"
                   "cache.json; a small run's cache can be shared)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from polymem.commands.bench import NOT_INSTALLED, harness

    if harness() is None:
        print(NOT_INSTALLED, file=sys.stderr)
        return 2
    if args.what == "writer":
        from polymem.commands._train_writer import run_writer

        return run_writer(args)
    from tqdm import tqdm

    from bench import rl_data
    from polymem.graph import Graph
    from polymem.retrieval.policy.train import Env, TrainConfig, train
    from polymem.retrieval.service import load_models

    if args.policy == "llm":
        from polymem.commands._train_llm import run_llm

        return run_llm(args)
    cfg = TrainConfig(steps=args.steps, batch=args.batch or 8, k=args.k, lr=0.5 if args.lr is None else args.lr,
                      cost=args.cost, seed=args.seed, normalise=args.std_normalise, keep=args.keep,
                      reward_on=args.reward_on, fusion=args.fusion)
    if args.fusion and args.reward_on != "ranking":
        print("--fusion needs --reward-on ranking (the weights act on ask's final ranking)", file=sys.stderr)
        return 2
    items = rl_data.items(rl_data.locomo_convs("train"), args.limit)
    args.out.mkdir(parents=True, exist_ok=True)
    embedder, _ = load_models()
    with Graph() as g:
        env = Env(g, embedder, args.cache or args.out / "cache.json", ranking=args.reward_on == "ranking",
                  fusion=args.fusion)
        env.fill(items, lambda todo: tqdm(todo, desc="actions on the graph", unit="q"))
        policy, curve = train(env, items, args.out, cfg, resume=not args.fresh,
                              progress=lambda r: tqdm(r, desc="EG-GRPO", unit="step"))
    tail = curve[-20:]
    print(json.dumps({"policy": str(args.out / "policy.json"), "steps": len(curve), "train_questions": len(items),
                      "mean_reward_last_20": round(sum(tail) / max(len(tail), 1), 4)}))
    return 0
