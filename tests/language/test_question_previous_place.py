"""Questions about an earlier home by a word for a place, and about a workplace whose asker's name the parser
hangs on the verb (language/question_attribute), on wording of no data set."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute


@pytest.mark.parametrize("question", ["ines's previous place before porto?", "Where was Olu's old flat?",
                                      "what about Tomasz's former place?"])
def test_an_earlier_place_of_someones_asks_for_a_home(question: str) -> None:
    assert question_attribute(parsed(question))[0] == "city"


@pytest.mark.parametrize("question", ["what was the first place we looked at?", "which place did we book first?"])
def test_a_place_not_someones_earlier_home_is_no_home_question(question: str) -> None:
    assert question_attribute(parsed(question))[0] != "city"


def test_a_workplace_asked_with_the_name_parsed_as_a_compound_is_a_job() -> None:
    assert question_attribute(parsed("Which restaurant did Marek cook at before the kiosk?"))[0] == "job"


def test_a_place_stayed_at_is_no_workplace() -> None:
    assert question_attribute(parsed("Which hotel did Marek stay at in May?"))[0] != "job"
