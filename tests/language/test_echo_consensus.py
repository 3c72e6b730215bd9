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


def test_one_echo_settles_nothing() -> None:
    got = _decided([
        ("wren", "how about calling the team the Marsh Harriers?"),
        ("tomas", "Marsh Harriers is brilliant"),
        ("ines", "anyway, is anyone driving to the fixture on saturday"),
    ])
    assert got == {}, got


def test_the_proposer_echoing_their_own_option_counts_for_nothing() -> None:
    got = _decided([
        ("wren", "how about calling the team the Marsh Harriers?"),
        ("tomas", "Marsh Harriers is brilliant"),
        ("wren", "Marsh Harriers, yes, I love it"),
    ])
    assert got == {}, got


def test_a_reply_that_turns_the_option_down_is_no_echo() -> None:
    got = _decided([
        ("wren", "how about calling the team the Marsh Harriers?"),
        ("tomas", "Marsh Harriers is brilliant"),
        ("ines", "not Marsh Harriers, no, it sounds like a bird survey"),
    ])
    assert got == {}, got


def test_an_option_only_told_of_is_not_put_forward() -> None:
    """A statement of what happened, its words repeated approvingly by two others, puts nothing to the group."""
    got = _decided([
        ("wren", "the Oakvale garden centre had cedar sheds on display today"),
        ("tomas", "cedar sheds are lovely"),
        ("ines", "yes cedar sheds are great"),
    ])
    assert got == {}, got
