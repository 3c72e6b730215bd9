"""The day a line sets for a going or a start still ahead (`planned_day`), beside the day a past one happened
(`past_day`), on lines written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.language.past_day import past_day, planned_day

SAID = datetime(2026, 3, 10, 19, 30, tzinfo=UTC)  # a Tuesday


def _day(d: datetime | None) -> str | None:
    return d.date().isoformat() if d is not None else None


def test_a_move_or_start_set_for_a_day_ahead() -> None:
    assert _day(planned_day("keys are ours!! moving fri 27 march", SAID)) == "2026-03-27"
    assert _day(planned_day("I've said yes to the Tollbridge post, starting on Monday 6 April", SAID)) == "2026-04-06"
    assert _day(planned_day("we relocate tomorrow, send snacks", SAID)) == "2026-03-11"


def test_no_day_ahead_where_none_is_set_for_a_going_or_a_start() -> None:
    assert planned_day("the pottery night is on Friday 20 March", SAID) is None  # no going or starting
    assert planned_day("moved on Sunday 8 March, still unpacking", SAID) is None  # in the past: past_day's
    assert _day(past_day("moved on Sunday 8 March, still unpacking", SAID)) == "2026-03-08"
    assert planned_day("no wifi until Monday 16 March, moving is chaos", SAID) is None  # a bound, not the day


def test_a_stretch_ahead_counts_from_the_part_of_it_said() -> None:
    # a day only, unless a week or a month will do (when a change took effect, for a state at a month)
    line = "the lease is signed, so we're moving at the end of april"
    assert planned_day(line, SAID) is None
    assert _day(planned_day(line, SAID, month_long=True)) == "2026-04-21"
    assert _day(planned_day("I start at the boatyard from May", SAID, month_long=True)) == "2026-05-01"
    assert _day(planned_day("moving next week, finally", SAID, month_long=True)) == "2026-03-16"
    assert planned_day("the bake sale is at the end of april", SAID, month_long=True) is None  # nobody goes or starts


def test_a_modal_is_no_month_and_the_part_is_said_just_before() -> None:
    assert _day(planned_day("she may move next month", SAID, month_long=True)) == "2026-04-01"  # "may": the modal
    assert _day(planned_day("running late, moving next month anyway", SAID, month_long=True)) == "2026-04-01"
