"""groupchat (made for this project): roster with handles/aliases, channels, reply_to, QA.

Speakers are chat handles; each participant's id is its handle so messages read naturally in
Neo4j Browser. The roster's `p1`-style id is kept as an alias.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pydantic import ValidationError

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, load_json
from polymem.schema.models import Conversation, Message, Participant


def roster_of(data: dict, file: str = "") -> list[Participant]:
    """Participants from `roster` [{handle, name, aliases}]; a malformed entry is an InputError."""
    roster = data.get("roster") or []
    if not isinstance(roster, list):
        raise InputError("'roster' must be a list", file=file)
    people = []
    for i, r in enumerate(roster):
        if not isinstance(r, dict) or not isinstance(r.get("handle"), str):
            raise InputError(f"roster[{i}] needs a 'handle' string", file=file)
        aliases = r.get("aliases") or []
        name = r.get("name") or r["handle"]
        if not isinstance(aliases, list) or not isinstance(name, str):
            raise InputError(f"roster[{i}]: 'name' must be a string and 'aliases' a list", file=file)
        try:
            people.append(Participant(id=r["handle"], name=name, aliases=[str(a) for a in aliases]))
        except ValidationError as e:
            raise InputError(f"roster[{i}]: {e.errors()[0]['msg'].removeprefix('Value error, ')}",
                             file=file) from None
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
    if not isinstance(data, dict) or not isinstance(data.get("messages"), list):
        raise InputError("not a groupchat scenario (no 'messages' list)", file=str(path))
    yield Conversation.model_construct(
        id=str(data.get("scenario_id") or path.stem), roster=roster_of(data, str(path)), channels=data.get("channels", []),
        messages=_messages(data, str(path)), addressees_given=False, source_file=str(path),
    )
