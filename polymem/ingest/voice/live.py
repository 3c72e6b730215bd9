"""A live spoken session: 16 kHz 16-bit mono PCM arrives in chunks; utterances are cut by Silero
VAD as soon as a pause follows them, transcribed, embedded and attributed (voice + interaction
posterior), and every decided turn is written at once through the text Ingestor, the same path
as a recorded session. A short turn may wait for the next one (pending); it is written and
emitted when decided. `close()` (also on a dropped connection) finalises everything received.

Not done live: the post-session fragment merge (it would rename ids of messages already sent).
"""

from __future__ import annotations

import bisect
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from polymem.errors import InputError
from polymem.graph.driver import Graph
from polymem.graph.voices import VoiceRepository
from polymem.ingest.embedder import Embedder
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.voice.asr import Transcriber
from polymem.ingest.voice.audio import SAMPLE_RATE, Audio
from polymem.ingest.voice.embedding import SpeakerEmbedder
from polymem.ingest.voice.interaction import InteractionAttributor, PriorConfig, Turn
from polymem.ingest.voice.overlap import OverlapPolicy, is_overlap
from polymem.ingest.voice.segment import SegmentPolicy, silero_vad
from polymem.ingest.voice.tracker import Speaker, SpeakerTracker, TrackerConfig
from polymem.schema.models import Conversation, Message, Participant, Space

MAX_CHUNK_BYTES = SAMPLE_RATE * 2 * 10  # 10 s per chunk at most
MAX_UTTERANCE_S = 30.0  # a span still open after this long is cut anyway
# A pending turn (short or uncertain) is decided with the context it has once this much audio has
# followed it: live, the next turn's voice arrives seconds later, too late for a live transcript.
MAX_WAIT_S = 0.0


def pcm16(chunk: bytes) -> np.ndarray:
    """Little-endian signed 16-bit mono PCM -> float32; InputError for anything else."""
    if not isinstance(chunk, bytes | bytearray) or not chunk:
        raise InputError("empty audio chunk: send 16 kHz 16-bit little-endian mono PCM bytes")
    if len(chunk) % 2:
        raise InputError(f"audio chunk of {len(chunk)} bytes is not 16-bit PCM (odd length)")
    if len(chunk) > MAX_CHUNK_BYTES:
        raise InputError(f"audio chunk of {len(chunk)} bytes is over {MAX_CHUNK_BYTES} (10 s)")
    return np.frombuffer(bytes(chunk), dtype="<i2").astype(np.float32) / 32768.0


_WARM: set[tuple[int, int]] = set()


def warm_up(speakers: SpeakerEmbedder, asr: Transcriber, policy: SegmentPolicy | None = None) -> None:
    """One throwaway pass through VAD, ECAPA and Whisper per pair of models: the first inference
    of each is 1-3 s slower (allocations, kernel choice) and would land on a speaker's first turn."""
    if (id(speakers), id(asr)) in _WARM:
        return
    x = np.random.default_rng(0).normal(0, 0.01, 2 * SAMPLE_RATE).astype(np.float32)
    silero_vad(Audio(x, "warm-up", 0.0), policy or SegmentPolicy())
    speakers.embed([x, x[: SAMPLE_RATE]])
    asr.transcribe(x)
    _WARM.add((id(speakers), id(asr)))


@dataclass
class LiveSegment:
    id: str
    speaker: str
    start: float  # seconds from the session start
    end: float
    text: str
    name: str | None
    provenance: dict[str, Any]
    latency_s: float  # from the end of the utterance's audio (as received) to its emission

    def as_json(self) -> dict[str, Any]:
        return {"type": "segment", "id": self.id, "speaker": self.speaker, "name": self.name, "start": round(self.start, 3),
                "end": round(self.end, 3), "text": self.text, "provenance": self.provenance,
                "latency_s": round(self.latency_s, 3)}


