"""WhatsApp "Export chat" text (`.txt`), Android and iPhone layouts in their common locale forms:

  31/12/2024, 21:05 - Name: text          (Android, day first; also 12/31/24, 9:05 PM - ...)
  [31.12.24, 21:05:09] Name: text         (iPhone; dots, dashes or slashes; 24-hour or AM/PM)

Day-first or month-first is decided once per file: a first number above 12 anywhere means day
first, a second number above 12 means month first, otherwise `.` dates are day first and `/`
dates month first when the clock uses AM/PM (US), day first when not. A line that starts with no
date continues the message above (multi-line messages). A dated line with no `Name: ` (joins,
"created group", the encryption notice) is a message of `system`. The export has no ids, no reply
links and no time zone: the id is a hash of time, sender and text (plus a counter for repeats),
so a later export of the same chat adds only the new messages; times are stored as written (no
zone, read as UTC like every naive time); a message that opens with `@Name` or `Name,` for a
recent speaker REPLY_TOs that speaker's last message (meta["reply"] = "inferred"); addressees are
inferred by the pipeline's rules. `<Media omitted>` and `<attached: file>` become attachments.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._chat import SYSTEM, SYSTEM_PARTICIPANT, merge_people, person
from polymem.ingest.formats._common import build_message
from polymem.schema.models import Attachment, Conversation, Message, Participant

_DATE = r"(?P<date>\d{1,4}[./-]\d{1,2}[./-]\d{1,4})"
_CLOCK = r"(?P<clock>\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)(?:\s*(?P<ampm>[AaPp]\.?\s?[Mm]\.?))?"
ANDROID = re.compile(r"^\u200e?" + _DATE + r",?\s" + _CLOCK + r"\s[-\u2013]\s(?P<rest>.*)$")
IPHONE = re.compile(r"^\u200e?\[" + _DATE + r",?\s" + _CLOCK + r"\]\s(?P<rest>.*)$")
_SENDER = re.compile(r"^(?P<name>[^:\"\u201c]{1,80}?):(?:\s(?P<text>.*)|$)", re.S)
_MEDIA = re.compile(r"^\u200e?(?:<Media omitted>|(?P<kind>image|video|audio|sticker|GIF|document) omitted|"
                    r"<attached: (?P<file>[^>]+)>)", re.I)
_OPENER = re.compile(r"^\s*(?:@(?P<at>[\w.+-]+(?:\s\w+)?)|(?P<voc>\w[\w'-]*)\s*,)")
REPLY_WINDOW = 10  # messages back in which an addressed speaker's last message is looked for


@dataclass
class _Raw:
    line: int
    date: str
    clock: str
    ampm: str | None
    rest: str
    more: list[str] = field(default_factory=list)


def header(line: str) -> re.Match[str] | None:
    return IPHONE.match(line) or ANDROID.match(line)


def _order(raws: list[_Raw]) -> str:
    """"dmy", "mdy" or "ymd" for the whole file (see the module note)."""
    parts = [re.split(r"[./-]", r.date) for r in raws]
    if parts and all(len(p[0]) == 4 for p in parts):
        return "ymd"
    if any(int(p[0]) > 12 for p in parts):
        return "dmy"
    if any(int(p[1]) > 12 for p in parts):
        return "mdy"
    if raws and "/" in raws[0].date and any(r.ampm for r in raws):
        return "mdy"
    return "dmy"


def when(r: _Raw, order: str) -> datetime:
    """ValueError naming the problem for an impossible date or clock."""
    a, b, c = (int(x) for x in re.split(r"[./-]", r.date))
    y, mo, d = (a, b, c) if order == "ymd" else (c, a, b) if order == "mdy" else (c, b, a)
    if y < 100:
        y += 2000
    nums = [int(x) for x in re.split(r"[:.]", r.clock)] + [0]
    h, mi, s = nums[0], nums[1], nums[2]
    if r.ampm:
        if not 1 <= h <= 12:
            raise ValueError(f"hour {h} with {r.ampm.strip()}")
        h = h % 12 + (12 if r.ampm.strip().lower().startswith("p") else 0)
    try:
        return datetime(y, mo, d, h, mi, s)
    except ValueError as e:
        raise ValueError(f"{e} in {r.date} {r.clock} (read as {order.upper()})") from None


def _read(path: Path) -> tuple[list[_Raw], list[InputError]]:
    raws: list[_Raw] = []
    errors: list[InputError] = []
    with path.open("rb") as f:
        for n, raw in enumerate(f, start=1):
            try:
                line = raw.decode("utf-8-sig" if n == 1 else "utf-8").rstrip("\r\n")
            except UnicodeDecodeError as e:
                errors.append(InputError(f"not UTF-8 text at byte {e.start}", file=str(path), line=n))
                continue
            m = header(line)
            if m:
                raws.append(_Raw(n, m["date"], m["clock"], m["ampm"], m["rest"]))
            elif raws:
                raws[-1].more.append(line)
            elif line.strip():
                errors.append(InputError("text before the first dated line (not a WhatsApp chat line)",
                                         file=str(path), line=n))
    return raws, errors


def _media(text: str) -> list[Attachment]:
    m = _MEDIA.match(text)
    if not m:
        return []
    kind = (m["kind"] or "media").lower()
    return [Attachment(kind="image" if kind == "gif" else kind if kind != "document" else "file",
                       url=m["file"], caption=m["file"])]


class _Replies:
    """Who spoke last, so `@Name ...` / `Name, ...` can be tied to that person's last message."""

    def __init__(self) -> None:
        self.recent: list[tuple[str, str]] = []  # (speaker, message id), newest last

    def target(self, text: str, speaker: str, people: dict[str, Participant]) -> str | None:
        m = _OPENER.match(text)
        if not m:
            return None
        said = (m["at"] or m["voc"] or "").lower()
        for who, mid in reversed(self.recent[-REPLY_WINDOW:]):
            p = people.get(who)
            names = [n.lower() for n in (p.names() if p else [who])]
            if who != speaker and (said in names or any(n.split()[0] == said.split()[0] for n in names)):
                return mid
        return None

    def said(self, speaker: str, mid: str) -> None:
        self.recent.append((speaker, mid))
        del self.recent[:-REPLY_WINDOW]


