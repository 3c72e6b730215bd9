"""Who took a task on, read from replies that do not say "yes": the requested verb taken up ("reserving now"),
a one-word "done.", and a volunteer after the one asked says where they will be instead ("I'll be in X" is no
promise). An apology that refuses is no assent. End to end on a real Neo4j; the chat is written for this test
(no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.language.acts import echoes_task as _echoes_task
from polymem.language.acts import is_agreement
from polymem.retrieval.extract import _agrees
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="ilse.b", name="Ilse Brandt", aliases=["Ilse"]),
    Participant(id="tomasz", name="Tomasz Wrona", aliases=["Tomasz"]),
    Participant(id="adaeze", name="Adaeze Obi", aliases=["Adaeze"]),
]
T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("ilse.b", "@tomasz you know the groundsman, will you reserve the pitch for the 14th?", 0),
    ("tomasz", "reserving now. bring shin pads everyone", 0.1),
    ("adaeze", "@ilse.b you were going to bring the big tent for the tournament, right?", 30),
    ("ilse.b", "adaeze I'll be in Madrid that weekend, remember", 30.1),
    ("tomasz", "I'll bring it, it's in my garage anyway", 30.2),
    ("ilse.b", "@adaeze could you sort the medals for the prize table?", 60),
    ("adaeze", "done. gold, silver and a wooden spoon", 60.1),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "whoagreedreplies", ROSTER, LINES, T0, "w")


def test_the_requested_verb_taken_up(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Who said they would handle reserving the pitch?", embedder=embedder)
    assert "tomasz" in a.text.lower(), (a.text, a.plan.intent)


def test_a_volunteer_after_the_one_asked_is_away(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Who ended up volunteering to bring the big tent?", embedder=embedder)
    assert "tomasz" in a.text.lower() and "ilse" not in a.text.lower(), (a.text, a.plan.intent)


def test_a_one_word_done(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Who said yes to sorting the medals?", embedder=embedder)
    assert "adaeze" in a.text.lower(), (a.text, a.plan.intent)


def test_readings_of_assent() -> None:
    assert not _agrees("sorry, I'll be in Madrid that weekend")
    assert _agrees("I'll bring it")
    assert not is_agreement("sorry, I wanted to but someone beat me to it")
    assert not is_agreement("done?")  # asked, not said
    assert not _agrees("nah I can't do that one")
    assert is_agreement("done. see you there")
    assert _echoes_task("will you reserve the pitch?", "reserving now")
    assert not _echoes_task("will you reserve the pitch?", "not reserving anything yet")
    assert not _echoes_task("did the groundsman confirm?", "confirmed, 7pm kick-off")  # a question of fact

