""""Who asked for X to be done?" is answered by whoever asked, not by the member asked to do it, however the
question files it; "who was asked to do X?" by the member asked. End to end on a real Neo4j; the chat is written for this test (in no data set)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from polymem.ingest.pipeline import Ingestor
from polymem.retrieval import ask
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [Participant(id="ines_v", name="Ines Varga", aliases=["Ines"]),
          Participant(id="tobi_a", name="Tobiah Asante", aliases=["Tobi"]),
          Participant(id="lale", name="Lale Kaya", aliases=["Lale"])]


def test_the_asker_not_the_one_asked(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    t0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
    lines = [("ines_v", "morning all, the bake sale flyers came out blurry"),
             ("lale", "@tobi_a could you reprint the bake sale flyers before thursday?"),
             ("tobi_a", "sure, leave it with me"),
             ("ines_v", "thanks both")]
    msgs = [Message(id=f"w{n}", text=t, speaker=s, time=t0 + timedelta(minutes=n), seq=n)
            for n, (s, t) in enumerate(lines)]
    conv = Conversation.model_construct(id="askedfor", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)
    a = ask(graph, space, "Who asked for the bake sale flyers to be reprinted?", embedder=embedder)
    assert a.answer_participant == "lale", (a.text, a.plan.intent)
    a = ask(graph, space, "Who was asked to reprint the bake sale flyers?", embedder=embedder)
    assert a.answer_participant == "tobi_a", (a.text, a.plan.intent)
