"""docker-compose.yml: host ports configurable and, by default, clear of scripts/neo4j and `polymem serve`."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_compose_host_ports_are_configurable_and_do_not_clash() -> None:
    text = (REPO / "docker-compose.yml").read_text()
    ports = re.findall(r'- "127\.0\.0\.1:\$\{(\w+):-(\d+)\}:(\d+)"', text)
    assert {p[2] for p in ports} == {"7474", "7687", "8000"}  # every published port has an env override
    defaults = {int(p[1]) for p in ports}
    assert not defaults & {7474, 7687, 8000}  # scripts/neo4j's HTTP/Bolt and polymem serve's default
    assert len(defaults) == 3


def test_image_installs_every_service_extra() -> None:
    text = (REPO / "Dockerfile").read_text()
    extras = re.search(r'"\.\[([\w,]+)\]"', text)
    assert extras and {"models", "plot", "audio"} <= set(extras.group(1).split(","))
