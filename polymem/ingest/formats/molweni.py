"""Molweni: multi-party Ubuntu dialogues with discourse links. One Conversation per file.

Discourse-parsing files (dp_*.json, a list of {id, edus, relations}) and the MRC file
(mrc_test.json, {"data": {"dialogues": [...]}}) are both read. Mapping: session = dialogue id;
message id = f"{dialogue}:{i}" with i the EDU index; a relation {x, y, type} makes message y
REPLY_TO message x (the type goes to meta["relation"]). MRC dialogues carry no id: each takes
the id of the identical dp_test.json dialogue when that file sits beside it (all 100 upstream
MRC test dialogues are DP test dialogues), else f"mrc{index}". Upstream leaves a few speakers
blank ("" — 18 EDUs of dp_dev.json): they become the participant "unknown" with
meta["speaker_missing"]; an EDU with no `speaker` key at all is an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message, expect, load_json
from polymem.schema.models import Conversation, Message, Participant

UNKNOWN = "unknown"


def _edu_key(dlg: dict[str, Any]) -> tuple[str, ...]:
    return tuple(str(e.get("text", "")) for e in dlg.get("edus") or [] if isinstance(e, dict))


def _mrc_ids(path: Path, dialogues: list[Any]) -> list[str]:
    dp = path.with_name("dp_test.json")
    known: dict[tuple[str, ...], str] = {}
    if dp.exists():
        data = load_json(dp)
        known = {_edu_key(d): str(d.get("id")) for d in data if isinstance(d, dict)}
    return [known.get(_edu_key(d), f"mrc{i}") if isinstance(d, dict) else f"mrc{i}"
            for i, d in enumerate(dialogues)]


def _messages(dialogues: list[Any], ids: list[str], file: str) -> Iterator[Message | InputError]:
    seq = 0
    for k, dlg in enumerate(dialogues):
        did = ids[k]
        if not isinstance(dlg, dict) or not isinstance(dlg.get("edus"), list):
            yield InputError(f"dialogue[{k}]: no 'edus' list", file=file)
            continue
        replies: dict[int, list[str]] = {}
        kinds: dict[int, list[str]] = {}
        n = len(dlg["edus"])
        for r, rel in enumerate(dlg.get("relations") or []):
            x, y = (rel.get("x"), rel.get("y")) if isinstance(rel, dict) else (None, None)
            if not (isinstance(x, int) and isinstance(y, int) and 0 <= x < n and 0 <= y < n):
                yield InputError(f"dialogue {did} relation[{r}]: x/y are not EDU indexes", file=file)
                continue
            if x != y:
                replies.setdefault(y, []).append(f"{did}:{x}")
                kinds.setdefault(y, []).append(str(rel.get("type", "")))
        for i, edu in enumerate(dlg["edus"]):
            record = f"dialogue {did} edus[{i}]"
            if not isinstance(edu, dict):
                yield InputError(f"{record}: not an object", file=file)
                continue
            meta = {"relation": ",".join(kinds[i])} if i in kinds else {}
            speaker = str(edu.get("speaker") or "").strip()
            if not speaker and "speaker" in edu:  # upstream leaves some speakers blank
                speaker, meta["speaker_missing"] = UNKNOWN, "true"
            yield build_message(
                {"id": f"{did}:{i}", "text": edu.get("text") or "", "speaker": speaker or None,
                 "session": did, "seq": seq, "reply_to": replies.get(i, []), "meta": meta},
                file=file, line=None, record=record,
            )
            seq += 1


@register("molweni")
def load(path: Path) -> Iterator[Conversation]:
    raw = load_json(path)
    file = str(path)
    if isinstance(raw, dict):  # the MRC (SQuAD-style) file
        dialogues = (raw.get("data") or {}).get("dialogues") if isinstance(raw.get("data"), dict) else None
        expect(isinstance(dialogues, list), "MRC file must hold data.dialogues", file=file)
        ids = _mrc_ids(path, dialogues)
    else:
        expect(isinstance(raw, list), "Molweni DP file must be a JSON list of dialogues", file=file)
        dialogues = raw
        ids = [str(d.get("id", i)) if isinstance(d, dict) else str(i) for i, d in enumerate(dialogues)]
    speakers: dict[str, Participant] = {UNKNOWN: Participant(id=UNKNOWN, name="unknown speaker")}
    for d in dialogues:
        for e in (d.get("edus") or []) if isinstance(d, dict) else []:
            sp = str(e.get("speaker") or "").strip() if isinstance(e, dict) else ""
            if sp and sp not in speakers:
                speakers[sp] = Participant(id=sp, name=sp)
    if not any(isinstance(e, dict) and "speaker" in e and not str(e.get("speaker") or "").strip()
               for d in dialogues if isinstance(d, dict) for e in d.get("edus") or []):
        del speakers[UNKNOWN]
    yield Conversation.model_construct(
        id=path.stem, roster=list(speakers.values()), channels=[], messages=_messages(dialogues, ids, file),
        addressees_given=False, source_file=file,
    )
