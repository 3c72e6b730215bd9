"""A home or workplace merely *named* in a person's early lines, end to end on Neo4j (wording of no data set):
no rule and no classifier reads it as theirs, yet a question about what held before a change, or at a time
before anything of theirs was stated, answers with it, quoting the line; never a place named by someone else
or as someone else's."""

from __future__ import annotations

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ingest_chat

LINES = [
    ("n000", "odile", "fog over inverness again, ferry cancelled, third time this month", None),
    ("n001", "bram", "ha, sunny here for once", "n000"),
    ("n002", "odile", "long double at quorvane tonight, 140 covers and the dishwasher quit", None),
    ("n003", "bram", "Piet's moved to Dunedin by the way, helped him carry the sofa", None),
    *[(f"n{n:03d}", ("bram", "odile")[n % 2], f"film club list #{n}: anyone seen the new one?", None)
      for n in range(4, 40)],
    ("n040", "odile", "big news: I got the sous chef job at the harbour hotel and we're off to Stavanger in June", None),
    ("n041", "bram", "Stavanger!! congrats", "n040"),
]


def test_a_place_named_in_passing_is_the_home_before_a_move(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    got = ask(graph, space, "Where did Odile live before Stavanger?", embedder=embedder)
    assert "inverness" in got.text.lower(), got.text
    assert "n000" in got.cited, got.cited
    assert "dunedin" not in got.text.lower(), got.text  # (Piet's home, told by Bram)


def test_a_workplace_named_in_passing_is_the_job_before_a_change(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    got = ask(graph, space, "Where did Odile work before the hotel?", embedder=embedder)
    assert "quorvane" in got.text.lower(), got.text
    assert "n002" in got.cited, got.cited


def test_a_place_named_in_passing_answers_where_someone_lives_when_nothing_says_it(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """Nothing of Bram's home is stated or recorded: his own latest line naming a town in passing is quoted; a
    town he names as somebody else's is not his."""
    lines = [*LINES, ("n042", "bram", "another grey morning in aberdeen, the gulls are at war with the bins", None),
             ("n043", "odile", "ha, classic", "n042")]
    ingest_chat(graph, space, embedder, lines)
    got = ask(graph, space, "Where is Bram based these days?", embedder=embedder)
    assert "aberdeen" in got.text.lower(), got.text
    assert "n042" in got.cited, got.cited
    assert "dunedin" not in got.text.lower(), got.text


def test_no_place_named_leaves_where_someone_lives_unknown(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    got = ask(graph, space, "Where is Bram based these days?", embedder=embedder)
    assert got.text.startswith("Not mentioned"), got.text


def test_everyones_homes_take_a_place_named_in_passing_for_a_member_with_nothing_stated(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    lines = [*LINES, ("n042", "bram", "another grey morning in aberdeen, the gulls are at war with the bins", None)]
    ingest_chat(graph, space, embedder, lines)
    got = ask(graph, space, "Where does everyone in the chat live these days?", embedder=embedder)
    assert "aberdeen" in got.text.lower(), got.text
    assert "n042" in got.cited, got.cited


def test_a_place_named_in_passing_is_not_where_someone_comes_from(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    lines = [*LINES, ("n042", "bram", "another grey morning in aberdeen, the gulls are at war with the bins", None)]
    ingest_chat(graph, space, embedder, lines)
    got = ask(graph, space, "Which town is Bram originally from?", embedder=embedder)
    assert "aberdeen" not in got.text.lower(), got.text
