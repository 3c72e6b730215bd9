"""Start a real uvicorn server running the polymem API (subprocess, free loopback port).

The helper lives in bench/faults_apiserver.py, shared with `polymem bench faults`."""

from __future__ import annotations

from bench.faults_apiserver import ServerError, api_server, free_port

__all__ = ["ServerError", "api_server", "free_port"]
