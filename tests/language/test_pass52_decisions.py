"""Decisions of the fifty-second pass, in the register of minutes: a firm "appointed for" a work, a matter "fixed
for" a day, a plan that "moves from" one day "to" another, "X it is" with a colour the tagger took for an adverb,
a proposal to move a named matter, a trouble said of the line before ("That is a real worry."), a word of
backing that is no option, an option with its matter after it ("X for the appeal"); and what is no decision:
"checked it with their agent", "we moved on <day>", "evenings will be limited", "a change is easy".
Sentences written for these tests (no data set's words, names or values)."""

from __future__ import annotations

from polymem.language import group as group_acts
from polymem.language.decisions import DecisionTracker


def decided(lines: list[tuple[str, str]]) -> list[tuple[str, str | None, str]]:
    """(value, value reversed, matter) of each decision the tracker reads, one (speaker, text) per message."""
    tr = DecisionTracker()
    return [(d.value, d.reverses, tr.chain_of(d).topic) for i, (who, text) in enumerate(lines)
            for d in tr.feed(text, f"m{i}", who, None)]


def test_a_firm_appointed_for_a_work_is_the_choice_for_that_work() -> None:
    got = decided([("a", "Three quotes in. Varnholt Roofing is cheapest. I propose we appoint Varnholt Roofing."),
                   ("b", "Their figure looks unrealistic to me."),
                   ("c", "Then Varnholt Roofing is appointed for the chapel roof, subject to contract.")])
    assert got == [("Varnholt Roofing", None, "chapel roof")], got


def test_a_firm_named_with_an_ampersand_stays_whole() -> None:
    got = decided([("c", "The Varnholt Roofing appointment is withdrawn. Pellham & Sons are appointed for the "
                         "chapel roof.")])
    assert [v for v, _, _ in got] == ["Pellham & Sons"], got


def test_a_matter_fixed_for_a_day_is_that_day_and_a_limit_is_no_decision() -> None:
    assert [v for v, _, _ in decided([("c", "Harvest fair fixed for 12 September 2027.")])] == ["12 September 2027"]
    assert decided([("b", "Noted. My Thursday evenings will be limited.")]) == []
    assert decided([("b", "Boat trips limited to eight people each.")]) == []


def test_a_plan_that_moves_from_one_day_to_another_is_the_later_day() -> None:
    got = decided([("a", "The open evening is 3 May, agreed."), ("c", "The open evening moves from 3 May to 10 May.")])
    assert got[-1][0] == "10 May", got


def test_a_colour_it_is_however_the_tagger_read_it() -> None:
    assert [v for v, _, _ in decided([("c", "Then teal it is, subject to the landlord saying yes.")])] == ["teal"]
    assert [v for v, _, _ in decided([("c", "Right, green it is, pending consent.")])] == ["green"]


def test_what_is_no_decision_of_the_group() -> None:
    assert decided([("b", "Checked it with their agent in Narva.")]) == []
    assert decided([("b", "We moved on 3 March, finally.")]) == []
    assert [a.act for a in group_acts.read("Nothing is printed yet, so a change is easy.")] == []
    assert [(a.value, a.topic) for a in group_acts.read("the gift exchange is now on Friday instead")] == [
        ("Friday", "exchange")]  # (a matter named by a noun that is no change is still read)
    assert any("Friday" in v for v, _, _ in decided([("a", "Booked with the caterer for Friday 9 May.")]))
    assert decided([("a", "Lem was appointed head of department yesterday")]) == []  # (a post, no work given)
    assert decided([("b", "The council appointed a new mayor yesterday")]) == []


def test_a_proposed_day_is_read_whole() -> None:
    assert [(a.act, a.value) for a in group_acts.read("I propose Sunday 14 March 2027.")] == [
        ("proposal", "Sunday 14 March")]


def test_a_proposal_to_move_a_matter_names_that_matter_for_the_assent() -> None:
    acts = group_acts.read("Their cut is smaller. I propose we shift the raffle to Quillmarsh.")
    assert [(a.value, a.topic) for a in acts] == [("Quillmarsh", "raffle")]


def test_a_trouble_said_of_the_line_before_lets_the_next_choice_replace_it() -> None:
    got = decided([
        ("a", "I propose we appoint Varnholt Roofing for the chapel roof."),
        ("c", "Then Varnholt Roofing is appointed for the chapel roof."),
        ("b", "Porch paint. I propose the green trim."),
        ("c", "Fine, green it is."),
        ("b", "Urgent. Varnholt Roofing's insurance has lapsed and they cannot work on site."),
        ("a", "That is a real worry, sure about it?"),
        ("b", "Pellham & Sons quoted too. Higher, but insured. I propose we appoint Pellham & Sons instead."),
        ("a", "Grudgingly agreed."),
        ("c", "Agreed."),
    ])
    assert ("Pellham & Sons", "Varnholt Roofing", "chapel roof") in got, got
    assert all(m != "chapel roof" or v != "green" for v, _, m in got), got


def test_an_option_with_its_matter_after_it_is_the_option_for_that_matter() -> None:
    got = decided([("a", "Fundraiser platform: I propose we host the drive on Quillmarsh, they reach lots of donors."),
                   ("b", "Fees?"), ("a", "Five percent."),
                   ("c", "Agreed. Quillmarsh for the drive. Sefa will build the listing.")])
    assert got == [("Quillmarsh", None, "drive")], got


def test_a_trouble_said_of_what_was_just_told_is_flagged() -> None:
    from polymem.language.chains import flagged
    from polymem.language.models import parsed

    assert any(flagged(t) for t in parsed("This is a big problem for us, sadly."))
    assert not any(flagged(t) for t in parsed("This is not a problem, honestly."))
    for line in ("Is this one a problem?", "Would that be a problem?", "it is a problem if it rains though",
                 "that is a good problem to have", "That's hardly a problem"):
        assert not any(flagged(t) for t in parsed(line)), line
    assert not any(flagged(t) for t in parsed("The only problem with the hall is the parking."))


def test_a_word_of_backing_is_no_option_but_what_it_backs_is() -> None:
    tr = DecisionTracker()
    tr.feed("Porch paint. I propose the green trim.", "m0", "a", None)
    tr.feed("Support.", "m1", "b", None)
    tr.feed("Support Pellham & Sons.", "m2", "c", None)
    options = [o[0] for o in tr.options]
    assert "Support" not in options and "Pellham & Sons" in options, options
    tr.feed("Back garden.", "m3", "a", None)
    assert "Back garden" in [o[0] for o in tr.options]  # ("back" modifying a noun backs nothing)
