"""Requests and the replies that take them on, as people text them: spellings the tagger does not know are spelled
out before parsing, a modal before "you" asks without a question mark, and a task under way with its subject
left out ("fixing it tonight") takes it on. Sentences written for these tests."""

from __future__ import annotations

import pytest

from polymem.language.acts import is_agreement, is_request
from polymem.language.models import clean


@pytest.mark.parametrize("text,expected", [
    ("can u bring the ladder", "can you bring the ladder"),
    ("ur the best, pls come early", "you're the best, please come early"),
    ("is ur bike fixed", "is your bike fixed"),
    ("Im in, dont wait", "I'm in, don't wait"),
    ("a u-turn near the ure bridge", "a u-turn near the ure bridge"),  # no texting spelling: untouched
])
def test_texting_spellings_are_spelled_out(text: str, expected: str) -> None:
    assert clean(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("pavel ur closest, can u grab the spare key and we'll sort the rest", True),
    ("could you water the plants while we're away", True),
    ("you can come too", False),
    ("I can do the dishes", False),
])
def test_a_modal_before_you_asks(text: str, expected: bool) -> None:
    assert is_request(text) is expected


@pytest.mark.parametrize("text,expected", [
    ("nice one, fixing it tonight", True),
    ("booking them tomorrow", True),
    ("loving this", False),  # a view, not a task
    ("running late, sorry", False),
    ("my van is at the garage", False),
])
def test_a_task_under_way_takes_it_on(text: str, expected: bool) -> None:
    assert is_agreement(text) is expected