def _messages(path: Path, people: dict[str, Participant]) -> Iterator[Message | InputError]:
    raws, errors = _read(path)
    yield from errors
    order = _order(raws)
    seen: Counter[str] = Counter()
    replies = _Replies()
    for seq, r in enumerate(raws):
        try:
            t = when(r, order)
        except ValueError as e:
            yield InputError(f"bad date or time: {e}", file=str(path), line=r.line)
            continue
        body = "\n".join([r.rest, *r.more]).rstrip()
        said = _SENDER.match(body)
        meta: dict[str, str] = {}
        if said:
            speaker, text = said["name"].strip().lstrip("\u200e~\u202f "), (said["text"] or "").lstrip("\u200e")
            merge_people(people, person(speaker, speaker))
        else:
            speaker, text, meta["system"] = SYSTEM, body.lstrip("\u200e"), "whatsapp"
        key = f"{t.isoformat()}|{speaker}|{text}"
        seen[key] += 1  # the same words from the same person in the same minute stay distinct
        mid = "wa:" + hashlib.sha1(f"{key}|{seen[key]}".encode()).hexdigest()[:16]
        reply = replies.target(text, speaker, people) if speaker != SYSTEM else None
        if reply:
            meta["reply"] = "inferred"
        if speaker != SYSTEM:
            replies.said(speaker, mid)
        yield build_message(
            {"id": mid, "speaker": speaker, "time": t, "channel": path.stem, "text": text,
             "reply_to": [reply] if reply else [], "attachments": _media(text), "seq": seq, "meta": meta},
            file=str(path), line=r.line,
        )


def looks_like(lines: list[str]) -> int:
    """How many of `lines` open a WhatsApp message (for sniffing)."""
    return sum(1 for ln in lines if header(ln) and ("/" in ln[:12] or "." in ln[:12] or "-" in ln[:12]))


@register("whatsapp")
def load(path: Path) -> Iterator[Conversation]:
    people: dict[str, Participant] = {SYSTEM: SYSTEM_PARTICIPANT}
    msgs = list(_messages(path, people))  # senders are met while reading
    yield Conversation.model_construct(
        id=path.stem, roster=list(people.values()), channels=[path.stem], messages=iter(msgs),
        addressees_given=False, source_file=str(path),
    )
