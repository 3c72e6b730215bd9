"""The one LLM client interface every LLM user (writer, planner, answerer, benchmarks) talks to.

A client sends chat messages and returns the reply text, optionally constrained by a JSON schema.
Every failure is an `LLMError` with a stable `kind` and is counted in the client's `stats`, so a
caller can always report what went wrong instead of silently falling back.
"""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

ErrorKind = Literal["timeout", "unreachable", "http", "json", "schema"]
Message = dict[str, str]
T = TypeVar("T")
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.M)


class LLMError(Exception):
    """A failed LLM call or an unusable reply. `kind` is short and stable enough to count."""

    def __init__(self, kind: ErrorKind, detail: str) -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(f"LLM {kind}: {detail}")


@dataclass
class LLMStats:
    """What a client did: calls, failures by kind, the last few error texts, time spent."""

    calls: int = 0
    failures: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    ms: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def call(self, ms: float) -> None:
        with self._lock:
            self.calls += 1
            self.ms += ms

    def fail(self, e: LLMError) -> None:
        with self._lock:
            self.failures[e.kind] += 1
            if len(self.errors) < 50:
                self.errors.append(str(e)[:300])

    @property
    def failed(self) -> int:
        return sum(self.failures.values())

    def snapshot(self) -> tuple[int, int]:
        return self.calls, self.failed


class LLMClient(Protocol):
    """Chat completion against some model. `schema`: constrain the reply to this JSON schema."""

    model: str
    stats: LLMStats

    def chat(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
             max_tokens: int = 512, name: str = "reply") -> str: ...


def parse_json(text: str) -> Any:
    """JSON from a reply (code fences tolerated); LLMError('json') when it is not JSON."""
    try:
        return json.loads(_FENCE.sub("", (text or "").strip()))
    except ValueError as e:
        raise LLMError("json", f"{e}: {text[:120]!r}") from e


def chat_json(client: LLMClient, messages: list[Message], schema: dict[str, Any],
              check: Callable[[Any], T], *, max_tokens: int = 512, name: str = "reply",
              attempts: int = 2) -> T:
    """Ask for JSON under `schema` and return `check(parsed)`. A reply that is not JSON, or that
    `check` rejects (it raises ValueError), is asked again once with the error shown; after that the
    LLMError is counted in the client's stats and raised. Transport errors are raised at once (the
    client already retried them)."""
    convo = list(messages)
    last: LLMError | None = None
    for _ in range(max(1, attempts)):
        text = client.chat(convo, schema=schema, max_tokens=max_tokens, name=name)
        try:
            return check(parse_json(text))
        except LLMError as e:
            last = e
        except ValueError as e:  # pydantic's ValidationError is a ValueError
            last = LLMError("schema", str(e).replace("\n", " ")[:240])
        convo = list(messages) + [{"role": "assistant", "content": text[:2000]},
                                  {"role": "user", "content": f"That reply was not usable ({last.detail[:160]}). "
                                   "Reply again with JSON that follows the schema, nothing else."}]
    assert last is not None
    client.stats.fail(last)
    raise last
