"""Ubuntu IRC disentanglement (Kummerfeld et al.): `<name>.ascii.txt` + `<name>.annotation.txt`.

One Conversation per sample (a directory yields one per `*.ascii.txt` in name order). Mapping:
message id = the 0-based line number as a string (what the annotation file uses); an annotation
line `i j -` makes message j REPLY_TO message i unless i == j (a self-link only starts a thread);
`=== ...` lines (joins, quits, nick changes) and other nick-less lines are messages of the
participant `system` (kind system); `* nick does x` actions belong to `nick` (meta["action"]).
Time: `[hh:mm]` / `[hh:mm:ss]` on the date from the new-domains prefix (`rust 2018-05-29 [..]`)
or from the file name (`2005-06-27_12`), rolling over midnight; without a date, no time
(the clock stays in meta["clock"]). channel = "#ubuntu" or the prefix's channel; session = the
sample name. A line with no text is rejected (InputError, counted); the log is streamed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message
from polymem.schema.models import Conversation, Message, Participant

SYSTEM = "system"
SUFFIX = ".ascii.txt"
_PREFIX = re.compile(r"^(?P<chan>[^\s\[=]\S*) (?P<date>\d{4}-\d{2}-\d{2}) (?P<rest>.*)$")
_CLOCKED = re.compile(r"^\[(?P<clock>\d{1,2}:\d{2}(?::\d{2})?)\]\s*(?P<rest>.*)$")
_SAID = re.compile(r"^<(?P<nick>[^>\s]+)>\s?(?P<text>.*)$")
_ACTION = re.compile(r"^\*\s+(?P<nick>\S+)\s?(?P<text>.*)$")
_FILE_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})")


def read_links(path: Path) -> dict[int, list[int]]:
    """annotation file -> {j: [i, ...]} for non-self links (message j replies to message i)."""
    links: dict[int, list[int]] = {}
    if not path.exists():
        return links
    with path.open(encoding="utf-8-sig", errors="replace") as f:
        for n, line in enumerate(f, start=1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) < 2 or not (parts[0].isdigit() and parts[1].isdigit()):
                raise InputError(f"annotation line is not 'i j -': {line.strip()[:80]!r}", file=str(path), line=n)
            i, j = int(parts[0]), int(parts[1])
            if i != j:
                links.setdefault(j, []).append(i)
    return links


def parse_line(raw: str) -> dict[str, str | None]:
    """One log line -> {chan, date, clock, speaker, text, action}; never raises."""
    out: dict[str, str | None] = {"chan": None, "date": None, "clock": None, "speaker": SYSTEM, "action": None}
    line = raw.rstrip("\r\n")
    m = _PREFIX.match(line)
    if m:
        out["chan"], out["date"], line = m["chan"], m["date"], m["rest"]
    c = _CLOCKED.match(line)
    if c:
        out["clock"], line = c["clock"], c["rest"]
        said, act = _SAID.match(line), _ACTION.match(line)
        if said:
            out["speaker"], line = said["nick"], said["text"]
        elif act:
            out["speaker"], line, out["action"] = act["nick"], act["text"], "true"
    out["text"] = line.rstrip()
    return out


class _Clock:
    """Turns [hh:mm] into datetimes, rolling the day over when the clock goes backwards."""

    def __init__(self, day: date | None) -> None:
        self.day, self.last = day, None

    def at(self, day_text: str | None, clock: str | None) -> datetime | None:
        if day_text:
            self.day = date.fromisoformat(day_text)
        if clock is None or self.day is None:
            return self.last
        parts = [int(x) for x in clock.split(":")] + [0]
        t = datetime(self.day.year, self.day.month, self.day.day, parts[0] % 24, parts[1], parts[2])
        if self.last is not None and not day_text and t < self.last - timedelta(hours=1):
            self.day += timedelta(days=1)
            t += timedelta(days=1)
        self.last = t
        return t


def _messages(path: Path, links: dict[int, list[int]], session: str) -> Iterator[Message | InputError]:
    fd = _FILE_DATE.match(path.name)
    clock = _Clock(date.fromisoformat(fd.group(1)) if fd else None)
    file = str(path)
    with path.open("rb") as f:
        for n, raw in enumerate(f):
            try:
                text = raw.decode("utf-8-sig" if n == 0 else "utf-8")  # a byte-order mark is accepted
            except UnicodeDecodeError as e:
                yield InputError(f"not UTF-8 text at byte {e.start}", file=file, line=n + 1)
                continue
            p = parse_line(text)
            meta = {k: str(p[k]) for k in ("clock", "action") if p[k]}
            yield build_message(
                {"id": str(n), "text": p["text"] or "", "speaker": p["speaker"],
                 "time": clock.at(p["date"], p["clock"]), "channel": f"#{p['chan'] or 'ubuntu'}",
                 "session": session, "seq": n, "reply_to": [str(i) for i in links.get(n, [])], "meta": meta},
                file=file, line=n + 1, record=f"message {n}",
            )


def sample(path: Path) -> Conversation:
    name = path.name.removesuffix(SUFFIX)
    links = read_links(path.with_name(name + ".annotation.txt"))
    return Conversation.model_construct(
        id=name, roster=[Participant(id=SYSTEM, name="IRC server", kind="system")], channels=[],
        messages=_messages(path, links, name), addressees_given=False, source_file=str(path),
    )


@register("irc")
def load(path: Path) -> Iterator[Conversation]:
    files = sorted(path.glob(f"*{SUFFIX}")) if path.is_dir() else [path]
    if not files:
        raise InputError(f"no *{SUFFIX} files", file=str(path))
    for f in files:
        yield sample(f)
