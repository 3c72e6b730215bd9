"""Sentences/s of the float MiniLM (sentence-transformers) and the int8 ONNX one, interleaved in one
run (the machine is shared: each is timed three times, alternating, and the best run counts), with
their agreement on the same texts: `python -m bench.onnx_speed [--texts 2000] [--batch 64]`."""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.synth import generate


def _texts(n: int, real: bool = False) -> list[str]:
    if real:  # real chat lines (bench/realchat.py: IRC, TV dialogue, LoCoMo), distinct, in chat order
        from bench.realchat import dialogues

        return list(dict.fromkeys(t for d in dialogues() for _, t in d))[:n]
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "synth.jsonl"
        generate(path, n)
        return [json.loads(line)["text"] for line in path.open()][:n]


def _time(embedder: Any, texts: list[str], batch: int) -> float:
    t = time.perf_counter()
    for i in range(0, len(texts), batch):
        embedder.embed(texts[i:i + batch])
    return time.perf_counter() - t


def run(n: int, batch: int, real: bool = False) -> dict[str, Any]:
    from polymem.ingest.embedder import float_embedder
    from polymem.ingest.onnx_embedder import OnnxEmbedder, build

    texts = _texts(n, real)
    models = {"float": float_embedder(), "int8": OnnxEmbedder(build())}
    for m in models.values():
        m.embed(texts[:64])  # warm-up
    best = {k: float("inf") for k in models}
    for _ in range(3):
        for k, m in models.items():
            best[k] = min(best[k], _time(m, texts, batch))
    sample = texts[:500]
    cos = (models["float"].embed(sample) * models["int8"].embed(sample)).sum(axis=1)
    rate = {k: round(len(texts) / v, 1) for k, v in best.items()}
    return {"texts": len(texts), "real_text": real, "batch": batch, "sentences_per_s": rate,
            "speedup": round(rate["int8"] / rate["float"], 2),
            "cosine_mean": round(float(cos.mean()), 4), "cosine_min": round(float(np.min(cos)), 4)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--texts", type=int, default=2000)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--real", action="store_true", help="real chat lines instead of the template chat")
    a = p.parse_args()
    print(json.dumps(run(a.texts, a.batch, a.real), indent=1))


if __name__ == "__main__":
    main()
