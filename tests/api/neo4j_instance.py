"""A second, private Neo4j for outage tests: its own home and ports, started and stopped by the test.

Uses scripts/neo4j with POLYMEM_NEO4J_HOME/_BOLT_PORT/_HTTP_PORT and the jars already assembled
for the shared server (symlinked, nothing is downloaded). Never touches the shared instance.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from apiserver import free_port

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "neo4j"
JARS = REPO / ".cache" / "neo4j" / "lib"


class PrivateNeo4j:
    def __init__(self, home: Path) -> None:
        if not (JARS / ".complete").exists():
            raise FileNotFoundError(f"no assembled Neo4j jars at {JARS}: run scripts/neo4j start once")
        self.home = home
        home.mkdir(parents=True, exist_ok=True)
        if not (home / "lib").exists():
            (home / "lib").symlink_to(JARS, target_is_directory=True)
        self.bolt_port = free_port()
        self.http_port = free_port()
        self.uri = f"bolt://127.0.0.1:{self.bolt_port}"

    def _run(self, action: str, timeout: float = 180) -> str:
        env = {**os.environ, "POLYMEM_NEO4J_HOME": str(self.home), "POLYMEM_NEO4J_BOLT_PORT": str(self.bolt_port),
               "POLYMEM_NEO4J_HTTP_PORT": str(self.http_port), "POLYMEM_NEO4J_HEAP": "512m",
               "POLYMEM_NEO4J_PAGECACHE": "64m"}
        done = subprocess.run([str(SCRIPT), action], env=env, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"scripts/neo4j {action} failed: {done.stdout}{done.stderr}")
        return done.stdout

    def start(self) -> None:
        self._run("start")

    def stop(self) -> None:
        self._run("stop")

    def pid(self) -> int | None:
        f = self.home / "run" / "polymem-neo4j.pid"
        return int(f.read_text()) if f.exists() else None