class LiveVoiceSession:
    def __init__(self, graph: Graph, embedder: Embedder | None, space: str, session: str, *,
                 speakers: SpeakerEmbedder, asr: Transcriber, config: TrackerConfig | None = None,
                 prior: PriorConfig | None = None, policy: SegmentPolicy | None = None,
                 overlap: OverlapPolicy | None = None, start: datetime | None = None,
                 max_wait_s: float = MAX_WAIT_S) -> None:
        Space(id=space)
        self.graph, self.space, self.session = graph, space, session
        self.speakers, self.asr = speakers, asr
        self.policy, self.overlap = policy or SegmentPolicy(), overlap or OverlapPolicy()
        self.ingestor = Ingestor(graph, embedder)
        self.voices = VoiceRepository(graph)
        self.store_voices = self.voices.storage_enabled(space)
        known = self.voices.load(space) if self.store_voices else []
        self.tracker = SpeakerTracker(
            [Speaker(v.id, v.embedding, v.evidence, stored=True, name=v.name, aliases=v.aliases) for v in known],
            config or TrackerConfig())
        self.attributor = InteractionAttributor(self.tracker, prior or PriorConfig())
        self.start = start or datetime.now(tz=UTC)
        self.buffer = np.zeros(0, np.float32)
        self.offset = 0.0  # session seconds at buffer[0]
        self.spans: list[tuple[float, float, float]] = []  # per attributor turn: start, end, received at
        self.messages: list[Message] = []
        self.overlaps: list[tuple[float, float]] = []
        self.received = 0.0
        self.max_wait_s = max_wait_s
        self.arrivals: tuple[list[float], list[float]] = ([], [])  # session seconds received, when
        self.closed = False

    def feed(self, chunk: bytes, arrived: float | None = None) -> list[LiveSegment]:
        """`arrived`: time.monotonic() when the chunk arrived (default now), so latency counts from
        the audio's arrival even when processing lags behind."""
        if self.closed:
            raise InputError("the live session is closed")
        x = pcm16(chunk)
        self.buffer = np.concatenate([self.buffer, x])
        self.received += len(x) / SAMPLE_RATE
        self.arrivals[0].append(self.received)
        self.arrivals[1].append(time.monotonic() if arrived is None else arrived)
        return self._cut(final=False)

    def heard(self, at: float) -> float:
        """When the sample at session second `at` arrived (time.monotonic())."""
        i = bisect.bisect_left(self.arrivals[0], at - 1e-6)
        return self.arrivals[1][min(i, len(self.arrivals[1]) - 1)] if self.arrivals[1] else time.monotonic()

    def close(self) -> list[LiveSegment]:
        """Finalise: the open utterance, then every pending turn; voices are saved."""
        if self.closed:
            return []
        out = self._cut(final=True)
        out += self._emit(self.attributor.finish())
        self.closed = True
        if self.store_voices and self.tracker.active():
            self.voices.save(self.space, [{"id": s.id, "embedding": s.embedding.tolist(), "evidence": s.evidence}
                                          for s in self.tracker.active()])
        return out

    def _cut(self, final: bool) -> list[LiveSegment]:
        spans = silero_vad(Audio(self.buffer, "live", 0.0), self.policy) if len(self.buffer) else []
        buf_s = len(self.buffer) / SAMPLE_RATE
        out: list[LiveSegment] = []
        consumed = 0.0
        for s in spans:
            # closed by a pause of min_gap_s after its last speech (the span end is padded): the
            # rule VAD applies inside the buffer, so cuts do not depend on how audio was chunked
            closed_by_pause = s.end - self.policy.pad_s + self.policy.min_gap_s <= buf_s
            if not (final or closed_by_pause or s.end - s.start >= MAX_UTTERANCE_S):
                break
            out += self._utterance(self.buffer[int(s.start * SAMPLE_RATE): int(s.end * SAMPLE_RATE)],
                                   self.offset + s.start, self.offset + s.end, self.heard(self.offset + s.end))
            consumed = s.end
        if final:
            consumed = buf_s
        elif not spans:  # only silence: keep a little, in case speech starts at the edge
            consumed = max(0.0, buf_s - 1.0)
        cut = int(consumed * SAMPLE_RATE)
        self.buffer, self.offset = self.buffer[cut:], self.offset + cut / SAMPLE_RATE
        waiting = [t for t in self.attributor.turns if t.pending]
        if waiting and self.spans[waiting[0].index][1] + self.max_wait_s <= self.received:
            out += self._emit(self.attributor.finish())  # no more waiting for the next voice
        return out

    def _utterance(self, clip: np.ndarray, start: float, end: float, heard: float) -> list[LiveSegment]:
        if end - start < self.policy.min_seconds:
            return []
        if is_overlap(clip, self.speakers, self.overlap):
            self.overlaps.append((round(start, 3), round(end, 3)))
            return []
        # as in a recorded session: the names this space and session know help Whisper hear them
        known = sorted({n for ns in self.attributor.names.values() for n in ns})
        text = self.asr.transcribe(clip, known or None)
        if not text.strip():
            return []
        emb = self.speakers.embed([clip])[0]
        self.spans.append((start, end, heard))
        return self._emit(self.attributor.add(emb, text, end - start))

    def _emit(self, turns: list[Turn]) -> list[LiveSegment]:
        if not turns:
            return []
        now = time.monotonic()
        out = []
        for t in turns:
            start, end, got = self.spans[t.index]
            mid = f"{self.session}-u{t.index:04d}"
            self.messages.append(Message(
                id=mid, text=t.text, speaker=t.speaker or "", time=self.start + timedelta(seconds=start),
                channel="voice", session=self.session, seq=t.index,
                meta={"audio_start": f"{start:.3f}", "audio_end": f"{end:.3f}", "voice_score": f"{t.score:.3f}",
                      **{f"voice_{k}": str(v) for k, v in t.provenance.items() if k != "reasons"},
                      "voice_reasons": "; ".join(t.provenance.get("reasons", []))}))
            names = self.attributor.names.get(t.speaker or "") or [None]
            out.append(LiveSegment(mid, t.speaker or "", start, end, t.text, names[0], t.provenance, now - got))
        self._write()
        return out

    def _write(self) -> None:
        roster = [Participant(id=s.id, name=s.name, aliases=[a for a in s.aliases if a], kind="voice")
                  for s in self.tracker.speakers.values() if any(m.speaker == s.id for m in self.messages)]
        msgs = sorted(self.messages, key=lambda m: m.seq or 0)
        conv = Conversation.model_construct(id=self.session, roster=roster, channels=["voice"], messages=msgs,
                                            addressees_given=False, source_file=None)
        self.ingestor.ingest(self.space, conv)  # idempotent: earlier messages are already stored
