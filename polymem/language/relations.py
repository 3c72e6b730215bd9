"""How the speaker of a message stands to a place or an occupation it names, read by meaning.

Grammar finds most homes and jobs ("we moved to X", "I'm a Y now"), but chat says them in ways no parser
rule foresees ("keys in hand, X it is", "first week of nights on the ward, the badge says Y"). For a span the
rules left unread, a classifier over MiniLM sentence vectors says which relation the message expresses:
the speaker lives there now, lived there before, may move there, is only visiting, or none of these (for an
occupation: holds it now, held it before, may take it up, or none). The span itself is masked with a neutral
word, so the classifier judges the wording around it, never the name.

It is trained when first used, from labelled chat lines written for this purpose in their own words
(`polymem/data/relations/*.jsonl`, no line from any evaluation set), with one threshold per label calibrated
by cross-validation so that a label is given only where its held-out precision reached `PRECISION`; below
that the classifier abstains. `python -m bench.relations` measures it against the rules on lines written
by another author (`bench/data/relations`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import numpy as np

from polymem.language.models import SENTENCE_MODEL, encode

Task = Literal["home", "job", "creature"]
LABELS: dict[Task, tuple[str, ...]] = {
    "home": ("home_now", "home_before", "home_plan", "visit", "other"),
    "job": ("job_now", "job_before", "job_plan", "other"),
    # what a name stands for: an animal someone keeps, a person, or anything else (a place, a firm, a car...)
    "creature": ("pet", "person", "other"),
}
# Neutral stand-ins for the masked span: made-up words, so no real name's associations enter the vector.
_MASK: dict[Task, str] = {"home": "Varnholm", "job": "plinsmith", "creature": "Zorvel"}
PRECISION = 0.8  # held-out precision a label must reach (cross-validated) before it is given
_DATA = Path(__file__).resolve().parents[1] / "data" / "relations"
_lock = threading.Lock()


@dataclass(frozen=True)
class Relation:
    label: str
    p: float  # the classifier's probability of the label


# A span to judge: (text, span) for its first occurrence, or (text, span, offset) for the one at that character
# offset ("the nursery ... twenty years a nurse": the nurse, not the first "nurse" inside "nursery").
Item = tuple[str, str] | tuple[str, str, int]


def _at(text: str, span: str, at: int | None) -> int:
    return at if at is not None and text[at:at + len(span)] == span else text.find(span)


def masked(text: str, span: str, task: Task, at: int | None = None) -> str:
    """The text with `span` (at offset `at`, else its first occurrence) replaced by the task's neutral word."""
    at = _at(text, span, at)
    if at < 0:
        return text
    return text[:at] + _MASK[task] + text[at + len(span):]


_PREPS = ("to", "from", "in", "at", "as", "for", "near", "out")
_NOW_WORDS = ("now", "currently", "still", "today", "rn")
_MODAL_FUTURE = ("will", "'ll", "’ll", "shall", "gonna")


def span_token(doc: Any, span: str, at: int | None = None) -> Any | None:
    """The last token of `span` in the parsed message, at character offset `at` where given (the text may have
    been cleaned before parsing: then its first occurrence)."""
    at = _at(doc.text.lower(), span.lower(), at)
    if at >= 0:
        toks = [t for t in doc if at <= t.idx < at + len(span)]
        if toks:
            return toks[-1]
    last = span.split()[-1].lower() if span.split() else ""
    return next((t for t in doc if t.lower_ == last), None)


