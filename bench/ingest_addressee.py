"""`polymem bench addressee`: addressee inference vs the previous-other-speaker baseline on IRC.

Gold (Kummerfeld et al. annotation): for an annotated message j, every link `i j` with i != j says
j replies to i, so the speaker of i is an addressee of j (links to j's own speaker or to a system
line are dropped). Predictions are made over the whole log in order, context lines included, but
WITHOUT the reply links (the 'reply' rule would otherwise read the gold). Scored on the annotated
messages only (micro precision/recall/F1); a prediction on a message whose only link is a
self-link counts as a false positive.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from polymem.ingest.addressee import AddresseeInferer, previous_other_speaker_baseline
from polymem.ingest.formats.irc import SUFFIX, SYSTEM, parse_line
from polymem.schema.models import Message, Participant

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "irc-disentanglement"


@dataclass
class Score:
    tp: int = 0
    predicted: int = 0
    gold: int = 0

    def add(self, pred: set[str], gold: set[str]) -> None:
        self.tp += len(pred & gold)
        self.predicted += len(pred)
        self.gold += len(gold)

    def row(self) -> dict[str, float]:
        p = self.tp / self.predicted if self.predicted else 0.0
        r = self.tp / self.gold if self.gold else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4),
                "tp": self.tp, "predicted": self.predicted, "gold": self.gold}


@dataclass
class Result:
    systems: dict[str, Score] = field(default_factory=lambda: {k: Score() for k in
                                                               ("baseline", "polymem", "polymem+fallback")})
    by_rule: Counter = field(default_factory=Counter)
    rule_hits: Counter = field(default_factory=Counter)
    samples: int = 0
    messages: int = 0


def read_sample(path: Path) -> tuple[list[Message], dict[int, list[int]], set[int]]:
    """Messages (reply links stripped), links {j: [i]} and the annotated message numbers."""
    links: dict[int, list[int]] = {}
    annotated: set[int] = set()
    ann = path.with_name(path.name.removesuffix(SUFFIX) + ".annotation.txt")
    for line in ann.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit():
            i, j = int(parts[0]), int(parts[1])
            annotated.add(j)
            if i != j:
                links.setdefault(j, []).append(i)
    msgs = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines()):
        p = parse_line(raw)
        try:
            msgs.append(Message(id=str(n), text=p["text"] or "", speaker=p["speaker"] or SYSTEM, seq=n))
        except ValueError:
            continue  # empty lines: no message, no prediction
    return msgs, links, annotated


def score_sample(path: Path, res: Result) -> None:
    msgs, links, annotated = read_sample(path)
    speaker = {int(m.id): m.speaker for m in msgs}
    people = [m for m in msgs if m.speaker != SYSTEM]
    base = previous_other_speaker_baseline(people)
    inferer = AddresseeInferer([Participant(id=SYSTEM, kind="system")])
    res.samples += 1
    for m in msgs:
        found = inferer.infer(m) if m.speaker != SYSTEM else []
        inferer.remember(m)
        j = int(m.id)
        if j not in annotated or m.speaker == SYSTEM:
            continue
        res.messages += 1
        gold = {speaker[i] for i in links.get(j, []) if i in speaker} - {m.speaker, SYSTEM}
        pred = {a.id for a in found}
        b = {base[m.id]} if base.get(m.id) else set()
        res.systems["baseline"].add(b, gold)
        res.systems["polymem"].add(pred, gold)
        res.systems["polymem+fallback"].add(pred or b, gold)
        for a in found:
            res.by_rule[a.how] += 1
            res.rule_hits[a.how] += int(a.id in gold)


def run_bench(data: Path, splits: list[str]) -> dict[str, object]:
    res = Result()
    t0 = time.perf_counter()
    for split in splits:
        for f in sorted((data / split).glob(f"*{SUFFIX}")):
            score_sample(f, res)
    out: dict[str, object] = {name: s.row() for name, s in res.systems.items()}
    out["rules"] = {k: {"predicted": v, "precision": round(res.rule_hits[k] / v, 4)} for k, v in res.by_rule.items()}
    out.update(samples=res.samples, annotated_messages=res.messages, splits=splits,
               seconds=round(time.perf_counter() - t0, 1))
    return out
