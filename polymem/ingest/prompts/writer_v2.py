"""Prompt for the LLM Writer: review the no-LLM candidates of one window into Add/Update/Noop.

The reply lists the copied fields before the decision (op): small models decide better after
restating the candidate. The model never writes from scratch: each candidate (found by the language layer) is shown with
its message, speaker and addressees, and the model keeps, corrects (owner, value, wording) or drops
it, choosing add or update against the listed current records. The few-shot example uses invented
people and places only.
"""

from __future__ import annotations

from typing import Any

VERSION = "writer-v2"

SYSTEM = """You check candidate memory records for a group chat. Each candidate was found by a simple \
parser in one message; you see the message, who spoke and to whom. For every candidate reply with one \
review, in order:
- op "add": the message really states it; a new record.
- op "update": it replaces a listed current record with the same owner and attribute (give its entry_id).
- op "noop": the message does not state it (a question, a joke, a wish, someone else's plan, a place \
only mentioned) or it is already recorded with the same value.
owner is the id of the person the fact is about ("I"/"my" = the speaker; "you" = the addressee), or \
GROUP for a decision of the whole group. value is the short normalised value (a city name, a job, \
the chosen option). content is one short sentence with names. Most candidates are right: keep them \
unless the message clearly says otherwise."""

EXAMPLE_USER = """Roster:
- hal: Halvard Brannock
- zu: Zuzana Quenby
- GROUP: the whole group

Current records:
- r01 | owner=zu | city = Cuenca | Zuzana lives in Cuenca.
- r02 | owner=GROUP | decision:trip = the yurt | The group decided on the yurt for the trip.

Messages:
[x6] zu: where should the spring party be?
[x7] hal -> zu: Some news: I have relocated to ljubljana!
[x8] zu -> hal: Would you ever move to Valparaiso?
[x9] zu: ok so we're doing the canal boat for the trip instead
[x10] hal: the orchard it is, for the spring party

Candidates:
C1 from [x7]: {"op": "add", "owner": "hal", "attribute": "city", "value": "ljubljana", "content": "Halvard lives in ljubljana."}
C2 from [x8]: {"op": "update", "entry_id": "r01", "owner": "zu", "attribute": "city", "value": "Valparaiso", \
"content": "Zuzana lives in Valparaiso."}
C3 from [x9]: {"op": "update", "entry_id": "r02", "owner": "GROUP", "attribute": "decision:trip", "value": "the canal boat", \
"content": "The group decided on the canal boat for the trip."}
C4 from [x10]: {"op": "add", "owner": "GROUP", "attribute": "decision:party", "value": "the orchard", \
"content": "The group decided on the orchard for the spring party."}"""

EXAMPLE_REPLY = {"reviews": [
    {"candidate": 1, "owner": "hal", "value": "Ljubljana", "content": "Halvard lives in Ljubljana.",
     "op": "add", "entry_id": ""},
    {"candidate": 2, "owner": "zu", "value": "Valparaiso", "content": "Only a question about moving.",
     "op": "noop", "entry_id": ""},
    {"candidate": 3, "owner": "GROUP", "value": "the canal boat",
     "content": "The group decided on the canal boat for the trip.", "op": "update", "entry_id": "r02"},
    {"candidate": 4, "owner": "GROUP", "value": "the orchard",
     "content": "The group decided on the orchard for the spring party.", "op": "add", "entry_id": ""},
]}


def schema(n: int, owners: list[str], heads: list[str], ids: list[str]) -> dict[str, Any]:
    """Exactly one review per candidate; ids and owners limited to what exists (a grammar-bound
    server cannot name an unknown person or record; the validator still checks every op)."""
    return {
        "type": "object",
        "properties": {"reviews": {
            "type": "array", "minItems": n, "maxItems": n,
            "items": {
                "type": "object",
                "properties": {
                    "candidate": {"type": "integer", "enum": list(range(1, n + 1))},
                    "owner": {"type": "string", "enum": owners},
                    "value": {"type": "string"},
                    "content": {"type": "string"},
                    "op": {"type": "string", "enum": ["add", "update", "noop"]},
                    "entry_id": {"type": "string", "enum": ["", *heads]},
                    "from_ids": {"type": "array", "items": {"type": "string", "enum": ids}},
                },
                "required": ["candidate", "owner", "value", "content", "op", "entry_id"],
            },
        }},
        "required": ["reviews"],
    }
