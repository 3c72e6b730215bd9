"""`polymem search`: full-text hits from the real Neo4j as `speaker -> addressees (time): text`."""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest

from polymem.cli import main
from polymem.client import SearchHit
from polymem.commands.search import hit_line


def test_hits_read_as_speaker_addressees_time_text(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "boathouse loft", "--space", club]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines, "expected hits"
    # the best hit names both ends of the ADDRESSES edge by display name, then the time
    assert re.fullmatch(r"Tobiah Crane -> Odile Marsh \(2026-02-02 09:03\): Odile, what about the boathouse loft\?.*",
                        lines[0])
    assert all(": " in x and "(" in x for x in lines)


def test_k_limits_and_json_carries_addressees(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "loft", "--space", club, "--k", "1", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert len(hits) == 1 and hits[0]["kind"] == "message"
    assert hits[0]["speaker"] and isinstance(hits[0]["addressees"], list)
    assert main(["search", "loft", "--space", club, "--k", "2"]) == 0
    assert 1 <= len(capsys.readouterr().out.splitlines()) <= 2


def test_no_hits_and_typos_are_said(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "zeppelin", "--space", club]) == 0
    assert capsys.readouterr().out.startswith("no hits for 'zeppelin'")
    assert main(["search", "loft", "--space", club + "x"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" in err and club in err
    assert main(["search", "loft", "--space", club, "--kinds", "everything"]) == 2
    with pytest.raises(SystemExit) as e:
        main(["search", "loft", "--space", club, "--k", "0"])
    assert e.value.code == 2


def test_record_line_names_its_owner() -> None:
    names = {"ann": "Ann Lee", "bo": "Bo Park"}
    rec = SearchHit(kind="record", id="x", text="Ann lives in  Oslo", score=1.0, speaker="ann",
                    addressees=["bo"], time="2026-01-05T10:00:00", owner="ann", source="ann", state="superseded")
    assert hit_line(rec, names) == "[record about Ann Lee, superseded] Ann Lee -> Bo Park (2026-01-05 10:00): Ann lives in Oslo"
    msg = SearchHit(kind="message", id="m", text="hi", score=1.0, speaker="bo", time=datetime(2026, 1, 5, 9, 30))
    assert hit_line(msg, names) == "Bo Park (2026-01-05 09:30): hi"