def grammar(doc: Any, span: str, at: int | None = None) -> np.ndarray:
    """What the parse says around the span, as 0/1 features the sentence vector barely carries: the tense and
    aspect of the verb it hangs on, modality, negation and "no longer", a "now", who the subject is, a
    question, the preposition before it, and an adjective of an earlier time on it ("former", "ex-")."""
    from polymem.language import syntax as sx
    from polymem.language.statements_former import FORMER, earlier

    f = np.zeros(GRAMMAR_FEATURES, dtype=np.float32)
    t = span_token(doc, span, at)
    if t is None:
        return f
    sent = t.sent
    v = t
    while v.pos_ not in ("VERB", "AUX") and v.head.i != v.i:  # (spaCy makes a new Token per access: no `is`)
        v = v.head
    aux = [c for c in v.children if c.dep_ in ("aux", "auxpass")]
    subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    flags = [  # (in GRAMMAR_NAMES order)
        v.tag_ == "VBD" and not aux,
        v.tag_ in ("VBZ", "VBP"),
        v.tag_ == "VBG",
        v.tag_ == "VBN" and any(a.lemma_ == "have" for a in aux),
        any(a.lower_ in _MODAL_FUTURE for a in aux) or any(c.lower_ == "going" for c in v.children),
        sx.hedged(v) if v.pos_ in ("VERB", "AUX") else False,
        sx.used_to(v),
        sx.negated(v, sent),
        sx.ended(v, sent),
        any(x.lower_ in _NOW_WORDS for x in sent),
        subj is not None and subj.lower_ in ("i", "we", "me", "us"),
        subj is not None and subj.lower_ not in ("i", "we", "me", "us", "you"),
        subj is None,
        sent.text.rstrip().endswith("?"),
        any(earlier(c, FORMER) for c in t.lefts) or (t.i >= 2 and doc[t.i - 2].lower_ == "ex"),
        t.dep_ == "poss" or any(c.dep_ == "poss" and c.lower_ not in ("my", "our") for c in t.children),
    ]
    prep = t.head.lower_ if t.dep_ == "pobj" else ""
    flags += [prep == p for p in _PREPS]
    f[:len(flags)] = np.array(flags, dtype=np.float32)
    return f


GRAMMAR_NAMES = ("simple past", "present", "progressive", "perfect", "future", "hedged", "used to", "negated",
                 "no longer", "now", "first person subject", "third person subject", "no subject", "question",
                 "earlier", "someone else's", *(f"after {p}" for p in _PREPS))
GRAMMAR_FEATURES = 24


def grammar_flags(doc: Any, span: str, at: int | None = None) -> dict[str, bool]:
    """`grammar` by name."""
    return dict(zip(GRAMMAR_NAMES, map(bool, grammar(doc, span, at)), strict=False))
GRAMMAR_WEIGHT = 0.5  # the features' scale next to a unit sentence vector


def load_examples(path: Path) -> list[dict[str, str]]:
    """Labelled lines {text, span, label}; ValueError names the file and line of a malformed one."""
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            ex = json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}:{i}: not JSON ({e.msg})") from e
        if not isinstance(ex, dict) or not all(isinstance(ex.get(k), str) for k in ("text", "span", "label")):
            raise ValueError(f"{path}:{i}: needs string fields text, span and label")
        if ex["span"] not in ex["text"]:
            raise ValueError(f"{path}:{i}: span {ex['span']!r} is not in the text")
        out.append(ex)
    return out


class RelationModel:
    """Multinomial logistic regression over masked sentence vectors, with per-label abstention thresholds.
    Prediction is plain numpy (softmax of a linear map), so a model read back from the cache predicts
    exactly as the fitted one."""

    def __init__(self, task: Task, coef: np.ndarray, intercept: np.ndarray, classes: np.ndarray,
                 thresholds: dict[str, float]) -> None:
        self.task, self.labels = task, LABELS[task]
        self.coef, self.intercept, self.classes, self.thresholds = coef, intercept, classes, thresholds

    @classmethod
    def fit(cls, task: Task, examples: list[dict[str, str]], folds: int = 5, seed: int = 0) -> RelationModel:
        labels = LABELS[task]
        bad = sorted({ex["label"] for ex in examples} - set(labels))
        if bad:
            raise ValueError(f"unknown {task} labels {bad}; known: {list(labels)}")
        x = features(task, [(ex["text"], ex["span"]) for ex in examples])
        y = np.array([labels.index(ex["label"]) for ex in examples])
        m = _logistic(x, y)
        return cls(task, m.coef_, m.intercept_, m.classes_, _calibrate(x, y, labels, folds, seed))

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # (a name of this process and thread: two workers training at once never write one file together)
        tmp = path.with_name(f"{path.stem}.{os.getpid()}-{threading.get_ident()}.tmp.npz")
        np.savez(tmp, coef=self.coef, intercept=self.intercept, classes=self.classes,
                 thresholds=np.array([self.thresholds[x] for x in self.labels]))
        tmp.replace(path)

    @classmethod
    def load(cls, task: Task, path: Path) -> RelationModel:
        with np.load(path) as z:
            return cls(task, z["coef"], z["intercept"], z["classes"],
                       dict(zip(LABELS[task], map(float, z["thresholds"]), strict=True)))

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        """Each label's probability per row of sentence vectors (columns in `LABELS[task]` order)."""
        z = x @ self.coef.T + self.intercept
        z = np.exp(z - z.max(1, keepdims=True))
        out = np.zeros((len(x), len(self.labels)))
        out[:, self.classes] = z / z.sum(1, keepdims=True)
        return out

    def classify(self, items: list[Item], docs: list[Any] | None = None) -> list[Relation | None]:
        """(text, span[, offset]) items -> the relation of each, or None where no label clears its threshold.
        `docs`: the texts already parsed (one per item), so they are not parsed again."""
        if not items:
            return []
        out: list[Relation | None] = []
        for row in self.probabilities(features(self.task, items, docs)):
            i = int(row.argmax())
            out.append(Relation(self.labels[i], float(row[i])) if row[i] >= self.thresholds[self.labels[i]] else None)
        return out


