"""`polymem bench rl --policy DIR/policy.json [--limit N]`: BM25 vs rules vs a trained retrieval policy on the
validation split (bench/rl_eval.py); `--curve DIR/curve.json --png FILE` draws the reward-per-step curve.
`polymem bench rl --what writer --writer-policy DIR/policy.json`: rules vs trained Writer decisions on the same
split (bench/rl_writer.py): Φ_SL against the observations, records written, QA proxy delta.
`polymem bench rl --loco DIR/cache.json [--grid JSON]`: what a policy can learn, on the train split only
(bench/rl_loco.py): leave one training conversation out; hindsight ceiling, feature probe, EG-GRPO."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rl", help="retrieval policies on the RL validation split: BM25 vs rules vs trained")
    p.add_argument("--policy", action="append", default=[], help="a saved policy (repeatable); rules always runs")
    p.add_argument("--part", default="validation", choices=["train", "validation"])
    p.add_argument("--limit", type=int, default=None, help="at most N questions per conversation (evenly spaced)")
    p.add_argument("--curve", type=Path, help="curve.json written by `polymem train retrieval`")
    p.add_argument("--png", type=Path, help="where to draw the curve")
    p.add_argument("--out", type=Path, help="also write the figures as JSON here")
    p.add_argument("--what", choices=["retrieval", "writer"], default="retrieval")
    p.add_argument("--writer-policy", action="append", default=[],
                   help="a saved writer policy.json (repeatable; with --what writer); the rules always run")
    p.add_argument("--loco", type=Path, help="a ranking cache (train --reward-on ranking): leave-one-conversation-"
                   "out on the train split, no graph, no validation")
    p.add_argument("--grid", default='[{"cost": 0.0}, {"cost": 0.02}]',
                   help="with --loco: JSON list of TrainConfig fields for EG-GRPO (reward_on/keep are set)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.loco:
        return _loco(args)
    from bench.rl_eval import evaluate, plot_curve

    if args.curve and args.png:
        plot_curve(args.curve, args.png, "writer" if args.what == "writer" else "retrieval")
    from polymem.graph import Graph

    if args.what == "writer":
        from bench.rl_writer import evaluate as evaluate_writer

        with Graph() as g:
            res = evaluate_writer(g, ["rules", *args.writer_policy], args.part)
        return _emit(res, args.out)
    from polymem.retrieval.service import load_models

    embedder, _ = load_models()
    with Graph() as g:
        res = evaluate(g, embedder, ["rules", *args.policy], args.part, args.limit)
    return _emit(res, args.out)


def _emit(res: dict, out: Path | None) -> int:
    text = json.dumps(res, indent=1)
    if out:
        out.write_text(text, encoding="utf-8")
    print(text)
    return 0


def _loco(args: argparse.Namespace) -> int:
    from bench import rl_loco
    from polymem.retrieval.policy.catalogue import STATE_FEATURES
    from polymem.retrieval.policy.train import TrainConfig

    env, items = rl_loco.load(args.loco)
    old = [STATE_FEATURES.index(f) for f in ("bias", "intent_generic", "intent_state", "intent_when", "intent_who",
                                             "intent_other", "asks_time", "mentions_person", "time_filter",
                                             "round2", "issue_terms", "question_len", "lex_dense_agree",
                                             "held_full", "lex_peak", "sufficient", "confidence")]
    res: dict = {"oracle": rl_loco.oracle(env, items), "probe": {}, "grpo": []}
    for thr in (0.0, 0.02):
        res["probe"][f"all features, gain > {thr}"] = rl_loco.probe(env, items, threshold=thr)
        res["probe"][f"the 17 features before issue-15 rework, gain > {thr}"] = rl_loco.probe(
            env, items, threshold=thr, features=old)
    for g in json.loads(args.grid):
        cfg = TrainConfig(**{"reward_on": "ranking", "keep": 10, "cost": 0.0, "steps": 300, **g})
        res["grpo"].append({"config": g, **rl_loco.grpo(env, items, cfg)})
        print(json.dumps(res["grpo"][-1]), flush=True)
    return _emit(res, args.out)
