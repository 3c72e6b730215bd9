"""The LLM Writer: one chat completion per window against any OpenAI-compatible endpoint.

Structured output: `response_format` json_schema first; servers that only know json_object (e.g.
llama-cpp-python's) get json_object with the schema attached, then plain json_object. The reply is
parsed here and every operation is validated by the run loop like any Writer's. A failed call or
invalid JSON is retried a bounded number of times; after that the window is reported failed and
left unprocessed (a later run retries it). An endpoint that cannot be reached raises
BackendUnavailableError so the run stops cleanly: System 1 is never touched by a Writer.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from polymem.config import LLMSettings
from polymem.errors import BackendUnavailableError, InputError
from polymem.ingest.prompts import writer_v1 as prompt
from polymem.ingest.writer.window import Window
from polymem.schema.records import LLM_OPERATION_SCHEMA, Record

log = logging.getLogger(__name__)
_MODES = ("json_schema", "json_object_schema", "json_object")
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.M)


def parse_operations(text: str) -> list[Any]:
    """The operations list from a model reply; ValueError when it is not the expected JSON."""
    data = json.loads(_FENCE.sub("", text.strip()))
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and isinstance(data.get("operations"), list):
        return data["operations"]
    if isinstance(data, dict) and "op" in data:
        return [data]
    raise ValueError("JSON without an 'operations' list")


class LLMWriter:
    name = "llm"

    def __init__(self, settings: LLMSettings | None = None, *, max_attempts: int = 3, max_heads: int = 30,
                 max_tokens: int = 700) -> None:
        self.settings = settings or LLMSettings.from_env()
        if not self.settings.enabled:
            raise InputError("no LLM configured: set POLYMEM_LLM_BASE_URL and POLYMEM_LLM_MODEL "
                             "(scripts/llm start prints them for the local test server)")
        import openai  # runtime dependency; imported here so the no-LLM path never needs it

        self._openai = openai
        self.client = openai.OpenAI(base_url=self.settings.base_url, api_key=self.settings.api_key,
                                    timeout=self.settings.timeout_s, max_retries=0)
        self.max_attempts = max(1, max_attempts)
        self.max_heads = max_heads
        self.max_tokens = max_tokens
        self.mode = 0  # index into _MODES; moves on when the server rejects a response_format
        self.llm_calls = 0
        self.llm_failures = 0
        self.errors: list[str] = []
        self.prompt_version = prompt.VERSION

    def _heads_for(self, window: Window) -> list[Record]:
        people = {m.speaker for m in window.context + window.messages}
        people |= {a for m in window.messages for a in m.addressees}
        text = " ".join(m.text.lower() for m in window.messages)
        for p in window.roster:
            if any(n.lower() in text for n in p.names() if len(n) > 2):
                people.add(p.id)
        keep = [r for r in window.heads if r.owner in people or r.owner == window.group]
        return keep[-self.max_heads:]

    def _response_format(self) -> dict[str, Any]:
        mode = _MODES[self.mode]
        if mode == "json_schema":
            return {"type": "json_schema",
                    "json_schema": {"name": "operations", "schema": LLM_OPERATION_SCHEMA, "strict": False}}
        if mode == "json_object_schema":
            return {"type": "json_object", "schema": LLM_OPERATION_SCHEMA}
        return {"type": "json_object"}

    def propose(self, window: Window) -> list[Any] | None:
        messages = [{"role": "system", "content": prompt.SYSTEM},
                    {"role": "user", "content": prompt.render(window, self._heads_for(window))}]
        last = ""
        attempt = 0
        while attempt < self.max_attempts:
            attempt += 1
            self.llm_calls += 1
            try:
                resp = self.client.chat.completions.create(
                    model=self.settings.model or "", messages=messages,  # type: ignore[arg-type]
                    response_format=self._response_format(),  # type: ignore[arg-type]
                    temperature=0, max_tokens=self.max_tokens)
            except self._openai.APIConnectionError as e:
                if attempt < self.max_attempts and isinstance(e, self._openai.APITimeoutError):
                    last = f"timeout after {self.settings.timeout_s:.0f} s"
                    continue
                raise BackendUnavailableError(
                    f"LLM endpoint {self.settings.base_url} is unreachable ({e}); System 1 is unaffected, "
                    "re-run `polymem write --llm` when it is back") from e
            except (self._openai.BadRequestError, self._openai.InternalServerError,
                    self._openai.UnprocessableEntityError) as e:
                if "response_format" in str(e) and self.mode < len(_MODES) - 1:
                    self.mode += 1  # the server does not speak this structured-output dialect
                    attempt -= 1  # not the model's fault: does not use up an attempt
                    self.llm_calls -= 1
                    continue
                last = f"{type(e).__name__}: {str(e)[:200]}"
                continue
            except self._openai.APIStatusError as e:
                last = f"HTTP {e.status_code}: {str(e)[:200]}"
                continue
            text = (resp.choices[0].message.content or "") if resp.choices else ""
            try:
                return parse_operations(text)
            except ValueError as e:  # json.JSONDecodeError is a ValueError
                last = f"invalid JSON from the model: {e}: {text[:120]!r}"
                messages = messages[:2] + [{"role": "assistant", "content": text[:2000]},
                                           {"role": "user", "content": "That was not valid. Reply with JSON "
                                            "{\"operations\": [...]} only."}]
        self.llm_failures += 1
        self.errors.append(f"window {window.messages[0].id}..{window.messages[-1].id}: {last}")
        log.warning("LLM writer gave up on a window after %d attempts: %s", self.max_attempts, last)
        return None
