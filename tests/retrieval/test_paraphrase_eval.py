"""Held-out-style check: a chat with new names, values and wording for every construct (none of it seen
while the rules were written for the groupchat set), scored per question type like the groupchat bench."""

from __future__ import annotations

from pathlib import Path

from groupchat_eval import evaluate, ingest

DATA = Path(__file__).parent / "data" / "paraphrase_chat.json"


def test_paraphrase_chat_per_type_accuracy(graph, space, embedder) -> None:
    data = ingest(graph, space, DATA, embedder)
    assert len(data["messages"]) >= 80 and len({q["type"] for q in data["qa"]}) == 13
    acc, fails = evaluate(graph, space, data, embedder)
    low = {t: round(a, 2) for t, a in acc.items() if a < 0.6}
    assert not low, (low, fails)
    assert acc["overall"] >= 0.75, (acc, fails)
