"""FriendsQA: one Conversation per file; each scene (`title`, e.g. "s01_e23_c06") is a session.

Mapping: message id = f"{title}:{uid}" (so QA `utterance_id` maps to f"{title}:{utterance_id}");
channel = the episode ("s01_e23"); session = the scene title; no times (the scripts have none).
Speakers: an utterance lists one or more `speakers`; the FIRST is the message's speaker and the
full list is kept in meta["speakers"] (joint lines such as "Hey !!" said by three people are rare:
5 of 1,662 in the dev file). `#NOTE#` scene descriptions are kept as messages of the `#NOTE#`
participant of kind "system", because QA evidence may point at them; addressee inference skips them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, expect, load_json
from polymem.schema.models import Conversation, Message, Participant

NOTE = "#NOTE#"


def _utterances(scene: dict[str, Any]) -> list[Any]:
    out: list[Any] = []
    for para in scene.get("paragraphs") or []:
        if isinstance(para, dict):
            out.extend(para.get("utterances:") or para.get("utterances") or [])
    return out


def _messages(data: list[dict[str, Any]], file: str) -> Iterator[Message | InputError]:
    seq = 0
    for s, scene in enumerate(data):
        title = str(scene.get("title") or f"scene{s}")
        episode = "_".join(title.split("_")[:2]) or "main"
        for i, u in enumerate(_utterances(scene)):
            record = f"{title} utterance[{i}]"
            if not isinstance(u, dict):
                yield InputError(f"{record}: not an object", file=file)
                continue
            speakers = [str(x) for x in (u.get("speakers") or []) if str(x).strip()]
            if not speakers:
                yield InputError(f"{record}: no speaker", file=file)
                continue
            meta = {"speakers": "; ".join(speakers)} if len(speakers) > 1 else {}
            yield build_message(
                {"id": f"{title}:{u.get('uid', i)}", "text": u.get("utterance") or "", "speaker": speakers[0],
                 "channel": episode, "session": title, "seq": seq, "meta": meta},
                file=file, line=None, record=record,
            )
            seq += 1


def _roster(data: list[dict[str, Any]]) -> list[Participant]:
    names: dict[str, Participant] = {}
    for scene in data:
        for u in _utterances(scene):
            for sp in (u.get("speakers") or []) if isinstance(u, dict) else []:
                sp = str(sp).strip()
                if sp and sp not in names:
                    names[sp] = Participant(id=sp, name=sp, kind="system" if sp == NOTE else "person")
    return list(names.values())


@register("friendsqa")
def load(path: Path) -> Iterator[Conversation]:
    raw = load_json(path)
    file = str(path)
    expect(isinstance(raw, dict) and isinstance(raw.get("data"), list),
           "FriendsQA file must be an object with a 'data' list of scenes", file=file)
    data = [d for d in raw["data"] if isinstance(d, dict)]
    yield Conversation.model_construct(
        id=path.stem, roster=_roster(data), channels=[], messages=_messages(data, file),
        addressees_given=False, source_file=file,
    )
