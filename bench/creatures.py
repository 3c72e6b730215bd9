"""Named creatures in single chat lines: is the name an animal someone keeps, a person or a thing? The rules of
`language/creatures.py` (an animal word beside the name) vs the relation classifier (task "creature") on
lines written by another author than its training lines, never trained on.

`python -m bench.creatures [--eval FILE]` prints, per system, the precision and recall of "pet" and, for the
classifier, its agreement over all three labels (argmax) and where it does not abstain.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from polymem.language.creatures import MEANING_P, creature_pets
from polymem.language.models import parse_many
from polymem.language.relations import LABELS, load_examples, probabilities

EVAL = Path(__file__).resolve().parent / "data" / "relations" / "creature_eval.jsonl"


def _pet_scores(gold: list[str], said: list[bool]) -> dict[str, Any]:
    tp = sum(g == "pet" and s for g, s in zip(gold, said, strict=True))
    n, real = sum(said), sum(g == "pet" for g in gold)
    return {"precision": round(tp / n, 3) if n else None, "recall": round(tp / real, 3) if real else None,
            "said": n, "gold": real}


def rules_pet(text: str, span: str, doc: Any) -> bool:
    """Whether the rules, reading the line alone as a member's message, find a pet by this name."""
    found = creature_pets([doc], ["spk"], ["m1"], [None], lambda w: False, lambda w: w == "spk", [text])
    return any(st.name.lower() == span.lower() for _, st in found)


def run(path: Path = EVAL) -> dict[str, Any]:
    exs = load_examples(path)
    gold = [ex["label"] for ex in exs]
    docs = parse_many([ex["text"] for ex in exs])
    probs = probabilities("creature", [(ex["text"], ex["span"]) for ex in exs])
    labels = LABELS["creature"]
    top = [labels[int(row.argmax())] for row in probs]
    return {"lines": len(exs), "gold": {x: gold.count(x) for x in labels},
            "rules": _pet_scores(gold, [rules_pet(ex["text"], ex["span"], d) for ex, d in zip(exs, docs, strict=True)]),
            "classifier": _pet_scores(gold, [t == "pet" and row.max() >= MEANING_P for t, row in zip(top, probs, strict=True)]),
            "classifier_argmax_agree": round(sum(g == t for g, t in zip(gold, top, strict=True)) / len(gold), 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--eval", type=Path, default=EVAL)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    r = run(args.eval)
    if args.json:
        print(json.dumps(r, indent=1))
        return
    print(f"== creature: {r['lines']} lines {r['gold']}")
    for name in ("rules", "classifier"):
        s = r[name]
        print(f"   {name:11s} pet P {100 * (s['precision'] or 0):5.1f}  R {100 * (s['recall'] or 0):5.1f}  ({s['said']} said)")
    print(f"   classifier agreement over all three labels (argmax): {100 * r['classifier_argmax_agree']:.1f}")


if __name__ == "__main__":
    main()
