"""One injectable LLM client for every LLM user (the writer, the planner, the answerer, benchmarks).

Depends only on `polymem.config`; ingest and retrieval import it, never the other way round.
`make_client()` builds the OpenAI-compatible client from POLYMEM_LLM_* settings (None when no LLM
is configured); tests inject `ScriptedClient`.
"""

from __future__ import annotations

from polymem.config import LLMSettings
from polymem.llm.client import LLMClient, LLMError, LLMStats, chat_json, parse_json
from polymem.llm.fake import ScriptedClient

__all__ = ["LLMClient", "LLMError", "LLMStats", "ScriptedClient", "chat_json", "make_client", "parse_json"]


def make_client(settings: LLMSettings | None = None) -> LLMClient | None:
    s = settings or LLMSettings.from_env()
    if not s.enabled:
        return None
    from polymem.llm.openai_client import OpenAIClient

    return OpenAIClient(s)
