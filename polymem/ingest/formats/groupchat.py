"""groupchat (made for this project): roster with handles/aliases, channels, reply_to, QA.

Speakers are chat handles; each participant's id is its handle so messages read naturally in
Neo4j Browser. The roster's `p1`-style id is kept as an alias.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, load_json
from polymem.schema.models import Conversation, Message, Participant


def roster_of(data: dict) -> list[Participant]:
    people = []
    for r in data.get("roster", []):
        aliases = list(r.get("aliases", []))
        people.append(Participant(id=r["handle"], name=r.get("name") or r["handle"], aliases=aliases))
    return people


def _messages(data: dict, file: str) -> Iterator[Message | InputError]:
    for i, m in enumerate(data.get("messages", [])):
        if not isinstance(m, dict):
            yield InputError(f"messages[{i}] is not an object", file=file)
            continue
        yield build_message(
            {
                "id": m.get("id"), "text": m.get("text", ""), "speaker": m.get("speaker"),
                "time": m.get("time"), "channel": m.get("channel") or "main", "session": m.get("session"),
                "reply_to": m.get("reply_to"), "seq": i,
            },
            file=file, line=None, record=f"messages[{i}] ({m.get('id')})",
        )


@register("groupchat")
def load(path: Path) -> Iterator[Conversation]:
    data = load_json(path)
    if not isinstance(data, dict) or "messages" not in data:
        raise InputError("not a groupchat scenario (no 'messages' list)", file=str(path))
    yield Conversation.model_construct(
        id=data.get("scenario_id", path.stem), roster=roster_of(data), channels=data.get("channels", []),
        messages=_messages(data, str(path)), addressees_given=False, source_file=str(path),
    )
