""""What time" asks for an hour of the day, which a day or a date does not give; "what breed" asks for a variety,
which the everyday word for the animal does not give (wording of no data set)."""

from __future__ import annotations

import pytest

from polymem.language import lexical as lex
from polymem.language.timeexpr import asks_hour, names_hour


@pytest.mark.parametrize("text", ["7pm at the old granary", "half six", "from 10 till 3", "9.15", "doors at 8", "midday"])
def test_an_hour_is_given(text: str) -> None:
    assert names_hour(text), text


@pytest.mark.parametrize("text", ["sunday 14", "3 March", "Friday the 9th", "next weekend", "at 5%", "they won 3-1",
                                  "ages 5-11", "two hours"])
def test_a_day_gives_no_hour(text: str) -> None:
    assert not names_hour(text), text


def test_what_time_asks_for_an_hour() -> None:
    assert asks_hour("What time does the barn dance kick off?")
    assert asks_hour("at what time are we meeting the coach?")
    assert asks_hour("wat time r we meeting") and asks_hour("What times does the pool open?")
    assert not asks_hour("what time of year is the fair?") and not asks_hour("What time zone is the call in?")
    assert not asks_hour("When is the barn dance?")


@pytest.mark.parametrize(("word", "basic"), [("cat", True), ("dog", True), ("kitten", True), ("puppy", True),
                                             ("collie", False), ("terrier", False), ("tabby", False),
                                             ("tortoise", False)])
def test_the_everyday_word_names_no_breed(word: str, basic: bool) -> None:
    assert lex.basic_kind(word) is basic
