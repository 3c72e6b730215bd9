"""The day a message says something happened, in a clause apart from the change it names; sentences written
for this test (no data set's words)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from polymem.language.past_day import past_day

SENT = datetime(2026, 9, 17, 20, 0, tzinfo=UTC)  # a Thursday


@pytest.mark.parametrize(("text", "day"), [
    ("She's in Porto now!! took the night train on Monday with one bag", datetime(2026, 9, 14, tzinfo=UTC)),
    ("hello from the new flat 📦 got the keys yesterday, no curtains yet", datetime(2026, 9, 16, tzinfo=UTC)),
    ("yes it's true, my first shift at the depot was three days ago", datetime(2026, 9, 14, tzinfo=UTC)),
    ("we moved on 2 September and still haven't found the kettle", datetime(2026, 9, 2, tzinfo=UTC)),
])
def test_a_day_told_in_a_past_clause(text: str, day: datetime) -> None:
    assert past_day(text, SENT) == day


@pytest.mark.parametrize("text", [
    "no internet in the flat till Monday, so I'm at the library",  # a bound, not the event
    "I start at the depot on Monday",  # still to come
    "moving late October, house hunting this week",  # no single day
    "she's in Porto now, loving it",  # no day at all
    "I was in Kotka on Monday, now back home",  # a stay that day, not the event
    "we moved here three months ago",  # months ago is no day
])
def test_no_day_of_the_event(text: str) -> None:
    assert past_day(text, SENT) is None


def test_a_line_other_than_the_change_tells_its_day_only_with_a_verb_of_going_or_starting() -> None:
    assert past_day("the cat knocked my plant over on Monday lol", SENT, change=True) is None
    assert past_day("she drove the last boxes up on Monday", SENT, change=True) == datetime(2026, 9, 14, tzinfo=UTC)
