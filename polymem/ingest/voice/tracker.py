"""Online speaker assignment (VoxPolyMem, spec section 4).

Every utterance embedding is L2-normalised and compared by cosine with the stored speakers:
  best >= tau_match   -> that anonymous speaker id
  best >= tau_update  -> also move the stored embedding towards it by EMA with weight alpha
  below tau_match     -> a new anonymous speaker
Between the two thresholds the id is linked but the stored voice is left alone, so uncertain
matches cannot drag a speaker's embedding away. No roster or speaker count is needed.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

import numpy as np

from polymem.ingest.voice.calibrate import SNorm


@dataclass(frozen=True)
class TrackerConfig:
    # Defaults measured on the synthetic espeak set (docs/bench/voice.md explains the sweep).
    tau_match: float = 0.60
    tau_update: float = 0.70
    alpha: float = 0.2  # weight of the new utterance in the EMA
    tau_merge: float = 0.65  # centroid cosine needed to merge a fragment after the session
    merge: bool = True
    normalised: bool = False  # thresholds are AS-norm scores (calibrate.py), not cosines

    def __post_init__(self) -> None:
        if not -1.0 <= self.tau_match <= 1.0 and not (self.normalised and np.isfinite(self.tau_match)):
            raise ValueError("tau_match must lie in [-1, 1] (a cosine) or be finite (normalised scores)")
        if self.tau_update < self.tau_match:
            raise ValueError("tau_update must be >= tau_match")
        if not 0.0 < self.alpha <= 1.0:
            raise ValueError("alpha must lie in (0, 1]")

    @classmethod
    def single_threshold(cls, tau: float) -> TrackerConfig:
        """The simpler baseline policy: one threshold, stored voices never updated, no merge."""
        return cls(tau_match=tau, tau_update=2.0, alpha=1.0, tau_merge=2.0, merge=False)


def l2(v: np.ndarray) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32).reshape(-1)
    n = float(np.linalg.norm(v))
    if not np.isfinite(n) or n == 0.0:
        raise ValueError("embedding is zero or not finite")
    return v / n


@dataclass
class Speaker:
    id: str
    embedding: np.ndarray  # L2-normalised
    evidence: int = 0  # utterances attributed so far (all sessions)
    stored: bool = False  # already in the graph before this session
    name: str | None = None
    aliases: list[str] = field(default_factory=list)
    session_embeddings: list[np.ndarray] = field(default_factory=list)  # this session's utterances

    def centroid(self) -> np.ndarray:
        """Accumulated voice evidence: stored voice weighted by its evidence plus this session's."""
        parts = list(self.session_embeddings)
        prior = max(self.evidence - len(parts), 0)
        total = np.sum(parts, axis=0) if parts else np.zeros_like(self.embedding)
        if prior or not parts:
            total = total + self.embedding * max(prior, 1)
        return l2(total)


@dataclass(frozen=True)
class Assignment:
    speaker_id: str
    score: float  # best cosine (-1 when there was no speaker yet)
    new: bool
    updated: bool


def new_speaker_id() -> str:
    return "voice-" + uuid.uuid4().hex[:10]


class SpeakerTracker:
    """`norm` (calibrate.SNorm): scores and thresholds are then AS-normalised, not raw cosines."""

    def __init__(self, speakers: list[Speaker] | None = None, config: TrackerConfig | None = None,
                 norm: SNorm | None = None) -> None:
        self.config = config or TrackerConfig()
        self.norm = norm
        self.speakers: dict[str, Speaker] = {s.id: s for s in speakers or []}
        for s in self.speakers.values():
            s.embedding = l2(s.embedding)

    def similarity(self, a: np.ndarray, b: np.ndarray) -> float:
        """Cosine, or its AS-normalised score when the tracker has a cohort."""
        return float(a @ b) if self.norm is None else self.norm.score(a, b)

    def scores(self, emb: np.ndarray) -> list[tuple[str, float]]:
        """(id, score) for every known speaker, best first."""
        e = l2(emb)
        if self.norm is None:
            out = [(sid, float(s.embedding @ e)) for sid, s in self.speakers.items()]
        else:
            e_stats = self.norm.stats(e)
            out = [(sid, self.norm.score(s.embedding, e, v_stats=e_stats)) for sid, s in self.speakers.items()]
        return sorted(out, key=lambda t: -t[1])

    def assign(self, emb: np.ndarray) -> Assignment:
        e = l2(emb)
        ranked = self.scores(e)
        if ranked and ranked[0][1] >= self.config.tau_match:
            return self.attach(ranked[0][0], e, ranked[0][1])
        return self.create(e, ranked[0][1] if ranked else -1.0)

    def attach(self, sid: str, emb: np.ndarray, score: float | None = None) -> Assignment:
        """Attribute an utterance to a known speaker (decided by the voice or by its context); the
        stored voice moves only when the voice itself is clearly this speaker (>= tau_update)."""
        e = l2(emb)
        spk = self.speakers[sid]
        score = self.similarity(spk.embedding, e) if score is None else score
        updated = score >= self.config.tau_update
        if updated:
            spk.embedding = l2((1.0 - self.config.alpha) * spk.embedding + self.config.alpha * e)
        spk.evidence += 1
        spk.session_embeddings.append(e)
        return Assignment(sid, score, new=False, updated=updated)

    def create(self, emb: np.ndarray, score: float = -1.0) -> Assignment:
        e = l2(emb)
        sid = new_speaker_id()
        self.speakers[sid] = Speaker(sid, e, evidence=1, session_embeddings=[e])
        return Assignment(sid, score, new=True, updated=False)

    def active(self) -> list[Speaker]:
        """Speakers heard in the current session."""
        return [s for s in self.speakers.values() if s.session_embeddings]
