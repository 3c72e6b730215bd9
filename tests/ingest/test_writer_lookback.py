"""A pet named in one writer window and said to be an animal in a later one (chat written for this test)."""

from __future__ import annotations

from datetime import datetime

from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [Participant(id="odile", name="Odile Ferrand", aliases=["Odile"]),
          Participant(id="kasimir", name="Kasimir Brandt", aliases=["Kasimir"])]
FILLER = ["did anyone see the match", "no, was working late", "same here", "the kettle at work broke again",
          "classic", "what's everyone doing saturday", "not sure yet", "probably nothing", "same tbh"]


def test_a_name_from_an_earlier_window_gets_its_kind_from_a_later_one(graph: Graph, space: str) -> None:
    texts = [("odile", "gherkin stole a sock off the radiator again")]
    texts += [("kasimir" if n % 2 else "odile", FILLER[n % len(FILLER)]) for n in range(8)]
    texts += [("odile", "gherkin is now asleep in the laundry basket, zero remorse")]
    texts += [("kasimir", "lol"), ("kasimir", "what's the plan for the weekend")]
    texts += [("odile", "honestly ferrets are pure chaos")]  # message 12: the second window of 10
    msgs = [Message(id=f"m{n:02d}", speaker=s, text=t, time=datetime(2026, 3, 2, 9, n), seq=n)
            for n, (s, t) in enumerate(texts)]
    Ingestor(graph, None).ingest(space, Conversation.model_construct(
        id="chat", roster=ROSTER, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))
    write_space(graph, space, window=10, embedder=None)
    pets = RecordRepository(graph).heads(space, owners=["odile"], attribute="pet")
    assert [(p.value, "Gherkin" in (p.content or "")) for p in pets] == [("ferret", True)]
    assert pets[0].from_ids == ["m12"]  # told where its kind is said: the message it comes from


ROSTER3 = [*ROSTER, Participant(id="ines", name="Ines Varga", aliases=["Ines"])]


def test_a_venue_talked_down_before_the_window_is_replaced_in_it(graph: Graph, space: str) -> None:
    # the closure is said two messages before the window that chooses anew: only the look-back holds it
    texts = [("odile", "for the summer lunch I'd like the upstairs room at the Kettle Inn, Sunday 3 May"),
             ("kasimir", "the kettle inn sounds good"), ("ines", "yes!"), ("kasimir", "sure")]
    texts += [("kasimir" if n % 2 else "ines", FILLER[n % len(FILLER)]) for n in range(10)]
    texts += [("ines", "the Kettle Inn is closed for repairs the whole of may"), ("kasimir", "typical"),
              ("odile", "what about the boathouse cafe?"), ("ines", "oh lovely"), ("kasimir", "boathouse gets my vote"),
              ("odile", "filler line one"), ("odile", "filler line two"), ("odile", "filler line three"),
              ("odile", "ok, the boathouse cafe it is")]  # message 22: the third window of 10, the closure at 14
    msgs = [Message(id=f"m{n:02d}", speaker=s, text=t, time=datetime(2026, 3, 2, 9, n), seq=n)
            for n, (s, t) in enumerate(texts)]
    Ingestor(graph, None).ingest(space, Conversation.model_construct(
        id="chat", roster=ROSTER3, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))
    write_space(graph, space, window=10, embedder=None)
    heads = [r for r in RecordRepository(graph).heads(space) if (r.attribute or "").startswith("decision:")]
    assert any("boathouse" in (r.value or "").lower() and "Kettle Inn" in (r.content or "") for r in heads), \
        [(r.attribute, r.value, r.content) for r in heads]
