"""`polymem bench voice-latency`: end-of-utterance -> segment latency of /voice/live, streamed in
real time over a real WebSocket (the path `polymem voice stream` takes).

Starts the API in-process on a loopback port (POLYMEM_API_PRELOAD=0, real Neo4j), makes a key for
a bench space, streams each WAV in 0.5 s frames at the speed of speech and collects every
segment's `latency_s` (from the arrival of the utterance's last sample to the segment's
emission, measured by the server) and the wall time. `--url/--key` measure another server
instead (e.g. an older checkout for a before/after run). Attribution consistency: each segment
is matched to the reference turn it overlaps most; accuracy under the best id<->person mapping.
Transcript quality: WER of the session's segments (in order) against its reference turns, so
lost or split turns count. Where the time went: each segment's `timing` (pause confirmation,
queueing, the compute left at the cut; empty from servers older than the work-ahead change).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.voice_metrics import attribution_accuracy, word_errors


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("voice-latency", help="/voice/live latency, streaming WAVs in real time (own API server)")
    p.add_argument("wavs", nargs="*", help="WAV files with a reference .json beside them (default: the "
                   "seed-7 set's C/s0.wav and C/s1.wav, built by `polymem bench voice --seed 7`)")
    p.add_argument("--url", help="measure this server (ws://HOST:PORT) instead of an in-process one")
    p.add_argument("--key", help="its key for --space")
    p.add_argument("--space", help="default: a fresh bench-voice-lat-<time> (no voices stored before)")
    p.add_argument("--fast", action="store_true", help="send as fast as possible (RTF), not in real time")
    p.add_argument("--chunk", type=float, default=0.5, help="seconds of audio per frame")
    p.add_argument("--label", default="", help="a name for this run in the JSON")
    p.set_defaults(func=run)


def _server(space: str) -> tuple[str, str, Any]:
    import uvicorn

    from polymem.api.app import create_app
    from polymem.api.auth import KeyManager
    from polymem.api.context import Services
    from polymem.graph import Graph

    os.environ["POLYMEM_API_PRELOAD"] = "0"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    graph = Graph()
    key = KeyManager(graph).create([space], label="bench voice-latency")[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(Services(Graph())), host="127.0.0.1", port=port,
                                        ws="wsproto", log_level="warning"))
    threading.Thread(target=srv.run, daemon=True).start()
    deadline = time.monotonic() + 60
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.1)
    if not srv.started:
        raise RuntimeError("uvicorn did not start")
    return f"ws://127.0.0.1:{port}", key, srv


def stream(url: str, key: str, space: str, wav: Path, session: str, fast: bool = False,
           chunk_s: float = 0.5) -> dict[str, Any]:
    """Streams one WAV; returns its segments, the done frame and the wall time."""
    import soundfile as sf
    import websocket

    x, sr = sf.read(str(wav), dtype="int16")
    if sr != 16_000 or x.ndim != 1:
        raise ValueError(f"{wav}: need 16 kHz mono")
    ws = websocket.create_connection(f"{url}/voice/live?space={space}&session={session}",
                                     header=[f"Authorization: Bearer {key}"], timeout=600)
    ready = json.loads(ws.recv())
    if ready.get("type") != "ready":
        raise RuntimeError(f"not ready: {ready}")
    got: list[dict[str, Any]] = []

    def read() -> None:
        while True:
            try:
                m = json.loads(ws.recv())
            except Exception:
                return
            m["received_at"] = time.monotonic()
            got.append(m)
            if m.get("type") == "done":
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    n = int(chunk_s * sr)
    t0 = time.monotonic()
    for k, i in enumerate(range(0, len(x), n)):
        if not fast:  # a frame leaves once all its audio has been spoken
            time.sleep(max(0.0, t0 + (k + 1) * chunk_s - time.monotonic()))
        ws.send_binary(x[i: i + n].astype("<i2").tobytes())
    ws.send(json.dumps({"type": "end"}))
    reader.join(timeout=600)
    wall = time.monotonic() - t0
    ws.close()
    return {"segments": [m for m in got if m.get("type") == "segment"],
            "done": next((m for m in got if m.get("type") == "done"), None), "wall_s": wall, "audio_s": len(x) / sr,
            "t0": t0}


def matched(segments: list[dict[str, Any]], ref: list[dict[str, Any]]) -> list[tuple[dict, dict]]:
    """(segment, the reference turn it overlaps most) for every segment that overlaps one."""
    out = []
    for s in segments:
        best = max(ref, key=lambda r: min(s["end"], r["end"]) - max(s["start"], r["start"]))
        if min(s["end"], best["end"]) > max(s["start"], best["start"]):
            out.append((s, best))
    return out


def run(args: argparse.Namespace) -> int:
    from polymem.ingest.voice.models import voice_cache

    wavs = [Path(w) for w in args.wavs] or [voice_cache() / "bench-set" / "C" / f"s{k}.wav" for k in (0, 1)]
    srv = None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    args.space = args.space or f"bench-voice-lat-{stamp}"
    if args.url:
        url, key = args.url, args.key or os.environ.get("POLYMEM_API_KEY", "")
    else:
        url, key, srv = _server(args.space)
    rows, lat, e2e = [], [], []
    wer_e, wer_n, timings = 0, 0, []
    for wav in wavs:
        r = stream(url, key, args.space, wav, f"lat-{stamp}-{wav.parent.name}-{wav.stem}", fast=args.fast,
                   chunk_s=args.chunk)
        ls = [s["latency_s"] for s in r["segments"]]
        pairs = matched(r["segments"], json.loads(wav.with_suffix(".json").read_text()))
        # client side: from the moment the turn's last word was spoken (reference end, real time)
        # to the segment's arrival; includes framing, the closing pause and any queueing
        es = [s["received_at"] - (r["t0"] + t["end"]) for s, t in pairs] if not args.fast else []
        lat, e2e = lat + ls, e2e + es
        ref = json.loads(wav.with_suffix(".json").read_text())
        errs, words = word_errors(" ".join(t["text"] for t in ref),
                                  " ".join(s["text"] for s in sorted(r["segments"], key=lambda s: s["start"])))
        wer_e, wer_n = wer_e + errs, wer_n + words
        timings += [s.get("timing") or {} for s in r["segments"]]
        rows.append({"wav": str(wav), "audio_s": round(r["audio_s"], 1), "wall_s": round(r["wall_s"], 1),
                     "rtf": round(r["wall_s"] / r["audio_s"], 3), "segments": len(r["segments"]), "matched": len(pairs),
                     "reference_turns": len(json.loads(wav.with_suffix(".json").read_text())),
                     "attribution": round(attribution_accuracy([s["speaker"] for s, _ in pairs],
                                                               [t["speaker"] for _, t in pairs]), 3),
                     "overlaps": len((r["done"] or {}).get("overlaps", [])), "wasted_ahead_s": (r["done"] or {}).get("wasted_ahead_s"), "wer": round(errs / max(words, 1), 3),
                     "server_p50_p95_max": [_q(ls, 50), _q(ls, 95), _q(ls, 100)],
                     "client_p50_p95_max": [_q(es, 50), _q(es, 95), _q(es, 100)],
                     "client_each": [round(e, 2) for e in es]})
    res = {"label": args.label, "space": args.space, "url": "in-process" if srv else url, "fast": args.fast, "chunk_s": args.chunk,
           "files": rows, "all": {"segments": len(lat), "server_p50_p95_max": [_q(lat, 50), _q(lat, 95), _q(lat, 100)],
                                  "client_p50_p95_max": [_q(e2e, 50), _q(e2e, 95), _q(e2e, 100)],
                                  "wer": round(wer_e / max(wer_n, 1), 3),
                                  "attribution": f'{sum(round(f["attribution"] * f["matched"]) for f in rows)}/{sum(f["matched"] for f in rows)}',
                                  "timing_mean_p95": _breakdown(timings)}}
    if srv is not None:
        srv.should_exit = True
    print(json.dumps(res, indent=1))
    return 0


def _breakdown(timings: list[dict[str, Any]]) -> dict[str, list[float | None]]:
    """[mean, p95] of every timing field the server reported (ahead: steps done before the cut)."""
    keys = sorted({k for t in timings for k in t})
    return {k: [round(float(np.mean([t.get(k, 0.0) for t in timings])), 3), _q([t.get(k, 0.0) for t in timings], 95)]
            for k in keys}


def _q(xs: list[float], q: float) -> float | None:
    return round(float(np.percentile(xs, q)), 3) if xs else None
