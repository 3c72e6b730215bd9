"""`LLMClient` for any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp servers).

Structured output: `response_format` json_schema first (OpenAI structured outputs, llama.cpp's
llama-server); a server that rejects it (llama-cpp-python's 0.3 server only knows json_object,
with an optional `schema` that it turns into a grammar) gets json_object + schema, then bare
json_object. The dialect found is kept for the client's lifetime. Timeouts, unreachable endpoints,
HTTP 429 and 5xx are retried `max_retries` times; each failure that is given up on is counted.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from polymem.config import LLMSettings
from polymem.llm.client import LLMError, LLMStats, Message

_DIALECTS = ("json_schema", "json_object_schema", "json_object")


class OpenAIClient:
    def __init__(self, settings: LLMSettings) -> None:
        if not settings.enabled:
            raise ValueError("no LLM configured: set POLYMEM_LLM_BASE_URL and POLYMEM_LLM_MODEL "
                             "(scripts/llm start prints them for the local test server)")
        import openai  # imported here so the no-LLM path never needs it

        self._openai = openai
        self.settings = settings
        self.model = settings.model or ""
        self.stats = LLMStats()
        # The SDK's own retries are off: ours are counted and bounded by settings.max_retries.
        self._client = openai.OpenAI(base_url=settings.base_url, api_key=settings.api_key,
                                     timeout=settings.timeout_s, max_retries=0)
        self._slots = threading.BoundedSemaphore(max(1, settings.concurrency))
        self._dialect = 0

    def _format(self, schema: dict[str, Any], name: str) -> dict[str, Any]:
        d = _DIALECTS[self._dialect]
        if d == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": False}}
        if d == "json_object_schema":
            return {"type": "json_object", "schema": schema}
        return {"type": "json_object"}

    def chat(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
             max_tokens: int = 512, name: str = "reply") -> str:
        o = self._openai
        tries = 0
        while True:
            tries += 1
            kw: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": 0, "max_tokens": max_tokens}
            if schema is not None:
                kw["response_format"] = self._format(schema, name)
            t0 = time.perf_counter()
            err: LLMError
            try:
                with self._slots:
                    resp = self._client.chat.completions.create(**kw)
            except o.APITimeoutError:
                err = LLMError("timeout", f"no reply within {self.settings.timeout_s:g} s from {self.settings.base_url}")
            except o.APIConnectionError as e:
                err = LLMError("unreachable", f"{self.settings.base_url}: {e}")
            except o.APIStatusError as e:
                body = str(e)
                if (schema is not None and e.status_code in (400, 422, 500) and "response_format" in body
                        and self._dialect < len(_DIALECTS) - 1):
                    self._dialect += 1  # the server speaks another structured-output dialect; not a failure
                    tries -= 1
                    continue
                err = LLMError("http", f"HTTP {e.status_code}: {body[:200]}")
                if e.status_code not in (408, 409, 429) and e.status_code < 500:
                    tries = self.settings.max_retries + 1  # a client error does not get better by retrying
            else:
                self.stats.call((time.perf_counter() - t0) * 1000)
                return (resp.choices[0].message.content or "") if resp.choices else ""
            self.stats.call((time.perf_counter() - t0) * 1000)
            if tries > self.settings.max_retries:
                self.stats.fail(err)
                raise err
            time.sleep(min(2.0, 0.25 * 2 ** (tries - 1)))
