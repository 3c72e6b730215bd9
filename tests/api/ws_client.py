"""A small graphql-transport-ws client (websocket-client, blocking) for the subscription tests."""

from __future__ import annotations

import json
import time
from typing import Any

import websocket


class LiveClient:
    def __init__(self, url: str, key: str | None, *, in_header: bool = False) -> None:
        ws_url = url.replace("http://", "ws://") + "/graphql"
        headers = [f"Authorization: Bearer {key}"] if key and in_header else []
        self.ws = websocket.create_connection(ws_url, subprotocols=["graphql-transport-ws"], header=headers,
                                              timeout=30)
        payload = {"Authorization": f"Bearer {key}"} if key and not in_header else {}
        self.ws.send(json.dumps({"type": "connection_init", "payload": payload}))
        ack = json.loads(self.ws.recv())
        assert ack["type"] == "connection_ack", ack

    def subscribe(self, op_id: str, query: str, variables: dict[str, Any]) -> None:
        self.ws.send(json.dumps({"id": op_id, "type": "subscribe",
                                 "payload": {"query": query, "variables": variables}}))

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        """The next message that is not a ping (answered)."""
        self.ws.settimeout(timeout)
        while True:
            msg = json.loads(self.ws.recv())
            if msg["type"] == "ping":
                self.ws.send(json.dumps({"type": "pong"}))
                continue
            return msg

    def take(self, n: int, timeout: float = 30) -> list[dict[str, Any]]:
        """`n` `next` payloads' data, in order (fails on an error message or a timeout)."""
        out: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while len(out) < n:
            msg = self.recv(max(0.1, deadline - time.monotonic()))
            assert msg["type"] == "next", msg
            assert not msg["payload"].get("errors"), msg
            out.append(msg["payload"]["data"])
        return out

    def quiet(self, seconds: float) -> list[dict[str, Any]]:
        """Every message that arrives within `seconds` (to show that nothing else comes)."""
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                got.append(self.recv(left))
            except websocket.WebSocketTimeoutException:
                break
        return got

    def close(self) -> None:
        try:
            self.ws.close()
        except OSError:
            pass
