"""Decisions said the way a chat closes a talk (polymem.language.concluding) and a matter talked over again,
on lines written for this test (in no data set)."""

from __future__ import annotations

from polymem.language import concluding
from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed


def _run(lines: list[str]) -> tuple[DecisionTracker, list[list[tuple[str, str | None]]]]:
    tr = DecisionTracker()
    out = []
    for i, text in enumerate(lines):
        out.append([(d.value, d.reverses) for d in tr.feed(text, f"x{i}", "someone", None)])
    return tr, out


def test_an_option_named_after_a_word_of_assent_is_chosen() -> None:
    _, out = _run(["dinner after the gig: what about the Copper Kettle?", "or Vinny's",
                   "fine. The Copper Kettle. I'm ordering the pie"])
    assert out[2] and out[2][0][0].lower() == "the copper kettle"


def test_a_bare_name_never_put_forward_is_no_decision() -> None:
    _, out = _run(["fine. Harriet Lane. she's my cousin"])
    assert out == [[]]


def test_money_said_to_go_to_something_is_allotted() -> None:
    doc = parsed("ok so the prize money goes back to the new helmets")
    sent = next(iter(doc.sents))
    hit = concluding.allotted(sent)
    assert hit is not None and hit[0] == "money" and hit[1].lower_ == "helmets"
    assert concluding.allotted(next(iter(parsed("the bus goes to the depot").sents))) is None


def test_a_plan_said_to_be_the_goal_and_lets_after_a_marker() -> None:
    _, out = _run(["ok, the Autumn Showcase is the goal. rehearsal plan coming"])
    assert out[0] and out[0][0][0] == "the Autumn Showcase"
    _, out = _run(["alright, let's do the river cruise. I'll sort tickets"])
    assert out[0] and out[0][0][0] == "the river cruise"
    _, out = _run(["let's discuss the river cruise tomorrow"])
    assert out == [[]]


def test_it_is_cut_off_by_an_emoji_or_the_splitter() -> None:
    _, out = _run(["seafood it is 🦞 I'll ring them"])
    assert out[0] and out[0][0][0] == "seafood"
    _, out = _run(["phew, thank god it's cheap 😅 and Tuesday the 9th it is!!"])
    assert out[0] and out[0][0][0] == "Tuesday the 9th"


def test_a_date_talked_over_again_is_revised_in_its_chain() -> None:
    tr, out = _run(["team lunch: march 3 it is", "nice", "hmm march 3 clashes with the half marathon",
                    "what about march 10?", "march 10 then, I'll tell the cafe"])
    assert out[4] and out[4][0] == ("march 10", "march 3")
    assert len(tr.chains) == 1


def test_a_thing_named_again_without_being_turned_down_starts_its_own_matter() -> None:
    tr, out = _run(["ok the Lantern it is, see you all there", "the Lantern has free parking too",
                    "ok, the Rosewood Trophy is the goal for the season"])
    assert out[0] and out[2] and out[2][0][1] is None
    assert len(tr.chains) == 2


def test_names_differing_only_by_a_month_are_different_options() -> None:
    tr, out = _run(["ok, the May Showcase is the goal", "honestly we won't be ready for may",
                    "the September Showcase then? more time", "ok, moving to the September Showcase"])
    assert out[3] and out[3][0][1] is not None and "may" in out[3][0][1].lower()
    assert len(tr.chains) == 1


def test_the_matter_talked_down_before_the_new_value_came_up_is_the_one_replaced() -> None:
    tr, out = _run(["ok Riverside it is, band name sorted", "alright, let's do the vinyl pressing",
                    "bad news: another band already uses Riverside, we can't keep it", "ugh",
                    "what about Lowtide?", "and I'm not sure about the vinyl pressing either",
                    "ok, Lowtide."])
    assert out[6] and out[6][0][0] == "Lowtide" and out[6][0][1] == "Riverside"


def test_a_thing_said_to_be_the_goal_is_no_plain_assignment_of_the_goal() -> None:
    from polymem.language.settled import assignments

    assert not [a for a in assignments("ok, the Harvest Fair is the goal this year") if a.value.endswith("goal")]
    assert [a.value for a in assignments("the quiz night is now the Corn Exchange")]  # a plain one still reads


def test_a_choice_kept_for_now_and_a_choice_with_the_we_dropped() -> None:
    _, out = _run(["should we eat at the Oyster Shed after?", "Oyster Shed it is for now"])
    assert out[1] and out[1][0][0].lower() == "oyster shed"
    _, out = _run(["the venue wants our closing piece. i'd say \"Long Harbour\"",
                   "ok going with \"Long Harbour\" as the closer"])
    assert out[1] and "long harbour" in out[1][0][0].lower()


def test_a_lone_word_of_deciding_after_the_phrase_it_settles() -> None:
    _, out = _run(["my cousin has a cottage near Tain called Brae End", "Brae End near Tain, 2-6 june. booked"])
    assert out[1] and out[1][0][0].startswith("Brae End")


def test_a_check_mark_confirms_the_labelled_value() -> None:
    _, out = _run(["what about \"Slow Lantern\" for the record?", "new record title: \"Slow Lantern\" ✅"])
    assert out[1] and "slow lantern" in out[1][0][0].lower()
    _, out = _run(["can someone bring the urn?", "me ✅"])  # a volunteer ticking themselves off decides nothing
    assert out[1] == []


def test_a_hedge_after_it_is_must_be_of_time() -> None:
    _, out = _run(["the Ferry Inn?", "the ferry inn it is not, they shut on mondays"])
    assert out[1] == []


def test_going_with_what_is_no_option_and_a_tick_on_a_link_decide_nothing() -> None:
    _, out = _run(["should we book the ferry?", "going with the flow tbh"])
    assert out[1] == []
    _, out = _run(["yep ✅ https://tickets.example.org/summer"])
    assert out[0] == []


def test_an_adjective_after_its_noun_closes_the_phrase_chosen() -> None:
    from polymem.language.decisions import DecisionTracker

    # a borrowed name puts its adjective last; "fine it is" stays a word of assent
    assert [d.value for d in DecisionTracker().feed("right, the hotel central it is!", "m1", "x", None)] == \
        ["the hotel central"]
    assert DecisionTracker().feed("fine, great it is", "m1", "x", None) == []
