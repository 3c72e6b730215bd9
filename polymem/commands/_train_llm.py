"""`polymem train retrieval --policy llm --out DIR [--steps N] [--model PATH] [--device cuda]` (see train.py):
EG-GRPO of the LLM retrieval policy (polymem/retrieval/policy/llm_train.py). Needs the `rl-llm` extra."""

from __future__ import annotations

import argparse
import json
import sys
import time


def run_llm(args: argparse.Namespace) -> int:
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as e:
        print(f"polymem train retrieval --policy llm needs torch and transformers (pip install "
              f"'polymem[rl-llm]'): {e}", file=sys.stderr)
        return 2
    from tqdm import tqdm

    from bench import rl_data
    from polymem.graph import Graph
    from polymem.retrieval.policy.llm import DEFAULT_MODEL, peft_available
    from polymem.retrieval.policy.llm_train import LLMTrainConfig, train_llm
    from polymem.retrieval.policy.train import Env
    from polymem.retrieval.service import load_models

    model = args.model or DEFAULT_MODEL
    if not model.exists():
        print(f"no model at {model}: run `scripts/llm start` once (it installs the Qwen2.5-Coder GGUF files in "
              f".cache/llm), or pass --model a .gguf file / Hugging Face format folder", file=sys.stderr)
        return 2
    if args.device.startswith("cuda") and not torch.cuda.is_available():
        print("--device cuda: no CUDA device here", file=sys.stderr)
        return 2
    if not peft_available():
        print("peft is not installed: training the last decoder layer and the final norm instead of LoRA",
              file=sys.stderr)
    cfg = LLMTrainConfig(steps=args.steps, batch=args.batch or 2, k=args.k, lr=1e-4 if args.lr is None else args.lr,
                         cost=args.cost, seed=args.seed, normalise=args.std_normalise, keep=args.keep,
                         checkpoint_every=5, model=str(model.resolve()), device=args.device)
    items = rl_data.items(rl_data.locomo_convs("train"), args.limit)
    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    embedder, _ = load_models()
    with Graph() as g:
        env = Env(g, embedder, args.cache or args.out / "cache.json")  # questions run on the graph when drawn
        policy, curve = train_llm(env, items, args.out, cfg, resume=not args.fresh,
                                  progress=lambda r: tqdm(r, desc="EG-GRPO (llm)", unit="step"))
    print(json.dumps({"policy": str(args.out), "model": cfg.model, "method": policy.method, "device": cfg.device,
                      "steps": len(curve), "train_questions": len(items), "curve": [round(c, 4) for c in curve[-20:]],
                      "wall_s": round(time.perf_counter() - t0, 1)}))
    return 0
