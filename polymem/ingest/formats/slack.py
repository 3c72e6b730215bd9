"""Slack workspace export: a zip or a folder with `users.json`, `channels.json` (and, when present,
`groups.json`, `mpims.json`, `dms.json`) and one folder per channel of `YYYY-MM-DD.json` day files.

Mapping (docs/input-format.md): one Conversation for the whole workspace. message id =
`<channel id>:<ts>` (ts is unique per channel and never changes, so a later export adds only new
messages); speaker = the user's handle (`name`), with display and real names as aliases; time =
`ts` shown in the author's `tz` from users.json; channel = the channel name; session =
`<channel>/<day>`; `thread_ts` != `ts` makes the message REPLY_TO its thread's parent; `<@U..>`
mentions become given addressees and read `@handle` in the text; `edited.ts` goes to
meta["edited"] (the export already holds the latest text); files become attachments.
Join/leave/topic/purpose and other service subtypes are messages of `system`; bot messages are
the bot's (kind assistant); both carry meta["system"] so `--skip-system` can leave them out.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._chat import (
    SYSTEM,
    SYSTEM_PARTICIPANT,
    in_zone,
    kind_of,
    merge_people,
    person,
    text_or_placeholder,
)
from polymem.ingest.formats._common import build_message
from polymem.schema.models import Attachment, Conversation, Message, Participant

CHANNEL_LISTS = ("channels.json", "groups.json", "mpims.json", "dms.json")
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}\.json$")
_USER = re.compile(r"<@([UW][A-Z0-9]+)(?:\|([^>]*))?>")
_CHAN = re.compile(r"<#([CG][A-Z0-9]+)(?:\|([^>]*))?>")
_SPECIAL = re.compile(r"<!(here|channel|everyone)(?:\|[^>]*)?>")
_LINK = re.compile(r"<((?:https?|mailto):[^|>]+)(?:\|([^>]*))?>")
# Subtypes that are the service speaking, not a person (a join line names the joiner in its text).
SERVICE = {"channel_join", "channel_leave", "group_join", "group_leave", "channel_topic", "channel_purpose",
           "channel_name", "channel_archive", "channel_unarchive", "group_topic", "group_purpose",
           "group_name", "pinned_item", "unpinned_item", "tombstone", "reminder_add", "bot_add", "bot_remove"}


class _Export:
    """The export's files, from a folder or a zip (the root is where users.json or channels.json is)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.zip = zipfile.ZipFile(path) if path.is_file() else None
        names = self._names()
        roots = sorted({str(PurePosixPath(n).parent) for n in names if PurePosixPath(n).name in
                        ("users.json", "channels.json")}, key=len)
        if not roots:
            raise InputError("not a Slack export: no users.json or channels.json", file=str(path))
        self.root = "" if roots[0] == "." else roots[0] + "/"
        self.files = sorted(n[len(self.root):] for n in names if n.startswith(self.root))

    def _names(self) -> list[str]:
        if self.zip is not None:
            return [n for n in self.zip.namelist() if not n.endswith("/")]
        return [p.relative_to(self.path).as_posix() for p in self.path.rglob("*.json")]

    def where(self, rel: str) -> str:
        return f"{self.path}:{rel}" if self.zip is not None else str(self.path / rel)

    def read(self, rel: str) -> Any:
        try:
            if self.zip is not None:
                raw = self.zip.read(self.root + rel)
            else:
                raw = (self.path / rel).read_bytes()
            return json.loads(raw.decode("utf-8-sig"))
        except json.JSONDecodeError as e:
            raise InputError(f"not valid JSON: {e.msg} (column {e.colno})", file=self.where(rel), line=e.lineno) from None
        except UnicodeDecodeError as e:
            raise InputError(f"not UTF-8 text at byte {e.start}", file=self.where(rel)) from None
        except (KeyError, OSError) as e:
            raise InputError(f"cannot read: {e}", file=self.where(rel)) from None


