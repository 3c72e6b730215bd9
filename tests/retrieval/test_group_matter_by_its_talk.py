"""A question names a matter in words its deciding lines never use ("the farewell do" for "booked Bodega Mara"),
said only in the talk that led to the first choice; the choice is later replaced with "so we're at X instead",
followed by a detail of the new place. Other matters are settled meanwhile, one of them with a member's name.
The answer is the replacing place, found by how close the talk before each version of a matter comes to the
question, never the detail, another matter's value or a member's name. End to end on a real Neo4j with the real
writer; the chat is written for this test (no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="lukas_d", name="Lukas Dreyer", aliases=["Lukas"]),
    Participant(id="ama", name="Ama Boateng", aliases=["Ama"]),
    Participant(id="pieter", name="Pieter Smit", aliases=["Pieter"]),
]
T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("ama", "Lukas finishes on the 26th, he's off to Gdansk 😢 we have to give him a proper send-off that night", 0),
    ("pieter", "yes, a goodbye evening for Lukas. pub or restaurant?", 1),
    ("ama", "how about Bodega Mara? sharing plates. or Marlpit by the lock", 2),
    ("pieter", "ok I booked Bodega Mara for the 26th, back room from 7. deposit paid", 3),
    ("ama", "perfect", 4),
    ("pieter", "separate thing: who's sorting the quiz questions for the charity night?", 30),
    ("ama", "decided: Pieter, he does it every year", 31),
    ("lukas_d", "my landlord finally fixed the boiler", 40),
    ("ama", "film club on friday, what are we screening?", 50),
    ("pieter", "Nettlebed? or Paper Moons", 51),
    ("ama", "decided: Nettlebed for friday, bring snacks", 52),
    ("lukas_d", "the tram strike is on again tomorrow", 60),
    ("pieter", "update for Lukas's evening: Bodega Mara is shut for repairs until July, so we're at Marlpit "
               "instead and they are keeping the upstairs snug for us", 100),
    ("ama", "Marlpit has the better garden anyway", 101),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "matterbytalk", ROSTER, LINES, T0, "t")


def test_the_replacing_place_answers_a_question_in_other_words(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where is the farewell do being held now?", embedder=embedder)
    assert a.plan.intent == "group_decision", a.plan
    low = a.text.lower()
    assert "marlpit" in low and "snug" not in low and "nettlebed" not in low and "pieter" not in low, (a.text, a.cited)


def test_the_place_first_booked(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where was the goodbye evening booked at first?", embedder=embedder)
    assert "bodega mara" in a.text.lower() and "marlpit" not in a.text.lower(), (a.text, a.cited)


def test_a_member_settled_on_answers_who(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Who is writing the quiz questions for the charity night?", embedder=embedder)
    assert "pieter" in a.text.lower(), (a.text, a.cited)


def test_the_talk_before_every_version_of_a_matter_is_scored(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    """`discussion_near`: for a record, the best cosine with the question among the messages each version of its
    chain was derived from and the 3 before each (computed here from the lines themselves)."""
    import numpy as np

    from polymem.graph.search import SearchRepository
    from polymem.retrieval.actions import embed_query

    rows = graph.read("MATCH (r:Record {space: $space}) WHERE r.attribute STARTS WITH 'decision:' "
                      "AND NOT (r)-[:SUPERSEDED_BY]->() RETURN r.id AS id, r.value AS value", space=chat)
    by_value = {r["value"]: r["id"] for r in rows}
    assert "Marlpit" in by_value, by_value
    q = "Where is the farewell do being held now?"
    vec = embed_query(embedder, q)
    near = SearchRepository(graph).discussion_near(chat, list(by_value.values()), list(vec))
    # Marlpit's chain: Bodega Mara booked (line 3) and replaced (line 12): lines 0-3 and 9-12 are its talk
    talk = [LINES[i][1] for i in (0, 1, 2, 3, 9, 10, 11, 12)]
    m = np.asarray(embedder.embed(talk), dtype=float)
    v = np.asarray(vec, dtype=float)
    cos = m @ v / (np.linalg.norm(m, axis=1) * np.linalg.norm(v))
    assert abs(near[by_value["Marlpit"]] - float(cos.max())) < 0.02, (near, cos)
    # the line about the send-off (before the first version) is what brings the matter close to the question
    assert near[by_value["Marlpit"]] > max(x for k, x in near.items() if k != by_value["Marlpit"])


def test_each_version_s_own_talk_is_scored_apart(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    """`discussion_cosines`: besides the chain's best cosine, each version's own (its deciding line and the 3
    before it), so that a version filed with the wrong matter can be told by its talk alone."""
    import numpy as np

    from polymem.graph.search import SearchRepository
    from polymem.retrieval.actions import embed_query

    rows = graph.read("MATCH (r:Record {space: $space}) WHERE r.attribute STARTS WITH 'decision:' "
                      "RETURN r.id AS id, r.value AS value", space=chat)
    by_value = {r["value"]: r["id"] for r in rows}
    assert {"Bodega Mara", "Marlpit"} <= set(by_value), by_value
    q = "Where is the farewell do being held now?"
    vec = embed_query(embedder, q)
    near, own = SearchRepository(graph).discussion_cosines(chat, list(by_value.values()), list(vec))
    v = np.asarray(vec, dtype=float)

    def best(lines: tuple[int, ...]) -> float:
        m = np.asarray(embedder.embed([LINES[i][1] for i in lines]), dtype=float)
        return float((m @ v / (np.linalg.norm(m, axis=1) * np.linalg.norm(v))).max())

    assert abs(own[by_value["Bodega Mara"]] - best((0, 1, 2, 3))) < 0.02, own
    assert abs(own[by_value["Marlpit"]] - best((9, 10, 11, 12))) < 0.02, own
    # the head's chain holds both talks; its own talk alone is the later one
    assert abs(near[by_value["Marlpit"]] - max(best((0, 1, 2, 3)), best((9, 10, 11, 12)))) < 0.02, near
    assert own[by_value["Marlpit"]] < near[by_value["Marlpit"]], (own, near)
