"""Benchmark datasets: QA items, the raw messages the BM25 baseline indexes, and evidence ids
mapped onto the message ids the importers store (LoCoMo dia_id, groupchat id, f"{scene}:{uid}").

Each loader reads any file of the same format, so figures can be reproduced on unseen data.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bm25_baseline import Doc
from polymem.errors import InputError

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
LOCOMO_FILE = SHARED / "locomo" / "locomo10_shared.json"
GROUPCHAT_DIR = SHARED / "groupchat"
FRIENDSQA_FILES = [SHARED / "friendsqa" / "friendsqa_dev.json", SHARED / "friendsqa" / "friendsqa_tst.json"]
LOCOMO_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
_DIA = re.compile(r"^D:?(\d+):(\d+)$")


@dataclass
class QA:
    id: str
    question: str
    kind: str                       # LoCoMo category name, groupchat type, or "is_speaker"
    evidence: list[str]             # mapped to stored message ids; unknown ids dropped (counted)
    answer: Any = None
    keywords: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    asker: str | None = None
    raw_evidence: list[str] = field(default_factory=list)


@dataclass
class BenchConv:
    """One conversation = one polymem space."""

    conv_id: str
    space: str
    fmt: str                        # importer name for polymem.ingest.formats.load
    path: Path
    docs: list[Doc]
    qa: list[QA]
    roster: dict[str, list[str]]    # participant id -> every name it goes by (name, aliases, handle)
    empty_evidence: int = 0         # QA items with no evidence at all (kept out of recall)
    unknown_ids: list[str] = field(default_factory=list)   # evidence ids matching no message
    repaired_ids: int = 0           # ids fixed by normalisation ("D8:6; D9:17", "D:11:26")


def _read_json(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError as e:
        raise InputError("file not found", file=str(path)) from e
    except json.JSONDecodeError as e:
        raise InputError(f"malformed JSON: {e.msg}", file=str(path), line=e.lineno) from e


def map_evidence(raw: list[Any], known: set[str], conv: BenchConv) -> list[str]:
    """Map dataset evidence ids to stored ids; split "a; b" lists, repair "D:11:26"; count misses."""
    out: list[str] = []
    for item in raw or []:
        for part in re.split(r"[;,]\s*", str(item).strip()):
            part = part.strip()
            if not part:
                continue
            fixed = part
            if fixed not in known and (m := _DIA.match(fixed)):
                fixed = f"D{m.group(1)}:{m.group(2)}"
            if fixed in known:
                if fixed != str(item).strip():
                    conv.repaired_ids += 1
                if fixed not in out:
                    out.append(fixed)
            else:
                conv.unknown_ids.append(part)
    return out


def locomo(path: Path = LOCOMO_FILE, prefix: str = "bench-locomo-") -> list[BenchConv]:
    data = _read_json(path)
    if not isinstance(data, list):
        raise InputError("LoCoMo file must be a JSON list of samples", file=str(path))
    convs = []
    for sample in data:
        c = sample["conversation"]
        docs = []
        for key in sorted((k for k in c if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k.split("_")[1])):
            for t in c[key] if isinstance(c[key], list) else []:
                text = t.get("text") or ""
                if t.get("blip_caption"):  # what polymem indexes for an image turn, too
                    text = f"{text} [image: {t['blip_caption']}]"
                docs.append(Doc(str(t["dia_id"]), text, str(t["speaker"]), str(t["speaker"])))
        sid = str(sample["sample_id"])
        conv = BenchConv(sid, prefix + sid, "locomo", Path(path), docs, [],
                         {str(c[k]): [str(c[k])] for k in ("speaker_a", "speaker_b") if c.get(k)})
        known = {d.id for d in docs}
        for i, q in enumerate(sample.get("qa", [])):
            cat = int(q.get("category", 0))
            ev = map_evidence(q.get("evidence", []), known, conv)
            if not q.get("evidence"):
                conv.empty_evidence += 1
            conv.qa.append(QA(f"{sid}#{i}", str(q["question"]), LOCOMO_CATEGORIES.get(cat, str(cat)), ev,
                              answer=q.get("answer", q.get("adversarial_answer")),
                              raw_evidence=[str(e) for e in q.get("evidence", [])]))
        convs.append(conv)
    return convs


def subsample(items: list[QA], n: int | None) -> list[QA]:
    """At most n items, evenly spaced over the list (QA lists are often grouped by category)."""
    if not n or n >= len(items):
        return list(items)
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def sniff(path: Path) -> str | None:
    """'locomo' (a JSON list of samples), 'groupchat' (an object with messages), 'friendsqa', or None."""
    try:
        data = _read_json(path)
    except InputError:
        return None
    if isinstance(data, list) and data and isinstance(data[0], dict) and "conversation" in data[0]:
        return "locomo"
    if isinstance(data, dict) and "messages" in data:
        return "groupchat"
    if isinstance(data, dict) and "data" in data:
        return "friendsqa"
    return None


def groupchat_files(path: Path = GROUPCHAT_DIR) -> list[Path]:
    p = Path(path)
    return sorted(p.glob("*.json")) if p.is_dir() else [p]


def groupchat(path: Path, prefix: str = "bench-") -> BenchConv:
    data = _read_json(path)
    if not isinstance(data, dict) or "messages" not in data:
        raise InputError("not a groupchat scenario (no 'messages' list)", file=str(path))
    roster: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for r in data.get("roster", []):
        names[r["handle"]] = r.get("name") or r["handle"]
        roster[r["handle"]] = [n for n in [r.get("name"), *r.get("aliases", []), r["handle"]] if n]
    docs = [Doc(str(m["id"]), str(m.get("text", "")), str(m["speaker"]), names.get(m["speaker"], m["speaker"]))
            for m in data["messages"]]
    sid = str(data.get("scenario_id", Path(path).stem))
    conv = BenchConv(sid, prefix + sid, "groupchat", Path(path), docs, [], roster)
    known = {d.id for d in docs}
    for q in data.get("qa", []):
        ev = map_evidence(q.get("evidence", []), known, conv)
        if not q.get("evidence") and q.get("type") != "abstain":
            conv.empty_evidence += 1
        conv.qa.append(QA(f"{sid}#{q['id']}", q["question"], q["type"], ev, answer=q.get("answer"),
                          keywords=list(q.get("keywords", [])), wrong=list(q.get("wrong", [])),
                          asker=q.get("asker"), raw_evidence=list(q.get("evidence", []))))
    return conv


def friendsqa(path: Path, prefix: str = "bench-fqa-", only_speaker: bool = True) -> list[BenchConv]:
    """One space per scene that has `is_speaker` questions (the only ones this bench scores)."""
    data = _read_json(path)
    convs = []
    for scene in data.get("data", []):
        title = str(scene["title"])
        for para in scene.get("paragraphs", []):
            utts = para.get("utterances:", para.get("utterances", []))
            docs = [Doc(f"{title}:{u['uid']}", str(u.get("utterance", "")), _speaker(u), _speaker(u)) for u in utts]
            roster = {d.speaker: [d.speaker, d.speaker.split()[0]] for d in docs if d.speaker}
            conv = BenchConv(title, prefix + title, "friendsqa", Path(path), docs, [], roster)
            known = {d.id for d in docs}
            for q in para.get("qas", []):
                golds = [a for a in q.get("answers", []) if a.get("is_speaker")]
                if only_speaker and not golds:
                    continue
                ev = map_evidence([f"{title}:{a['utterance_id']}" for a in golds], known, conv)
                conv.qa.append(QA(q["id"], q["question"], "is_speaker", ev,
                                  answer=sorted({a["answer_text"] for a in golds})))
            if conv.qa:
                convs.append(conv)
    return convs


def _speaker(u: dict[str, Any]) -> str:
    sp = u.get("speakers") or ["#NOTE#"]
    return str(sp[0]) if isinstance(sp, list) else str(sp)
