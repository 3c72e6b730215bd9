"""BM25 floor: the final ranking never drops what plain BM25 ranks highest. A hub message with many replies
feeds its replies (neighbour smoothing) past a lexical hit; the floor keeps that hit in the top 10."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bench.bm25_baseline import BM25Index, Doc
from polymem.ingest.pipeline import Ingestor
from polymem.retrieval import ask
from polymem.retrieval.fusion import lexical_floor
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [Participant(id=p, name=p.title()) for p in ("ana", "ben", "caro", "dev")]
# (speaker, text, index of the message replied to)
LINES: list[tuple[str, str, int | None]] = [
    ("ana", "Plans for our island trip this weekend: who is bringing what for the trip to the island?", None),
    ("ben", "I will bring the tent and two sleeping bags", 0),
    ("caro", "I can do sandwiches and fruit for everyone", 0),
    ("dev", "I have a camping stove and a pan", 0),
    ("ben", "Also a frisbee and a football", 0),
    ("caro", "Sunscreen too, it will be hot", 0),
    ("dev", "And the first aid kit", 0),
    ("ana", "Great list everyone", 0),
    ("ben", "Should we bring a guitar?", 0),
    ("caro", "Yes please, songs by the fire", 0),
    ("dev", "Unrelated, but the plumber comes at noon tomorrow", None),
    ("ana", "Okay, noted", None),
    ("ben", "Heads up: the ferry timetable changed, boats leave from pier 4 at seven", None),
    ("caro", "The recycling goes out on Thursday", None),
    ("dev", "Who is cooking tonight?", None),
    ("ana", "Me, pasta again", None),
    ("caro", "My cousin fell off the old pier last summer, she was fine", None),
    ("dev", "Ouch", None),
]
QUESTION = "Which pier does the ferry leave from for the island trip?"


def _ingest(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    t0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    msgs = [Message(id=f"m{n}", text=t, speaker=s, time=t0 + timedelta(minutes=n), seq=n,
                    reply_to=[f"m{r}"] if r is not None else []) for n, (s, t, r) in enumerate(LINES)]
    conv = Conversation.model_construct(id="trip", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)


def test_lexical_floor_holds_the_bm25_head_in_every_prefix() -> None:
    ranked = ["c", "d", "e", "f", "g", "h", "a"]
    out = lexical_floor(ranked, ["a", "b", "d"], share=0.5)
    assert sorted(out) == sorted(set(ranked) | {"b"})  # nothing lost, the missing lexical hit appended
    for p in range(1, len(out) + 1):
        assert {"a", "b", "d"}.intersection(out[:p]) >= set(["a", "b", "d"][: int(p * 0.5)])
    assert out[0] == "c"  # the first place (the cited answer) is never taken by the floor
    assert lexical_floor(["x", "y"], [], share=0.5) == ["x", "y"]


def test_bm25_top_hits_stay_in_the_fused_top_10(graph, space, embedder) -> None:
    _ingest(graph, space, embedder)
    bm25 = BM25Index([Doc(f"m{n}", t, s) for n, (s, t, _) in enumerate(LINES)])
    top3 = bm25.ranked_ids(QUESTION, 3)
    assert "m16" in top3  # premise: plain BM25 ranks the other pier line third
    a = ask(graph, space, QUESTION, embedder=embedder)
    assert a.cited and a.cited[0] == "m12"
    # The hub's nine replies inherit its score and would fill the top 10 ahead of m16 without the floor.
    assert set(top3) <= set(a.ranked_message_ids[:10]), (top3, a.ranked_message_ids[:10])
