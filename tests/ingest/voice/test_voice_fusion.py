"""The shipped speaker model is ECAPA+GE2E fused (ge2e.FusedEmbedder) with the offline session split,
and POLYMEM_VOICE_FUSION=0 falls back to ECAPA alone. Real models (scripts/voice-models installs the
GE2E weights), real Neo4j, espeak voices; no stand-ins for any model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from polymem.graph import Graph
from polymem.graph.voices import VoiceRepository
from polymem.ingest.voice.identify import identify_speaker
from polymem.ingest.voice.session import VoiceSessionIngestor

pytestmark = pytest.mark.audio

WEEK1 = [("Dana", "Hi everyone, I'm Sarah. I will bring the slides tomorrow."),
         ("Omar", "Hello, I'm Peter. The budget for the venue is not approved yet."),
         ("Lena", "Hi, I'm Maria. Can somebody book the train tickets?"),
         ("Dana", "Peter, can you send the budget to the client today?")]
WEEK2 = [("Lena", "The train tickets are booked for Thursday morning."),
         ("Omar", "Great, the client approved the budget yesterday."),
         ("Dana", "Then I will print the agenda for the meeting.")]
WEEK3 = [("Omar", "The venue confirmed our booking for next month."),
         ("Dana", "Good, I will tell the others about the venue."),
         ("Lena", "I still need the receipts for the train tickets.")]


def _by_person(report) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for u in report.turns:
        if u.speaker:
            out.setdefault(u.span.label, set()).add(u.speaker)
    return out


def _dims(graph: Graph, space: str) -> set[int]:
    return {len(v.embedding) for v in VoiceRepository(graph).load(space)}


def test_default_speaker_model_is_fused_and_the_flag_falls_back(voice_models: None,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from polymem.ingest.voice.embedding import EcapaEmbedder, default_speaker_embedder
    from polymem.ingest.voice.ge2e import FUSION_WEIGHT, FusedEmbedder

    monkeypatch.delenv("POLYMEM_VOICE_FUSION", raising=False)
    fused = default_speaker_embedder()
    assert isinstance(fused, FusedEmbedder) and fused.dim == 192 + 256 and fused.weight == FUSION_WEIGHT
    monkeypatch.setenv("POLYMEM_VOICE_FUSION", "0")
    plain = default_speaker_embedder()
    assert isinstance(plain, EcapaEmbedder) and plain.dim == 192
    assert plain is fused.ecapa  # one ECAPA model in memory for both
    # The fused vector's ECAPA block is the ECAPA embedding: the fallback reads fused voices exactly.
    x = np.random.default_rng(3).normal(0, 0.05, 32000).astype(np.float32)
    f, e = fused.embed([x])[0], plain.embed([x])[0]
    assert np.allclose(np.linalg.norm(f), 1.0, atol=1e-5)
    assert np.allclose(f[:192] / np.linalg.norm(f[:192]), e, atol=1e-4)


def test_ingestion_moves_between_ecapa_and_fused_voices_without_losing_anyone(
        graph: Graph, space: str, embedder, voice_backends, speak, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Week 1 ingested with ECAPA alone (voices stored before the fusion: 192-d); week 2 with the
    shipped default (fused, split on) recognises all three and stores 448-d voices; week 3 with the
    fallback again recognises the fused voices. The same person keeps one id throughout."""
    from polymem.ingest.voice.ge2e import FusedEmbedder

    _, asr = voice_backends
    monkeypatch.setenv("POLYMEM_VOICE_FUSION", "0")
    old = VoiceSessionIngestor(graph, embedder, asr=asr)
    assert not isinstance(old.speakers, FusedEmbedder) and not old.recluster.enabled
    w1 = speak(tmp_path / "w1", WEEK1)
    r1 = old.ingest(space, w1, boundaries=w1.with_suffix(".txt"), session="w1")
    ids = {p: next(iter(v)) for p, v in _by_person(r1).items()}
    assert len(set(ids.values())) == 3 and all(len(v) == 1 for v in _by_person(r1).values())
    assert _dims(graph, space) == {192}

    monkeypatch.delenv("POLYMEM_VOICE_FUSION")
    new = VoiceSessionIngestor(graph, embedder, asr=asr)
    assert isinstance(new.speakers, FusedEmbedder) and new.recluster.enabled  # what ships
    w2 = speak(tmp_path / "w2", WEEK2)
    r2 = new.ingest(space, w2, boundaries=w2.with_suffix(".txt"), session="w2")
    assert r2.new_speakers == 0 and r2.recognised_speakers == 3, r2.summary()
    assert {p: next(iter(v)) for p, v in _by_person(r2).items()} == ids
    assert _dims(graph, space) == {448}
    clip = speak(tmp_path / "ask", [("Omar", "Who is sending the budget to the client?")])
    assert identify_speaker(graph, space, clip) == ids["Omar"]  # fused voices, fused question

    monkeypatch.setenv("POLYMEM_VOICE_FUSION", "0")
    back = VoiceSessionIngestor(graph, embedder, asr=asr)
    assert identify_speaker(graph, space, clip, embedder=back.speakers) == ids["Omar"]  # fused voices, ECAPA
    w3 = speak(tmp_path / "w3", WEEK3)
    r3 = back.ingest(space, w3, boundaries=w3.with_suffix(".txt"), session="w3")
    assert r3.new_speakers == 0 and r3.recognised_speakers == 3, r3.summary()
    assert {p: next(iter(v)) for p, v in _by_person(r3).items()} == ids
