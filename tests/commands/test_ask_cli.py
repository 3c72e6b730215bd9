"""`polymem ask` prints the answer first, then evidence as text; Cypher only with --explain."""

from __future__ import annotations

import re

import pytest

from polymem.cli import main

QUESTION = "What did Tobiah suggest to Odile about the boathouse loft?"


def test_answer_first_then_readable_evidence(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", QUESTION, "--space", club]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("ANSWER: ") and len(lines[0]) > len("ANSWER: ")
    assert "EVIDENCE" in lines[1:4]
    # speaker -> addressees (time): text, with display names, never bare ids
    assert re.search(r"^\s+Tobiah Crane -> Odile Marsh \(2026-02-02 09:03\): Odile, what about the boathouse",
                     out, re.MULTILINE)
    assert "MATCH" not in out and "PLAN" not in out  # no Cypher without --explain
    timing = next(x for x in lines if x.startswith("TIME (ms): "))
    assert timing.startswith("TIME (ms): load ") and " plan " in timing


def test_explain_adds_plan_and_cypher_after_the_answer(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", QUESTION, "--space", club, "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ANSWER: ")
    assert out.index("EVIDENCE") < out.index("PLAN (") < out.index("MATCH") < out.index("TRACE")
