"""The group act a line performs (language.group.read): proposals however the parser hangs "how about", and no
group decision where the line only says when people are paid. Sentences written for these tests."""

from __future__ import annotations

import pytest

from polymem.language import group


@pytest.mark.parametrize("text,value", [
    ("how about thursday night this time, everyone gets paid on thursdays", "thursday night"),
    ("How about the lighthouse for the walk?", "the lighthouse"),
    ("what about the quarry, it has shade", "the quarry"),
])
def test_how_about_is_a_proposal(text: str, value: str) -> None:
    acts = [(a.act, a.value) for a in group.read(text)]
    assert acts and acts[0][0] == "proposal" and acts[0][1].lower().startswith(value), acts
