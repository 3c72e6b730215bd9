"""A real polymem API server for the fault bench and the API tests: uvicorn in a subprocess on a
free loopback port (auth on), yielded once it is ready and terminated afterwards."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.faults_neo4j import free_port

__all__ = ["ServerError", "api_server", "free_port"]


class ServerError(RuntimeError):
    pass


@contextmanager
def api_server(log_path: Path, env: dict[str, str] | None = None, ready: bool = True,
               wait_s: float = 120, show_log: bool = True) -> Iterator[str]:
    """Yields the base URL once /readyz says 200 (or, with ready=False, once /healthz answers).
    With show_log the tail of the server's log is printed when it stops (pytest -s / on failure)."""
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
        if show_log:
            log.seek(0)
            print(log.read()[-5000:])  # the server's own errors
        log.close()