def features(task: Task, items: list[Item], docs: list[Any] | None = None) -> np.ndarray:
    """The masked sentence vector of each (text, span[, offset]), with the parse's features beside it."""
    from polymem.language.models import parse_many

    spans = [(it[0], it[1], it[2] if len(it) > 2 else None) for it in items]  # type: ignore[misc]
    vecs = encode([masked(t, s, task, at) for t, s, at in spans])
    if not USE_GRAMMAR:
        return vecs
    docs = docs if docs is not None else parse_many([t for t, _, _ in spans])
    gram = np.stack([grammar(d, s, at) for d, (_, s, at) in zip(docs, spans, strict=True)]) if items else \
        np.zeros((0, GRAMMAR_FEATURES), dtype=np.float32)
    if task == "creature":  # the name itself, though masked in the vector, says something of what it names
        word = np.stack([name_kind(d, s, at) for d, (_, s, at) in zip(docs, spans, strict=True)]) if items else \
            np.zeros((0, NAME_FEATURES), np.float32)
        gram = np.hstack([gram, word])
    return np.hstack([vecs, GRAMMAR_WEIGHT * gram])


NAME_FEATURES = 12
_ANIMAL_GLOSS = re.compile(r"\b(?:animals?|pets?)\b")


@lru_cache(maxsize=50_000)
def _of_animals(lemma: str, pos: str) -> bool:
    """A word whose dictionary definition speaks of animals or pets ("vet", "hutch", "leash", "yowl", "purr"):
    WordNet's glosses of its first two senses."""
    from polymem.language import lexical as lex

    p = {"NOUN": "n", "VERB": "v", "ADJ": "a"}.get(pos)
    return p is not None and any(_ANIMAL_GLOSS.search(x.definition()) for x in lex._synsets(lemma, p)[:2])


_THING_ENTS = ("GPE", "LOC", "ORG", "FAC", "PRODUCT", "NORP", "EVENT", "WORK_OF_ART")


def name_kind(doc: Any, span: str, at: int | None = None) -> np.ndarray:
    """What kind of word a name is and what stands beside it, as 0/1 features; only the word's kind enters,
    never the word: one WordNet knows as something other than a person (pets are named after foods and things:
    "Biscuit"), one it knows only as a given name, typed in lower case, of several words; the tagger's entity
    type; elsewhere in the line, a word WordNet defines by animals or pets ("vet", "hutch") and an animal noun; a
    noun for a person or an animal set beside it ("Grandma Rita", "our tortoise Sheldon", "a staffie called
    Tyson"); "it" or "he"/"she" in the message (in that order)."""
    from polymem.language import lexical as lex

    words = span.split()
    last = words[-1].lower() if words else ""
    nouns = lex._synsets(last, "n")
    common = any(not x.instance_hypernyms() for x in nouns) and not lex.is_person_noun(last, 1)
    given = bool(nouns) and all(x.instance_hypernyms() or lex.is_person_noun(last, 1) for x in nouns)
    t = span_token(doc, span, at)
    near: list[Any] = []
    if t is not None:  # the words the name is set beside: its modifiers, what it modifies, its apposition
        near = [c for c in t.children if c.dep_ in ("compound", "appos", "amod", "nmod")] + \
            [x for x in doc[max(t.sent.start, t.i - len(words) - 1):t.i - len(words) + 1] if x.pos_ == "NOUN"]
        if t.dep_ in ("appos", "compound", "oprd", "attr"):
            near.append(t.head)
        near += [c for c in t.head.children if c.dep_ == "oprd"] if t.head.lemma_ in ("call", "name") else []
    lemmas = [x.lemma_.lower() for x in near if x.pos_ in ("NOUN", "PROPN") and x.i != (t.i if t is not None else -1)]
    pronouns = {x.lower_ for x in doc}
    others = [x for x in doc if x.is_alpha and not x.is_stop and (t is None or x.i != t.i)]
    return np.array([common, given, span.islower(), len(words) > 1,
                     any(_of_animals(x.lemma_.lower(), x.pos_) for x in others),
                     any(x.pos_ == "NOUN" and lex.is_animal(x.lemma_.lower()) for x in others),
                     t is not None and t.ent_type_ == "PERSON", t is not None and t.ent_type_ in _THING_ENTS,
                     any(lex.is_person_noun(w, 1) for w in lemmas), any(lex.is_animal(w) for w in lemmas),
                     bool(pronouns & {"it", "its"}), bool(pronouns & {"he", "she", "his", "her", "him"})],
                    dtype=np.float32)


