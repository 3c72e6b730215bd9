"""After forgetParticipant and the documented offline steps (docs/erasure.md:
scripts/neo4j stop, scripts/neo4j-purge-logs), the erased text is in no file of the store.

Runs on a private Neo4j that the test starts and stops (never the shared one)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "api"))
from neo4j_instance import REPO, PrivateNeo4j  # noqa: E402

from polymem.config import Neo4jSettings  # noqa: E402
from polymem.graph import Graph  # noqa: E402
from polymem.graph.forget import forget_participant  # noqa: E402
from polymem.graph.records import RecordRepository  # noqa: E402
from polymem.ingest.pipeline import Ingestor  # noqa: E402
from polymem.schema.migrations import migrate  # noqa: E402
from polymem.schema.models import Conversation, Message, Participant  # noqa: E402
from polymem.schema.records import AddOp  # noqa: E402

SPACE = "erasure"
MARKERS = [b"Quixfeather", b"XYLOPHONE-QUARTZ-93"]


def _files_with(root: Path, needles: list[bytes]) -> list[str]:
    hits = []
    wanted = needles + [n.lower() for n in needles]
    for path in root.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if any(n in data for n in wanted):
                hits.append(str(path.relative_to(root)))
    return hits


def test_erased_text_gone_from_store_files(tmp_path: Path) -> None:
    db = PrivateNeo4j(tmp_path / "neo4j")
    db.start()
    try:
        with Graph(dataclasses.replace(Neo4jSettings.from_env(), uri=db.uri)) as g:
            migrate(g)
            roster = [Participant(id="zeb", name="Zebulon Quixfeather"), Participant(id="ann", name="Ann")]
            msgs = [Message(id=f"m{i}", speaker=s, text=t, time=datetime(2026, 5, 1, 10, i), seq=i + 1)
                    for i, (s, t) in enumerate([("zeb", "my locker code is XYLOPHONE-QUARTZ-93"),
                                                ("ann", "thanks Quixfeather, noted"),
                                                ("ann", "see you all at the venue")])]
            Ingestor(g, None).ingest(SPACE, Conversation.model_construct(
                id="c", roster=roster, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))
            repo = RecordRepository(g)
            repo.ensure_group(SPACE)
            repo.add(SPACE, "r1", AddOp(layer="Interaction", owner="GROUP", source="ann", event="locker",
                                        content="Quixfeather shared the locker code XYLOPHONE-QUARTZ-93",
                                        from_ids=["m0", "m1"]))
            forget_participant(g, SPACE, "zeb")
            assert g.read("MATCH (n {space: $s}) WHERE any(k IN keys(n) WHERE n[k] IS :: STRING "
                          "AND n[k] CONTAINS 'Quixfeather') RETURN count(n) AS n", s=SPACE)[0]["n"] == 0
        db.stop()
        data = db.home / "data"
        assert _files_with(data, MARKERS), "the marker never reached the disk: the test proves nothing"

        env = {**os.environ, "POLYMEM_NEO4J_HOME": str(db.home), "POLYMEM_NEO4J_BOLT_PORT": str(db.bolt_port),
               "POLYMEM_NEO4J_HTTP_PORT": str(db.http_port), "POLYMEM_NEO4J_HEAP": "512m",
               "POLYMEM_PURGE_FILLERS": "5000"}
        done = subprocess.run([str(REPO / "scripts" / "neo4j-purge-logs")], env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        assert _files_with(data, MARKERS) == []

        db.start()  # the purged store still opens, with the rest of the conversation
        with Graph(dataclasses.replace(Neo4jSettings.from_env(), uri=db.uri)) as g:
            left = g.read("MATCH (m:Message {space: $s}) RETURN m.id AS id ORDER BY id", s=SPACE)
            assert [r["id"] for r in left] == ["m1", "m2"]
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"purge timed out: {e}")
    finally:
        db.stop()
