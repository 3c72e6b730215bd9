"""/voice/live over a real WebSocket (uvicorn in a thread, real Neo4j, ECAPA, Whisper, Silero):
espeak voices streamed as PCM chunks come back as attributed segments and stored messages; a bad
key, a malformed chunk and a dropped connection give clear errors and lose no finalised segment."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
import websocket

from polymem.api.app import create_app
from polymem.api.auth import KeyManager
from polymem.api.context import Services
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.voices import VoiceRepository

pytestmark = pytest.mark.audio
TURNS = [("Dana", "Hi everyone, I'm Sarah. I will bring the slides tomorrow."),
         ("Omar", "Hello, I'm Peter. The budget for the venue is not approved yet."),
         ("Dana", "Peter, can you send the budget to the client today?"),
         ("Omar", "Sure, I will send it this afternoon, before the meeting.")]


@pytest.fixture(scope="module")
def server(voice_backends) -> Iterator[str]:
    """The real app on a free loopback port (its own Neo4j driver: the app closes it at shutdown)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp = pytest.MonkeyPatch()
    mp.setenv("POLYMEM_API_PRELOAD", "0")
    srv = uvicorn.Server(uvicorn.Config(create_app(Services(Graph())), host="127.0.0.1", port=port,
                                        ws="wsproto", log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.monotonic() + 60
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.1)
    assert srv.started, "uvicorn did not start"
    yield f"ws://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(timeout=30)
    mp.undo()


def _connect(server: str, space: str, session: str, headers: list[str]) -> websocket.WebSocket:
    return websocket.create_connection(f"{server}/voice/live?space={space}&session={session}",
                                       header=headers, timeout=300)


def _json(ws: websocket.WebSocket) -> dict:
    return json.loads(ws.recv())


def _chunks(wav: Path, seconds: float = 0.5) -> list[bytes]:
    import soundfile as sf

    x, sr = sf.read(str(wav), dtype="int16")
    assert sr == 16_000
    n = int(seconds * sr)
    return [x[i: i + n].astype("<i2").tobytes() for i in range(0, len(x), n)]


def test_streamed_session_returns_attributed_segments_and_stores_them(
        server: str, graph: Graph, space: str, speak, tmp_path: Path) -> None:
    wav = speak(tmp_path / "meet", TURNS)
    ref = [tuple(map(float, line.split()[:2])) for line in wav.with_suffix(".txt").read_text().splitlines()]
    key = KeyManager(graph).create([space], label="pytest")[1]
    segs: list[dict] = []
    ws = _connect(server, space, "live1", [f"Authorization: Bearer {key}"])
    assert _json(ws) == {"type": "ready", "session": "live1"}
    for i, chunk in enumerate(_chunks(wav)):
        ws.send_binary(chunk)
        if i == 3:
            ws.send_binary(b"\x01\x02\x03")  # malformed: odd length
            ws.send("hello")
    ws.send('{"type": "end"}')
    errors = []
    while (m := _json(ws))["type"] != "done":
        (segs if m["type"] == "segment" else errors).append(m)
    ws.close()
    assert m["segments"] == len(segs)
    assert [e["code"] for e in errors] == ["BAD_CHUNK", "BAD_MESSAGE"] and "16-bit" in errors[0]["message"]
    assert len(segs) == 4, segs
    by_person: dict[str, set[str]] = {}
    for s, (person, _), (start, end) in zip(sorted(segs, key=lambda s: s["start"]), TURNS, ref, strict=True):
        by_person.setdefault(person, set()).add(s["speaker"])
        assert abs(s["start"] - start) < 0.5 and abs(s["end"] - end) < 0.5  # VAD padding, trailing pause
        assert s["text"] and "decided_by" in s["provenance"]
    assert all(len(v) == 1 for v in by_person.values()) and len(set.union(*by_person.values())) == 2
    stored = MessageRepository(graph).existing(space, [s["id"] for s in segs])
    assert len(stored) == 4
    # the live path stores the shipped ECAPA+GE2E fused voices (448-d), one per person
    voices = VoiceRepository(graph).load(space)
    assert {v.id for v in voices} == set.union(*by_person.values()) and {len(v.embedding) for v in voices} == {448}


def test_bad_key_is_refused_and_a_dropped_connection_keeps_what_was_said(
        server: str, graph: Graph, space: str, speak, tmp_path: Path) -> None:
    ws = _connect(server, space, "x", ["Authorization: Bearer pmk_nope_wrong"])
    err = _json(ws)
    assert err["code"] == "FORBIDDEN" and "API key" in err["message"]
    opcode, data = ws.recv_data(control_frame=True)
    assert opcode == websocket.ABNF.OPCODE_CLOSE and int.from_bytes(data[:2], "big") == 4403
    ws.close()
    wav = speak(tmp_path / "drop", TURNS[:2])
    key = KeyManager(graph).create([space], label="pytest")[1]
    ws = _connect(server, space, "drop", [f"X-API-Key: {key}"])
    assert _json(ws)["type"] == "ready"
    for chunk in _chunks(wav):
        ws.send_binary(chunk)
    ws.sock.close()  # gone without {"type": "end"} or a close frame: both turns must still be written
    ids = ["drop-u0000", "drop-u0001"]
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and len(MessageRepository(graph).existing(space, ids)) < 2:
        time.sleep(1.0)
    assert set(MessageRepository(graph).existing(space, ids)) == set(ids)


def test_cli_streams_a_wav_in_real_time(server: str, graph: Graph, space: str, speak, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from polymem.cli import main

    wav = speak(tmp_path / "cli", TURNS[:2])
    key = KeyManager(graph).create([space], label="pytest")[1]
    rc = main(["voice", "stream", str(wav), "--space", space, "--url", server, "--key", key,
               "--session", "cli", "--json"])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert rc == 0
    segs = [m for m in out if m["type"] == "segment"]
    assert [m["type"] for m in out][-1] == "done" and len(segs) == 2
    assert segs[0]["speaker"] != segs[1]["speaker"] and [s["name"] for s in segs] == ["Sarah", "Peter"]
    assert set(MessageRepository(graph).existing(space, [s["id"] for s in segs])) == {"cli-u0000", "cli-u0001"}
    print("latencies", [s["latency_s"] for s in segs])
