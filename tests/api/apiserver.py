"""Start a real uvicorn server running the polymem API (subprocess, free loopback port)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerError(RuntimeError):
    pass


@contextmanager
def api_server(log_path: Path, env: dict[str, str] | None = None, ready: bool = True,
               wait_s: float = 120) -> Iterator[str]:
    """Yields the base URL once /readyz says 200 (or, with ready=False, once /healthz answers)."""
    port = free_port()
    log = log_path.open("w+")  # a file: a full pipe would block the server
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "polymem.api.app:create_app", "--factory", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"],
        env={**os.environ, "POLYMEM_API_AUTH": "on", **(env or {})},
        stdout=log, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + wait_s
        while True:
            if proc.poll() is not None:
                log.seek(0)
                raise ServerError(f"API server exited: {log.read()[-3000:]}")
            try:
                if httpx.get(f"{url}/{'readyz' if ready else 'healthz'}", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline:
                raise ServerError(f"API server did not become ready in {wait_s:g} s")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.seek(0)
        print(log.read()[-5000:])  # shown by pytest -s / on failure: the server's own errors
        log.close()