def _users(exp: _Export) -> tuple[dict[str, Participant], dict[str, str | None]]:
    """users.json -> ({U-id: participant keyed by handle}, {U-id: IANA zone})."""
    people: dict[str, Participant] = {}
    zones: dict[str, str | None] = {}
    if "users.json" not in exp.files:
        return people, zones
    data = exp.read("users.json")
    if not isinstance(data, list):
        raise InputError("users.json must be a list of users", file=exp.where("users.json"))
    for i, u in enumerate(data):
        if not isinstance(u, dict) or not isinstance(u.get("id"), str):
            raise InputError(f"users[{i}] has no 'id' string", file=exp.where("users.json"))
        prof = u.get("profile") if isinstance(u.get("profile"), dict) else {}
        handle = u.get("name") if isinstance(u.get("name"), str) and u.get("name") else u["id"]
        display = prof.get("display_name") or None
        real = u.get("real_name") or prof.get("real_name") or None
        people[u["id"]] = person(handle, real or display or handle, display, real, handle,
                                 kind="assistant" if u.get("is_bot") else "person")
        zones[u["id"]] = u.get("tz") if isinstance(u.get("tz"), str) else None
    return people, zones


def _channels(exp: _Export) -> list[tuple[str, str, str]]:
    """[(folder, channel id, channel name)] of every listed channel that has a folder."""
    out: list[tuple[str, str, str]] = []
    folders = {f.split("/", 1)[0] for f in exp.files if "/" in f and _DAY.match(f.rsplit("/", 1)[1])}
    listed: set[str] = set()
    for lst in CHANNEL_LISTS:
        if lst not in exp.files:
            continue
        data = exp.read(lst)
        if not isinstance(data, list):
            raise InputError(f"{lst} must be a list of channels", file=exp.where(lst))
        for i, c in enumerate(data):
            if not isinstance(c, dict) or not isinstance(c.get("id"), str):
                raise InputError(f"{lst}[{i}] has no 'id' string", file=exp.where(lst))
            name = c.get("name") if isinstance(c.get("name"), str) else c["id"]
            folder = name if name in folders else c["id"]
            if folder in folders:
                out.append((folder, c["id"], name))
                listed.add(folder)
    out += [(f, f, f) for f in sorted(folders - listed)]  # a folder no list names: its name is its id
    return out


def render(text: str, handles: dict[str, str], channels: dict[str, str]) -> tuple[str, list[str]]:
    """Slack markup -> readable text, plus the U-ids it mentions (in order, once each)."""
    mentioned: list[str] = []

    def user(m: re.Match[str]) -> str:
        if m[1] not in mentioned:
            mentioned.append(m[1])
        return "@" + handles.get(m[1], m[2] or m[1])

    text = _USER.sub(user, text)
    text = _CHAN.sub(lambda m: "#" + channels.get(m[1], m[2] or m[1]), text)
    text = _SPECIAL.sub(lambda m: "@" + m[1], text)
    text = _LINK.sub(lambda m: f"{m[2]} ({m[1]})" if m[2] and m[2] != m[1] else m[1], text)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"), mentioned


def _time(ts: str) -> datetime:
    """Exact to the microsecond (a float would round "….000100" to "….000099")."""
    whole, _, frac = str(ts).partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()):
        raise ValueError(ts)
    return datetime.fromtimestamp(int(whole), UTC).replace(microsecond=int((frac + "000000")[:6]))


def _files(m: dict[str, Any]) -> list[Attachment]:
    out = []
    for f in m.get("files") or []:
        if isinstance(f, dict):
            title = f.get("title") or f.get("name")
            out.append(Attachment(kind=kind_of(f.get("name"), f.get("mimetype")), url=f.get("url_private") or
                                  f.get("permalink"), caption=title if isinstance(title, str) else None))
    return out


