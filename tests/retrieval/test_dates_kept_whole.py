"""An answer about dates keeps a short value settled as a date whole when its other words name a time, not a
place ("half term, 27th to 31st" answers "which dates" with the half term in it)."""

from __future__ import annotations

from polymem.retrieval.extract_group import _date_whole


def test_a_time_named_beside_its_dates_stays() -> None:
    assert _date_whole("whitsun, 2-4 june")
    assert _date_whole("half term, 27th to 31st")


def test_a_place_beside_its_dates_is_cut_away() -> None:
    for value in ("the Old Mill, 4th-6th May", "the mill at Ashby, 3 May", "sun 9th May", "Thursdays"):
        assert not _date_whole(value), value


def test_days_are_written_as_a_calendar_gives_them() -> None:
    from polymem.language.timeexpr import plain_days

    assert plain_days("Booked: 4th–6th Oct") == "Booked: 4–6 Oct"
    assert plain_days("Friday 9th of May, 7pm") == "Friday 9 May, 7pm"
    for text in ("Friday the 9th", "the 1st floor", "the 2nd may be late"):
        assert plain_days(text) == text


def test_a_day_after_its_weekday_is_written_as_a_number() -> None:
    from polymem.language.timeexpr import plain_days

    assert plain_days("sunday 29th") == "sunday 29"
    assert plain_days("Sat 3rd, 7pm") == "Sat 3, 7pm"
