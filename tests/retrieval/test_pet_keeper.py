"""Who has a member's animal now, end to end on Neo4j with the real writer (wording of no data set): the
latest line that hands the animal to someone answers, with the animal as memory knows it, citing that line;
a line about someone else's animal, or about the owner alone, does not."""

from __future__ import annotations

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ingest_chat

LINES = [
    ("k01", "mara", "my hedgehog Pimpernel has discovered the cat flap", None),
    ("k02", "wen", "a hedgehog?? amazing", "k01"),
    ("k03", "tobi_k", "quiz on thursday anyone?", None),
    ("k04", "wen", "my cousin is looking after my goldfish this week", None),
    ("k05", "mara", "off to Lisbon for three months! Pimpernel stays with my neighbour Ilse while I'm away", None),
    ("k06", "tobi_k", "Lisbon!! enjoy", "k05"),
    ("k07", "mara", "update: Ilse has a new dog, so Pimpernel went to live with my brother in Gdańsk", None),
]


def test_the_latest_keeper_of_a_members_animal(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    for q in ("Who is looking after Mara's hedgehog now?", "where does mara's hedgehog live these days?"):
        a = ask(graph, space, q, embedder=embedder)
        assert "brother" in a.text and "Gdańsk" in a.text, (q, a.text)
        assert a.cited == ["k07"], (q, a.cited)
        assert "cousin" not in a.text, a.text  # (Wen's goldfish's keeper)
    who = ask(graph, space, "who has Pimpernel the hedgehog now?", embedder=embedder)
    assert "brother" in who.text, who.text


def test_an_animal_of_someone_elses_answers_a_yes_no_question(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    lines = [*LINES, ("k08", "tobi_k", "my lodger's python got out again, found it in the airing cupboard", None),
             ("k09", "wen", "NOPE", "k08")]
    ingest_chat(graph, space, embedder, lines)
    a = ask(graph, space, "does tobi have a python??", embedder=embedder)
    assert a.text.startswith("No") and "lodger" in a.text and a.cited == ["k08"], (a.text, a.cited)
    # guard: an animal of one's own is no one else's
    own = ask(graph, space, "does Mara have a hedgehog?", embedder=embedder)
    assert not own.text.startswith("No"), own.text
