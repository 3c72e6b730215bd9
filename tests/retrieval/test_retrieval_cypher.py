"""Cypher templates against the real Neo4j: filters inside the query, Lucene escaping, exact fallback."""

from __future__ import annotations

from chat_fixture import ingest_chat

from polymem.graph.search import SearchRepository, lucene_query


def test_fulltext_filters_speaker_addressee_time(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    repo = SearchRepository(graph)
    hits = [h for h, _ in repo.fulltext(space, ["balloons"], 10)]
    assert set(hits) == {"c07", "c08"}
    assert [h for h, _ in repo.fulltext(space, ["balloons"], 10, speakers=["wen"])] == ["c07"]
    # c07 addresses Tobi by vocative; c08 replies to Wen, so it addresses Wen.
    assert [h for h, _ in repo.fulltext(space, ["balloons"], 10, addressees=["tobi_k"])] == ["c07"]
    assert [h for h, _ in repo.fulltext(space, ["balloons"], 10, addressees=["wen"])] == ["c08"]
    from datetime import UTC, datetime

    late = repo.fulltext(space, ["party"], 10, t0=datetime(2026, 3, 1, 19, 30, tzinfo=UTC))
    assert {h for h, _ in late} == {"c12"}
    assert repo.fulltext(space, ["balloons"], 10, channel="nowhere") == []


def test_fulltext_never_crosses_spaces(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    assert SearchRepository(graph).fulltext(space + "-other", ["balloons"], 10) == []


def test_lucene_syntax_is_escaped(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    repo = SearchRepository(graph)
    for nasty in ['") OR 1=1 //', 'AND OR ~ * : "', "space_key:*", "balloons~ AND (", "\\"]:
        repo.fulltext(space, [nasty], 5)  # must not raise a Lucene parse error
    q = lucene_query(space, ["space_key:*"])
    assert q is not None and q.count("space_key:") == 1


def test_vector_exact_fallback_under_narrow_filter(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    repo = SearchRepository(graph)
    vec = [float(x) for x in embedder.embed(["buying balloons"])[0]]
    hits, how = repo.vector(space, vec, 3, speakers=["wen"])
    # Wen has 6 messages: the filtered result is exact and complete, whatever the ANN returned.
    assert hits and all(h in {"c03", "c05", "c07", "c09", "c12", "c13"} for h, _ in hits)
    assert hits[0][0] == "c07"
    exact, how2 = repo.vector(space, vec, 50, speakers=["wen"])
    assert how2 == "exact" and len(exact) == 6


def test_expand_and_details(graph, space, embedder) -> None:
    ingest_chat(graph, space, embedder)
    repo = SearchRepository(graph)
    assert set(repo.expand(space, ["c08"])["c08"]) == {"c07", "c09"}
    d = repo.details(space, ["c07", "c08"])
    assert d["c07"]["addressees"] == ["tobi_k"] and d["c07"]["replies"] == ["c08"]
    assert d["c08"]["reply_to_speakers"] == ["wen"]
