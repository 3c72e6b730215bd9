"""Prompt for the LLM Writer: one window of messages → Add/Update/Noop operations as JSON."""

from __future__ import annotations

from polymem.ingest.writer.window import Window
from polymem.schema.records import Record

VERSION = "writer-v1"

SYSTEM = """You keep the long-term memory of a group chat. Go through the new messages one by one; for \
each message that states a fact about a person, or a group decision, request or promise, output one \
operation. Only facts stated explicitly. Reply with JSON: {"operations": [...]}.

Operation kinds:
- {"op": "add", "layer": L, "owner": O, "source": S, "event": E, "attribute": A, "value": V, \
"content": C, "from_ids": [message ids], "involves": [participant ids]}
- {"op": "update", "entry_id": ID of a current record, "content": C, "value": V, "from_ids": [message ids], \
"source": S}
- {"op": "noop", "reason": R}

Fields:
- owner: whom the fact is about: a participant id from the roster, or GROUP for the whole group.
- source: the participant id of who said it (usually the speaker of the message).
- layer: Core = a person's stable facts (city, job, pet, family); Profile = one person's opinion \
of another (owner = the person described, source = who holds the opinion); Interaction = group \
decisions, requests and promises (owner GROUP); Insight = group norms (owner GROUP).
- attribute: city, job, pet, family, opinion, decision:<topic>, request or promise.
- content: one short self-contained sentence using names, e.g. "Wren lives in Tartu."
- from_ids: the ids of the messages that state the fact.

When a listed current record has the same owner and attribute and the value changed, use update \
with its entry_id instead of add. Ignore small talk, questions, plans of other people and places \
merely mentioned."""


def _record_line(r: Record) -> str:
    return f"- {r.id} | owner={r.owner} | attribute={r.attribute} | {r.content}"


def render(window: Window, heads: list[Record], max_chars: int = 400) -> str:
    roster = "\n".join(f"- {p.id}: {p.name or p.id}" + (f" (also {', '.join(p.aliases)})" if p.aliases else "")
                       for p in window.roster)
    current = "\n".join(_record_line(r) for r in heads) or "(none)"

    def line(m) -> str:  # type: ignore[no-untyped-def]
        to = f" -> {', '.join(m.addressees)}" if m.addressees else ""
        return f"[{m.id}] {m.speaker}{to}: {m.text[:max_chars]}"

    earlier = "\n".join(line(m) for m in window.context) or "(none)"
    new = "\n".join(line(m) for m in window.messages)
    return (f"Roster:\n{roster}\n- GROUP: the whole group\n\nCurrent records:\n{current}\n\n"
            f"Earlier messages (context only):\n{earlier}\n\nNew messages:\n{new}\n\n"
            "Write one operation for each new message that states such a fact. JSON:")
