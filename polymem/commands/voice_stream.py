"""`polymem voice stream FILE --space S --url ws://HOST:PORT`: play an audio file into /voice/live in
real time (16 kHz 16-bit PCM chunks) and print the attributed segments as the server decides them."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from typing import Any

from polymem.errors import BackendUnavailableError, InputError


def register(vs: argparse._SubParsersAction) -> None:
    st = vs.add_parser("stream", help="stream an audio file to a live session (/voice/live) in real time")
    st.add_argument("path", help="audio file (WAV/FLAC/MP3/OGG; resampled to 16 kHz mono)")
    st.add_argument("--space", required=True)
    st.add_argument("--url", default="ws://127.0.0.1:8000", help="the API server (ws:// or wss://)")
    st.add_argument("--key", help="the space's API key (default: $POLYMEM_API_KEY)")
    st.add_argument("--session", help="session id (default: chosen by the server)")
    st.add_argument("--chunk", type=float, default=0.5, help="seconds of audio per frame")
    st.add_argument("--fast", action="store_true", help="send as fast as possible, not in real time")
    st.add_argument("--json", action="store_true", help="one JSON object per line")
    st.set_defaults(func=voice_stream)


def voice_stream(args: argparse.Namespace) -> int:
    import numpy as np

    from polymem.ingest.voice.audio import SAMPLE_RATE, load_audio

    try:
        import websocket
    except ImportError as e:
        raise BackendUnavailableError("websocket-client is not installed: pip install websocket-client") from e
    if args.chunk <= 0 or args.chunk > 10:
        raise InputError("--chunk must lie in (0, 10] seconds")
    audio = load_audio(args.path)
    pcm = (np.clip(audio.samples, -1.0, 1.0) * 32767).astype("<i2")
    key = args.key or os.environ.get("POLYMEM_API_KEY")
    query = f"space={args.space}" + (f"&session={args.session}" if args.session else "")
    try:
        ws = websocket.create_connection(f"{args.url.rstrip('/')}/voice/live?{query}", timeout=600,
                                         header=[f"Authorization: Bearer {key}"] if key else [])
    except (OSError, websocket.WebSocketException) as e:
        raise InputError(f"cannot connect to {args.url}: {e}") from e
    first = json.loads(ws.recv())
    if first.get("type") != "ready":
        _show(first, args.json)
        return 2
    _show(first, args.json)
    done: dict[str, Any] = {}
    reader = threading.Thread(target=_read, args=(ws, args.json, done), daemon=True)
    reader.start()
    n = int(args.chunk * SAMPLE_RATE)
    t0 = time.monotonic()
    for k, i in enumerate(range(0, len(pcm), n)):
        if not args.fast:  # real time: frame k leaves once all its audio would have been spoken
            time.sleep(max(0.0, t0 + (k + 1) * args.chunk - time.monotonic()))
        ws.send_binary(pcm[i: i + n].tobytes())
    ws.send(json.dumps({"type": "end"}))
    reader.join()
    ws.close()
    return 0 if done.get("type") == "done" else 1


def _read(ws: Any, as_json: bool, done: dict[str, Any]) -> None:
    while True:
        try:
            raw = ws.recv()
        except Exception:  # closed by the server
            return
        if not raw:
            return
        m = json.loads(raw)
        _show(m, as_json)
        if m.get("type") == "done":
            done.update(m)
            return


def _show(m: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(m), flush=True)
    elif m.get("type") == "segment":
        who = m.get("name") or m["speaker"]
        print(f"[{m['start']:7.2f}-{m['end']:7.2f}] {who}: {m['text']}  ({m['provenance'].get('decided_by')}, "
              f"{m['latency_s']:.2f} s)", flush=True)
    elif m.get("type") == "error":
        print(f"error {m.get('code')}: {m.get('message')}", file=sys.stderr, flush=True)
    elif m.get("type") == "done":
        print(f"done: {m['segments']} segments, {len(m.get('overlaps', []))} overlapping spans", flush=True)
    elif m.get("type") == "ready":
        print(f"session {m['session']} ready", file=sys.stderr, flush=True)
