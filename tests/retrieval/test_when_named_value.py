""""When did X move / start?" where the value asked is named in several lines: the day one of them tells (a move
"yesterday", a start "on Monday 2 November") wins over the day of the first line that named it; a question
naming a value no line of the person's gives is found by search, not answered with another change's day. End to
end on Neo4j with the real writer (wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

T0 = datetime(2026, 10, 5, 18, 0, tzinfo=UTC)  # a Monday
LINES = [
    ("wen", "I live in Pori, ten minutes from the harbour", -500),
    ("tobi_k", "I work as a baker at Crumb & Co.", -400),
    ("wen", "news: I'm moving to Varnholt, the flat is ours!!", 0),
    ("mara", "wen!! amazing", 0.2),
    ("tobi_k", "got the job at Quillworks!! starting on Monday 2 November", 1),
    ("mara", "tobi that's huge, congrats", 1.1),
    ("wen", "made it!! moved to Varnholt yesterday, the cat spent the night under the sink", 96),
    ("mara", "I work at the library in Pori, three days a week", -300),
    ("mara", "left the library last month, I work at Pellworth Books now", 97),
]


def test_the_day_a_line_tells_beats_the_first_line_naming_the_value(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "v")
    a = ask(graph, space, "When did Wen move to Varnholt?", embedder=embedder)
    assert a.plan.intent == "when", a.plan
    assert "2026-10-08" in a.text, a.text  # "yesterday" in Friday's line, not the day of Monday's news
    b = ask(graph, space, "When did Tobi start at Quillworks?", embedder=embedder)
    assert "2026-11-02" in b.text, b.text  # the date with its weekday, not the nearest Monday
    c = ask(graph, space, "what date was wen's move to varnholt", embedder=embedder)
    assert c.plan.intent == "when", c.plan  # a move to a town typed in lower case
    assert "2026-10-08" in c.text, c.text
    d = ask(graph, space, "When did Mara start at Brindleworth?", embedder=embedder)
    assert "Pellworth" not in d.text and d.abstained, d.text  # no post of hers there: searched, nothing found
