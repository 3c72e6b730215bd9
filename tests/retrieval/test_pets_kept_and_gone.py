"""Several pets of one member, two of one kind, and one that died, end to end on Neo4j with the real writer
(wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.graph.records import RecordRepository
from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "Clover is my guinea pig, she squeaks whenever the fridge opens", 0),
    ("mara", "clover!! need pics", 0.2),
    ("wen", "and as of saturday she has company. meet nutmeg [photo: two guinea pigs in a hay pile]", 30),
    ("tobi_k", "Rascal is my ferret, he steals socks", 31),
    ("tobi_k", "Mango is my cockatiel, she whistles the kettle tune", 31.1),
    ("mara", "lol", 31.2),
    ("tobi_k", "bad day. Rascal died this morning, he was nine", 200),
    ("wen", "oh tobi, so sorry", 200.3),
    ("tobi_k", "anyone free to help me move a sofa on saturday?", 230),
    ("mara", "my tortoise is older than me, he came with the house", 231),
    ("wen", "ha", 231.5),
    ("mara", "sad news, my old tortoise died at the weekend", 400),
]
T0 = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)


def test_two_animals_of_one_kind_and_one_that_died(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "k")
    repo = RecordRepository(graph)
    heads = [r for r in repo.heads(space, attribute="pet")]
    assert {(r.owner, r.event) for r in heads} >= {("wen", "pet:clover"), ("wen", "pet:nutmeg")}
    got = ask(graph, space, "Which guinea pigs does Wen have?", embedder=embedder)
    assert "clover" in got.text.lower() and "nutmeg" in got.text.lower(), got.text
    # the ferret's record is ended, and a question about now does not give it as kept
    ferret = [r for r in heads if r.owner == "tobi_k" and r.event == "pet:rascal"]
    assert ferret and all("(before)" in r.content for r in ferret), [r.content for r in ferret]
    now = ask(graph, space, "What pet does Tobi have now?", embedder=embedder)
    assert "mango" in now.text.lower() and "rascal" not in now.text.lower(), now.text
    died = ask(graph, space, "Which of Tobi's animals passed away?", embedder=embedder)
    assert "rascal" in died.text.lower() and "mango" not in died.text.lower(), died.text
    # a death told without a name ends the owner's one animal of that kind
    mara = [r for r in RecordRepository(graph).heads(space, attribute="pet") if r.owner == "mara"]
    assert mara and all("(before)" in r.content for r in mara), [r.content for r in mara]
