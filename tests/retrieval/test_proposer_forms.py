""""Who suggested X?" when X is put forward as a question ("or X?", "just do X?", "could we ...?"), named in
passing earlier, named in other words, or asked about inside a clause of when. End to end on a real Neo4j with
the real writer; the chat is written for this test (no data set's words, names or values)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="ines_v", name="Ines Varga", aliases=["Ines"]),
    Participant(id="kofi", name="Kofi Mensah", aliases=["Kofi"]),
    Participant(id="lars_h", name="Lars Holm", aliases=["Lars"]),
    Participant(id="maya", name="Maya Ortiz", aliases=["Maya"]),
]
T0 = datetime(2026, 10, 5, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("maya", "my cousin drove down from Ravenglass last week, took her four hours", 0),
    ("lars_h", "four hours is brutal", 1),
    ("kofi", "anyone seen my blue umbrella? left it after choir", 5),
    ("ines_v", "it's on the coat rack", 6),
    ("ines_v", "so the retreat: the hostel in Keswick cancelled on us. where else?", 20),
    ("kofi", "or Ravenglass? tiny place, but the steam railway is right there", 21),
    ("lars_h", "hmm, far for me", 22),
    ("ines_v", "team shirts: green like last year?", 30),
    ("lars_h", "just do navy? goes with everything and hides the mud", 31),
    ("ines_v", "navy shirts it is, ordering tonight", 32),
    ("maya", "could we change the raffle this time? the hospice has opened a garden appeal", 40),
    ("ines_v", "agreed. the raffle now goes to the hospice garden appeal", 41),
    ("kofi", "May I suggest we all take the train up and share a taxi from the station? the lane is narrow", 50),
    ("maya", "good shout, I hate driving round there", 51),
    ("lars_h", "where do we hold the quiz night this year?", 60),
    ("ines_v", "counterpoint: the boathouse. more room and a proper bar", 61),
    ("kofi", "hmm maybe", 62),
    ("maya", "I'll check the dates", 63),
    ("lars_h", "church hall is booked anyway", 64),
    ("kofi", "Given the flooding, I suggest we reconsider. Is the boathouse still an option?", 90),
    ("lars_h", "gift for the coach: a framed photo book of the whole season, everyone adds a page", 100),
    ("kofi", "nice", 101),
    ("ines_v", "who's collecting the money", 102),
    ("lars_h", "me", 103),
    ("maya", "hmm is a photo book a bit small for ten years with the club?", 110),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "proposerforms", ROSTER, LINES, T0, "p")


@pytest.mark.parametrize("question,who", [
    # a question that offers, not the earlier mention in passing; the clause of when is no part of the option
    ("When the group was looking for a new retreat venue, who pushed Ravenglass?", "kofi"),
    ("Who came up with switching the shirts to navy?", "lars_h"),  # "navy" names a colour here, not a fleet
    ("Who proposed changing the raffle to the hospice garden appeal?", "maya"),  # the offer, not "agreed"
    ("Who suggested going by rail instead of driving?", "kofi"),  # the option in other words
    ("who suggested the boathouse for the quiz night", "ines_v"),  # a sentence that is only the option, first
    ("Whose idea was the photo book?", "lars_h"),  # a question that doubts the option does not offer it
])
def test_the_member_who_put_it_forward(graph: Graph, chat: str, embedder,  # type: ignore[no-untyped-def]
                                       question: str, who: str) -> None:
    a = ask(graph, chat, question, embedder=embedder)
    assert a.answer_participant == who, (a.text, a.plan.intent, a.cited)


@pytest.mark.parametrize("text,offers", [
    ("or the lido?", True), ("just do teal? it hides the grass stains", True),
    ("could we move the raffle this year?", True), ("should we book the lido?", True),
    ("is the lido a bit far for the little ones?", False), ("did you see the lido photos?", False),
])
def test_a_question_offers_by_its_form(text: str, offers: bool) -> None:
    from polymem.language.models import parsed
    from polymem.retrieval.extract import _offering_question

    assert _offering_question(next(iter(parsed(text.split("? ")[0] + "?").sents))) is offers
