"""Interaction-aware speaker attribution: the voice score and a conversational prior make one
posterior over the known speakers plus "a voice not heard yet".

    log P(k | turn) = voice(k) + prior(k) + const

voice(k) is the cosine to speaker k divided by a temperature (flatter for clips shorter than
`short_seconds`, whose embeddings are less reliable); "new" scores as if its cosine were tau_match
(less short_new_shift for a short clip), so with no prior and no shift the argmax is exactly the
tracker's threshold rule. The prior multiplies:
  * participation: a Chinese-restaurant prior (a new voice gets theta / (n + theta)) times each
    known speaker's share of the session's turns so far;
  * turn-taking: P(the same person speaks again), a Beta estimate from this session's decided
    turn pairs, applied to the previous turn's speaker and, when known, the next one's;
  * addressing: a vocative in the previous turn ("Bob, are you in?") favours the speaker named
    Bob (or, if no voice carries that name yet, a new or unnamed voice);
  * self-introduction in this turn ("I'm Bob") strongly favours the voice named Bob (or a new or
    unnamed one); a vocative in this turn names someone the speaker is not.
Names come from the parse in names.py and from the stored voices' names and aliases. A short or
uncertain turn stays pending until the next decided turn gives its right-hand context (or the
session ends); every decision keeps its provenance (voice alone or context, posterior, wait).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

import numpy as np

from polymem.ingest.voice.names import self_introductions, vocatives
from polymem.ingest.voice.tracker import SpeakerTracker, l2

NEW = "<new>"


@dataclass(frozen=True)
class PriorConfig:
    enabled: bool = True  # False: voice only (the tracker's threshold rule, nothing pending)
    temperature: float = 0.03  # cosine per nat of voice evidence, for a clip of short_seconds or more
    short_seconds: float = 1.0  # shorter turns: flatter voice evidence, and always wait for context
    short_new_shift: float = 0.4  # a short clip matches its own voice worse: "new" needs more below tau
    commit: float = 0.9  # posterior needed to decide a turn on the spot
    theta: float = 3.0  # concentration of "a voice not heard yet"
    addressed: float = 4.0  # odds for the person the previous turn addressed by name
    intro: float = 30.0  # odds for the voice carrying the name a turn introduces
    self_named: float = 0.05  # odds for the voice named in this turn's own vocative
    same_a: float = 1.0  # Beta(same_a, same_b) prior on "the same person speaks again"
    same_b: float = 1.0


@dataclass
class Turn:
    index: int
    emb: np.ndarray
    text: str
    seconds: float
    speaker: str | None = None
    score: float = 0.0  # cosine to the attributed voice
    pending: bool = True
    provenance: dict[str, Any] = field(default_factory=dict)


def same_name(a: str, b: str) -> bool:
    """Names equal up to case, or (4+ letters) one ASR slip apart ("Lena" / "Lina")."""
    a, b = a.lower(), b.lower()
    return a == b or (min(len(a), len(b)) >= 4 and SequenceMatcher(None, a, b).ratio() >= 0.75)


class InteractionAttributor:
    """Feeds turns in order (`add`), returns the turns decided by each call; `finish` ends a session."""

    def __init__(self, tracker: SpeakerTracker, config: PriorConfig | None = None) -> None:
        self.tracker = tracker
        self.config = config or PriorConfig()
        self.names: dict[str, list[str]] = {}
        for s in tracker.speakers.values():
            self.names[s.id] = [n for n in [s.name, *s.aliases] if n and not n.startswith("voice-")]
        self.start_session()

    def start_session(self) -> None:
        self.turns: list[Turn] = []
        self.same = self.pairs = 0

    def apply_merges(self, merged: dict[str, str]) -> None:
        """After merge_fragments: absorbed ids hand their names to the survivor."""
        for frag, keep in merged.items():
            got = self.names.setdefault(keep, [])
            got += [n for n in self.names.pop(frag, []) if n not in got]
        for t in self.turns:
            if t.speaker in merged:
                t.speaker = merged[t.speaker]

    def apply_split(self, ids: list[str]) -> None:
        """After recluster.resplit_session: this session's turns take their new ids, and a name a
        turn introduced moves with it."""
        for t, sid in zip(self.turns, ids, strict=True):
            if t.speaker == sid:
                continue
            for name in self_introductions(t.text):
                if t.speaker and name in self.names.get(t.speaker, []):
                    self.names[t.speaker].remove(name)
                    self.names.setdefault(sid, []).append(name)
            t.speaker = sid
            self.names.setdefault(sid, [])

    # --- the posterior -------------------------------------------------------------------------
    def voice_logits(self, turn: Turn) -> dict[str, float]:
        cfg = self.config
        temp = cfg.temperature * math.sqrt(max(1.0, cfg.short_seconds / max(turn.seconds, 1e-3)))
        out = {sid: s / temp for sid, s in self.tracker.scores(turn.emb)}
        shift = cfg.short_new_shift if turn.seconds < cfg.short_seconds else 0.0
        out[NEW] = (self.tracker.config.tau_match - shift) / temp
        return out

    def _named(self, name: str) -> list[str]:
        return [sid for sid, ns in self.names.items() if sid in self.tracker.speakers
                and any(same_name(name, n) for n in ns)]

    def _favour(self, prior: dict[str, float], name: str, odds: float, reasons: list[str], why: str) -> None:
        holders = self._named(name)
        if not holders:  # nobody carries the name yet: a new voice or one still unnamed
            holders = [NEW] + [k for k in prior if k != NEW and not self.names.get(k)]
        for k in holders:
            prior[k] += math.log(odds)
        reasons.append(f"{why} {name}")

    def prior(self, turn: Turn, right: Turn | None = None) -> tuple[dict[str, float], list[str]]:
        cfg = self.config
        known = list(self.tracker.speakers)
        decided = [t for t in self.turns if not t.pending and t.index < turn.index]
        n = len(decided)
        counts = {k: sum(1 for t in decided if t.speaker == k) for k in known}
        p_new = cfg.theta / (n + len(known) + cfg.theta)
        prior = {k: math.log((1 - p_new) * (counts[k] + 1) / (n + len(known))) for k in known}
        prior[NEW] = math.log(p_new)
        reasons: list[str] = []
        p_same = (self.same + cfg.same_a) / (self.pairs + cfg.same_a + cfg.same_b)
        left = self.turns[turn.index - 1] if turn.index > 0 else None
        for ctx, side in ((left, "previous"), (right, "next")):
            if ctx is None or ctx.pending or ctx.speaker not in prior:
                continue
            for k in prior:
                prior[k] += math.log(p_same if k == ctx.speaker else 1.0 - p_same)
            reasons.append(f"turn-taking vs {side} (p_same {p_same:.2f})")
        if left is not None:
            for name in vocatives(left.text):
                if name not in self_introductions(left.text):
                    self._favour(prior, name, cfg.addressed, reasons, "addressed:")
        for name in self_introductions(turn.text):
            self._favour(prior, name, cfg.intro, reasons, "introduces")
        for name in vocatives(turn.text):
            for k in self._named(name):
                prior[k] += math.log(cfg.self_named)
            reasons.append(f"addresses {name}")
        return prior, reasons

    def posterior(self, turn: Turn, right: Turn | None = None) -> tuple[dict[str, float], list[str]]:
        voice = self.voice_logits(turn)
        if not self.config.enabled:
            prior, reasons = dict.fromkeys(voice, 0.0), []
        else:
            prior, reasons = self.prior(turn, right)
        logits = {k: voice[k] + prior.get(k, 0.0) for k in voice}
        top = max(logits.values())
        z = sum(math.exp(v - top) for v in logits.values())
        return {k: math.exp(v - top) / z for k, v in logits.items()}, reasons

    # --- the online loop -----------------------------------------------------------------------
    def add(self, emb: np.ndarray, text: str, seconds: float) -> list[Turn]:
        turn = Turn(len(self.turns), l2(emb), text, seconds)
        self.turns.append(turn)
        post, _ = self.posterior(turn)
        cfg = self.config
        if not cfg.enabled or (seconds >= cfg.short_seconds and max(post.values()) >= cfg.commit):
            self._decide(turn)
            return sorted(self._resolve_pending() + [turn], key=lambda t: t.index)
        return []

    def finish(self) -> list[Turn]:
        """Every turn still pending is decided from the context it has (at the end of a session, or
        live when a pending turn has waited long enough); the session itself goes on."""
        return self._resolve_pending()

    def _resolve_pending(self) -> list[Turn]:
        waiting = [t for t in self.turns if t.pending]
        for t in waiting:
            self._decide(t)
        return waiting

    def _decide(self, turn: Turn) -> None:
        nxt = self.turns[turn.index + 1] if turn.index + 1 < len(self.turns) else None
        right = nxt if nxt is not None and not nxt.pending else None
        post, reasons = self.posterior(turn, right)
        choice = max(post, key=lambda k: post[k])
        voice = self.voice_logits(turn)
        by_voice = max(voice, key=lambda k: voice[k])
        scores = dict(self.tracker.scores(turn.emb))
        if choice == NEW:
            a = self.tracker.create(turn.emb, max(scores.values(), default=-1.0))
        else:
            a = self.tracker.attach(choice, turn.emb, scores[choice])
        turn.speaker, turn.score, turn.pending = a.speaker_id, a.score, False
        self.names.setdefault(a.speaker_id, [])
        for name in self_introductions(turn.text):
            if not self._named(name):
                self.names[a.speaker_id].append(name)
        turn.provenance = {
            "decided_by": "voice" if choice == by_voice else "context", "posterior": round(post[choice], 3),
            "voice_choice": "new" if by_voice == NEW else by_voice,
            "waited_turns": len(self.turns) - 1 - turn.index,
            "reasons": reasons if self.config.enabled else []}
        prev = self.turns[turn.index - 1] if turn.index > 0 else None
        for other in (prev, nxt):
            if other is not None and not other.pending:
                self.pairs += 1
                self.same += other.speaker == turn.speaker
