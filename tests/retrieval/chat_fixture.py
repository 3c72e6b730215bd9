"""A small hand-made group chat (reversed decision, requests, reports, opinions) ingested for real."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from polymem.graph import Graph
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [
    Participant(id="mara", name="Mara Quist", aliases=["Mara"]),
    Participant(id="tobi_k", name="Tobias Klein", aliases=["Tobi", "Tobias"]),
    Participant(id="wen", name="Wen Li", aliases=["Wen"]),
    Participant(id="oskar", name="Oskar Berg", aliases=["Oskar"]),  # never states anything: empty row
]
LINES = [
    ("c01", "mara", "I live in Lisbon these days.", None),
    ("c02", "tobi_k", "I work as a baker at Crumb & Co.", None),
    ("c03", "wen", "my cousin just moved to Oslo, she loves it", None),
    ("c04", "tobi_k", "How about the rooftop bar for the party?", None),
    ("c05", "wen", "Maybe the old mill for the party?", None),
    ("c06", "mara", "Decision made: the rooftop bar for the party.", None),
    ("c07", "wen", "Tobi, can you buy the balloons?", None),
    ("c08", "tobi_k", "Sure, I'll buy the balloons.", "c07"),
    ("c09", "wen", "Honestly, I think Mara is the funniest person here.", None),
    ("c10", "tobi_k", "Not gonna lie, Mara is always late.", None),
    ("c11", "tobi_k", "Did you all hear Mara moved to Madrid?", None),
    ("c12", "wen", "Update: the rooftop bar is off, we switched the party to the old mill.", None),
    ("c13", "wen", "anyone watching the match tonight?", None),
]


def ingest_chat(graph: Graph, space: str, embedder, lines=LINES) -> None:  # type: ignore[no-untyped-def]
    t0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    msgs = [Message(id=i, text=t, speaker=s, reply_to=[r] if r else [], time=t0 + timedelta(hours=n), seq=n)
            for n, (i, s, t, r) in enumerate(lines)]
    conv = Conversation.model_construct(id="chat", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)


def ingest_timed(graph: Graph, space: str, embedder, roster: list[Participant],  # type: ignore[no-untyped-def]
                 lines: list[tuple[str, str, float]], t0: datetime, prefix: str) -> None:
    """Ingest (speaker, text, hours after t0) lines as messages `<prefix>00`, `<prefix>01`, ... and run the
    real writer over them."""
    from polymem.ingest.writer import write_space

    msgs = [Message(id=f"{prefix}{n:02d}", text=t, speaker=s, time=t0 + timedelta(hours=h), seq=n)
            for n, (s, t, h) in enumerate(lines)]
    conv = Conversation.model_construct(id=space, roster=roster, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)
    write_space(graph, space)


def timed_space(graph: Graph, embedder, name: str, roster: list[Participant],  # type: ignore[no-untyped-def]
                lines: list[tuple[str, str, float]], t0: datetime, prefix: str) -> Iterator[str]:
    """The body of a module fixture: a fresh space `test-<name>-<time>` holding `lines` (ingest_timed),
    dropped after the module's tests."""
    from polymem.graph.messages import MessageRepository

    space = f"test-{name}-" + datetime.now().strftime("%H%M%S%f")
    ingest_timed(graph, space, embedder, roster, lines, t0, prefix)
    yield space
    MessageRepository(graph).drop_space(space)
