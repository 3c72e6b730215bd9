"""Audit: which words and phrases of a data set occur in the code (`python -m bench.vocab_audit`).

Collects from the groupchat files (a folder or files): every roster name, alias and handle, every QA
keyword and wrong value, every capitalised value in the messages (cities, employers, venues, pets'
names), and every word 3-gram that recurs in at least `--min-repeat` messages (sentence templates).
Then reports each one found, word-bounded and case-insensitive, in the code's string literals and
comments (`polymem/**/*.py`). Common English 3-grams ("i don't know") are reported too: read the list.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_WORD = re.compile(r"[a-z']+")


def _english(word: str) -> bool:
    """An ordinary English word (WordNet knows its lower-case form) or a calendar word."""
    from polymem.language.lexical import known_noun
    from polymem.language.models import wordnet
    from polymem.language.timeexpr import is_time_word

    w = word.lower().strip(".'")
    return is_time_word(w) or any(wordnet().synsets(w, pos) for pos in "nvar") or not w.isalpha() or known_noun(w)


def vocabulary(files: list[Path], min_repeat: int) -> dict[str, set[str]]:
    names: set[str] = set()
    values: set[str] = set()
    answers: set[str] = set()  # every QA keyword and wrong value, English words included ("corgi", "nurse")
    grams: Counter[str] = Counter()
    for f in files:
        d = json.loads(f.read_text())
        for p in d.get("roster", []):
            names |= {p.get("name", ""), p.get("handle", ""), *p.get("aliases", [])}
        for q in d.get("qa", []):
            answers |= {str(v) for v in [*q.get("keywords", []), *q.get("wrong", [])] if len(str(v)) > 3
                        and str(v).lower() not in ("not mentioned",)}
            for v in [*q.get("keywords", []), *q.get("wrong", [])]:
                if not all(_english(w) for w in str(v).split()):  # "Krakow", "Bistro Lumen"; not "organising"
                    values.add(str(v))
        for m in d.get("messages", []):
            text = m.get("text", "")
            # capitalised names not at a sentence start and not ordinary English words
            for mt in re.finditer(r"(?<![.!?:]\s)(?<!^)\b[A-Z][\w'&.-]+(?:\s+[A-Z][\w'&.-]+)*", text):
                if not all(_english(w) for w in mt.group().split()):
                    values.add(mt.group().strip(".'"))
            words = _WORD.findall(text.lower())
            grams.update({" ".join(words[i:i + 3]) for i in range(len(words) - 2)})
    templates = {g for g, n in grams.items() if n >= min_repeat}
    return {"names": {n for n in names if len(n) > 2}, "values": {v for v in values if len(v) > 3},
            "answers": answers - names, "templates": templates}


def code_text() -> dict[Path, str]:
    return {p: p.read_text().lower() for p in (REPO / "polymem").rglob("*.py")}


def audit(files: list[Path], min_repeat: int = 3) -> dict[str, list[tuple[str, str]]]:
    vocab = vocabulary(files, min_repeat)
    code = code_text()
    hits: dict[str, list[tuple[str, str]]] = {k: [] for k in vocab}
    for kind, items in vocab.items():
        for item in sorted(items):
            rx = re.compile(r"(?<![\w])" + re.escape(item.lower()) + r"(?![\w])")
            for path, text in code.items():
                if rx.search(text):
                    hits[kind].append((item, str(path.relative_to(REPO))))
    return hits


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path, default=[REPO.parent / "shared" / "data" / "groupchat"])
    ap.add_argument("--min-repeat", type=int, default=3)
    args = ap.parse_args()
    files = [f for p in args.paths for f in (sorted(p.glob("*.json")) if p.is_dir() else [p])]
    hits = audit(files, args.min_repeat)
    for kind, found in hits.items():
        print(f"{kind}: {len(found)} found in code")
        for item, path in found:
            print(f"  {item!r:40} {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
