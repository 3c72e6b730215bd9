"""Telegram Desktop: `result.json` of "Export chat history" (one chat: `name`, `type`, `id`,
`messages`) or of "Export Telegram data" (every chat under `chats.list`, one Conversation each).

Mapping (docs/input-format.md): message id = `<chat id>:<message id>` (stable, so a later export
adds only the new messages); speaker = `from_id` (`user123...`), the display name `from` as name
and alias; time = `date` (local wall time) with the offset that `date_unixtime` implies, so the
instant and the zone both survive; `reply_to_message_id` makes the message REPLY_TO that one;
`mention_name` entities (carrying a user id) and `@handle` mentions of a known handle become given
addressees; `forwarded_from` goes to meta["forwarded_from"]; photos, files and stickers become
attachments; service messages (joins, pins, title changes) are messages of `system` with
meta["system"] = the action.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._chat import (
    SYSTEM,
    SYSTEM_PARTICIPANT,
    kind_of,
    local_with_offset,
    merge_people,
    person,
    text_or_placeholder,
)
from polymem.ingest.formats._common import build_message, load_json
from polymem.schema.models import Attachment, Conversation, Message, Participant


def flatten(text: Any) -> str:
    """`text` is a string or a list of strings and entity objects ({type, text}): their words joined."""
    if isinstance(text, str):
        return text
    if isinstance(text, list):
        return "".join(t if isinstance(t, str) else str(t.get("text", "")) if isinstance(t, dict) else ""
                       for t in text)
    return ""


def _entities(m: dict[str, Any]) -> list[dict[str, Any]]:
    ents = m.get("text_entities")
    if not isinstance(ents, list):  # older exports carry the entities inside `text` only
        ents = m.get("text") if isinstance(m.get("text"), list) else []
    return [e for e in ents if isinstance(e, dict)]


def _attachments(m: dict[str, Any]) -> list[Attachment]:
    out = []
    if m.get("photo"):
        out.append(Attachment(kind="image", url=str(m["photo"]), caption=None))
    if m.get("file"):
        kind = {"sticker": "sticker", "voice_message": "audio", "video_message": "video", "animation": "video",
                "audio_file": "audio", "video_file": "video"}.get(str(m.get("media_type")))
        caption = m.get("sticker_emoji") or m.get("file_name") or m.get("title")
        out.append(Attachment(kind=kind or kind_of(str(m["file"]), m.get("mime_type")), url=str(m["file"]),
                              caption=str(caption) if caption else None))
    return out


def _time(m: dict[str, Any]) -> datetime | str | None:
    date = m.get("date")
    if not isinstance(date, str):
        return date  # type: ignore[no-any-return]  # pydantic names the problem
    try:
        local = datetime.fromisoformat(date)
    except ValueError:
        return date
    unix = m.get("date_unixtime")
    return local_with_offset(local, int(unix)) if isinstance(unix, str | int) and str(unix).isdigit() else local


def _messages(chat: dict[str, Any], cid: str, file: str, people: dict[str, Participant],
              handles: dict[str, str]) -> Iterator[Message | InputError]:
    channel = str(chat.get("name") or cid)
    for i, m in enumerate(chat["messages"]):
        if not isinstance(m, dict):
            yield InputError(f"messages[{i}] is not an object", file=file)
            continue
        record = f"messages[{i}] (id {m.get('id')})"
        if m.get("id") is None:
            yield InputError(f"{record}: no 'id'", file=file)
            continue
        meta: dict[str, str] = {}
        text = flatten(m.get("text"))
        if m.get("type") == "service":
            speaker, meta["system"] = SYSTEM, str(m.get("action") or "service")
            if m.get("actor_id"):
                meta["actor"] = str(m["actor_id"])
            members = [str(x) for x in m.get("members") or [] if x]
            text = text or " ".join(x for x in (str(m.get("actor") or ""), meta["system"].replace("_", " "),
                                                ", ".join(members), str(m.get("title") or "")) if x)
        else:
            if not m.get("from_id") and not m.get("from"):
                yield InputError(f"{record}: no 'from_id' or 'from' (who wrote it?)", file=file)
                continue
            speaker = str(m.get("from_id") or m.get("from"))
            merge_people(people, person(speaker, m.get("from") if isinstance(m.get("from"), str) else None))
        addressees: list[str] = []
        for e in _entities(m):
            target = None
            if e.get("type") == "mention_name" and e.get("user_id") is not None:
                target = f"user{e['user_id']}"
            elif e.get("type") == "mention":
                target = handles.get(str(e.get("text", "")).lstrip("@").lower())
            if target and target != speaker and target not in addressees:
                addressees.append(target)
        for key in ("forwarded_from", "saved_from", "via_bot"):
            if m.get(key):
                meta[key] = str(m[key])
        if m.get("edited"):
            meta["edited"] = str(m["edited"])
        reply = m.get("reply_to_message_id")
        files = _attachments(m)
        yield build_message(
            {"id": f"{cid}:{m['id']}", "speaker": speaker, "time": _time(m), "channel": channel,
             "text": text_or_placeholder(text, files, f"({m.get('media_type') or m.get('type') or 'message'})"),
             "reply_to": [f"{cid}:{reply}"] if reply is not None else [], "addressees": addressees,
             "attachments": files, "seq": i, "meta": meta},
            file=file, line=None, record=record,
        )


def _chat(chat: dict[str, Any], file: str, handles: dict[str, str]) -> Conversation:
    cid = str(chat.get("id") or Path(file).stem)
    people: dict[str, Participant] = {SYSTEM: SYSTEM_PARTICIPANT}
    msgs = list(_messages(chat, cid, file, people, handles))
    return Conversation.model_construct(
        id=cid, roster=list(people.values()), channels=[str(chat.get("name") or cid)],
        messages=iter(msgs), addressees_given=False, source_file=file,
    )


@register("telegram")
def load(path: Path) -> Iterator[Conversation]:
    data = load_json(path)
    file = str(path)
    if not isinstance(data, dict):
        raise InputError("not a Telegram export (the top level is not an object)", file=file)
    handles: dict[str, str] = {}
    me = data.get("personal_information")
    if isinstance(me, dict) and me.get("username") and me.get("user_id"):
        handles[str(me["username"]).lstrip("@").lower()] = f"user{me['user_id']}"
    if isinstance(data.get("messages"), list):
        yield _chat(data, file, handles)
        return
    chats = data.get("chats", {}).get("list") if isinstance(data.get("chats"), dict) else None
    if not isinstance(chats, list):
        raise InputError("not a Telegram export: neither a 'messages' list nor 'chats.list'", file=file)
    for i, chat in enumerate(chats):
        if not isinstance(chat, dict) or not isinstance(chat.get("messages"), list):
            raise InputError(f"chats.list[{i}] has no 'messages' list", file=file)
        yield _chat(chat, file, handles)
