"""A space holding the invented rowing-club chat (tests/data), ingested without embeddings."""

from __future__ import annotations

from pathlib import Path

import pytest

from polymem.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def club(space: str, capsys: pytest.CaptureFixture[str]) -> str:
    rc = main(["ingest", str(DATA / "rowing_club.jsonl"), "--roster", str(DATA / "rowing_club.roster.json"),
               "--space", space, "--no-embed", "--quiet"])
    assert rc == 0
    capsys.readouterr()
    return space
