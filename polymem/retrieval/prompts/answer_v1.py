"""Prompt for LLM answers: a question and numbered evidence -> short claims, each citing evidence ids."""

from __future__ import annotations

from typing import Any

VERSION = "answer-v1"

SYSTEM = """You answer questions about a group chat from the evidence only. Evidence lines start with \
their id in brackets. Reply with JSON: "claims", each a short answer (a few words: a name, a place, a \
date, yes/no) with "cites", the ids of the evidence lines that support it. If the evidence does not \
contain the answer, reply with no claims."""

EXAMPLE_USER = """Evidence:
[e1] (2026-02-03) hal -> zu: I have relocated to Ljubljana, finally.
[e2] (2026-02-04) zu: congrats! how is the new flat?

Question: Where does Halvard live now?"""

EXAMPLE_REPLY = {"claims": [{"text": "Ljubljana", "cites": ["e1"]}]}


def schema(ids: list[str] | None) -> dict[str, Any]:
    """`ids`: evidence ids a citation may name (a grammar-bound server then cannot cite others);
    None for very long evidence, where the enum would make the grammar too large."""
    cite: dict[str, Any] = {"type": "string", "enum": ids} if ids else {"type": "string"}
    return {
        "type": "object",
        "properties": {"claims": {"type": "array", "maxItems": 3, "items": {
            "type": "object",
            "properties": {"text": {"type": "string"}, "cites": {"type": "array", "items": cite}},
            "required": ["text", "cites"]}}},
        "required": ["claims"],
    }
