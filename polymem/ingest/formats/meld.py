"""MELD: speaker-labelled Friends dialogues with emotions, one CSV per split (streamed).

Columns: Sr No., Utterance, Speaker, Emotion, Sentiment, Dialogue_ID, Utterance_ID, Season, Episode,
StartTime, EndTime. Mapping: one Conversation per file; message id = f"{Dialogue_ID}:{Utterance_ID}";
session = Dialogue_ID; channel = the episode ("s04_e07"); emotion, sentiment, Sr No. and the clip's
StartTime/EndTime (episode-relative, so not a message time) go to meta. A row with the wrong
number of columns, an unreadable CSV record or a non-numeric id is an InputError naming the line.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

from polymem.errors import InputError
from polymem.ingest.formats import register
from polymem.ingest.formats._common import build_message
from polymem.schema.models import Conversation, Message

COLUMNS = ["Sr No.", "Utterance", "Speaker", "Emotion", "Sentiment", "Dialogue_ID", "Utterance_ID",
           "Season", "Episode", "StartTime", "EndTime"]


def _rows(path: Path) -> Iterator[Message | InputError]:
    file = str(path)
    try:
        f = path.open(encoding="utf-8-sig", newline="")
        reader = csv.reader(f, strict=True)
        header = next(reader, None)
    except (UnicodeDecodeError, csv.Error) as e:
        yield InputError(f"unreadable CSV header: {e}", file=file, line=1)
        return
    with f:
        if header is None or [h.strip() for h in header[: len(COLUMNS)]] != COLUMNS:
            yield InputError(f"header must be {', '.join(COLUMNS)}", file=file, line=1)
            return
        seq = 0
        while True:
            start = reader.line_num + 1
            try:
                row = next(reader)
            except StopIteration:
                return
            except (csv.Error, UnicodeDecodeError) as e:
                yield InputError(f"malformed CSV record: {e}", file=file, line=start)
                if isinstance(e, UnicodeDecodeError):
                    return  # the decoder cannot resynchronise: stop at the first bad byte
                continue
            if not row or all(not c.strip() for c in row):
                continue
            if len(row) != len(COLUMNS):
                yield InputError(f"expected {len(COLUMNS)} columns, found {len(row)}", file=file, line=start)
                continue
            rec = dict(zip(COLUMNS, row, strict=True))
            dlg, utt = rec["Dialogue_ID"].strip(), rec["Utterance_ID"].strip()
            if not (dlg.isdigit() and utt.isdigit()):
                yield InputError(f"Dialogue_ID/Utterance_ID must be numbers, got {dlg!r}/{utt!r}",
                                 file=file, line=start)
                continue
            season, episode = rec["Season"].strip(), rec["Episode"].strip()
            channel = f"s{season.zfill(2)}_e{episode.zfill(2)}" if season.isdigit() and episode.isdigit() else "main"
            meta = {"emotion": rec["Emotion"], "sentiment": rec["Sentiment"], "sr_no": rec["Sr No."],
                    "start": rec["StartTime"], "end": rec["EndTime"]}
            yield build_message(
                {"id": f"{dlg}:{utt}", "text": rec["Utterance"], "speaker": rec["Speaker"], "channel": channel,
                 "session": dlg, "seq": seq, "meta": meta},
                file=file, line=start,
            )
            seq += 1


@register("meld")
def load(path: Path) -> Iterator[Conversation]:
    yield Conversation.model_construct(
        id=path.stem, roster=[], channels=[], messages=_rows(path), addressees_given=False,
        source_file=str(path),
    )
