"""`polymem train retrieval|writer --policy llm --out DIR [--steps N] [--model PATH] [--device cuda]` (see
train.py): GRPO of the LLM policies (class (b)): polymem/retrieval/policy/llm_train.py (EG-GRPO) and
polymem/ingest/writer/policy/llm_train.py (speaker-conditioned GRPO). Needs torch, transformers and the
`rl-llm` extra (gguf, peft)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any


def _model(args: argparse.Namespace) -> Path | None:
    """The local model file / folder to start from, or None (with the reason printed)."""
    try:
        import torch
        import transformers  # noqa: F401
    except ImportError as e:
        print(f"--policy llm needs torch and transformers (pip install 'polymem[rl-llm]'): {e}", file=sys.stderr)
        return None
    from polymem.llm.choice_lm import DEFAULT_MODEL, peft_available

    model: Path = args.model or DEFAULT_MODEL
    if not model.exists():
        print(f"no model at {model}: run `scripts/llm start` once (it installs the Qwen2.5-Coder GGUF files in "
              f".cache/llm), or pass --model a .gguf file / Hugging Face format folder", file=sys.stderr)
        return None
    if args.device.startswith("cuda") and not torch.cuda.is_available():
        print("--device cuda: no CUDA device here", file=sys.stderr)
        return None
    if not peft_available():
        print("peft is not installed: training the last decoder layer and the final norm instead of LoRA",
              file=sys.stderr)
    return model.resolve()


def _report(out: Path, model: Path, policy: Any, curve: list[float], t0: float, **extra: Any) -> int:
    print(json.dumps({"policy": str(out), "model": str(model), "method": policy.method, "device": policy.device,
                      "steps": len(curve), **extra, "curve_last_20": [round(c, 4) for c in curve[-20:]],
                      "wall_s": round(time.perf_counter() - t0, 1)}))
    return 0


def run_llm(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    model = _model(args)
    if model is None:
        return 2
    from tqdm import tqdm

    from bench import rl_data
    from polymem.graph import Graph
    from polymem.retrieval.policy.llm_train import LLMTrainConfig, train_llm
    from polymem.retrieval.policy.train import Env
    from polymem.retrieval.service import load_models

    cfg = LLMTrainConfig(steps=args.steps, batch=args.batch or 2, k=args.k, lr=1e-4 if args.lr is None else args.lr,
                         cost=args.cost, seed=args.seed, normalise=args.std_normalise, keep=args.keep,
                         checkpoint_every=5, model=str(model), device=args.device)
    items = rl_data.items(rl_data.locomo_convs("train"), args.limit)
    args.out.mkdir(parents=True, exist_ok=True)
    embedder, _ = load_models()
    with Graph() as g:
        env = Env(g, embedder, args.cache or args.out / "cache.json")  # questions run on the graph when drawn
        policy, curve = train_llm(env, items, args.out, cfg, resume=not args.fresh,
                                  progress=lambda r: tqdm(r, desc="EG-GRPO (llm)", unit="step"))
    return _report(args.out, model, policy, curve, t0, train_questions=len(items))


def run_llm_writer(args: argparse.Namespace, convs: list[Any]) -> int:
    t0 = time.perf_counter()
    model = _model(args)
    if model is None:
        return 2
    from tqdm import tqdm

    from polymem.ingest.writer.policy.llm_train import LLMWriterTrainConfig, train_llm_writer

    cfg = LLMWriterTrainConfig(steps=args.steps, k=args.k, windows=args.windows, seed=args.seed,
                               lr=1e-4 if args.lr is None else args.lr, checkpoint_every=5, model=str(model),
                               device=args.device)
    policy, curve = train_llm_writer(convs, args.out, cfg, resume=not args.fresh,
                                     progress=lambda r: tqdm(r, desc="writer GRPO (llm)", unit="step"))
    return _report(args.out, model, policy, curve, t0, conversations=[c.conv for c in convs])
