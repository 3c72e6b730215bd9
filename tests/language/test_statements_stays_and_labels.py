"""Where the speaker is: a stretch of time spent somewhere, marked as over, is a home before; a message labelled
with a place's news says where it comes from. And which values can say where. Sentences written for this test
(no data set's words, names or values)."""

from __future__ import annotations

from polymem.language import value_kind
from polymem.language.statements import Person, StatementReader

READER = StatementReader([Person("ilse", ("Ilse",))])


def _homes(text: str) -> list[tuple[str, str]]:
    return [(st.value, st.tense) for st in READER.read(text, "ilse") if st.attribute == "city"]


def test_a_stretch_marked_as_over_is_a_home_before() -> None:
    assert _homes("the three winters in Tromso feel like another life") == [("Tromso", "past")]
    assert _homes("Nine years in Ghent and I still get lost") == [("Ghent", "present")]


def test_a_message_labelled_with_a_places_news_comes_from_there() -> None:
    assert ("Ghent", "present") in _homes("ghent update: the new flat has a balcony, the sea is grey")
    assert _homes("Big news: the flat is sold") == []


def test_a_noun_of_place_says_where_only_in_its_first_sense_or_heading_the_phrase() -> None:
    assert not value_kind.compatible("place", "snow hawks")  # a team's name: "snow" is first weather
    assert value_kind.compatible("place", "a barge called the heron from the marina")
    assert value_kind.compatible("place", "the beach hut near the pier")


def test_a_stay_to_come_or_too_short_is_no_home_and_a_label_must_be_a_place() -> None:
    assert _homes("the next three weeks in Tromso will be hectic") == []
    assert _homes("the 20 minutes in Ghent station were chaos") == []
    assert _homes("Podcast update: episode 4 is out") == []


def test_this_morning_somewhere_is_no_stay_that_is_over() -> None:
    assert ("Ghent", "present") in [(v, t) for v, t in _homes("-3 in ghent this morning. the canal froze")]
