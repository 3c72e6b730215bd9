"""Group choices put forward and settled the way chat says them: a wish ("I'd go with X"), a change asked with no
subject ("shift it to 30?"), a go-ahead that opens a longer reply ("let's do it. ..."), a short clause closed by
"yes", an option named after "ah fine" with when it starts, keeping a value ("let's keep £8 for now"), a pitch
found for the group somewhere, and a clock time as a date. Also what is no group decision: somebody's appointment
("the cat's booked in"), a person described ("officially a grandad"), and bringing something; and "ok so" agrees to
nothing. Sentences written for these tests (no data set's words, names or values)."""

from __future__ import annotations

from polymem.language import acts, concluding, group
from polymem.language.consensus import assents
from polymem.language.decision_clauses import is_final
from polymem.language.decisions import DecisionTracker, same
from polymem.language.matters import asked_matter
from polymem.language.models import parsed
from polymem.language.value_kind import value_kind


def _acts(text: str) -> list[tuple[str, str]]:
    return [(a.act, a.value) for a in group.read(text)]


def _final(text: str) -> list[bool]:
    return [is_final(s) for s in parsed(text).sents]


def test_a_wish_to_go_with_an_option_puts_it_forward() -> None:
    assert _acts("I'd go with Copper Lantern for the title") == [("proposal", "Copper Lantern")]
    assert _acts("i would pick the green one") == [("proposal", "the green one")]
    assert _acts("I'd go with my brother") == []
    assert _acts("I'd say £9, no more") == [("proposal", "£ 9")]
    assert _acts("i'd like us on £40") == [("proposal", "£ 40")]
    assert _acts("I'd say she's right") == []
    assert _acts("i'd like a beer") == []


def test_a_change_asked_with_no_subject_puts_its_value_forward() -> None:
    assert _acts("shift it to 30?") == [("proposal", "30")]
    assert _acts("move it to the 14th?") == [("proposal", "the 14th")]
    assert _acts("go to bed?") == []
    assert _acts("7 is fine. or 6? the later bus is rubbish") == [("proposal", "6")]
    assert _acts("or not?") == []


def test_a_go_ahead_may_open_a_longer_reply() -> None:
    assert assents("Let's do it. I'll tell the landlord tomorrow and sort the deposit, sorry all")
    assert assents("let's go for it")
    assert not assents("let's not do it")
    assert not assents("Let's do it. but not on friday, I'll tell the landlord tomorrow and sort it")


def test_a_short_clause_closed_by_yes_assents() -> None:
    assert assents("30 does it yes")
    assert not assents("he said yes")


def test_an_option_named_after_ah_fine_with_when_it_starts() -> None:
    sents = list(parsed("Ah fine. Copper Lantern from the spring issue.").sents)
    assert concluding.bare_option(sents[1], ["Copper Lantern"], same) == "Copper Lantern"
    assert concluding.bare_option(list(parsed("no. Copper Lantern.").sents)[-1], ["Copper Lantern"], same) is None


def test_keeping_a_value_settles_it() -> None:
    assert _acts("let's keep £8 until the new prices come out") == [("decision", "£ 8")]
    assert _acts("let's keep it simple") == []
    assert _final("let's keep £8 for now") == [True]


def test_a_pitch_found_for_the_group_somewhere() -> None:
    assert _acts("Found us a pitch at Blue Heron instead, cheaper too") == [("reversal", "Blue Heron")]
    assert _acts("Got us two pitches at Blue Heron instead") == [("reversal", "Blue Heron")]  # "I" dropped
    assert _acts("he got us a coffee at Blue Heron lol") == []


def test_a_clock_time_with_its_span_is_a_date() -> None:
    assert value_kind("8 o'clock from today till the autumn") == "date"
    assert value_kind("10:30 at the Blue Heron bistro") == "thing"


def test_what_is_no_group_decision() -> None:
    assert _final("the cat's booked in on monday") == [False]
    assert _final("sam is officially a grandad now") == [False]
    assert _final("raffle going well, someone brought forty jars") == [False]
    assert _final("the venue is officially the boathouse") == [True]


def test_a_stated_time_takes_the_matter_of_the_proposal_talked_about() -> None:
    t = DecisionTracker()
    lines = [("a", "Hall's free earlier now. Shall we move choir practice to 7 from next week?"), ("b", "7 suits me"),
             ("c", "7 please"), ("a", "right, 7 o'clock from next week then")]
    for i, (who, text) in enumerate(lines):
        t.feed(text, f"m{i}", who, None)
    assert [(c.topic, c.head.value) for c in t.chains] == [("choir practice", "7 o'clock")]


def test_ok_so_opens_a_topic_and_agrees_to_nothing() -> None:
    assert not acts.is_agreement("ok so. the hire is £60 now, insurance went up")
    assert acts.is_agreement("ok, I'll take it")


def test_the_matter_a_talk_opened_by_naming_it_alone() -> None:
    assert asked_matter(["prizes? last year we did vouchers"]) == "prize"
    assert asked_matter(["Venue for the quiz: the Anchor can do the 9th"]) == "venue"
    assert asked_matter(["Update: the hall is shut"]) is None  # a header for news
    assert asked_matter(["idea: the Anchor"]) is None  # a proposal's label
    t = DecisionTracker()
    lines = [("a", "prizes? last year we did vouchers"), ("b", "£10 vouchers again? nobody complained"),
             ("c", "Let's keep £10 for now, fine")]
    for i, (who, text) in enumerate(lines):
        t.feed(text, f"m{i}", who, None)
    assert [(c.topic, c.head.value) for c in t.chains] == [("prize", "£10")]


def test_what_the_new_readings_leave_alone() -> None:
    # a state kept, a lift offered, one's own gut: no value put forward or settled
    assert _acts("let's keep Bo in the loop on the party tho") == []
    assert _acts("let's keep the Crown as a backup") == []
    assert _acts("i'd pick u up at 7") == []
    assert _acts("honestly i'd go with my gut") == []
    # the group's own booking still settles; somebody's appointment does not
    assert _final("we're booked in at the Crown for 8") == [True]
    assert _final("the cat's booked in on monday") == [False]
    # a hedge or a refusal is no assent
    assert not assents("maybe yes")
    assert not assents("let's do it if Bo comes")
    assert not assents("let's do it. wait actually no, I'm working that weekend so count me out sorry")
    assert acts.is_agreement("ok so i'm in")
    # the matter named first, before its options
    assert asked_matter(["food?", "pizza?"]) == "food"
    assert asked_matter(["Question: who is driving?"]) is None
