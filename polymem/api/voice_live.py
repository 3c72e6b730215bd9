"""/voice/live: a WebSocket for live spoken sessions (meeting assistants).

Connect with `?space=S[&session=ID]` and the space's key (Authorization: Bearer <key> or
X-API-Key). The server answers {"type": "ready", "session"}; then send binary frames of 16 kHz
16-bit little-endian mono PCM (any length up to 10 s) and, at the end, the text frame
{"type": "end"}. The server sends {"type": "segment", id, speaker, name, start, end, text,
provenance, latency_s} for every utterance as soon as it is decided (already written to the
graph), {"type": "error", code, message} for a bad chunk or message (the session goes on), and
{"type": "done", segments, overlaps} before closing with 1000. A bad key closes with 4403 after an
error frame; a dropped connection still finalises and writes everything received.
"""

from __future__ import annotations

import json
import logging
import uuid
from typing import Any

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from polymem.api.auth import bearer
from polymem.api.context import Services, run
from polymem.errors import ForbiddenError, InputError

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
        sent = 0
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    raise WebSocketDisconnect(msg.get("code", 1006))
                if msg.get("bytes") is not None:
                    try:
                        segs = await run(live.feed, msg["bytes"])
                    except InputError as e:
                        await ws.send_json({"type": "error", "code": "BAD_CHUNK", "message": str(e)})
                        continue
                elif _is_end(msg.get("text")):
                    segs = await run(live.close)
                    for s in segs:
                        await ws.send_json(s.as_json())
                    await ws.send_json({"type": "done", "segments": sent + len(segs), "overlaps": live.overlaps})
                    await ws.close(code=1000)
                    return
                else:
                    await ws.send_json({"type": "error", "code": "BAD_MESSAGE",
                                        "message": 'send binary PCM frames, or the text frame {"type": "end"}'})
                    continue
                for s in segs:
                    await ws.send_json(s.as_json())
                sent += len(segs)
        except WebSocketDisconnect:
            log.info("voice live %s: connection dropped, finalising what was received", session)
        finally:
            if not live.closed:  # written to the graph even when nobody is listening any more
                with anyio.CancelScope(shield=True):  # the server may cancel the handler on disconnect
                    try:
                        await run(live.close)
                    except Exception:
                        log.exception("voice live %s: finalising after the connection dropped failed", session)

    def _open(self, space: str, session: str) -> Any:
        from polymem.ingest.voice.asr import default_transcriber
        from polymem.ingest.voice.embedding import default_speaker_embedder
        from polymem.ingest.voice.live import LiveVoiceSession

        return LiveVoiceSession(self.services.graph, self.services.embedder, space, session,
                                speakers=default_speaker_embedder(), asr=default_transcriber())


def _is_end(text: str | None) -> bool:
    try:
        return isinstance(text, str) and json.loads(text).get("type") == "end"
    except (ValueError, AttributeError):
        return False
