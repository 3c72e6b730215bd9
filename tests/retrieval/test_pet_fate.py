"""A question about what became of a member's animal, end to end on Neo4j with the real writer (wording of no
data set): the animal is called by its name in the line that tells its fate, so the name stands for the animal
word, and the member's own newest line about it answers; which animal it is stays a pet question."""

from __future__ import annotations

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ingest_chat

LINES = [
    ("p01", "mara", "my cat Biscuit knocked a plant off the shelf again", None),
    ("p02", "wen", "classic cat behaviour", "p01"),
    ("p03", "tobi_k", "anyone fancy the quiz on thursday?", None),
    ("p04", "wen", "I'm in for the quiz", "p03"),
    ("p05", "mara", "sad update: the new flat has a no-pets rule, so Biscuit is off to live with my mum in Leeds", None),
    ("p06", "tobi_k", "oh no, at least he'll have a garden", "p05"),
]


def test_the_fate_of_a_members_animal_is_told_by_its_name(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    for q in ("What became of Mara's cat?", "Where does Mara's cat live now?"):
        a = ask(graph, space, q, embedder=embedder)
        assert "mum" in a.text and a.cited == ["p05"], (q, a.text, a.cited)
    # which animal it is stays a pet question, answered from the pet read
    which = ask(graph, space, "What is Mara's cat called?", embedder=embedder)
    assert "Biscuit" in which.text, which.text
