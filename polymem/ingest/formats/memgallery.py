"""Mem-Gallery: multimodal user–assistant sessions, one JSON file per persona = one Conversation.

Mapping: each round ("D1:3") gives two messages, f"{round}:user" and f"{round}:assistant" (so QA
`clue` ids map to both halves of a round); session = `session_id` ("D1"); its `date` is the time
of the first round, later messages 30 s apart (by seq). Image rounds attach each `image_caption`
(with its `image_id`) to the user message. Roster: `user` (named after character_profile.name)
and `assistant` (kind assistant); the user addresses the assistant and vice versa (given).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, expect, load_json, spread
from polymem.schema.models import Attachment, Conversation, Message, Participant


def _as_list(v: Any) -> list[Any]:
    return [] if v is None else v if isinstance(v, list) else [v]


def _images(rnd: dict[str, Any]) -> list[Attachment]:
    caps, ids, files = _as_list(rnd.get("image_caption")), _as_list(rnd.get("image_id")), _as_list(rnd.get("input_image"))
    n = max(len(caps), len(ids), len(files))
    return [Attachment(kind="image", url=str(files[i]) if i < len(files) else (str(ids[i]) if i < len(ids) else None),
                       caption=str(caps[i]) if i < len(caps) else None) for i in range(n)]


def _messages(sessions: list[Any], file: str) -> Iterator[Message | InputError]:
    seq = 0
    for s, sess in enumerate(sessions):
        if not isinstance(sess, dict) or not isinstance(sess.get("dialogues"), list):
            yield InputError(f"multi_session_dialogues[{s}]: no 'dialogues' list", file=file)
            continue
        sid = str(sess.get("session_id") or f"S{s}")
        try:
            start = datetime.fromisoformat(str(sess["date"])) if sess.get("date") else None
        except ValueError:
            yield InputError(f"session {sid}: date {sess.get('date')!r} is not YYYY-MM-DD", file=file)
            start = None
        k = 0  # position within the session, for the time spread
        for r, rnd in enumerate(sess["dialogues"]):
            record = f"session {sid} dialogues[{r}]"
            if not isinstance(rnd, dict) or not rnd.get("round"):
                yield InputError(f"{record}: not an object with a 'round'", file=file)
                continue
            rid = str(rnd["round"])
            ids = {"image_ids": ",".join(str(x) for x in _as_list(rnd.get("image_id")))} if rnd.get("image_id") else {}
            for who, other in (("user", "assistant"), ("assistant", "user")):
                yield build_message(
                    {"id": f"{rid}:{who}", "text": rnd.get(who) or "", "speaker": who, "addressees": [other],
                     "time": spread(start, k), "session": sid, "seq": seq,
                     "attachments": _images(rnd) if who == "user" else [], "meta": {"round": rid, **ids}},
                    file=file, line=None, record=f"{record} {who}",
                )
                seq += 1
                k += 1


@register("memgallery")
def load(path: Path) -> Iterator[Conversation]:
    data = load_json(path)
    file = str(path)
    expect(isinstance(data, dict) and isinstance(data.get("multi_session_dialogues"), list),
           "Mem-Gallery file must hold a 'multi_session_dialogues' list", file=file)
    profile = data.get("character_profile") or {}
    name = str(profile.get("name") or "user") if isinstance(profile, dict) else "user"
    roster = [Participant(id="user", name=name, aliases=[name] if name != "user" else []),
              Participant(id="assistant", name="assistant", kind="assistant")]
    yield Conversation.model_construct(
        id=path.stem, roster=roster, channels=[], messages=_messages(data["multi_session_dialogues"], file),
        addressees_given=True, source_file=file,
    )
