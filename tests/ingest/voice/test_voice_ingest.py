"""End-to-end spoken-session ingestion against the real Neo4j with the real ECAPA + Whisper models."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import numpy as np
import pytest

from polymem.errors import InputError
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.voices import VoiceRepository, delete_voice_data
from polymem.ingest.voice.identify import identify_speaker
from polymem.ingest.voice.session import VoiceSessionIngestor

pytestmark = pytest.mark.audio

# Voices of the benchmark set (Dana, Omar, Lena) introduce themselves with names that Whisper base
# transcribes reliably from espeak speech.
NAMES = {"Dana": "Sarah", "Omar": "Peter", "Lena": "Maria"}
WEEK1 = [("Dana", "Hi everyone, I'm Sarah. I will bring the slides tomorrow."),
         ("Omar", "Hello, I'm Peter. The budget for the venue is not approved yet."),
         ("Lena", "Hi, I'm Maria. Can somebody book the train tickets?"),
         ("Dana", "Peter, can you send the budget to the client today?"),
         ("Omar", "Sure, I will send it this afternoon.")]
WEEK2 = [("Lena", "The train tickets are booked for Thursday morning."),
         ("Omar", "Great, the client approved the budget yesterday."),
         ("Dana", "Then I will print the agenda for the meeting.")]


@pytest.fixture
def ingestor(graph: Graph, embedder, voice_backends) -> VoiceSessionIngestor:
    spk, asr = voice_backends
    return VoiceSessionIngestor(graph, embedder, speakers=spk, asr=asr)


def _speaker_by_label(report) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for u in report.turns:
        if u.speaker:
            out.setdefault(u.span.label or Path(u.file).stem.split("_")[-1], set()).add(u.speaker)
    return out


def test_two_sessions_attribute_recognise_name_and_forget(graph: Graph, space: str, ingestor, speak,
                                                          tmp_path: Path) -> None:
    wav = speak(tmp_path / "week1", WEEK1)
    r1 = ingestor.ingest(space, wav, boundaries=wav.with_suffix(".txt"), session="week1")
    assert r1.utterances == 5 and not r1.skipped
    by_label = _speaker_by_label(r1)
    assert all(len(ids) == 1 for ids in by_label.values()), by_label  # each person one id
    assert len({next(iter(v)) for v in by_label.values()}) == 3  # and three different ids
    assert r1.speakers_found == 3 and r1.new_speakers == 3
    dana, omar = next(iter(by_label["Dana"])), next(iter(by_label["Omar"]))

    # System 1: messages spoken by the tracked voices, audio span as provenance, addressee inferred.
    rows = graph.read("MATCH (p:Participant {space:$s})-[:SPEAKS]->(m:Message {space:$s}) "
                      "RETURN p.id AS p, p.kind AS kind, m.text AS text, m.meta AS meta, m.time AS t "
                      "ORDER BY m.seq", s=space)
    assert len(rows) == 5 and {r["kind"] for r in rows} == {"voice"}
    meta = json.loads(rows[3]["meta"])
    assert meta["audio_file"].endswith("week1.wav") and float(meta["audio_start"]) < float(meta["audio_end"])
    assert "slides" in rows[0]["text"].lower()
    # Self-introductions named the voices (Whisper base hears espeak names well enough).
    named = {v["id"]: v["name"] for v in VoiceRepository(graph).list(space)}
    assert sum(named[next(iter(by_label[v]))] == n for v, n in NAMES.items()) >= 2, named
    if named[omar] == "Peter" and rows[3]["text"].startswith("Peter"):
        # the vocative "Peter, can you..." resolves to that voice through the text addressee inference
        addressed = graph.read("MATCH (m:Message {space:$s, id:'week1-u0003'})-[:ADDRESSES]->(p) "
                               "RETURN p.id AS id", s=space)
        assert [a["id"] for a in addressed] == [omar]

    # Next week, as a folder of utterance files: the same voices are recognised, no new ids.
    folder = tmp_path / "week2"
    folder.mkdir()
    for i, (person, text) in enumerate(WEEK2):
        speak(folder / f"{i:02d}_{person}", [(person, text)]).with_suffix(".txt").unlink()
    r2 = ingestor.ingest(space, folder, session="week2")
    assert r2.new_speakers == 0 and r2.recognised_speakers == 3, r2.summary()
    for person, ids in _speaker_by_label(r2).items():
        assert ids == by_label[person], (person, ids)

    # A spoken question identifies its asker; deleting the voice makes it anonymous again.
    clip = speak(tmp_path / "ask", [("Dana", "What did Omar promise to send?")])
    assert identify_speaker(graph, space, clip, embedder=ingestor.speakers) == dana
    # ... and so does the API's `ask(askerVoice: <base64 audio>)` path.
    from polymem.api.queries import _asker_from_voice

    assert _asker_from_voice(graph, space, base64.b64encode(clip.read_bytes()).decode()) == dana
    stored = {v["id"]: v for v in VoiceRepository(graph).list(space)}
    assert all("embedding" not in v for v in stored.values())  # never returned by default
    assert stored[dana]["evidence"] == 3
    assert delete_voice_data(graph, space, dana) is True
    assert delete_voice_data(graph, space, dana) is False
    assert identify_speaker(graph, space, clip, embedder=ingestor.speakers) != dana
    assert graph.read("MATCH (p:Participant {space:$s, id:$id}) RETURN p.voice_embedding AS e",
                      s=space, id=dana)[0]["e"] is None
    assert MessageRepository(graph).stats(space)["messages"] == 8  # messages are the caller's to forget

    # Re-running a stored session changes nothing.
    before = VoiceRepository(graph).load(space)
    r3 = ingestor.ingest(space, wav, boundaries=wav.with_suffix(".txt"), session="week1")
    assert r3.already_stored
    after = VoiceRepository(graph).load(space)
    assert [(v.id, v.evidence) for v in before] == [(v.id, v.evidence) for v in after]


def test_bad_input_is_refused_or_counted_and_nothing_changes(graph: Graph, space: str, ingestor, speak,
                                                              tmp_path: Path) -> None:
    import soundfile as sf

    wav = speak(tmp_path / "s", WEEK1[:3])
    ingestor.ingest(space, wav, boundaries=wav.with_suffix(".txt"), session="s")
    snapshot = (MessageRepository(graph).stats(space), [(v.id, v.evidence, v.embedding.tolist())
                                                        for v in VoiceRepository(graph).load(space)])

    silent = tmp_path / "silent.wav"
    sf.write(str(silent), np.zeros(32000, np.float32), 16000)
    with pytest.raises(InputError, match="no speech"):
        ingestor.ingest(space, silent)
    with pytest.raises(InputError, match="unsupported"):
        ingestor.ingest(space, wav.with_suffix(".txt"))
    corrupt = tmp_path / "corrupt.flac"
    corrupt.write_bytes(b"fLaC" + bytes(range(256)) * 4)
    with pytest.raises(InputError, match="cannot decode"):
        ingestor.ingest(space, corrupt)
    # 0.2-second span, an overlap, a silent span, a clipped span: all counted skips.
    x, sr = sf.read(str(wav), dtype="float32")
    loud = np.clip(x * 50, -1, 1)
    sf.write(str(tmp_path / "clipped.wav"), loud, sr)
    (tmp_path / "bad.txt").write_text("0.000 0.450 silence\n0.60 0.80 short\n1.0 3.0 a\n2.5 4.0 b\n")
    r = ingestor.ingest(space, tmp_path / "clipped.wav", boundaries=tmp_path / "bad.txt", session="bad")
    assert dict(r.skipped) == {"too_short": 2, "overlap": 2}
    assert r.ingest is None
    (tmp_path / "clip.txt").write_text("0.5 4.0 a\n")
    r = ingestor.ingest(space, tmp_path / "clipped.wav", boundaries=tmp_path / "clip.txt", session="bad2")
    assert dict(r.skipped) == {"clipped": 1}
    after = (MessageRepository(graph).stats(space), [(v.id, v.evidence, v.embedding.tolist())
                                                     for v in VoiceRepository(graph).load(space)])
    assert after == snapshot


def test_voice_storage_switch_keeps_no_voices(graph: Graph, space: str, ingestor, speak, tmp_path: Path) -> None:
    repo = VoiceRepository(graph)
    wav = speak(tmp_path / "s", WEEK1[:2])
    ingestor.ingest(space, wav, boundaries=wav.with_suffix(".txt"), session="on")
    assert len(repo.load(space)) == 2
    assert repo.set_storage(space, False) == 2  # switching off deletes what was stored
    assert repo.load(space) == [] and not repo.storage_enabled(space)
    r = ingestor.ingest(space, wav, boundaries=wav.with_suffix(".txt"), session="off")
    assert not r.voice_storage and r.ingest is not None and r.ingest.written == 2
    assert repo.load(space) == []
    assert identify_speaker(graph, space, wav, embedder=ingestor.speakers) is None
