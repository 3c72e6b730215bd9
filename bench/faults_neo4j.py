"""The fault bench's own Neo4j: a second instance (own home, free loopback ports) started with
scripts/neo4j from the jars already assembled for the shared one. Only this instance is ever killed
or stopped. The outage tests use it too (tests/api/neo4j_instance.py)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "scripts" / "neo4j"
JARS = REPO / ".cache" / "neo4j" / "lib"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class OwnNeo4j:
    def __init__(self, home: Path, heap: str = "768m", pagecache: str = "128m") -> None:
        if not (JARS / ".complete").exists():  # a clean clone whose tests use a server started elsewhere
            subprocess.run([str(SCRIPT), "assemble"], env={**os.environ, "POLYMEM_NEO4J_HOME": str(JARS.parent)},
                           capture_output=True, text=True, timeout=900)
        if not (JARS / ".complete").exists():
            raise FileNotFoundError(f"no assembled Neo4j jars at {JARS}: run scripts/neo4j assemble")
        self.home = home
        home.mkdir(parents=True, exist_ok=True)
        if not (home / "lib").exists():
            (home / "lib").symlink_to(JARS, target_is_directory=True)
        # A private copy of the script: another session editing scripts/neo4j mid-run cannot break it.
        self.script = home / "neo4j.sh"
        shutil.copy2(SCRIPT, self.script)
        self.bolt_port, self.http_port = free_port(), free_port()
        self.uri = f"bolt://127.0.0.1:{self.bolt_port}"
        self.env = {**os.environ, "POLYMEM_NEO4J_HOME": str(home), "POLYMEM_NEO4J_BOLT_PORT": str(self.bolt_port),
                    "POLYMEM_NEO4J_HTTP_PORT": str(self.http_port), "POLYMEM_NEO4J_HEAP": heap,
                    "POLYMEM_NEO4J_PAGECACHE": pagecache}

    def _script(self, action: str, timeout: float = 240) -> float:
        t0 = time.perf_counter()
        done = subprocess.run([str(self.script), action], env=self.env, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"scripts/neo4j {action} failed: {done.stdout[-2000:]}{done.stderr[-2000:]}")
        return time.perf_counter() - t0

    def start(self, timeout: float = 240) -> float:
        """Start (or restart after a kill: the store recovers); returns the seconds until Bolt answered."""
        return self._script("start", timeout)

    def stop(self, timeout: float = 120) -> float:
        """A clean shutdown (scripts/neo4j stop); the home and its store stay for a later start()."""
        return self._script("stop", timeout)

    def pid(self) -> int | None:
        f = self.home / "run" / "polymem-neo4j.pid"
        return int(f.read_text()) if f.exists() else None

    def kill9(self) -> None:
        """SIGKILL this instance's JVM (its pid file names the process this instance started)."""
        pid = self.pid()
        if pid is None:
            raise RuntimeError("own Neo4j has no pid file")
        os.kill(pid, signal.SIGKILL)
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)

    def close(self) -> None:
        try:
            self.stop()
        finally:
            shutil.rmtree(self.home, ignore_errors=True)
