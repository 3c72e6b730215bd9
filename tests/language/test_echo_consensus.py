"""Consensus by echo (`language.echoes`): an option one member puts forward that two others take up by name,
approving it, is the group's choice; the tracker decides it at the second echo. Chats written for these tests."""

from __future__ import annotations

from polymem.language.decisions import DecisionTracker


def _feed(lines: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    tr = DecisionTracker()
    return [(f"m{i}", [d.value for d in tr.feed(text, f"m{i}", who, None)]) for i, (who, text) in enumerate(lines)]


def _decided(lines: list[tuple[str, str]]) -> dict[str, list[str]]:
    return {mid: vals for mid, vals in _feed(lines) if vals}


def test_an_option_two_members_take_up_is_decided_at_the_second_echo() -> None:
    got = _decided([
        ("wren", "for the allotment shed i reckon the cedar kit from Oakvale, it's sturdier than the pine one"),
        ("tomas", "cedar kit is lovely, the pine one looked flimsy"),
        ("ines", "yes to the cedar one, I'll measure the plot on sunday"),
    ])
    assert list(got) == ["m2"], got
    assert "cedar" in got["m2"][0].lower(), got


def test_a_sum_put_forward_and_taken_up() -> None:
    got = _decided([
        ("wren", "what should we each chip in for the shed? i reckon £35 each"),
        ("tomas", "£35 is fair"),
        ("ines", "35 works for me"),
    ])
    assert [v for vals in got.values() for v in vals if "35" in v], got


PUT = ("wren", "how about calling the team the Red Kites?")
ECHO_1 = ("tomas", "Red Kites is brilliant")
ECHO_2 = ("ines", "Red Kites, yes, I love it")


def test_the_control_two_echoes_settle_the_name() -> None:
    """The chat the next tests alter: put forward, then taken up by two other members."""
    got = _decided([PUT, ECHO_1, ECHO_2])
    assert list(got) == ["m2"] and "Red Kites" in got["m2"][0], got


def test_one_echo_settles_nothing() -> None:
    got = _decided([PUT, ECHO_1, ("ines", "anyway, is anyone driving to the fixture on saturday")])
    assert got == {}, got


def test_the_proposer_echoing_their_own_option_counts_for_nothing() -> None:
    got = _decided([PUT, ECHO_1, ("wren", "Red Kites, yes, I love it")])
    assert got == {}, got


def test_a_reply_that_turns_the_option_down_is_no_echo() -> None:
    got = _decided([PUT, ECHO_1, ("ines", "not Red Kites, no, it sounds like a bird survey")])
    assert got == {}, got


def test_an_option_only_told_of_is_not_put_forward() -> None:
    """A statement of what happened, its words repeated approvingly by two others, puts nothing to the group; nor
    does a question about what happened."""
    for first in ("the Oakvale garden centre had cedar sheds on display today",
                  "did anyone see the cedar sheds at the Oakvale garden centre?"):
        got = _decided([("wren", first), ("tomas", "cedar sheds are lovely"), ("ines", "yes cedar sheds are great")])
        assert got == {}, (first, got)


def test_a_word_of_praise_in_the_option_is_no_echo() -> None:
    """"sounds great" approves; it does not name an option called "Great ..."."""
    got = _decided([("wren", "how about the Great Barn for the party?"), ("tomas", "sounds great"),
                    ("ines", "great!")])
    assert got == {}, got


def test_a_choice_said_outright_resolves_the_proposal() -> None:
    """Once the group has said what it chose, a late echo of the other option changes nothing."""
    got = _feed([("wren", "how about Ghent or Bruges for the weekend away?"), ("tomas", "Bruges is lovely"),
                 ("ines", "ok decided: Ghent."), ("kofi", "yes Bruges sounds great")])
    assert [v for _, vals in got for v in vals] == ["Ghent"], got
