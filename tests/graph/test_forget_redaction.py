"""Erasure: after forgetting a participant, no record or message of anyone else, in any version,
still holds their name or text, and the vectors of what was rewritten are recomputed or removed."""

from __future__ import annotations

from datetime import datetime

import numpy as np

from polymem.graph import Graph
from polymem.graph.browse import BrowseRepository
from polymem.graph.forget import forget_participant
from polymem.graph.records import RecordRepository
from polymem.graph.redact import REDACTED, REDACTED_RECORD, terms
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message, Participant
from polymem.schema.records import AddOp, UpdateOp

ROSTER = [Participant(id="greta", name="Greta Lindqvist", aliases=["Gretchen"]),
          Participant(id="esther", name="Esther"), Participant(id="bob", name="Bob")]
TEXTS = [("e1", "esther", "Can someone pick up the keys for me tomorrow?"),
         ("g1", "greta", "Sure, I will pick up the keys for you, Esther."),
         ("b1", "bob", "Thanks Greta, that helps a lot."),
         ("b2", "bob", "Esther, your keys are on the shelf at the office.")]
NAMES = ["greta", "lindqvist", "gretchen"]
NO_FILTERS = dict.fromkeys(("speaker", "addressee", "channel", "session", "since", "until"))


def _setup(graph: Graph, space: str, embedder) -> RecordRepository:
    msgs = [Message(id=i, speaker=s, text=t, time=datetime(2026, 5, 1, 10, n), seq=n + 1)
            for n, (i, s, t) in enumerate(TEXTS)]
    Ingestor(graph, embedder).ingest(space, Conversation.model_construct(
        id="c", roster=ROSTER, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))
    repo = RecordRepository(graph)
    repo.ensure_group(space)

    def vec(text: str) -> list[float] | None:
        return [float(x) for x in embedder.embed([text])[0]] if embedder is not None else [0.1] * 384

    def add(rid: str, layer: str, owner: str, source: str, content: str, event: str, from_ids: list[str]) -> None:
        repo.add(space, rid, AddOp(layer=layer, owner=owner, source=source, event=event, content=content,
                                   from_ids=from_ids), speaker=source, embedding=vec(content))

    # rests partly on greta's message: flagged, and none of its text may stay
    add("r_promise", "Interaction", "GROUP", "esther", "Greta agreed to pick up the keys for Esther.",
        "pick up the keys", ["e1", "g1"])
    # only bob's message, but names her: the name goes, the rest stays
    add("r_mention", "Profile", "esther", "bob", "Esther's keys were brought back by Greta Lindqvist.",
        "keys", ["b2"])
    # a version chain whose old version names her (visible with history)
    add("r_v1", "Core", "esther", "esther", "Esther asked Gretchen for help with the keys.", "keys help", ["e1"])
    repo.update(space, "r_v2", UpdateOp(entry_id="r_v1", content="Esther has her keys back.", from_ids=["b2"],
                                        source="bob"), "Core", embedding=vec("Esther has her keys back."))
    return repo


def _traces(graph: Graph, space: str) -> list[dict]:
    """Every string (or string list element) property in the space that contains one of NAMES."""
    return graph.read("""
        MATCH (n {space: $s}) UNWIND keys(n) AS k
        WITH n, k, n[k] AS v WHERE k <> 'embedding'
        WITH n, k, CASE WHEN v IS :: STRING THEN [v] WHEN v IS :: LIST<STRING> THEN v ELSE [] END AS texts
        UNWIND texts AS t
        WITH n, k, t WHERE any(x IN $names WHERE toLower(t) CONTAINS x)
        RETURN coalesce(n.id, '?') AS id, k, t""", s=space, names=NAMES)


def _vector(graph: Graph, space: str, rid: str) -> list[float] | None:
    return graph.read("MATCH (r {space: $s, id: $id}) RETURN r.embedding AS v", s=space, id=rid)[0]["v"]


def test_forget_redacts_every_mention_and_recomputes_vectors(graph: Graph, space: str, embedder) -> None:
    _setup(graph, space, embedder)
    before = _vector(graph, space, "r_mention")
    browse = BrowseRepository(graph)
    assert browse.search_records(space, "Greta", 10, history=True)  # findable before

    report = forget_participant(graph, space, "greta", embedder)

    assert report.records_flagged == ["r_promise"]
    assert report.records_redacted == ["r_mention", "r_v1"]
    assert report.messages_redacted == ["b1"]
    assert _traces(graph, space) == []
    promise = browse.record(space, "r_promise")
    assert promise["content"] == REDACTED_RECORD and promise["state"] == "needs_review"
    assert promise["event"] is None and _vector(graph, space, "r_promise") is None
    mention = browse.record(space, "r_mention")
    assert mention["content"] == f"Esther's keys were brought back by {REDACTED}."
    after = _vector(graph, space, "r_mention")
    assert after is not None and not np.allclose(after, before)
    assert np.allclose(after, embedder.embed([mention["content"]])[0], atol=1e-5)  # from the new text
    assert browse.record(space, "r_v1")["content"] == f"Esther asked {REDACTED} for help with the keys."
    assert [r["content"] for r in browse.chain(space, "r_v2")][0].count(REDACTED) == 1
    for q in ("Greta", "Lindqvist", "Gretchen", "agreed"):
        assert browse.search_records(space, q, 10, history=True) == []
        assert browse.search_messages(space, q, 10, **NO_FILTERS) == []
    assert browse.messages(space, ["b1"])["b1"]["text"] == f"Thanks {REDACTED}, that helps a lot."
    assert _vector(graph, space, "b1") is not None  # recomputed, not dropped


def test_without_an_embedder_rewritten_vectors_are_removed(graph: Graph, space: str) -> None:
    _setup(graph, space, None)
    report = forget_participant(graph, space, "greta")
    assert "r_mention" in report.records_redacted
    assert _traces(graph, space) == []
    assert _vector(graph, space, "r_mention") is None
    assert _vector(graph, space, "r_v2") is not None  # untouched records keep theirs


def test_name_terms() -> None:
    assert terms("greta", "Greta  Lindqvist", ["Gretchen", "G"]) == [
        "greta lindqvist", "lindqvist", "gretchen", "greta"]
