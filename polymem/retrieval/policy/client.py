"""The agentic retrieval policy through any OpenAI-compatible `LLMClient` (`AskOptions.policy = "llm"`).

The served model reads the same state and lettered actions as the in-process LM policy (prompt.py) and names
one action under a JSON schema whose enum holds only the allowed letters. A server gives no distribution over
the letters, so the choice gets probability 1. A failed or unusable reply stops the rounds (round 1, the
plan's own searches, is kept) and says why in the trace step; the client counts the failure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from polymem.llm import LLMClient, LLMError, chat_json
from polymem.retrieval.policy.catalogue import STOP
from polymem.retrieval.policy.prompt import SYSTEM, label, render_options, render_state

VERSION = "policy-api-v1"


class ClientPolicy:
    kind = "llm-api"

    def __init__(self, client: LLMClient) -> None:
        self.client = client
        self.last: dict[str, Any] = {}  # the last decision's outcome, copied into its trace step

    observe = staticmethod(render_state)  # the state in words, as the in-process LM policy reads it

    def probs(self, state: str, allowed: Sequence[str]) -> dict[str, float]:
        by_letter = {label(a): a for a in allowed}
        user = (f"{state}\n\n{render_options(allowed)}\n\n"
                'Which action? Reply with JSON: {"action": "<its letter>"}.')
        messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
        schema = {"type": "object", "properties": {"action": {"type": "string", "enum": list(by_letter)}},
                  "required": ["action"]}

        def check(data: Any) -> str:
            got = data.get("action") if isinstance(data, dict) else None
            if got not in by_letter:
                raise ValueError(f"action {got!r} is not one of the allowed letters {', '.join(by_letter)}")
            return by_letter[got]

        calls0, _ = self.client.stats.snapshot()
        try:
            choice = chat_json(self.client, messages, schema, check, max_tokens=16, name="policy")
            self.last = {"ok": True}
        except LLMError as e:
            choice = STOP if STOP in allowed else allowed[0]
            self.last = {"ok": False, "error": e.kind, "why": f"rounds stopped: {e}"}
        self.last |= {"calls": self.client.stats.snapshot()[0] - calls0, "prompt": VERSION}
        return {a: 1.0 if a == choice else 0.0 for a in allowed}
