"""Discord: the JSON of DiscordChatExporter (`guild`, `channel`, `messages`, ...), one channel a file.

Mapping (docs/input-format.md): message id = Discord's snowflake id (unique across Discord, so a
later export of the same channel adds only the new messages); speaker = the author's username
(`name#discriminator` for the old four-digit tags), with nickname and username as aliases; time =
`timestamp` with its offset; channel = the channel name (a thread: its name); `reference.messageId`
makes the message REPLY_TO that one; `mentions` become given addressees; attachments, embeds and
stickers become attachments; `timestampEdited` goes to meta["edited"]. Types other than Default and
Reply (joins, pins, calls, renames) are messages of `system` with meta["system"] = the type; bot
authors are participants of kind assistant with meta["system"] = "bot".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._chat import (
    SYSTEM,
    SYSTEM_PARTICIPANT,
    kind_of,
    merge_people,
    person,
    text_or_placeholder,
)
from polymem.ingest.formats._common import build_message, load_json
from polymem.schema.models import Attachment, Conversation, Message, Participant

SPOKEN = {"Default", "Reply", "ThreadStarterMessage", "ChatInputCommand", "ContextMenuCommand"}


def handle(user: dict[str, Any]) -> str | None:
    """The unique username; the old `name#1234` form when a four-digit tag is still set."""
    name = user.get("name")
    if not isinstance(name, str) or not name.strip():
        return str(user["id"]) if isinstance(user.get("id"), str | int) else None
    tag = str(user.get("discriminator") or "0")
    return name if tag.strip("0") == "" else f"{name}#{tag}"


def _participant(user: dict[str, Any]) -> Participant | None:
    pid = handle(user)
    if pid is None:
        return None
    nick = user.get("nickname") if isinstance(user.get("nickname"), str) else None
    name = user.get("name") if isinstance(user.get("name"), str) else None
    return person(pid, nick or name or pid, name, kind="assistant" if user.get("isBot") else "person")


def _attachments(m: dict[str, Any]) -> list[Attachment]:
    out = []
    for a in m.get("attachments") or []:
        if isinstance(a, dict):
            out.append(Attachment(kind=kind_of(a.get("fileName")), url=a.get("url"), caption=a.get("fileName")))
    for e in m.get("embeds") or []:
        if isinstance(e, dict):
            words = " - ".join(x for x in (e.get("title"), e.get("description")) if isinstance(x, str) and x)
            out.append(Attachment(kind="embed", url=e.get("url"), caption=words or None))
    for s in m.get("stickers") or []:
        if isinstance(s, dict):
            out.append(Attachment(kind="sticker", url=s.get("sourceUrl"), caption=s.get("name")))
    return out


def _messages(data: dict[str, Any], file: str, channel: str, people: dict[str, Participant]) -> Iterator[
        Message | InputError]:
    for i, m in enumerate(data["messages"]):
        record = f"messages[{i}]"
        if not isinstance(m, dict):
            yield InputError(f"{record} is not an object", file=file)
            continue
        record = f"messages[{i}] (id {m.get('id')})"
        author = m.get("author")
        if not isinstance(author, dict) or (p := _participant(author)) is None:
            yield InputError(f"{record}: no author with a name or id", file=file)
            continue
        merge_people(people, p)
        kind = m.get("type") or "Default"
        meta: dict[str, str] = {}
        speaker = p.id
        if kind not in SPOKEN:
            speaker, meta["system"], meta["actor"] = SYSTEM, str(kind), p.id
        elif author.get("isBot"):
            meta["system"] = "bot"
        addressees = []
        for u in m.get("mentions") or []:
            if isinstance(u, dict) and (q := _participant(u)) is not None:
                merge_people(people, q)
                if q.id != p.id and q.id not in addressees:
                    addressees.append(q.id)
        ref = m.get("reference") if isinstance(m.get("reference"), dict) else {}
        reply_to = [str(ref["messageId"])] if ref.get("messageId") else []
        if speaker == SYSTEM and reply_to:  # a pin notice points at the pinned message: no reply
            meta["refers_to"], reply_to = reply_to[0], []
        if m.get("timestampEdited"):
            meta["edited"] = str(m["timestampEdited"])
        if m.get("isPinned"):
            meta["pinned"] = "true"
        files = _attachments(m)
        content = m.get("content") if isinstance(m.get("content"), str) else ""
        yield build_message(
            {"id": m.get("id"), "speaker": speaker, "time": m.get("timestamp"), "channel": channel,
             "text": text_or_placeholder(content, files, f"{p.id}: {kind}" if speaker == SYSTEM else ""),
             "reply_to": reply_to, "addressees": addressees if speaker != SYSTEM else [],
             "attachments": files, "seq": i, "meta": meta},
            file=file, line=None, record=record,
        )


@register("discord")
def load(path: Path) -> Iterator[Conversation]:
    data = load_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("messages"), list):
        raise InputError("not a DiscordChatExporter JSON file (no 'messages' list)", file=str(path))
    chan = data.get("channel") if isinstance(data.get("channel"), dict) else {}
    channel = str(chan.get("name") or chan.get("id") or path.stem)
    people: dict[str, Participant] = {SYSTEM: SYSTEM_PARTICIPANT}
    msgs = list(_messages(data, str(path), channel, people))  # authors are met while reading
    yield Conversation.model_construct(
        id=str(chan.get("id") or path.stem), roster=list(people.values()), channels=[channel],
        messages=iter(msgs), addressees_given=False, source_file=str(path),
    )
