"""A live spoken session: 16 kHz 16-bit mono PCM arrives in chunks; utterances are cut by Silero
VAD as soon as a pause follows them, transcribed, embedded and attributed (voice + interaction
posterior), and every decided turn is written at once through the text Ingestor, the same path
as a recorded session. A short turn may wait for the next one (pending); it is written and
emitted when decided. `close()` (also on a dropped connection) finalises everything received.

Working ahead (`work_ahead()`, called by the server whenever no frame is waiting): while a turn is
spoken, the overlap check's 1 s windows are embedded as they arrive; once its speech has stopped
(the pause has begun but is not yet `min_gap_s` long), the turn is checked, transcribed and
embedded as it will be cut if the pause lasts. When the pause is confirmed, the results are taken
as they are (same clip, same samples, same hotwords) and only the decision is left, so a turn's
latency is the confirming pause plus a frame, not pause + compute. If speech resumes, the work is
dropped. `write_now=False` lets the server send segments before they are written (`flush()`).

Voices are the speaker model's (ECAPA+GE2E fused by default, embedding.default_speaker_embedder);
the overlap check embeds its windows with ECAPA alone, as it was tuned.

Not done live: the post-session fragment merge and the session split (recluster.py): both would
rename ids of messages already sent.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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
from polymem.ingest.voice.ge2e import stored_speakers, voice_part
from polymem.ingest.voice.interaction import InteractionAttributor, PriorConfig, Turn
from polymem.ingest.voice.livevad import VadView, live_vad
from polymem.ingest.voice.overlap import OverlapPolicy, split_similarity, windows
from polymem.ingest.voice.segment import SegmentPolicy, Span, silero_vad
from polymem.ingest.voice.tracker import SpeakerTracker, TrackerConfig
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
_POOL: list[ThreadPoolExecutor] = []


def _pool() -> ThreadPoolExecutor:
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=2, thread_name_prefix="voice-embed"))
    return _POOL[0]


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
    # where latency_s went: pause_s (arrival of the frame that confirmed the pause - arrival of the
    # span's end), queue_s (that frame waited for the worker), then the compute left at the cut
    # (vad_s, overlap_s, asr_embed_s: Whisper and ECAPA at once, decide_s); ahead: steps (overlap
    # check, transcript + embedding) done while the turn's pause was still being confirmed
    timing: dict[str, Any] | None = None

    def as_json(self) -> dict[str, Any]:
        return {"type": "segment", "id": self.id, "speaker": self.speaker, "name": self.name, "start": round(self.start, 3),
                "end": round(self.end, 3), "text": self.text, "provenance": self.provenance,
                "latency_s": round(self.latency_s, 3), "timing": self.timing or {}}


class LiveVoiceSession:
    def __init__(self, graph: Graph, embedder: Embedder | None, space: str, session: str, *,
                 speakers: SpeakerEmbedder, asr: Transcriber, config: TrackerConfig | None = None,
                 prior: PriorConfig | None = None, policy: SegmentPolicy | None = None,
                 overlap: OverlapPolicy | None = None, start: datetime | None = None,
                 max_wait_s: float = MAX_WAIT_S, write_now: bool = True,
                 work_ahead: bool = True) -> None:
        Space(id=space)
        self.graph, self.space, self.session = graph, space, session
        self.speakers, self.asr = speakers, asr
        self.policy, self.overlap = policy or SegmentPolicy(), overlap or OverlapPolicy()
        self.ingestor = Ingestor(graph, embedder)
        self.voices = VoiceRepository(graph)
        self.store_voices = self.voices.storage_enabled(space)
        known = self.voices.load(space) if self.store_voices else []
        self.tracker = SpeakerTracker(stored_speakers(known, speakers), config or TrackerConfig())
        self.window_model = voice_part(speakers)  # the overlap check's windows: ECAPA alone, as tuned
        self.attributor = InteractionAttributor(self.tracker, prior or PriorConfig())
        self.start = start or datetime.now(tz=UTC)
        self.buffer = np.zeros(0, np.float32)
        self.offset = 0.0  # session seconds at buffer[0]
        self.offset_n = 0  # session samples at buffer[0] (keys of the work done ahead)
        self.spans: list[tuple[float, float, float]] = []  # per attributor turn: start, end, received at
        self.messages: list[Message] = []
        self.overlaps: list[tuple[float, float]] = []
        self.received = 0.0
        self.max_wait_s = max_wait_s
        self.arrivals: tuple[list[float], list[float]] = ([], [])  # session seconds received, when
        self.closed = False
        self.write_now, self.unwritten = write_now, False
        self.ahead_enabled = work_ahead  # the server calls work_ahead() only when this is set
        self.view: tuple[int, int, VadView] | None = None  # (offset_n, len(buffer)) it was taken at
        self.window_embs: dict[int, np.ndarray] = {}  # overlap windows by session sample of their start
        self.ahead: dict[tuple, dict[str, Any]] = {}  # (start, end, hotwords) -> overlap / text / emb
        self.frame: tuple[float, float] = (0.0, 0.0)  # the frame being fed: arrived, processing began
        self.timing: dict[str, float | int] = {}
        self.wasted_s = 0.0  # work done ahead for turns that went on after all (speech resumed)

    def feed(self, chunk: bytes, arrived: float | None = None) -> list[LiveSegment]:
        """`arrived`: time.monotonic() when the chunk arrived (default now), so latency counts from
        the audio's arrival even when processing lags behind."""
        if self.closed:
            raise InputError("the live session is closed")
        x = pcm16(chunk)
        now = time.monotonic()
        self.frame = (now if arrived is None else arrived, now)
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
        self.flush()
        if self.store_voices and self.tracker.active():
            self.voices.save(self.space, [{"id": s.id, "embedding": s.embedding.tolist(), "evidence": s.evidence}
                                          for s in self.tracker.active()])
        return out

    def flush(self) -> None:
        """Write every emitted segment not yet written (the ingest path skips stored ids)."""
        if self.unwritten:
            self._write()
            self.unwritten = False

    def _vad(self) -> VadView:
        if self.view is None or self.view[:2] != (self.offset_n, len(self.buffer)):
            t = time.perf_counter()
            self.view = (self.offset_n, len(self.buffer), live_vad(self.buffer, self.policy))
            self.timing["vad_s"] = self.timing.get("vad_s", 0.0) + time.perf_counter() - t
        return self.view[2]

    def work_ahead(self, stop: Callable[[], bool] = lambda: False) -> None:
        """Do now what the open turn will need when it is cut (see the module text); returns as
        soon as `stop()` says frames are waiting, between steps, keeping what was done."""
        if self.closed or not len(self.buffer):
            return
        view = self._vad()
        if not view.spans or view.spans[-1].end * SAMPLE_RATE < len(self.buffer) - 1:
            return  # no speech, or the last span is closed (it is cut with the next frame)
        span = view.spans[-1]
        a = int(span.start * SAMPLE_RATE)
        if view.ahead is None:  # still speaking (or the pause's padding has not arrived yet)
            if self.overlap.enabled and len(self.buffer) - a >= self.overlap.min_seconds * SAMPLE_RATE:
                self._windows(self.offset_n + a, self.buffer[a:], complete=True)
            return
        if view.ahead.seconds < self.policy.min_seconds:
            return
        clip = self.buffer[a: int(view.ahead.end * SAMPLE_RATE)]
        got = self.ahead.setdefault(self._key(view.ahead), {})
        t = time.perf_counter()
        for step in ("overlap", "text"):
            if step in got:
                continue
            if stop():
                return
            if step == "overlap":
                got["overlap"] = self._is_overlap(clip, self.offset_n + a)
            elif not got["overlap"]:
                got["text"], got["emb"] = self._text_and_voice(clip)
            got["spent_s"] = got.get("spent_s", 0.0) + time.perf_counter() - t
            t = time.perf_counter()

    def _text_and_voice(self, clip: np.ndarray) -> tuple[str, np.ndarray]:
        """Whisper and the speaker model (ECAPA, then GE2E when fused) on the same clip at once: on the busy 2-core
        machine the pair takes ~0.65 s instead of ~0.9 s one after the other (docs/bench/voice.md).
        The embedding of a clip Whisper hears nothing in is computed for nothing; it is rare."""
        voice = _pool().submit(self.speakers.embed, [clip])
        text = self.asr.transcribe(clip, self._hotwords() or None)
        return text, voice.result()[0]

    def _key(self, span: Span) -> tuple:
        return (self.offset_n + int(span.start * SAMPLE_RATE), self.offset_n + int(span.end * SAMPLE_RATE),
                tuple(self._hotwords()))

    def _hotwords(self) -> list[str]:
        # as in a recorded session: the names this space and session know help Whisper hear them
        return sorted({n for ns in self.attributor.names.values() for n in ns})

    def _windows(self, at: int, clip: np.ndarray, complete: bool = False) -> np.ndarray:
        """The overlap check's window embeddings of `clip` (which starts at session sample `at`):
        the ones embedded earlier are reused, the rest embedded in one batch. `complete`: the clip
        is still growing, embed only its windows already whole."""
        w, h = int(self.overlap.window_s * SAMPLE_RATE), int(self.overlap.hop_s * SAMPLE_RATE)
        ws = [(at + i * h, x) for i, x in enumerate(windows(clip, self.overlap)) if len(x) == w or not complete]
        new = [(k, x) for k, x in ws if k not in self.window_embs or len(x) != w]
        got = dict(zip([k for k, _ in new], self.window_model.embed([x for _, x in new]), strict=True)) if new else {}
        self.window_embs.update({k: got[k] for k, x in new if len(x) == w})
        return np.stack([got[k] if k in got else self.window_embs[k] for k, _ in ws]) if ws else np.zeros((0, 0))

    def _is_overlap(self, clip: np.ndarray, at: int) -> bool:
        """overlap.is_overlap, with the windows embedded while the turn was spoken."""
        p = self.overlap
        if not p.enabled or len(clip) < p.min_seconds * SAMPLE_RATE:
            return False
        return split_similarity(self._windows(at, clip)) < p.tau_split

    def _cut(self, final: bool) -> list[LiveSegment]:
        self.timing = {}
        spans = self._vad().spans if len(self.buffer) else []
        buf_s = len(self.buffer) / SAMPLE_RATE
        out: list[LiveSegment] = []
        consumed = 0.0
        for s in spans:
            # closed by a pause of min_gap_s after its last speech (the span end is padded): the
            # rule VAD applies inside the buffer, so cuts do not depend on how audio was chunked
            closed_by_pause = s.end - self.policy.pad_s + self.policy.min_gap_s <= buf_s
            if not (final or closed_by_pause or s.end - s.start >= MAX_UTTERANCE_S):
                break
            out += self._utterance(s, self.heard(self.offset + s.end))
            consumed = s.end
        if final:
            consumed = buf_s
        elif not spans:  # only silence: keep a little, in case speech starts at the edge
            consumed = max(0.0, buf_s - 1.0)
        cut = int(consumed * SAMPLE_RATE)
        self.buffer, self.offset = self.buffer[cut:], self.offset + cut / SAMPLE_RATE
        if cut:
            self.offset_n += cut
            self.window_embs = {k: v for k, v in self.window_embs.items() if k >= self.offset_n}
            self.wasted_s += sum(v.get("spent_s", 0.0) for k, v in self.ahead.items() if k[0] < self.offset_n)
            self.ahead = {k: v for k, v in self.ahead.items() if k[0] >= self.offset_n}
        waiting = [t for t in self.attributor.turns if t.pending]
        if waiting and self.spans[waiting[0].index][1] + self.max_wait_s <= self.received:
            out += self._emit(self.attributor.finish())  # no more waiting for the next voice
        return out

    def _utterance(self, span: Span, heard: float) -> list[LiveSegment]:
        start, end = self.offset + span.start, self.offset + span.end
        if end - start < self.policy.min_seconds:
            return []
        a = int(span.start * SAMPLE_RATE)
        clip = self.buffer[a: int(span.end * SAMPLE_RATE)]
        got = self.ahead.pop(self._key(span), {})
        self.timing["ahead"] = len([k for k in ("overlap", "text") if k in got])  # steps done before the cut
        t = time.perf_counter()
        overlap = got["overlap"] if "overlap" in got else self._is_overlap(clip, self.offset_n + a)
        self.timing["overlap_s"] = time.perf_counter() - t
        if overlap:
            self.overlaps.append((round(start, 3), round(end, 3)))
            return []
        t = time.perf_counter()
        text, emb = (got["text"], got["emb"]) if "text" in got else self._text_and_voice(clip)
        self.timing["asr_embed_s"] = time.perf_counter() - t
        if not text.strip():
            return []
        self.spans.append((start, end, heard))
        t = time.perf_counter()
        turns = self.attributor.add(emb, text, end - start)
        self.timing["decide_s"] = time.perf_counter() - t
        return self._emit(turns)

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
            arrived, began = self.frame
            timing = {"pause_s": round(arrived - got, 3), "queue_s": round(began - arrived, 3),
                      **{k: round(v, 3) for k, v in self.timing.items()}}
            out.append(LiveSegment(mid, t.speaker or "", start, end, t.text, names[0], t.provenance, now - got,
                                   timing))
        self.unwritten = True
        if self.write_now:
            self.flush()
        return out

    def _write(self) -> None:
        roster = [Participant(id=s.id, name=s.name, aliases=[a for a in s.aliases if a], kind="voice")
                  for s in self.tracker.speakers.values() if any(m.speaker == s.id for m in self.messages)]
        msgs = sorted(self.messages, key=lambda m: m.seq or 0)
        conv = Conversation.model_construct(id=self.session, roster=roster, channels=["voice"], messages=msgs,
                                            addressees_given=False, source_file=None)
        self.ingestor.ingest(self.space, conv)  # idempotent: earlier messages are already stored
