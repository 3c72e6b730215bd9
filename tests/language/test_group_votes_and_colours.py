"""Group choices said the way chat says them: a day voted for in lower case, an option said to be better, a vote
won by a count, a colour chosen, a choice ruled out ("X is out") and replaced, a weekday with its ordinal as a
date, a name given by a verb of naming, and the task asked about when the question opens with its scene.
Sentences written for these tests (no data set's words, names or values)."""

from __future__ import annotations

from polymem.language import concluding, group, timeexpr
from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed
from polymem.language.naming import given_names
from polymem.language.question_views import asked_words, asks_proposer, task_words


def _chains(lines: list[tuple[str, str]]) -> list[list[str]]:
    t = DecisionTracker()
    for i, (who, text) in enumerate(lines):
        t.feed(text, f"m{i}", who, None)
    return [[d.value.lower() for d in c.decisions] for c in t.chains]


def test_a_day_voted_for_in_lower_case_is_put_forward() -> None:
    acts = group.read("i vote friday the 9th so nobody misses work")
    assert [(a.act, a.value) for a in acts] == [("proposal", "friday the 9th")]


def test_an_option_said_to_be_better_is_put_forward() -> None:
    assert [a.value for a in group.read("the boathouse would be cheaper honestly")] == ["the boathouse"]
    assert group.read("the weather is better today") == []
    assert group.read("he is taller") == []


def test_a_vote_won_by_a_count_is_settled() -> None:
    assert _chains([("ana", "banner colour: green?"), ("bo", "green"), ("cy", "orange"), ("dee", "green"),
                    ("ana", "so green wins 3 to 1. sorry cy")]) == [["green"]]
    # the tagger reads "wins" as a plural noun when the line goes on
    assert _chains([("ana", "banner colour: green?"), ("bo", "orange?"),
                    ("cy", "that's 3 for green vs 1. green wins, i'll order the fabric")]) == [["green"]]


def test_a_colour_settled_and_ruled_out_is_replaced_by_the_next_one_chosen() -> None:
    chains = _chains([("ana", "banner colour: green?"), ("bo", "green wins 3 to 1"),
                      ("cy", "bad news, the printer can't do it. GREEN IS OUT"), ("ana", "ok fine. navy it is.")])
    assert chains == [["green", "navy"]], chains


def test_a_colour_named_after_a_word_of_assent_is_chosen() -> None:
    chains = _chains([("ana", "banner colour: green?"), ("bo", "navy would look smarter in photos"),
                      ("cy", "green wins 3 to 1"), ("dee", "the shop is out of green. they only have navy."),
                      ("ana", "shame. fine. navy.")])
    assert chains == [["green", "navy"]], chains


def test_a_weekday_with_its_ordinal_is_a_date() -> None:
    assert timeexpr.date_span("so: the hall, friday the 9th, straight after work") == "friday the 9th"
    assert timeexpr.date_span("see you friday") is None


def test_a_verb_of_naming_gives_the_name() -> None:
    assert given_names(parsed("we call him Bean now")) == [(3, "Bean")]
    assert given_names(parsed("renaming her mochi, it suits her")) == [(2, "Mochi")]
    assert given_names(parsed("i called him an idiot")) == []


def test_a_question_opening_with_its_scene_asks_for_the_task_after_it() -> None:
    q = parsed("once the ferry was cancelled, who offered to drive them to the port?")
    assert task_words(q) == ["drive", "port"]
    words = asked_words(parsed("who volunteered to be the treasurer when we were setting up the club?"))
    assert words is not None and "treasurer" in words and "club" not in words


def test_it_is_and_wins_keep_their_old_readings() -> None:
    assert concluding.it_is(list(parsed("fine it is").sents)[0]) is None
    assert concluding.wins(list(parsed("green wins the prize").sents)[0]) is None


def test_a_verb_of_putting_forward_asks_for_the_proposer() -> None:
    assert asks_proposer(parsed("who first brought up the boathouse for the party?"))
    assert asks_proposer(parsed("who kept arguing for the night train?"))
    assert not asks_proposer(parsed("who pushed the trolley back?"))
    assert not asks_proposer(parsed("who is paying for the cake?"))


def test_a_date_in_may_typed_in_lower_case_is_settled() -> None:
    assert _chains([("ana", "dates? how about friday 3 may"), ("bo", "or saturday 4 may"),
                    ("cy", "friday 3 may it is")]) == [["friday 3 may"]]


def test_a_verb_the_line_uses_is_no_value() -> None:
    assert _chains([("ana", "count us in, it's a long drive but we'll make it work")]) == []


def test_what_the_new_readings_leave_alone() -> None:
    # (guards from a review: wins as news, comparisons of people or of the weather, a vote against a day, a
    # ruled-out thing that was never settled, naming words that are no names)
    assert _chains([("ana", "season wins are up this year"), ("bo", "lottery wins are taxed here")]) == []
    assert group.read("Jo is much happier since the move") == []
    assert group.read("rent is cheaper than it was") == []
    assert [a.value for a in group.read("i vote saturday not sunday")] == ["saturday"]
    assert _chains([("ana", "the results are out, finally"), ("bo", "the sun is out!")]) == []
    assert given_names(parsed("we have a new kitten. will call him sometime")) == []
    assert given_names(parsed("I called her fat lol")) == []