class _Reader:
    def __init__(self, exp: _Export) -> None:
        self.exp = exp
        self.users, self.zones = _users(exp)
        self.handles = {uid: p.id for uid, p in self.users.items()}
        self.channels = _channels(exp)
        self.chan_names = {cid: name for _, cid, name in self.channels}
        self.people: dict[str, Participant] = {p.id: p for p in self.users.values()}
        self.people[SYSTEM] = SYSTEM_PARTICIPANT
        self.seq = 0

    def messages(self) -> Iterator[Message | InputError]:
        for folder, cid, name in self.channels:
            for rel in [f for f in self.exp.files if f.startswith(folder + "/") and _DAY.match(f[len(folder) + 1:])]:
                try:
                    day = self.exp.read(rel)
                except InputError as e:
                    yield e
                    continue
                if not isinstance(day, list):
                    yield InputError("a day file must be a list of messages", file=self.exp.where(rel))
                    continue
                for i, m in enumerate(day):
                    yield self.message(m, i, rel, cid, name)

    def message(self, m: Any, i: int, rel: str, cid: str, channel: str) -> Message | InputError:
        where = self.exp.where(rel)
        if not isinstance(m, dict):
            return InputError(f"[{i}] is not an object", file=where)
        ts = m.get("ts")
        try:
            utc = _time(ts)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            return InputError(f"[{i}]: 'ts' must be a Slack timestamp like \"1700000000.000100\", not {ts!r}",
                              file=where)
        sub = m.get("subtype")
        uid = m.get("user") if isinstance(m.get("user"), str) else None
        meta: dict[str, str] = {}
        if sub in SERVICE:
            speaker, meta["system"] = SYSTEM, sub
            if uid:
                meta["actor"] = self.handles.get(uid, uid)
        elif sub == "bot_message" or (m.get("bot_id") and not uid):
            prof = m.get("bot_profile") if isinstance(m.get("bot_profile"), dict) else {}
            speaker = str(m.get("username") or prof.get("name") or m.get("bot_id") or "bot")
            merge_people(self.people, person(speaker, speaker, kind="assistant"))
            meta["system"] = "bot"
        elif uid:
            speaker = self.handles.get(uid, uid)
            if uid not in self.handles:
                prof = m.get("user_profile") if isinstance(m.get("user_profile"), dict) else {}
                merge_people(self.people, person(uid, prof.get("real_name") or uid, prof.get("display_name")))
        else:
            return InputError(f"[{i}] ts={ts}: no 'user' and not a bot or service message", file=where)
        raw = m.get("text") if isinstance(m.get("text"), str) else ""
        text, mentioned = render(raw, self.handles, self.chan_names)
        files = _files(m)
        thread = m.get("thread_ts")
        reply_to = [f"{cid}:{thread}"] if isinstance(thread, str) and thread != ts else []
        edited = m.get("edited") if isinstance(m.get("edited"), dict) else None
        if edited and edited.get("ts"):
            try:
                meta["edited"] = in_zone(_time(edited["ts"]), self.zones.get(uid or "")).isoformat()
            except (TypeError, ValueError, OverflowError):
                return InputError(f"[{i}] ts={ts}: edited.ts {edited.get('ts')!r} is not a Slack timestamp",
                                  file=where)
        if sub and sub not in SERVICE:
            meta.setdefault("subtype", str(sub))
        self.seq += 1
        return build_message(
            {"id": f"{cid}:{ts}", "text": text_or_placeholder(text, files, f"({sub})" if sub else ""),
             "speaker": speaker, "time": in_zone(utc, self.zones.get(uid or "")), "channel": channel,
             "session": f"{channel}/{utc.date().isoformat()}", "seq": self.seq, "reply_to": reply_to,
             "addressees": [] if speaker == SYSTEM else [h for u in mentioned if (h := self.handles.get(u, u)) != speaker],
             "attachments": files, "meta": meta},
            file=where, line=None, record=f"[{i}] ts={ts}",
        )


def is_export(path: Path) -> bool:
    """A folder or zip holding users.json or channels.json at its root or one folder down."""
    if path.is_dir():
        return any((path / n).is_file() for n in ("users.json", "channels.json")) or any(
            (d / n).is_file() for d in path.iterdir() if d.is_dir() for n in ("users.json", "channels.json"))
    if not zipfile.is_zipfile(path):
        return False
    try:
        with zipfile.ZipFile(path) as z:
            return any(PurePosixPath(n).name in ("users.json", "channels.json") and n.count("/") <= 1
                       for n in z.namelist())
    except (zipfile.BadZipFile, OSError):
        return False


@register("slack")
def load(path: Path) -> Iterator[Conversation]:
    if path.is_file() and path.name in ("users.json", "channels.json"):
        path = path.parent
    try:
        exp = _Export(path)
    except zipfile.BadZipFile:
        raise InputError("not a zip file or a folder (a Slack export is one or the other)", file=str(path)) from None
    reader = _Reader(exp)
    # Messages first, roster after: bots and users missing from users.json are met while reading.
    msgs = list(reader.messages())
    yield Conversation.model_construct(
        id=path.stem, roster=list(reader.people.values()), channels=[n for _, _, n in reader.channels],
        messages=iter(msgs), addressees_given=False, source_file=str(path),
    )
