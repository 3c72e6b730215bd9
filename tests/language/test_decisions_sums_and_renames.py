"""Decisions said in chat without a verb of deciding, and what stays out of them: a sum set anew ("the subs go up
to €6"), a value closed by an emoji and "done", a mourned name ("RIP the old name"), a change urged and then
booked, "X for now", an hour settled "with" someone, a deadline asked of one member, a friend addressed by name.
Sentences written for these tests (no data set's words, names or values)."""

from __future__ import annotations

from polymem.language import concluding, group, sums_set
from polymem.language.chains import unmarked, untimed
from polymem.language.decision_clauses import turned_down
from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed


def _chains(lines: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    t = DecisionTracker()
    for i, (who, text) in enumerate(lines):
        t.feed(text, f"m{i}", who, None)
    return [(c.topic, [d.value for d in c.decisions]) for c in t.chains]


def _sent(text: str):  # type: ignore[no-untyped-def]
    return list(parsed(text).sents)[0]


def test_a_sum_set_anew_names_its_matter_and_sum() -> None:
    assert sums_set.amount_changed(_sent("the subs go up to €6 from march")) == ("sub", "€6")
    assert sums_set.amount_changed(_sent("raising the entry fee to $12 next term")) == ("fee", "$12")


def test_a_price_reported_or_owned_or_asked_is_no_sum_of_the_group() -> None:
    assert sums_set.amount_changed(_sent("the caretaker says the gym is going up to £80 a night")) is None
    assert sums_set.amount_changed(_sent("my rent went up to £900")) is None
    assert sums_set.amount_changed(_sent("should the subs go up to €7?")) is None
    assert sums_set.amount_changed(_sent("the museum is going up to £15 a ticket")) is None


def test_news_of_a_price_and_a_sum_put_forward_settle_nothing() -> None:
    chains = _chains([("ana", "what should the subs be? maybe €4"), ("bo", "€4 is fair"), ("cy", "€4 it is"),
                      ("bo", "btw diesel is going up to €2 next week ugh"), ("cy", "I'd raise the subs to €7")])
    assert [vals for _, vals in chains] == [["€4"]], chains


def test_moving_on_to_the_next_item_changes_no_matter() -> None:
    chains = _chains([("ana", "mains? lasagne is easy"), ("bo", "lasagne it is"),
                      ("cy", "let's move on to the next item"), ("ana", "dessert: cheesecake?"),
                      ("bo", "cheesecake it is")])
    assert not any(vals == ["lasagne", "cheesecake"] for _, vals in chains), chains


def test_a_sum_raised_revises_the_sum_settled_before() -> None:
    chains = _chains([("ana", "what should the subs be? maybe €4"), ("bo", "€4 is fair"), ("cy", "€4 it is"),
                      ("ana", "ok the subs go up to €6 from march. nobody is turned away")])
    assert ("sub", ["€4", "€6"]) in chains or any(vals == ["€4", "€6"] for _, vals in chains), chains


def test_an_option_closed_by_an_emoji_and_done_is_settled() -> None:
    chains = _chains([("ana", "club name ideas: Night Herons? sounds mysterious"), ("bo", "Paper Moths"),
                      ("cy", "night herons is great"), ("ana", "night herons 🎉 done.")])
    assert any([v.lower() for v in vals] == ["night herons"] for _, vals in chains), chains


def test_the_label_of_an_idea_is_not_the_option() -> None:
    acts = group.read("club name ideas: Night Herons?")
    assert [(a.act, a.value) for a in acts] == [("proposal", "Night Herons")]


def test_a_deadline_asked_of_one_member_settles_nothing() -> None:
    chains = _chains([("ana", "@cy can you finish the flyer by thursday?"), ("cy", "ok ok. thursday. fine.")])
    assert chains == [], chains


def test_a_name_mourned_is_dropped_and_its_successor_revises_it() -> None:
    assert [v for v, _ in turned_down(parsed("Paper Moths it is. RIP night herons, gone too soon"))] == [
        "night herons"]
    chains = _chains([("ana", "club name ideas: Night Herons? sounds mysterious"), ("cy", "night herons 🎉 done."),
                      ("bo", "bad news, a shop in town already trades as night herons"),
                      ("ana", "what about Paper Moths?"),
                      ("cy", "Paper Moths it is. RIP night herons, gone too soon")])
    assert any([v.lower() for v in vals] == ["night herons", "paper moths"] for _, vals in chains), chains


def test_a_change_urged_then_booked_revises_the_place_it_replaces() -> None:
    chains = _chains([("ana", "venue? the scout hut is cheap"), ("bo", "scout hut is fine"),
                      ("cy", "the scout hut it is"),
                      ("ana", "the hut roof leaks now. why don't we switch to the library? bo could you sort it"),
                      ("bo", "all sorted, the study room is booked for us from may on")])
    assert any(len(vals) == 2 and vals[1] == "the study room" for _, vals in chains), chains
    assert group.change_put_forward("why don't we switch to the pub?")
    assert not group.change_put_forward("she moved to Leeds")
    assert not group.change_put_forward("can you move the chairs to the back?")


def test_when_a_value_starts_is_no_part_of_it() -> None:
    assert untimed("the study room from june onwards") == "the study room"
    assert untimed("£5 from april") == "£5"
    assert untimed("from 3 to 5 june") == "from 3 to 5 june"
    assert untimed("the cabin from friday to sunday") == "the cabin from friday to sunday"
    assert untimed("a new beginning") == "a new beginning"
    assert unmarked("ok £ 12 each") == "£12 each"


def test_for_now_and_an_hour_conclude_a_bare_phrase() -> None:
    assert concluding.then_value(_sent("€30 each for now, a sponsor would be a bonus")) == "€30 each"
    assert concluding.then_value(_sent("mondays 18:30 at the boathouse then 👍")) == "mondays 18:30 at the boathouse"
    assert concluding.then_value(_sent("good for now, thanks all")) is None
    assert concluding.then_value(_sent("quiet for now")) is None
    assert concluding.then_value(_sent("cya then")) is None


def test_an_hour_confirmed_with_someone_is_the_hour_settled() -> None:
    assert concluding.bare_participle(_sent("friday 18:30 confirmed with the school")) == "friday 18:30"
    assert concluding.bare_participle(_sent("the total agreed with the receipts")) is None


def test_a_friend_addressed_by_name_is_no_option() -> None:
    for line in ("so sorry tamsk.", "so sorry wenz. no pressure to come this week"):
        t = DecisionTracker()
        t.feed(line, "m1", "ana", None)
        assert t.options == [], (line, t.options)
    t = DecisionTracker()
    t.feed("the old barn?", "m1", "ana", None)
    assert [o[0] for o in t.options][:1] == ["the old barn"], t.options  # a thing put forward still is one


def test_a_labelled_choice_keeps_the_sum_and_the_date_listed_after_it() -> None:
    from polymem.language.decisions import DecisionTracker

    # (a clause after the comma is not part of it)
    assert [d.value for d in DecisionTracker().feed("agreed: book swap, £15 cap", "m1", "a", None)] == \
        ["book swap, £15 cap"]
    assert [d.value for d in DecisionTracker().feed("agreed: Valletta, can't wait", "m1", "a", None)] == ["Valletta"]


def test_a_sum_with_a_thousands_comma_stays_whole_and_a_bare_number_is_no_term() -> None:
    from polymem.language.decisions import DecisionTracker

    assert [d.value for d in DecisionTracker().feed("agreed: book swap, £1,500 cap", "m1", "a", None)] == \
        ["book swap, £1,500 cap"]
    assert [d.value for d in DecisionTracker().feed("agreed: the barn, 2", "m1", "a", None)] == ["the barn"]
