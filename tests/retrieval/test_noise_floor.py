"""Dense noise floor and ties: a cosine below fusion.DENSE_FLOOR is no evidence, and messages with no evidence
keep conversation order in the final ranking (as BM25 keeps document order for zero scores) instead of the
order of their noise-level cosines."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np

from polymem.ingest.pipeline import Ingestor
from polymem.retrieval import ask
from polymem.retrieval.fusion import DENSE, DENSE_FLOOR, content_words, order_ties, score_fuse
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [Participant(id=p, name=p.title()) for p in ("ivo", "lena", "omar")]
LINES = [
    ("ivo", "Morning, everyone."),
    ("lena", "Hi!"),
    ("omar", "Did anybody see my blue scarf?"),
    ("ivo", "It was on the sofa yesterday."),
    ("omar", "Thanks, found it."),
    ("lena", "The bus was late again today."),
    ("ivo", "Typical."),
    ("omar", "Anyone up for tennis on Sunday?"),
    ("lena", "Count me in."),
    ("omar", "I finally repaired the lighthouse lamp last night, took me hours."),
    ("ivo", "Nice work!"),
    ("lena", "Pass the salt, please."),
    ("ivo", "Here you go."),
    ("omar", "Bye for now."),
]
QUESTION = "Who fixed the lamp in the old lighthouse?"


def test_cosine_below_the_floor_is_no_evidence_and_ties_keep_conversation_order() -> None:
    dense = [("a", (1 + 0.9) / 2), ("b", (1 + DENSE_FLOOR - 0.05) / 2), ("c", (1 + 0.05) / 2)]  # Neo4j: (1+cos)/2
    fused = score_fuse([[("d", 3.0)], dense], ["bm25", "vector"])
    assert fused["b"] == 0.0 and fused["c"] == 0.0  # kept, with no evidence
    assert abs(fused["a"] - DENSE * 0.9) < 1e-9 and fused["d"] == 1.0  # above the floor: the whole cosine
    msgs = {"a": {"seq": 5}, "b": {"seq": 9}, "c": {"seq": 2}, "d": {"seq": 7}}
    scored = sorted(fused.items(), key=lambda kv: -kv[1])
    assert order_ties(scored + [("e", 0.0)], msgs) == ["d", "a", "c", "b", "e"]  # e: no details read, last


def _ingest(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    t0 = datetime(2026, 5, 3, 18, 0, tzinfo=UTC)
    msgs = [Message(id=f"s{n}", text=t, speaker=s, time=t0 + timedelta(minutes=n), seq=n)
            for n, (s, t) in enumerate(LINES)]
    conv = Conversation.model_construct(id="evening", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)


def test_lines_without_evidence_follow_conversation_order(graph, space, embedder) -> None:
    _ingest(graph, space, embedder)
    a = ask(graph, space, QUESTION, embedder=embedder)
    assert a.cited and a.cited[0] == "s9" and a.ranked_message_ids[0] == "s9"
    # Lines that share no word with the question, sit well below the floor for the question and for its words
    # alone (the query of a later round), and are no neighbour of a line above it: no evidence at all.
    v = np.asarray(embedder.embed([QUESTION, " ".join(content_words(QUESTION)), *[t for _, t in LINES]]), dtype=float)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    cos = (v[2:] @ v[:2].T).max(axis=1)
    words = set(content_words(QUESTION))
    evidence = {n for n, (_, t) in enumerate(LINES) if cos[n] >= DENSE_FLOOR - 0.05 or words & set(content_words(t))}
    zero = [f"s{n}" for n in range(len(LINES)) if n not in evidence and not {n - 1, n + 1} & evidence]
    assert len(zero) >= 6, zero  # premise: most of the scene is small talk
    got = [m for m in a.ranked_message_ids if m in zero]
    assert got == zero, (got, [round(float(cos[int(m[1:])]), 3) for m in got])