USE_GRAMMAR = os.environ.get("POLYMEM_RELATION_GRAMMAR", "1") != "0"


def _logistic(x: np.ndarray, y: np.ndarray) -> Any:
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=4.0, max_iter=2000).fit(x, y)


def _calibrate(x: np.ndarray, y: np.ndarray, labels: tuple[str, ...], folds: int, seed: int) -> dict[str, float]:
    """Per label, the lowest probability at which cross-validated predictions of it are right at least
    PRECISION of the time (over at least 5 of them; 1.01: never given)."""
    order = np.random.default_rng(seed).permutation(len(y))
    probs = np.zeros((len(y), len(labels)))
    for k in range(folds):
        test = order[k::folds]
        m = _logistic(x[np.setdiff1d(order, test)], y[np.setdiff1d(order, test)])
        probs[np.ix_(test, m.classes_)] = m.predict_proba(x[test])
    best, top = probs.argmax(1), probs.max(1)
    out: dict[str, float] = {}
    for li, label in enumerate(labels):
        picked = sorted(((top[i], y[i] == li) for i in range(len(y)) if best[i] == li), key=lambda p: -p[0])
        tau, right = 1.01, 0
        for n, (p, ok) in enumerate(picked, 1):
            right += int(ok)
            if n >= 5 and right / n >= PRECISION:
                tau = float(p)
        out[label] = tau
    return out


def _code() -> bytes:
    """What the fitted model depends on besides its lines: this module (features, training settings), the
    grammar it reads the parse with, the parser and the fitting library."""
    import sklearn

    from polymem.language import models, statements_former, syntax

    files = b"".join(Path(m.__file__ or "").read_bytes() for m in (syntax, statements_former))
    return Path(__file__).read_bytes() + files + f"{models.SPACY_MODEL}{sklearn.__version__}".encode()


def _cache_path(task: Task, data: bytes) -> Path:
    base = os.environ.get("POLYMEM_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "polymem")
    digest = hashlib.sha256(data + _code() + SENTENCE_MODEL.encode() + str(PRECISION).encode() +
                            f"{USE_GRAMMAR}{GRAMMAR_FEATURES}{GRAMMAR_WEIGHT}".encode()).hexdigest()[:16]
    return Path(base) / "relations" / f"{task}-{digest}.npz"


@lru_cache(maxsize=2)
def model(task: Task) -> RelationModel:
    """The packaged classifier of `task`: trained on first use, then read back from the cache (keyed by the
    training lines, the encoder and the precision asked for)."""
    paths = sorted(_DATA.glob(f"{task}*.jsonl"))  # ("home.jsonl", "home2.jsonl": lines by several authors)
    with _lock:
        cached = _cache_path(task, b"".join(p.read_bytes() for p in paths))
        if cached.exists():
            try:
                return RelationModel.load(task, cached)
            except Exception:  # noqa: BLE001 (empty, truncated or foreign: EOFError, BadZipFile, KeyError...)
                pass  # a damaged cache file is rebuilt
        m = RelationModel.fit(task, [ex for p in paths for ex in load_examples(p)])
        try:
            m.save(cached)
        except OSError:
            pass  # a read-only home: train again next time
        return m


def relations(task: Task, items: list[Item], docs: list[Any] | None = None) -> list[Relation | None]:
    return model(task).classify(items, docs)


def probabilities(task: Task, items: list[Item], docs: list[Any] | None = None) -> Any:
    """Each label's probability per item (columns in `LABELS[task]` order)."""
    return model(task).probabilities(features(task, items, docs))
