"""A plan settled by assent becomes the group's decision record, traced to the proposal and the assents (chat
written for this test)."""

from __future__ import annotations

from datetime import datetime

from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [Participant(id="ines", name="Ines Duarte", aliases=["Ines"]),
          Participant(id="tobi", name="Tobi Adewale", aliases=["Tobi"]),
          Participant(id="wren", name="Wren Calloway", aliases=["Wren"])]
CHAT = [("ines", "the allotment party is coming up. should we go for the boathouse?"),
        ("tobi", "fine by me"),
        ("wren", "works for me!"),
        ("ines", "lovely, I'll ring them tomorrow"),
        ("tobi", "the kitty though. would anyone mind setting it at £30 each?"),
        ("wren", "suits me"),
        ("ines", "same here"),
        ("wren", "petrol went up, could we bump the kitty to £35?"),
        ("ines", "yep fine"),
        ("tobi", "go for it")]


def test_proposals_agreed_by_two_others_are_decisions_traced_to_their_messages(graph: Graph, space: str) -> None:
    msgs = [Message(id=f"c{n}", speaker=s, text=t, time=datetime(2026, 5, 4, 18, n), seq=n)
            for n, (s, t) in enumerate(CHAT)]
    Ingestor(graph, None).ingest(space, Conversation.model_construct(
        id="chat", roster=ROSTER, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))
    write_space(graph, space, window=20, embedder=None)
    repo = RecordRepository(graph)
    heads = {r.value: r for r in repo.heads(space, owners=["GROUP"]) if (r.attribute or "").startswith("decision:")}
    assert "the boathouse" in heads and heads["the boathouse"].from_ids == ["c0", "c1", "c2"]
    assert "£35" in heads and "£30" not in heads  # the later agreement superseded the first
    chain = repo.chain(space, heads["£35"].id)
    assert [c["value"] for c in chain] == ["£30", "£35"]


def test_a_proposal_agreed_in_the_next_writer_window_is_still_decided(graph: Graph, space: str) -> None:
    filler = ["anyone watching the match", "nah", "same, too tired", "the bus was late again", "classic"]
    lines = [("tobi" if n % 2 else "wren", filler[n % len(filler)]) for n in range(19)]
    lines += [("ines", "should we go for the boathouse?"),  # the last message of the first window of 20
              ("tobi", "fine by me"), ("wren", "works for me!")]
    msgs = [Message(id=f"w{n:02d}", speaker=s, text=t, time=datetime(2026, 5, 4, 18, n), seq=n)
            for n, (s, t) in enumerate(lines)]
    Ingestor(graph, None).ingest(space, Conversation.model_construct(
        id="chat", roster=ROSTER, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))
    write_space(graph, space, window=20, embedder=None)
    heads = [r for r in RecordRepository(graph).heads(space, owners=["GROUP"])
             if (r.attribute or "").startswith("decision:")]
    assert [(r.value, r.from_ids) for r in heads] == [("the boathouse", ["w19", "w20", "w21"])]
