"""The speaker's relation to a place or an occupation a chat line names: the statement rules vs the
classifier of `polymem/language/relations.py` vs both, on lines neither was written from.

`python -m bench.relations [--eval DIR]` reads `home_eval.jsonl` and `job_eval.jsonl` (default
`bench/data/relations`, written by a different author than the training lines, never trained on). Each
line names a span and the gold relation. The rules' reading of a line is the statement the reader makes
about the speaker with that value: present -> now, past or negated -> before, none -> no claim. The
classifier's is its label (or an abstention). Labels are compared on what the memory keeps: now,
before, and nothing (plan, visit and other are all "nothing to write").

Systems: the rules; the classifier alone; rules+classifier (the classifier where the rules say nothing);
classifier>rules (the classifier wherever it is confident); reader (`StatementReader` as it runs: the rules,
and a "before" read by meaning where they say nothing and the parse allows it, statements_meaning.py).

Printed per task and system: for "now" and "before", precision and recall; and how many lines with a
gold "now"/"before" each system leaves unread.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from polymem.language.relations import LABELS, Task, load_examples, relations
from polymem.language.statements import Person, StatementReader

EVAL = Path(__file__).resolve().parent / "data" / "relations"
SPEAKER = "spk"


def _kept(label: str | None) -> str:
    """What the memory would keep from a label: now, before or nothing."""
    if label is None:
        return "none"
    return label.split("_", 1)[1] if label.split("_", 1)[-1] in ("now", "before") else "none"


def rules_label(reader: StatementReader, text: str, span: str, task: Task) -> str | None:
    attr = "city" if task == "home" else "job"
    want = span.lower()
    for st in reader.read(text, SPEAKER):
        if st.attribute != attr or st.owner != SPEAKER:
            continue
        v = st.value.lower()
        if want in v or v in want:
            past = st.tense == "past" or not st.polarity or st.value.endswith(" (before)")
            return f"{task}_{'before' if past else 'now'}"
    return None


def _score(gold: list[str], got: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in ("now", "before"):
        tp = sum(g == k and p == k for g, p in zip(gold, got, strict=True))
        said = sum(p == k for p in got)
        real = sum(g == k for g in gold)
        out[k] = {"precision": round(tp / said, 3) if said else None, "recall": round(tp / real, 3) if real else None,
                  "said": said, "gold": real}
    out["agree"] = round(sum(g == p for g, p in zip(gold, got, strict=True)) / len(gold), 3)
    return out


def run(eval_dir: Path = EVAL) -> dict[str, Any]:
    roster = [Person(SPEAKER, ("Sam Okoro", "sam"))]
    reader = StatementReader(roster, by_meaning=False)  # the rules alone
    full = StatementReader(roster, by_meaning=True)
    result: dict[str, Any] = {}
    for task in ("home", "job"):
        exs = load_examples(eval_dir / f"{task}_eval.jsonl")
        gold = [_kept(ex["label"]) for ex in exs]
        rule = [_kept(rules_label(reader, ex["text"], ex["span"], task)) for ex in exs]  # type: ignore[arg-type]
        rel = relations(task, [(ex["text"], ex["span"]) for ex in exs])  # type: ignore[arg-type]
        clf = [_kept(r.label if r else None) for r in rel]
        both = [r if r != "none" else c for r, c in zip(rule, clf, strict=True)]
        # what the reader does: the rules, plus the classifier's "before" where they say nothing (statements_meaning)
        reader_now = [_kept(rules_label(full, ex["text"], ex["span"], task)) for ex in exs]  # type: ignore[arg-type]
        # the classifier's label where it gives one (it abstains below its thresholds), else the rules'
        over = [c if x is not None else r for r, c, x in zip(rule, clf, rel, strict=True)]
        result[task] = {"lines": len(exs), "labels": list(LABELS[task]),
                        "rules": _score(gold, rule), "classifier": _score(gold, clf), "rules+classifier": _score(gold, both),
                        "classifier>rules": _score(gold, over), "reader": _score(gold, reader_now)}
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--eval", type=Path, default=EVAL)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    res = run(args.eval)
    if args.json:
        print(json.dumps(res, indent=1))
        return
    for task, r in res.items():
        print(f"== {task}: {r['lines']} lines")
        print(f"   {'system':18s} {'now P':>6s} {'now R':>6s} {'bef P':>6s} {'bef R':>6s} {'agree':>6s}")
        for name in ("rules", "classifier", "rules+classifier", "classifier>rules", "reader"):
            s = r[name]
            f = [s["now"]["precision"], s["now"]["recall"], s["before"]["precision"], s["before"]["recall"], s["agree"]]
            print(f"   {name:18s} " + " ".join("   -  " if v is None else f"{100 * v:6.1f}" for v in f))


if __name__ == "__main__":
    main()
