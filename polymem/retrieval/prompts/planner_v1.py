"""Prompt for the LLM planner: a question -> the typed Plan's rows, issue, mode, scope and intent."""

from __future__ import annotations

from typing import Any

VERSION = "planner-v1"

SYSTEM = """You compile questions about a group chat into a retrieval plan (JSON). Fields:
- rows: whose memory to read: roster ids, "GROUP" for the group's decisions, "EVERYONE" for each person.
- issue: 1-4 topic words of the question.
- mode: "head" for the current state, "full" for history ("used to", "before", "first", "change").
- scope: source (who told it), owner (whom it is about), speaker (who said it), addressee (said to whom): \
roster ids or "".
- intent: one of the listed intents.
- attribute: city, job, pet, or "" for anything else.
"I", "me", "my" in the question mean the asker."""

EXAMPLE_USER = """Roster: hal: Halvard Brannock; zu: Zuzana Quenby
Asker: zu
Question: Where did Halvard live before he moved?"""

EXAMPLE_REPLY = {"rows": ["hal"], "issue": ["live"], "mode": "full",
                 "scope": {"source": "", "owner": "hal", "speaker": "", "addressee": ""},
                 "intent": "state", "attribute": "city"}


def schema(ids: list[str], intents: list[str]) -> dict[str, Any]:
    who = {"type": "string", "enum": ["", *ids]}
    return {
        "type": "object",
        "properties": {
            "rows": {"type": "array", "items": {"type": "string", "enum": [*ids, "GROUP", "EVERYONE"]}},
            "issue": {"type": "array", "items": {"type": "string"}},
            "mode": {"type": "string", "enum": ["head", "full"]},
            "scope": {"type": "object", "properties": {k: who for k in ("source", "owner", "speaker", "addressee")},
                      "required": ["source", "owner", "speaker", "addressee"]},
            "intent": {"type": "string", "enum": intents},
            "attribute": {"type": "string", "enum": ["", "city", "job", "pet"]},
        },
        "required": ["rows", "issue", "mode", "scope", "intent", "attribute"],
    }
