"""A name only a gazetteer knows as a town, as the subject doing something to something ("Bundaberg's brought in
flexi hours"), is a firm or a person as often: no home of the speaker; the same name as a town the speaker is in
("Bundaberg is freezing today") still is one (wording of no data set)."""

from __future__ import annotations

from tests.language.reads import values


def test_a_town_name_doing_something_to_something_is_no_home() -> None:
    assert values("Bundaberg's brought in a four-day week so I'm gardening on fridays now", "city") == []


def test_the_same_name_as_where_the_speaker_is_still_is() -> None:
    assert values("Bundaberg is freezing today", "city") == ["Bundaberg"]
