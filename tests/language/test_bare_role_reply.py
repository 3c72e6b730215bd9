"""A one-word line is a trade said only when the word names a person first ("upholsterer."), not a one-word
reply whose person sense is a late one ("classic", WordNet's 3rd sense an artist); a role after an interjection
addresses someone, one in a line announcing the group's choice names that choice, and signing up for an activity
joins it (wording of no data set)."""

from __future__ import annotations

import pytest

from tests.language.reads import values


@pytest.mark.parametrize("text", ["classic", "Classic!!"])
def test_a_one_word_reply_is_no_trade(text: str) -> None:
    assert values(text, "job") == []


def test_a_one_word_trade_still_is() -> None:
    assert values("upholsterer.", "job") == ["upholsterer"]


@pytest.mark.parametrize("text", ["yes doctor", "yes sergeant!! on my way"])
def test_a_role_after_an_interjection_addresses_someone(text: str) -> None:
    assert values(text, "job") == []


def test_a_role_word_in_a_line_announcing_the_groups_choice_is_no_trade() -> None:
    # (a venue may carry a trade's name; the same fragment with no choice announced stays one)
    assert values("🎉 decided. boatman from next friday, the 9th", "job") == []
    assert values("boatman from next friday!!", "job") == ["boatman"]


def test_signing_up_for_an_activity_is_joining_it_not_a_job() -> None:
    assert values("just signed up for a life drawing course at the college", "job") == []
    assert values("I signed with Acme Freight last week as a dispatcher", "job") == ["dispatcher at Acme Freight"]


def test_agreeing_or_signing_up_with_an_employer_still_reads_the_trade() -> None:
    assert values("confirmed. boatman from next friday!!", "job") == ["boatman"]
    assert values("signed up with the army", "job") == ["the army"]
