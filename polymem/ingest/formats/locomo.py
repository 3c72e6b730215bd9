"""LoCoMo: a JSON list of very long two-person conversations, one Conversation per `sample_id`.

Mapping: message id = `dia_id` ("D1:3"); session = "session_N", whose `session_N_date_time`
("1:56 pm on 8 May, 2023") gives the time of its first turn, later turns 30 s apart (by seq);
`img_url` + `blip_caption` become an image Attachment (the caption is what retrieval sees);
the roster is `speaker_a` and `speaker_b`. Addressees are not given (the dyadic rule infers them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, expect, load_json, spread
from polymem.schema.models import Attachment, Conversation, Message, Participant

_SESSION = re.compile(r"^session_(\d+)$")


def parse_when(text: str | None) -> datetime | None:
    """'1:56 pm on 8 May, 2023' -> datetime; None when absent or unreadable."""
    if not text:
        return None
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y"):
        try:
            return datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
    return None


def _attachments(turn: dict[str, Any]) -> list[Attachment]:
    urls = turn.get("img_url") or []
    if isinstance(urls, str):
        urls = [urls]
    caption = turn.get("blip_caption")
    if not urls and not caption:
        return []
    urls = urls or [None]
    return [Attachment(kind="image", url=u, caption=caption if i == 0 else None) for i, u in enumerate(urls)]


def _messages(sample: dict[str, Any], file: str) -> Iterator[Message | InputError]:
    conv = sample["conversation"]
    sid = sample["sample_id"]
    sessions = sorted((int(m.group(1)), k) for k in conv if (m := _SESSION.match(k)))
    seq = 0
    for _n, key in sessions:
        turns = conv[key]
        if not isinstance(turns, list):
            yield InputError(f"{sid} {key}: not a list of turns", file=file)
            continue
        start = parse_when(conv.get(f"{key}_date_time"))
        for i, turn in enumerate(turns):
            record = f"{sid} {key}[{i}]"
            if not isinstance(turn, dict):
                yield InputError(f"{record}: turn is not an object", file=file)
                continue
            meta = {"session_date": str(conv.get(f"{key}_date_time", ""))}
            if turn.get("query"):
                meta["image_query"] = str(turn["query"])
            try:
                att = _attachments(turn)
            except Exception as e:  # noqa: BLE001 - any shape problem is reported, not raised
                yield InputError(f"{record}: bad image fields: {e}", file=file)
                continue
            yield build_message(
                {"id": turn.get("dia_id"), "text": turn.get("text") or "", "speaker": turn.get("speaker"),
                 "time": spread(start, i), "session": key, "seq": seq, "attachments": att, "meta": meta},
                file=file, line=None, record=record,
            )
            seq += 1


@register("locomo")
def load(path: Path) -> Iterator[Conversation]:
    data = load_json(path)
    file = str(path)
    expect(isinstance(data, list), "LoCoMo file must be a JSON list of samples", file=file)
    for i, sample in enumerate(data):
        ok = isinstance(sample, dict) and isinstance(sample.get("conversation"), dict) and sample.get("sample_id")
        expect(bool(ok), "sample lacks sample_id or conversation", file=file, record=f"sample[{i}]")
        conv = sample["conversation"]
        roster = [Participant(id=str(conv[k]), name=str(conv[k]))
                  for k in ("speaker_a", "speaker_b") if conv.get(k)]
        yield Conversation.model_construct(
            id=str(sample["sample_id"]), roster=roster, channels=["main"], messages=_messages(sample, file),
            addressees_given=False, source_file=file,
        )
