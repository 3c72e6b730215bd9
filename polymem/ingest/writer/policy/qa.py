"""A cheap QA proxy for R_QA = QA(S1+S2) - QA(S1) in writer training (not `ask`).

QA(S) is the share of the gold answer's words found in the top 3 items that BM25 ranks for the question over
S. System 1 is the conversation's messages (their ranking is computed once per question and cached); System 2
adds the records a trajectory wrote, scored with the same BM25 statistics (IDF and mean length of the
messages), so QA(S1+S2) - QA(S1) moves only when a record outranks the messages and says more of the answer.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an the of to in on at for and or is was are were be been did do does what when where who "
                  "which how why i you he she it we they his her their my your with by from that this as has have "
                  "had not no yes".split())
TOP = 3
K1, B = 1.5, 0.75


def words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


class BM25:
    """BM25 over a fixed corpus; `score` also rates texts outside it with the corpus' statistics."""

    def __init__(self, docs: Iterable[str]) -> None:
        toks = [words(d) for d in docs]
        self.n = max(1, len(toks))
        self.avgdl = sum(len(t) for t in toks) / self.n or 1.0
        df: Counter[str] = Counter(w for t in toks for w in set(t))
        self.idf = {w: math.log(1 + (self.n - c + 0.5) / (c + 0.5)) for w, c in df.items()}
        self.max_idf = math.log(1 + (self.n + 0.5) / 0.5)
        self.docs = toks

    def score_tokens(self, q: Sequence[str], doc: Sequence[str]) -> float:
        tf = Counter(doc)
        norm = K1 * (1 - B + B * len(doc) / self.avgdl)
        return sum(self.idf.get(w, self.max_idf) * tf[w] * (K1 + 1) / (tf[w] + norm) for w in set(q) if tf[w])

    def score(self, question: str, text: str) -> float:
        return self.score_tokens(words(question), words(text))


def answer_recall(answer: str, texts: Sequence[str]) -> float:
    gold = set(words(answer))
    if not gold:
        return 0.0
    have = {w for t in texts for w in words(t)}
    return len(gold & have) / len(gold)


@dataclass
class Question:
    question: str
    answer: str
    evidence: list[str]
    s1_top: list[tuple[float, str]] = field(default_factory=list)  # (score, text) of System 1's top items
    s1: float = 0.0  # QA(S1)


class QAProxy:
    def __init__(self, messages: Sequence[str], questions: Sequence[Question]) -> None:
        self.bm25 = BM25(messages)
        self.messages = list(messages)
        self.questions = list(questions)
        self._memo: dict[tuple[int, str], float] = {}
        for q in self.questions:
            qt = words(q.question)
            scored = sorted(((self.bm25.score_tokens(qt, d), i) for i, d in enumerate(self.bm25.docs)), reverse=True)
            q.s1_top = [(s, self.messages[i]) for s, i in scored[:TOP]]
            q.s1 = answer_recall(q.answer, [t for _, t in q.s1_top])

    def both(self, qi: int, records: Sequence[str]) -> float:
        """QA(S1+S2) for question qi when System 2 holds `records`."""
        q = self.questions[qi]
        scored = list(q.s1_top)
        for r in records:
            key = (qi, r)
            if key not in self._memo:
                self._memo[key] = self.bm25.score(q.question, r)
            scored.append((self._memo[key], r))
        scored.sort(key=lambda x: -x[0])
        return answer_recall(q.answer, [t for _, t in scored[:TOP]])

    def delta(self, idx: Sequence[int], records: Sequence[str]) -> tuple[float, float]:
        """(mean QA(S1+S2), mean QA(S1)) over the questions idx."""
        if not idx:
            return 0.0, 0.0
        both = sum(self.both(i, records) for i in idx) / len(idx)
        return both, sum(self.questions[i].s1 for i in idx) / len(idx)
