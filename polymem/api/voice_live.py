"""/voice/live: a WebSocket for live spoken sessions (meeting assistants).

Connect with `?space=S[&session=ID]` and the space's key (Authorization: Bearer <key> or
X-API-Key). The server answers {"type": "ready", "session"}; then send binary frames of 16 kHz
16-bit little-endian mono PCM (any length up to 10 s) and, at the end, the text frame
{"type": "end"}. The server sends {"type": "segment", id, speaker, name, start, end, text,
provenance, latency_s, timing} for every utterance as soon as it is decided (written to the
graph right after it is sent), {"type": "error", code, message} for a bad chunk or message (the session goes on), and
{"type": "done", segments, overlaps, wasted_ahead_s} before closing with 1000. A bad key closes with 4403 after an
error frame; a dropped connection still finalises and writes everything received.
"""

from __future__ import annotations

import json
import logging
import math
import os
import time
import uuid
from typing import Any

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from polymem.api.auth import bearer
from polymem.api.context import Services, run
from polymem.errors import ForbiddenError, InputError
from polymem.ingest.voice.live import pcm16

log = logging.getLogger(__name__)


class VoiceLive:
    def __init__(self, services: Services) -> None:
        self.services = services

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        space = ws.query_params.get("space") or ""
        session = ws.query_params.get("session") or f"live-{uuid.uuid4().hex[:12]}"
        token = ws.headers.get("x-api-key") or bearer(ws.headers.get("authorization"))
        try:
            principal = await run(self.services.keys.verify, token)
            principal.require(space)
            live = await run(self._open, space, session)
        except ForbiddenError as e:
            await ws.send_json({"type": "error", "code": "FORBIDDEN", "message": str(e)})
            await ws.close(code=4403)
            return
        except InputError as e:
            await ws.send_json({"type": "error", "code": "BAD_REQUEST", "message": str(e)})
            await ws.close(code=4400)
            return
        await ws.send_json({"type": "ready", "session": session})
        try:
            await self._serve(ws, live)
        except WebSocketDisconnect:
            pass
        finally:
            if not live.closed:  # written to the graph even when nobody is listening any more
                log.info("voice live %s: connection dropped, finalising what was received", session)
                with anyio.CancelScope(shield=True):  # the server may cancel the handler on disconnect
                    try:
                        await run(live.close)
                    except Exception:
                        log.exception("voice live %s: finalising after the connection dropped failed", session)

    async def _serve(self, ws: WebSocket, live: Any) -> None:
        """A receiver stamps every frame on arrival and checks it; a worker feeds the session with
        all frames queued so far, so a slow utterance never delays reading (or timing) the next.
        Segments are sent, then written; while no frame waits, the worker works ahead on the open
        turn (LiveVoiceSession.work_ahead), stopping between steps when one arrives."""
        inbox, outbox = anyio.create_memory_object_stream[tuple[str, bytes, float]](math.inf)
        lock = anyio.Lock()
        state = {"sent": 0, "gone": False}

        async def say(obj: dict[str, Any]) -> None:
            if state["gone"]:
                return
            try:
                async with lock:
                    await ws.send_json(obj)
            except Exception:  # the client left: keep processing, the graph still gets everything
                state["gone"] = True

        async def receiver() -> None:
            async with inbox:
                while True:
                    msg = await ws.receive()
                    if msg["type"] == "websocket.disconnect":
                        state["gone"] = True
                        return
                    if msg.get("bytes") is not None:
                        try:
                            pcm16(msg["bytes"])
                        except InputError as e:
                            await say({"type": "error", "code": "BAD_CHUNK", "message": str(e)})
                            continue
                        inbox.send_nowait(("audio", msg["bytes"], time.monotonic()))
                    elif _is_end(msg.get("text")):
                        inbox.send_nowait(("end", b"", time.monotonic()))
                        return
                    else:
                        await say({"type": "error", "code": "BAD_MESSAGE",
                                   "message": 'send binary PCM frames, or the text frame {"type": "end"}'})

        def queued() -> bool:
            return outbox.statistics().current_buffer_used > 0

        async def worker() -> None:
            async with outbox:
                while True:
                    try:
                        batch = [await outbox.receive()]
                    except anyio.EndOfStream:
                        return  # dropped: the caller finalises
                    while True:
                        try:
                            batch.append(outbox.receive_nowait())
                        except (anyio.WouldBlock, anyio.EndOfStream):
                            break
                    audio = [(b, t) for kind, b, t in batch if kind == "audio"]
                    segs = (await run(_feed, live, audio)) if audio else []
                    for seg in segs:
                        await say(seg.as_json())
                        state["sent"] += 1
                    if segs:  # written right after they are sent (close() writes whatever is left)
                        await run(live.flush)
                    if not any(kind == "end" for kind, _, _ in batch):
                        # nothing queued: work ahead on the open turn until a frame arrives
                        if live.ahead_enabled and not queued():
                            await run(live.work_ahead, queued)
                    if any(kind == "end" for kind, _, _ in batch):
                        segs = await run(live.close)
                        for seg in segs:
                            await say(seg.as_json())
                        await say({"type": "done", "segments": state["sent"] + len(segs), "overlaps": live.overlaps,
                                   "wasted_ahead_s": round(live.wasted_s, 3)})
                        if not state["gone"]:
                            await ws.close(code=1000)
                        return

        async with anyio.create_task_group() as tg:
            tg.start_soon(receiver)
            tg.start_soon(worker)

    def _open(self, space: str, session: str) -> Any:
        from polymem.ingest.voice.asr import default_transcriber
        from polymem.ingest.voice.embedding import default_speaker_embedder
        from polymem.ingest.voice.live import LiveVoiceSession, warm_up

        speakers, asr = default_speaker_embedder(), default_transcriber()
        warm_up(speakers, asr)  # before "ready": a first turn never pays for the first inference
        return LiveVoiceSession(self.services.graph, self.services.embedder, space, session,
                                speakers=speakers, asr=asr, write_now=False,
                                work_ahead=os.environ.get("POLYMEM_VOICE_WORK_AHEAD", "1") != "0")


def _feed(live: Any, audio: list[tuple[bytes, float]]) -> list[Any]:
    """Every queued frame in order, with its arrival time (VAD is cheap; cuts stay as if each frame
    had been processed on arrival, so they do not depend on how far the worker lagged)."""
    return [seg for chunk, arrived in audio for seg in live.feed(chunk, arrived)]


def _is_end(text: str | None) -> bool:
    try:
        return isinstance(text, str) and json.loads(text).get("type") == "end"
    except (ValueError, AttributeError):
        return False
