"""Small slices of the shared datasets, written to tmp_path, plus their counts read independently."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

Counts = dict[str, Any]  # messages, speakers (set), replies


def locomo(data: Path, out: Path) -> tuple[Path, Counts]:
    sample = json.loads((data / "locomo" / "locomo10_shared.json").read_text())[0]
    conv = sample["conversation"]
    keep = {k: v for k, v in conv.items() if k.startswith("speaker_") or k.split("_")[1] in ("1", "2")}
    small = {"sample_id": sample["sample_id"], "conversation": keep}
    turns = keep["session_1"] + keep["session_2"]
    p = out / "locomo_small.json"
    p.write_text(json.dumps([small]))
    return p, {"messages": len(turns), "speakers": {t["speaker"] for t in turns}, "replies": 0}


def friendsqa(data: Path, out: Path) -> tuple[Path, Counts]:
    raw = json.loads((data / "friendsqa" / "friendsqa_dev.json").read_text())
    raw["data"] = raw["data"][:2]
    utts = [u for s in raw["data"] for para in s["paragraphs"] for u in para["utterances:"]]
    p = out / "friendsqa_small.json"
    p.write_text(json.dumps(raw))
    return p, {"messages": len(utts), "speakers": {u["speakers"][0] for u in utts}, "replies": 0}


def molweni(data: Path, out: Path) -> tuple[Path, Counts]:
    dlgs = [d for d in json.loads((data / "molweni" / "dp_dev.json").read_text())
            if all(e["speaker"] for e in d["edus"])][:3]
    p = out / "dp_small.json"
    p.write_text(json.dumps(dlgs))
    links = {(d["id"], r["x"], r["y"]) for d in dlgs for r in d["relations"] if r["x"] != r["y"]}
    return p, {"messages": sum(len(d["edus"]) for d in dlgs),
               "speakers": {e["speaker"] for d in dlgs for e in d["edus"]}, "replies": len(links)}


def irc(data: Path, out: Path, lo: int = 990, hi: int = 1060) -> tuple[Path, Counts]:
    src = data / "irc-disentanglement" / "dev" / "2009-03-03_10.ascii.txt"
    lines = src.read_text().splitlines()[lo:hi]
    links = []
    for row in src.with_name("2009-03-03_10.annotation.txt").read_text().splitlines():
        i, j = (int(x) for x in row.split()[:2])
        if lo <= i < hi and lo <= j < hi and i != j:
            links.append(f"{i - lo} {j - lo} -")
    p = out / "2009-03-03_10.ascii.txt"
    p.write_text("\n".join(lines) + "\n")
    p.with_name("2009-03-03_10.annotation.txt").write_text("\n".join(links) + "\n")
    speakers = set()
    for ln in lines:
        if ln.startswith("["):
            rest = ln.split("] ", 1)[1].strip()
            speakers.add(rest[1:rest.index(">")] if rest.startswith("<") else rest.split()[1])
        else:
            speakers.add("system")
    return p, {"messages": len(lines), "speakers": speakers, "replies": len(set(links))}


def meld(data: Path, out: Path, rows: int = 30) -> tuple[Path, Counts]:
    with (data / "meld" / "dev_sent_emo.csv").open(encoding="utf-8", newline="") as f:
        table = list(csv.reader(f))[: rows + 1]
    p = out / "meld_small.csv"
    with p.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(table)
    return p, {"messages": rows, "speakers": {r[2] for r in table[1:]}, "replies": 0}


def memgallery(data: Path, out: Path) -> tuple[Path, Counts]:
    src = sorted((data / "mem-gallery").glob("*.json"))[0]
    raw = json.loads(src.read_text())
    raw["multi_session_dialogues"] = raw["multi_session_dialogues"][:2]
    rounds = [r for s in raw["multi_session_dialogues"] for r in s["dialogues"]]
    p = out / "memgallery_small.json"
    p.write_text(json.dumps(raw))
    return p, {"messages": 2 * len(rounds), "speakers": {"user", "assistant"}, "replies": 0,
               "caption_round": next(r["round"] for r in rounds if r.get("image_caption"))}


def groupchat(data: Path, out: Path, n: int = 60) -> tuple[Path, Counts]:
    raw = json.loads((data / "groupchat" / "groupchat-A1-00.json").read_text())
    raw["messages"] = raw["messages"][:n]
    ids = {m["id"] for m in raw["messages"]}
    for m in raw["messages"]:
        if m.get("reply_to") not in ids:
            m["reply_to"] = None
    p = out / "groupchat_small.json"
    p.write_text(json.dumps(raw))
    return p, {"messages": n, "speakers": {m["speaker"] for m in raw["messages"]},
               "replies": sum(1 for m in raw["messages"] if m.get("reply_to"))}


def jsonl(out: Path) -> tuple[Path, Counts]:
    rows = [{"id": "m1", "speaker": "ana", "text": "Bo, can you bring the cables?", "channel": "ops"},
            {"id": "m2", "speaker": "bo", "text": "sure", "reply_to": "m1", "channel": "ops"},
            {"id": "m3", "speaker": "cy", "text": "@ana the room is booked", "time": "2026-05-01T10:00:00"},
            {"id": "m4", "speaker": "ana", "text": "thanks", "reply_to": "m3", "addressees": ["cy"]}]
    p = out / "small.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in rows))
    p.with_suffix(".roster.json").write_text(json.dumps(
        [{"id": "ana", "name": "Ana Diaz"}, {"id": "bo", "name": "Bo Chen", "aliases": ["Bobo"]}]))
    return p, {"messages": 4, "speakers": {"ana", "bo", "cy"}, "replies": 2}
