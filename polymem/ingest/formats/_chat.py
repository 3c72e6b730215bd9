"""Helpers shared by the chat-app importers (Slack, Discord, Telegram, WhatsApp).

Chat exports differ from research data sets in three ways handled here once: a message may hold
only a file (the stored text then names it, since an empty text is refused), service lines
(joins, leaves, pins) belong to one `system` participant, and a person is known by an id, a
handle and a display name at once (the handle and the name become aliases).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from polymem.schema.models import Attachment, Participant

SYSTEM = "system"
SYSTEM_PARTICIPANT = Participant(id=SYSTEM, name="chat service", kind="system")


def person(pid: str, name: str | None, *aliases: str | None, kind: str = "person") -> Participant:
    """A participant whose every spelling (handle, display name, nickname) is an alias."""
    names = [a for a in aliases if isinstance(a, str) and a.strip() and a not in (pid, name)]
    return Participant(id=pid, name=(name or pid).strip() or pid, aliases=names, kind=kind)  # type: ignore[arg-type]


def merge_people(people: dict[str, Participant], p: Participant) -> None:
    """Keep the first name seen for an id and gather every alias any later message used."""
    old = people.get(p.id)
    if old is None:
        people[p.id] = p
        return
    extra = [a for a in [p.name or "", *p.aliases] if a and a != old.name and a not in old.aliases]
    if extra:
        people[p.id] = old.model_copy(update={"aliases": old.aliases + extra})


def text_or_placeholder(text: str, attachments: list[Attachment], fallback: str) -> str:
    """The message text, or `[image: name]`-style words when the message holds only files."""
    if text.strip():
        return text
    if attachments:
        return " ".join(f"[{a.kind}: {a.caption or a.url or 'file'}]" for a in attachments)
    return fallback


def kind_of(name: str | None, mime: str | None = None) -> str:
    """image / video / audio / file from a MIME type or a file name's extension."""
    if mime and "/" in mime:
        head = mime.split("/", 1)[0]
        if head in ("image", "video", "audio"):
            return head
    ext = (name or "").rsplit(".", 1)[-1].lower() if name and "." in name else ""
    if ext in {"png", "jpg", "jpeg", "gif", "webp", "heic", "bmp"}:
        return "image"
    if ext in {"mp4", "mov", "webm", "mkv", "avi"}:
        return "video"
    if ext in {"mp3", "ogg", "opus", "m4a", "wav", "aac"}:
        return "audio"
    return "file"


def in_zone(utc: datetime, tz_name: str | None) -> datetime:
    """A UTC instant shown in the author's IANA zone (the instant is unchanged); UTC if unknown."""
    if tz_name:
        try:
            return utc.astimezone(ZoneInfo(tz_name))
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return utc.astimezone(UTC)


def local_with_offset(local: datetime, unix: int | None) -> datetime:
    """A naive local wall time made aware: its offset is what separates it from the UTC instant."""
    if unix is None:
        return local
    utc = datetime.fromtimestamp(unix, UTC).replace(tzinfo=None)
    minutes = round((local - utc).total_seconds() / 60)
    if abs(minutes) > 14 * 60:  # no zone is that far off: the two fields disagree, keep the wall time
        return local
    return local.replace(tzinfo=timezone(timedelta(minutes=minutes)))
