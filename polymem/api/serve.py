"""Running the API under uvicorn (`polymem serve [--workers N]`).

uvicorn binds the socket that several workers share with `socket.socket(family)`, which does not
name TCP as its protocol. The connections the workers accept inherit protocol 0, so asyncio does
not set TCP_NODELAY on them (it checks for IPPROTO_TCP), and every answer that goes out in two
writes (h11 sends the head, then the body) waits for the client's delayed ACK: about 40 ms per
request, measured with `polymem bench api` (docs/bench/api.md). With one worker asyncio binds the
socket itself and names TCP. Here the shared socket is re-wrapped with its real protocol, so that
the workers' connections get TCP_NODELAY as a single worker's do.

With TCP_NODELAY, h11's two writes also go out as two segments: on loopback each send runs the
receiver's side of TCP and wakes it, about as costly as a small query (docs/bench/api.md).
`Protocol` holds the head until the first part of the body and writes both at once.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol, RequestResponseCycle
from uvicorn.supervisors import Multiprocess

APP = "polymem.api.app:create_app"


class _Held:
    """A response's transport that keeps writes while `hold` is set and writes them as one."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self.transport = transport
        self.hold = False
        self.held: list[bytes] = []

    def write(self, data: bytes) -> None:
        if self.hold:
            self.held.append(data)
        else:
            self.transport.write(data)

    def flush(self) -> None:
        self.hold = False
        if self.held:
            data = b"".join(self.held)
            self.held.clear()
            if data:
                self.transport.write(data)

    def close(self) -> None:  # a response that ends the connection: what was held goes first
        self.flush()
        self.transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


def _coalesce(cycle: RequestResponseCycle) -> None:
    """Make `cycle` write its response head together with the first body message."""
    held = _Held(cycle.transport)
    cycle.transport = held  # type: ignore[assignment]
    send = cycle.send

    async def send_held(message: Any) -> None:
        if message["type"] == "http.response.start" and not cycle.response_started:
            held.hold = True
            try:
                await send(message)
            except BaseException:
                held.flush()
                raise
            return
        try:
            await send(message)
        finally:
            held.flush()

    cycle.send = send_held  # type: ignore[method-assign]  # run_asgi hands `self.send` to the app


class Protocol(H11Protocol):
    """uvicorn's h11 protocol, one write per answer: head and body in one TCP segment."""

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not None and self.cycle is not before:  # a new request: its task starts later
            _coalesce(self.cycle)


class Config(uvicorn.Config):
    def bind_socket(self) -> socket.socket:
        sock = super().bind_socket()
        if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.type == socket.SOCK_STREAM \
                and sock.proto != socket.IPPROTO_TCP:
            sock = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
            sock.set_inheritable(True)
        return sock


def serve(host: str, port: int, workers: int = 1, log_level: str = "warning") -> int:
    """What `uvicorn.run(APP, factory=True, workers=...)` does, with the socket above."""
    config = Config(APP, factory=True, host=host, port=port, workers=max(1, workers), log_level=log_level,
                    access_log=False, http=Protocol)
    server = uvicorn.Server(config)
    try:
        if config.workers > 1:
            Multiprocess(config, sockets=[config.bind_socket()]).run()
            return 0
        server.run()
    except KeyboardInterrupt:
        return 0
    return 0 if server.started else 3  # uvicorn's STARTUP_FAILURE
