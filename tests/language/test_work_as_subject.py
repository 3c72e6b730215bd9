"""Work told as what a sentence is about ("teaching geography in Inverurie is relentless"): the speaker's job,
when a trade's verb or a discipline is placed at a named place (wording of no data set)."""

from __future__ import annotations

import pytest

from tests.language.reads import values


@pytest.mark.parametrize(("text", "value"), [
    ("Teaching geography in Inverurie is relentless, thirty essays tonight", "teaching geography in Inverurie"),
    ("office day today! marine geology at Ostrander is mostly spreadsheets", "marine geology at Ostrander"),
])
def test_work_placed_somewhere_is_the_speakers_job(text: str, value: str) -> None:
    assert values(text, "job") == [value]


@pytest.mark.parametrize("text", [
    "Law at Kingsmere is intense",  # a discipline may be studied: nothing says it is work
    "Teaching my nephew chess in Inverurie is hilarious",  # someone taught, no trade
    "cooking for the kids every night is brutal",  # no place
    "Swimming in Loch Gallowgate was freezing",  # no trade
    "Is teaching geography in Inverurie hard?",
])
def test_other_talk_of_an_activity_is_no_job(text: str) -> None:
    assert values(text, "job") == []
