"""`polymem train writer --policy small|llm --out DIR [--steps N]` (see train.py): capture, then GRPO."""

from __future__ import annotations

import argparse
import json


def run_writer(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from bench import rl_writer
    from polymem.graph import Graph
    from polymem.ingest.writer.policy.train import ConvData, TrainConfig, greedy_score, train

    args.out.mkdir(parents=True, exist_ok=True)
    data_file = args.out / "data.json"
    if not data_file.is_file():  # captured once; delete it to capture again
        with Graph() as g:
            raw = rl_writer.prepare(g, "train")
        data_file.write_text(json.dumps(raw), encoding="utf-8")
    convs = [ConvData.from_dict(d) for d in json.loads(data_file.read_text(encoding="utf-8"))]
    if args.policy == "llm":
        from polymem.commands._train_llm import run_llm_writer

        return run_llm_writer(args, convs)
    lr = 0.3 if args.lr is None else args.lr
    cfg = TrainConfig(steps=args.steps, k=args.k, windows=args.windows, lr=lr, seed=args.seed,
                      normalise=not getattr(args, "no_std", False))
    policy, curve = train(convs, args.out, cfg, resume=not args.fresh,
                          progress=lambda r: tqdm(r, desc="writer GRPO", unit="step"))
    from polymem.ingest.writer.policy.small import SmallWriterPolicy

    tail = curve[-20:]
    print(json.dumps({"policy": str(args.out / "policy.json"), "steps": len(curve),
                      "mean_reward_last_20": round(sum(tail) / max(len(tail), 1), 4),
                      "train_replay": {"rules": greedy_score(SmallWriterPolicy(), convs),
                                       "trained": greedy_score(policy, convs)}}))
    return 0
