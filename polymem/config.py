"""Settings from environment variables, with local defaults that match scripts/neo4j."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


@dataclass(frozen=True)
class Neo4jSettings:
    uri: str = "bolt://127.0.0.1:7687"
    user: str | None = None
    password: str | None = None
    database: str | None = None  # None: the server's default database
    query_timeout_s: float = 30.0
    connect_timeout_s: float = 5.0  # TCP connect + Bolt handshake
    acquire_timeout_s: float = 60.0  # waiting for a pooled connection (includes connecting)
    retry_time_s: float = 30.0  # how long a transaction is retried after transient errors (deadlocks)
    unavailable_retry_s: float = 30.0  # how long it is retried while the server cannot be reached

    @classmethod
    def from_env(cls) -> Neo4jSettings:
        return cls(
            uri=_env("POLYMEM_NEO4J_URI", cls.uri) or cls.uri,
            user=_env("POLYMEM_NEO4J_USER"),
            password=_env("POLYMEM_NEO4J_PASSWORD"),
            database=_env("POLYMEM_NEO4J_DATABASE"),
            query_timeout_s=float(_env("POLYMEM_NEO4J_TIMEOUT_S", "30") or 30),
            connect_timeout_s=float(_env("POLYMEM_NEO4J_CONNECT_TIMEOUT_S", "5") or 5),
            acquire_timeout_s=float(_env("POLYMEM_NEO4J_ACQUIRE_TIMEOUT_S", "60") or 60),
            retry_time_s=float(_env("POLYMEM_NEO4J_RETRY_S", "30") or 30),
            unavailable_retry_s=float(_env("POLYMEM_NEO4J_UNAVAILABLE_RETRY_S", "30") or 30),
        )

    @property
    def auth(self) -> tuple[str, str] | None:
        # Auth is off only for the local test server; any configured user turns it on.
        if self.user:
            return (self.user, self.password or "")
        return None


@dataclass(frozen=True)
class EmbeddingSettings:
    model: str = "all-MiniLM-L6-v2"  # a name, a local path, or the packaged copy
    batch_size: int = 64
    device: str = "cpu"
    # "torch": sentence-transformers in float; "onnx": the same MiniLM as int8 ONNX (built locally at
    # setup; docs/benchmarks.md has the speed and recall measured side by side)
    backend: str = "torch"

    @classmethod
    def from_env(cls) -> EmbeddingSettings:
        backend = (_env("POLYMEM_EMBED_BACKEND", cls.backend) or cls.backend).lower()
        if backend not in EMBED_BACKENDS:
            raise ValueError(f"POLYMEM_EMBED_BACKEND={backend!r}: expected one of {', '.join(EMBED_BACKENDS)}")
        return cls(
            model=_env("POLYMEM_EMBED_MODEL", cls.model) or cls.model,
            batch_size=int(_env("POLYMEM_EMBED_BATCH", "64") or 64),
            device=_env("POLYMEM_EMBED_DEVICE", "cpu") or "cpu",
            backend=backend,
        )


EMBED_BACKENDS = ("torch", "onnx")


@dataclass(frozen=True)
class LLMSettings:
    """Any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp). Empty base_url: no LLM."""

    base_url: str | None = None
    model: str | None = None
    api_key: str = "not-needed"
    timeout_s: float = 60.0
    max_retries: int = 2  # retries after a timeout, an unreachable endpoint, HTTP 429 or 5xx
    concurrency: int = 2  # requests in flight at once per client (a local server serves one at a time)

    @classmethod
    def from_env(cls) -> LLMSettings:
        return cls(
            base_url=_env("POLYMEM_LLM_BASE_URL"),
            model=_env("POLYMEM_LLM_MODEL"),
            api_key=_env("POLYMEM_LLM_API_KEY", "not-needed") or "not-needed",
            timeout_s=float(_env("POLYMEM_LLM_TIMEOUT_S", "60") or 60),
            max_retries=int(_env("POLYMEM_LLM_MAX_RETRIES", "2") or 2),
            concurrency=max(1, int(_env("POLYMEM_LLM_CONCURRENCY", "2") or 2)),
        )

    @property
    def enabled(self) -> bool:
        return bool(self.base_url and self.model)


@dataclass(frozen=True)
class Settings:
    neo4j: Neo4jSettings = field(default_factory=Neo4jSettings)
    embedding: EmbeddingSettings = field(default_factory=EmbeddingSettings)
    llm: LLMSettings = field(default_factory=LLMSettings)

    @classmethod
    def from_env(cls) -> Settings:
        return cls(Neo4jSettings.from_env(), EmbeddingSettings.from_env(), LLMSettings.from_env())
