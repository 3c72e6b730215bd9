"""Speaker persistence: anonymous `(:Participant {kind:'voice'})` nodes with `voice_embedding`
(L2-normalised ECAPA, EMA-updated) and `voice_evidence` (utterances attributed). Embeddings are
biometric data: they are read only by the tracker and identify_speaker, never by default listings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from polymem.errors import NotFoundError
from polymem.graph.cypher import voice as q
from polymem.graph.driver import Graph


@dataclass
class StoredVoice:
    id: str
    name: str | None
    aliases: list[str]
    embedding: np.ndarray
    evidence: int


class VoiceRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def storage_enabled(self, space: str) -> bool:
        rows = self.graph.read(q.VOICE_STORAGE, space=space)
        return bool(rows[0]["enabled"]) if rows else True

    def set_storage(self, space: str, enabled: bool) -> int:
        """Switch voice storage for a space; switching it off deletes the stored voices (returns how many)."""
        steps: list = [(q.SET_VOICE_STORAGE, {"space": space, "enabled": bool(enabled)})]
        if not enabled:
            steps.append((q.PURGE_SPACE_VOICES, {"space": space}))
        before = 0 if enabled else len(self.load(space))
        self.graph.write_many(steps)
        return before

    def load(self, space: str) -> list[StoredVoice]:
        return [StoredVoice(r["id"], r["name"], list(r["aliases"]), np.asarray(r["embedding"], dtype=np.float32),
                            int(r["evidence"])) for r in self.graph.read(q.LOAD_SPEAKERS, space=space)]

    def list(self, space: str, with_embeddings: bool = False) -> list[dict[str, Any]]:
        rows = self.graph.read(q.LIST_VOICES, space=space, with_embeddings=with_embeddings)
        if not with_embeddings:
            for r in rows:
                r.pop("embedding", None)
        return rows

    def save(self, space: str, rows: list[dict[str, Any]]) -> int:
        """rows: {id, embedding: list[float], evidence: int}; ignored when the space disallows voices."""
        if not rows:
            return 0
        out = self.graph.write(q.SAVE_SPEAKERS, space=space, rows=rows)
        return int(out[0]["saved"]) if out else 0

    def link_name(self, space: str, participant: str, name: str, aliases: list[str] | None = None,
                  force: bool = True) -> dict[str, Any]:
        rows = self.graph.write(q.LINK_NAME, space=space, id=participant, name=name.strip(),
                                aliases=[a.strip() for a in aliases or []], force=force)
        if not rows:
            raise NotFoundError(f"no participant {participant!r} in space {space!r}")
        return rows[0]

    def named(self, space: str) -> dict[str, str]:
        """{name or alias: voice participant id} for voices that already carry a name."""
        out: dict[str, str] = {}
        for r in self.graph.read(q.NAMED_VOICES, space=space):
            for n in [r["name"], *r["aliases"]]:
                out.setdefault(n, r["id"])
        return out


def delete_voice_data(graph: Graph, space: str, participant: str) -> bool:
    """Remove a participant's voice embedding and evidence (forget-participant calls this).
    Returns True when something was deleted; messages and names are left to the caller."""
    rows = graph.write(q.DELETE_VOICE, space=space, id=participant)
    return bool(rows and rows[0]["had"])
