"""`bench.decision_recall`: a group question counts as read right only when the tracker reads, from one of its
evidence messages, a decision holding the question's keywords. A chat written for this test."""

from __future__ import annotations

import json
from pathlib import Path

from bench.decision_recall import main, recall

CHAT = {
    "scenario_id": "recall-test",
    "messages": [
        {"id": "a1", "speaker": "wren", "text": "how about calling the team the Red Kites?", "time": "2031-05-04T10:00"},
        {"id": "a2", "speaker": "tomas", "text": "Red Kites is brilliant", "time": "2031-05-04T10:01"},
        {"id": "a3", "speaker": "ines", "text": "ok, decided: the Red Kites it is", "time": "2031-05-04T10:02"},
        {"id": "a4", "speaker": "kofi", "text": "my bike got a puncture on the way in", "time": "2031-05-04T10:05"},
    ],
    "qa": [
        {"id": "q1", "type": "group_head", "question": "What is the team called?", "keywords": ["Red Kites"],
         "evidence": ["a3"]},
        {"id": "q2", "type": "group_head", "question": "What did they name the team?", "keywords": ["Fieldfares"],
         "evidence": ["a3"]},  # read, but not holding the keyword
        {"id": "q3", "type": "group_past", "question": "What was it before?", "keywords": ["Kites"],
         "evidence": ["a4"]},  # nothing decided there
        {"id": "q4", "type": "who_said", "question": "Who had a puncture?", "keywords": ["kofi"], "evidence": ["a4"]},
    ],
}


def test_read_and_right_are_told_apart(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "chat.json"
    f.write_text(json.dumps(CHAT), encoding="utf-8")
    r = recall(f)
    assert (r.questions, r.read, r.right, r.decisions) == (3, 2, 1, 1), r
    assert [m.split(" | ")[0] for m in r.misses] == ["recall-test q2 group_head", "recall-test q3 group_past"]
    main([str(tmp_path), "--misses"])
    out = capsys.readouterr().out
    assert "all: 3 questions, read 2, right 1 (33.3 %), decisions 1" in out and "q3 group_past" in out
