"""Running the API under uvicorn (`polymem serve [--workers N]`).

uvicorn binds the socket that several workers share with `socket.socket(family)`, which does not
name TCP as its protocol. The connections the workers accept inherit protocol 0, so asyncio does
not set TCP_NODELAY on them (it checks for IPPROTO_TCP), and every answer that goes out in two
writes (h11 sends the head, then the body) waits for the client's delayed ACK: about 40 ms per
request, measured with `polymem bench api` (docs/bench/api.md). With one worker asyncio binds the
socket itself and names TCP. Here the shared socket is re-wrapped with its real protocol, so that
the workers' connections get TCP_NODELAY as a single worker's do.
"""

from __future__ import annotations

import socket

import uvicorn
from uvicorn.supervisors import Multiprocess

APP = "polymem.api.app:create_app"


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
                    access_log=False)
    server = uvicorn.Server(config)
    try:
        if config.workers > 1:
            Multiprocess(config, sockets=[config.bind_socket()]).run()
            return 0
        server.run()
    except KeyboardInterrupt:
        return 0
    return 0 if server.started else 3  # uvicorn's STARTUP_FAILURE
