"""A scripted `LLMClient` for tests: replies are given in advance, requests are recorded.

A reply is a string (returned as the model's text), an `LLMError` (raised and counted, as the
OpenAI client does after its retries), or a callable taking the request messages.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from polymem.llm.client import LLMError, LLMStats, Message

Reply = str | dict | list | LLMError | Callable[[list[Message]], str]


class ScriptedClient:
    def __init__(self, replies: list[Reply], model: str = "scripted") -> None:
        self.replies = list(replies)
        self.model = model
        self.stats = LLMStats()
        self.requests: list[dict[str, Any]] = []

    def chat(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
             max_tokens: int = 512, name: str = "reply") -> str:
        self.requests.append({"messages": messages, "schema": schema, "name": name})
        self.stats.call(0.0)
        if not self.replies:
            err = LLMError("http", "scripted client has no reply left")
            self.stats.fail(err)
            raise err
        r = self.replies.pop(0)
        if isinstance(r, LLMError):
            self.stats.fail(r)
            raise r
        if callable(r):
            return r(messages)
        return r if isinstance(r, str) else json.dumps(r)
