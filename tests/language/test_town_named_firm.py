"""A name only a gazetteer knows as a town, as the subject doing something to something ("Bundaberg's brought in
flexi hours"), is a firm or a person as often: no home of the speaker; the same name as a town the speaker is in
("Bundaberg is freezing today") still is one (wording of no data set)."""

from __future__ import annotations

from polymem.language.statement_types import Person
from polymem.language.statements import StatementReader

READER = StatementReader([Person("ott", ("Ottilie",))])


def _homes(text: str) -> list[str]:
    return [s.value for s in READER.read(text, "ott") if s.attribute == "city"]


def test_a_town_name_doing_something_to_something_is_no_home() -> None:
    assert _homes("Bundaberg's brought in a four-day week so I'm gardening on fridays now") == []


def test_the_same_name_as_where_the_speaker_is_still_is() -> None:
    assert _homes("Bundaberg is freezing today") == ["Bundaberg"]
