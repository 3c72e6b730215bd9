"""Ranking: score fusion with neighbour smoothing, whole-question lexical search, who-answers never a
scene note nor the person the question names."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from polymem.ingest.pipeline import Ingestor
from polymem.retrieval import AskOptions, ask
from polymem.retrieval.fusion import content_words, score_fuse, smooth
from polymem.schema.models import Conversation, Message, Participant


def test_score_fusion_keeps_a_strong_lexical_lead_and_feeds_neighbours() -> None:
    lex = [("a", 10.0), ("b", 2.0)]
    dense = [("b", 0.95), ("c", 0.9)]  # Neo4j cosine scores (1 + cos) / 2
    fused = score_fuse([lex, dense], ["bm25", "vector"])
    assert max(fused, key=fused.__getitem__) == "a"  # RRF would put b (in both lists) first
    msgs = {"a": {"next_ids": ["a2"], "prev_ids": []}}
    ranked = [d for d, _ in smooth(fused, msgs)]
    assert ranked.index("a2") < ranked.index("b")  # the reply to the strong hit outranks a weak hit
    assert content_words("What is Caroline's identity?") == ["caroline", "identity"]


ROSTER = [Participant(id="joey", name="Joey Tribbiani", aliases=["Joey"]),
          Participant(id="monica", name="Monica Geller", aliases=["Monica"]),
          Participant(id="rachel", name="Rachel Green", aliases=["Rachel"]),
          Participant(id="#NOTE#", name="#NOTE#", kind="system")]
LINES = [
    ("n1", "#NOTE#", "Joey sits down in Monica's seat and startles everyone."),
    ("n2", "monica", "Hey! That is my seat, get up."),
    ("n3", "rachel", "Did you hear about the audition?"),
    ("n4", "joey", "I kissed Rachel at the audition party, it was a stage kiss!"),
    ("n5", "rachel", "Joey kissed me, yes, but only for the scene."),
    ("n6", "monica", "Whatever. Where are we going for dinner tonight?"),
    ("n7", "joey", "The new pizza place on Bleecker, they have a huge oven."),
    ("n8", "rachel", "I have to work late at the boutique."),
]


def _ingest(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    t0 = datetime(2026, 4, 1, 20, 0, tzinfo=UTC)
    msgs = [Message(id=i, text=t, speaker=s, time=t0 + timedelta(minutes=n), seq=n)
            for n, (i, s, t) in enumerate(LINES)]
    conv = Conversation.model_construct(id="scene", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)


def test_who_answer_is_never_the_scene_note(graph, space, embedder) -> None:
    _ingest(graph, space, embedder)
    a = ask(graph, space, "Who sits in Monica's seat?", embedder=embedder)
    assert a.answer_participant != "#NOTE#"
    assert not (a.answer_name or a.text).startswith("#NOTE#")


def test_who_answer_is_not_the_person_the_question_names(graph, space, embedder) -> None:
    _ingest(graph, space, embedder)
    a = ask(graph, space, "Who did Joey kiss?", embedder=embedder)
    assert not a.abstained
    assert a.answer_participant in ("rachel", None) and a.answer_participant != "joey"


def test_ranked_ids_hold_the_fused_hits_and_the_reply_after_the_cited_ones(graph, space, embedder) -> None:
    _ingest(graph, space, embedder)
    a = ask(graph, space, "Where are we going for dinner tonight?", embedder=embedder,
            options=AskOptions(strategy="system1"))
    ranked = a.ranked_message_ids
    cited = getattr(a, "cited", []) or []
    assert ranked[: len(cited)] == cited
    assert ranked.index("n6") < 2  # the lexical hit
    assert ranked.index("n7") < 3  # its reply, which shares no word with the question, via neighbour smoothing
    assert len(ranked) == len(set(ranked))
