"""A large multi-party history made of real chat text, for the growth curve (issue 14 item 1).

The template chat of bench/synth.py repeats a few sentences, so its vocabulary is tiny and its
embeddings deduplicate; latency measured on it flatters the vector and full-text indexes. This
history is built from every dialogue corpus in ../shared/data instead:

* Ubuntu IRC (irc-disentanglement, all splits) and Molweni (also Ubuntu IRC, other days);
* MELD and FriendsQA (television dialogue, scene by scene);
* the LoCoMo conversations other than the grafted one, session by session.

Dialogues become channels (64 of them) and are interleaved a line at a time, a few dialogues open
at once, so neighbouring messages belong to different threads, as in a busy workspace. Speakers
keep their corpus names (thousands of them). Once every line is used, the next pass joins each
line with a later line of the same dialogue ("double messages"), so even 1M messages have nearly
all-distinct texts from a real vocabulary and nothing is deduplicated.

One LoCoMo conversation (conv-26 by default) is grafted in, its lines spread evenly over the
first `graft_within` messages in its own channel, message ids = LoCoMo dia_ids; its questions,
with their evidence, check recall at every size. Deterministic for a seed.
"""

from __future__ import annotations

import csv
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from bench import datasets

DATA = datasets.SHARED
_IRC = re.compile(r"^\[(\d\d):(\d\d)\] <([^>]{1,60})> (.+)$")
Dialogue = list[tuple[str, str]]  # (speaker, text)


@dataclass(frozen=True)
class Question:
    question: str
    kind: str
    evidence: list[str]


def _irc(root: Path) -> Iterator[Dialogue]:
    for f in sorted(root.glob("irc-disentanglement/*/*.ascii.txt")):
        lines: Dialogue = []
        for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
            m = _IRC.match(line)
            if m and m.group(4).strip():
                lines.append((m.group(3), m.group(4).strip()))
        for i in range(0, len(lines), 150):  # an hour or so of one channel
            yield lines[i:i + 150]


def _molweni(root: Path) -> Iterator[Dialogue]:
    for name in ("dp_dev.json", "dp_test.json"):
        f = root / "molweni" / name
        if f.exists():
            for d in json.loads(f.read_text(encoding="utf-8")):
                yield [(e["speaker"], e["text"].strip()) for e in d.get("edus", []) if e.get("text", "").strip()]


def _meld(root: Path) -> Iterator[Dialogue]:
    for f in sorted((root / "meld").glob("*_sent_emo.csv")):
        by: dict[str, Dialogue] = {}
        with f.open(encoding="utf-8", errors="replace", newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get("Utterance", "").strip():
                    by.setdefault(row["Dialogue_ID"], []).append((row["Speaker"], row["Utterance"].strip()))
        yield from by.values()


def _friendsqa(root: Path) -> Iterator[Dialogue]:
    for f in sorted((root / "friendsqa").glob("*.json")):
        for scene in json.loads(f.read_text(encoding="utf-8")).get("data", []):
            for para in scene.get("paragraphs", []):
                lines = [(u["speakers"][0], u["utterance"].strip()) for u in para.get("utterances:", [])
                         if u.get("speakers") and u["speakers"][0] != "#NOTE#" and u.get("utterance", "").strip()]
                if lines:
                    yield lines


def _locomo(others: list[datasets.BenchConv]) -> Iterator[Dialogue]:
    for conv in others:
        session: Dialogue = []
        last = None
        for d in conv.docs:
            s = d.id.split(":")[0]
            if last is not None and s != last and session:
                yield session
                session = []
            last = s
            session.append((d.speaker, d.text))
        if session:
            yield session


def dialogues(root: Path = DATA, skip_conv: str = "conv-26") -> list[Dialogue]:
    convs = [c for c in datasets.locomo(prefix="bench-real-") if c.conv_id != skip_conv]
    out = [kept for src in (_irc(root), _molweni(root), _meld(root), _friendsqa(root), _locomo(convs))
           for d in src if len(kept := [(s.strip(), t) for s, t in d if s.strip()]) >= 2]  # (Molweni has unnamed turns)
    random.Random(11).shuffle(out)  # sources mixed over the whole timeline
    return out


def _lines(pool: list[Dialogue], rnd: random.Random, open_at_once: int = 6) -> Iterator[tuple[int, str, str]]:
    """(dialogue number, speaker, text) forever: pass 0 the lines as they are, pass p > 0 each
    line joined with the line p further on in its dialogue."""
    p = 0
    while True:
        queue = list(range(len(pool)))
        active: list[list[int]] = []  # [dialogue, next line]
        while queue or active:
            while queue and len(active) < open_at_once:
                active.append([queue.pop(0), 0])
            slot = active[rnd.randrange(len(active))]
            d, i = slot
            speaker, text = pool[d][i]
            if p:
                text = f"{text} {pool[d][(i + p) % len(pool[d])][1]}"
            yield d + p * len(pool), speaker, text
            slot[1] += 1
            if slot[1] >= len(pool[d]):
                active.remove(slot)
        p += 1


def generate(path: Path, n: int, graft: str = "conv-26", graft_within: int = 10_000, channels: int = 64,
             seed: int = 7, root: Path = DATA) -> list[Question]:
    """Write `path` (jsonl) and `<stem>.questions.json`; return the grafted conversation's questions."""
    rnd = random.Random(seed)
    pool = dialogues(root, graft)
    conv = next(c for c in datasets.locomo(prefix="bench-real-") if c.conv_id == graft)
    every = max(1, min(graft_within, n) // max(1, len(conv.docs)))
    t = datetime(2023, 1, 1, 8, 0)
    src = _lines(pool, rnd)
    grafted = 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for k in range(n):
            t += timedelta(seconds=rnd.randint(5, 90))
            if grafted < len(conv.docs) and k % every == every // 2:
                d = conv.docs[grafted]
                grafted += 1
                row = {"id": d.id, "speaker": d.speaker, "text": d.text, "channel": f"locomo-{graft}"}
            else:
                dn, speaker, text = next(src)
                row = {"id": f"r{k:07d}", "speaker": speaker, "text": text, "channel": f"c{dn % channels:02d}"}
            row.update(time=t.isoformat(timespec="seconds"), session=t.strftime("%Y-%m-%d"))
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    qs = [Question(q.question, q.kind, q.evidence) for q in conv.qa
          if q.kind != "adversarial" and q.evidence and grafted == len(conv.docs)]
    path.with_suffix(".questions.json").write_text(json.dumps([q.__dict__ for q in qs], indent=1))
    return qs


if __name__ == "__main__":
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(f"/tmp/realchat-{n}.jsonl")
    print(len(generate(out, n)), "questions ->", out)
