"""Decisions said as a new state ("X is now Y", "from June, X returns to Y"), as a cancellation with the
replacement beside it, or by assenting to a proposal; and words that only look like one (a concession, a
reaction to someone). Sentences written for this test (in no data set)."""

from __future__ import annotations

from polymem.language.decisions import DecisionTracker, same


def _run(lines: list[tuple[str, str]]) -> tuple[DecisionTracker, list[list[tuple[str, str | None]]]]:
    tr = DecisionTracker()
    out = []
    for i, (who, text) in enumerate(lines):
        out.append([(d.value, d.reverses) for d in tr.feed(text, f"x{i}", who, None)])
    return tr, out


def test_a_matter_said_to_be_something_now_is_a_change_of_it() -> None:
    tr, out = _run([
        ("ines", "shall we give the bake sale money to the food bank?"),
        ("ines", "Decided: the bake sale is for the food bank."),
        ("olu", "could we switch it? the animal shelter lost its grant"),
        ("ines", "right. the bake sale is now for the animal shelter, I'll fix the poster"),
    ])
    assert out[3] and out[3][0][0] == "the animal shelter" and out[3][0][1] == "the food bank"
    assert len(tr.chains) == 1


def test_from_a_time_on_a_matter_returns_somewhere_without_any_opener() -> None:
    _, out = _run([
        ("ana", "the chapel is shut for repairs, could choir practice go to the school gym?"),
        ("ana", "Then choir practice is at the school gym for now."),
        ("bo", "the chapel reopens next month"),
        ("ana", "From June, choir practice returns to the chapel."),
    ])
    assert out[1] and out[1][0][0] == "the school gym"
    assert out[3] and out[3][0][0] == "the chapel" and out[3][0][1] == "the school gym"


def test_an_event_that_now_begins_elsewhere_keeps_its_date_and_changes_its_place() -> None:
    _, out = _run([
        ("kit", "first gig of the run: Ghent, Vooruit, 2 August ✅"),
        ("lou", "what about Leuven? they offered 2 August too"),
        ("kit", "the run now opens in Leuven on 2 August, ghent is cancelled"),
    ])
    assert out[2] and out[2][0][0].startswith("Leuven") and out[2][0][1] and out[2][0][1].startswith("Ghent")


def test_values_that_share_only_a_date_are_not_the_same() -> None:
    assert not same("Ghent, 2 August", "Leuven, 2 August")
    assert same("the boathouse, 2 August", "the boathouse")


def test_the_groups_own_news_said_with_now_is_no_decision() -> None:
    _, out = _run([
        ("mo", "big news: we now live in Dundee, boxes everywhere"),
        ("mo", "from March we're in Perth for good"),
    ])
    assert out == [[], []]


def test_a_concession_names_no_value_and_two_assents_settle_the_proposal() -> None:
    _, out = _run([
        ("rui", "I suggest we switch the book club to the boathouse. they only charge for tea"),
        ("sam", "Yes please."),
        ("tao", "Agreed, though I'll miss the terrace."),
    ])
    assert not any(v == "the terrace" for ds in out for v, _ in ds)
    assert out[2] and out[2][0][0] == "the boathouse"


def test_a_sum_assented_to_with_its_currency_sign() -> None:
    _, out = _run([
        ("lia", "I propose raising the kitty to €40, the hall costs more now"),
        ("max", "that seems fair"),
        ("noa", "Fine, €40."),
    ])
    assert out[2] == [("€40", None)]


def test_a_cancellation_with_its_replacement_beside_it() -> None:
    _, out = _run([
        ("ivy", "plan: the barbecue on sun 5 july"),
        ("ivy", "the barbecue it is, 5 july"),
        ("jon", "what about a beach picnic on 12 july? less washing up"),
        ("ivy", "ok new plan: the barbecue is OFF. beach picnic, sun 12 july. spread the word"),
    ])
    assert out[3] and out[3][0][0].startswith("beach picnic") and "12 july" in out[3][0][0]
    assert out[3][0][1] and out[3][0][1].startswith("the barbecue")


def test_a_reaction_to_someone_is_no_option_and_no_decision() -> None:
    _, out = _run([
        ("eve", "we had to say goodbye to the old cat this morning"),
        ("fay", "Oh Marguerite. She was lovely."),
        ("gus", "So sorry Marguerite"),
        ("hal", "yes Marguerite"),
    ])
    assert out == [[], [], [], []]


def test_a_proposal_to_skip_or_cancel_chooses_nothing() -> None:
    _, out = _run([
        ("rui", "I suggest we skip the raffle this year, nobody buys tickets"),
        ("sam", "yes"),
        ("tao", "agreed"),
    ])
    assert not any("raffle" in v for ds in out for v, _ in ds)


def test_a_cancellation_beside_a_remark_names_no_replacement() -> None:
    _, out = _run([("ivy", "the barbecue it is, 5 july"), ("ivy", "the barbecue is off. Rain, rain, rain.")])
    assert out[1] == []


def test_a_value_in_a_concessive_clause_is_not_what_is_decided() -> None:
    _, out = _run([("kit", "Decided, although the terrace was nicer.")])
    assert not any(v == "the terrace" for ds in out for v, _ in ds)
    _, out = _run([("kit", "Although Friday suits Jo, we decided on Friday the 13th.")])
    assert out[0] and out[0][0][0] == "Friday the 13th"


def test_a_move_names_its_new_value_after_to_wherever_it_stands() -> None:
    _, out = _run([("lou", "the quiz it is, at the Anchor"), ("kit", "So the quiz moves on Friday to the Swan")])
    assert out[1] and out[1][0][0] == "the Swan"


def test_an_option_greeted_with_an_interjection_is_still_an_option() -> None:
    _, out = _run([("ana", "the hall or the barn?"), ("bo", "ooh the barn"), ("cy", "yes the barn")])
    assert any(v == "the barn" for ds in out for v, _ in ds)


def test_a_sum_concluded_with_then_keeps_its_currency() -> None:
    _, out = _run([("lia", "I propose raising the kitty to €40"), ("max", "€40, then.")])
    assert out[1] and out[1][0][0].startswith("€40")


def test_counts_that_differ_are_different_values() -> None:
    assert not same("two bikes", "three bikes")
    assert not same("the Swan, 3 May", "the Anchor, 3 May")


def test_a_matter_brought_forward_to_a_day_takes_that_day() -> None:
    _, out = _run([("uma", "Harvest Fair: Saturday 13 June it is."),
                   ("uma", "We therefore agreed to bring Harvest Fair forward one week, to Saturday 6 June.")])
    assert out[1] and out[1][0][0] == "Saturday 6 June"
