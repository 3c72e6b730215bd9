"""A job shown only in passing before a change, end to end on Neo4j (wording of no data set): a question about
what someone did *before* reads the person's own early lines, even where the search for the question never
ranks them; the same reading never answers what they do *now*."""

from __future__ import annotations

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ingest_chat

# Mara's work shows once, early, in passing. 150 lines of plans for the bookshop follow, half of them hers and
# about the work there, which both the question's words and a search for lines about jobs match far better.
_PLANS = ("I'll work the till myself at first", "we could hire a part-timer for saturdays",
          "I'm starting a job board by the door", "the new position of the shelves is better")
LINES = [
    ("h000", "mara", "ugh, 6am start at the depot again, forklift driver problems", None),
    *[(f"h{n:03d}", ("wen", "mara", "tobi_k", "mara")[n % 4], f"bookshop plan #{n}: {_PLANS[n % 4]}", None)
      for n in range(1, 151)],
    ("h151", "mara", "big news: the bookshop on Quay Street is mine now, keys on friday", None),
    ("h152", "wen", "the bookshop!! amazing", "h151"),
]


def test_a_job_shown_in_passing_is_the_job_before_a_change(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    before = ask(graph, space, "Which job did Mara have before the bookshop?", embedder=embedder)
    assert "driver" in before.text.lower(), before.text
    assert "h000" in before.cited, before.cited


def test_a_job_shown_in_passing_is_no_answer_for_now(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """A question about now that names a change ("now that she changed jobs") asks for the job after it: the
    reading in passing, history only, never answers it."""
    ingest_chat(graph, space, embedder, [*LINES[:151], ("h151", "mara", "started at Pell Bakery today, 4am alarms", None)])
    now = ask(graph, space, "Where does Mara work now that she changed jobs?", embedder=embedder)
    assert "driver" not in now.text.lower(), now.text


def test_a_question_about_a_pet_before_reads_no_home_or_job(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """A "before" question about another attribute asks nothing of what lines show of homes and jobs."""
    ingest_chat(graph, space, embedder, [*LINES, ("h153", "mara", "we adopted a dog today, Rolo!", None)])
    pet = ask(graph, space, "What pet did Mara have before Rolo?", embedder=embedder)
    assert "driver" not in pet.text.lower(), pet.text
