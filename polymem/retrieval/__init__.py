"""Query time: plan (rows/issue/mode/scope), System 1 + System 2 search, compose, answer."""

from polymem.retrieval.answer import Answer, EvidenceItem, EvidenceRow
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan, Row, Scope

try:
    from polymem.retrieval.service import ask, plan
except ModuleNotFoundError as e:
    # The query stack needs spaCy, the Neo4j driver and the embedder. Where they are missing (a GPU machine that
    # replays the policies' caches, scripts/rl-llm-gpu) the light submodules still import; `ask` says why not.
    _missing = e

    def __getattr__(name: str) -> object:
        if name in ("ask", "plan"):
            raise ImportError(f"polymem.retrieval.{name} needs {_missing.name}: {_missing}") from _missing
        raise AttributeError(f"module 'polymem.retrieval' has no attribute {name!r}")

__all__ = ["Answer", "AskOptions", "EvidenceItem", "EvidenceRow", "Plan", "Row", "Scope", "ask", "plan"]
