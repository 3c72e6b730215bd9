"""The job someone left, end to end on Neo4j with the real writer (wording of no data set): "handed in my
notice at X" then a new job is a history X -> new, so "before" and "now" differ."""

from __future__ import annotations

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ingest_chat

LINES = [
    ("j01", "mara", "morning! anyone else's train cancelled?", None),
    ("j02", "mara", "news: handed in my notice at the bakery today 🥐 scary", None),
    ("j03", "wen", "whoa!! what's next?", "j02"),
    ("j04", "mara", "I start at Hollow Oak Press on monday, proofreading cookbooks", "j03"),
    ("j05", "tobi_k", "that's perfect for you", None),
]


def test_the_workplace_left_is_the_job_before(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    before = ask(graph, space, "Where did Mara work before Hollow Oak Press?", embedder=embedder)
    assert "bakery" in before.text.lower(), before.text
    now = ask(graph, space, "Where does Mara work now?", embedder=embedder)
    assert "Hollow Oak" in now.text and "bakery" not in now.text.lower(), now.text
