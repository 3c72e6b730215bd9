"""A second, private Neo4j for outage tests: its own home and ports, started and stopped by the test.

Uses scripts/neo4j with POLYMEM_NEO4J_HOME/_BOLT_PORT/_HTTP_PORT and the jars already assembled
for the shared server (symlinked, nothing is downloaded). Never touches the shared instance.
The class is the fault bench's (bench/faults_neo4j.py), with a smaller heap.
"""

from __future__ import annotations

from pathlib import Path

from bench.faults_neo4j import REPO, OwnNeo4j

__all__ = ["REPO", "PrivateNeo4j"]


class PrivateNeo4j(OwnNeo4j):
    def __init__(self, home: Path) -> None:
        super().__init__(home, heap="512m", pagecache="64m")
