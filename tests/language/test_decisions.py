"""Decision chains read from the parse, on sentences written for this test (in no data set)."""

from __future__ import annotations

from polymem.language.decisions import DecisionTracker, same
from polymem.language.timeexpr import date_span


def _run(lines: list[str]) -> tuple[DecisionTracker, list[list[tuple[str | None, str, str | None]]]]:
    tr = DecisionTracker()
    out = []
    for i, text in enumerate(lines):
        out.append([(d.topic, d.value, d.reverses) for d in tr.feed(text, f"x{i}", "someone", None)])
    return tr, out


def test_a_reversal_names_what_it_drops_and_joins_its_chain() -> None:
    tr, out = _run([
        "What about the Ferris Arms for the quiz night?",
        "Decided: the Ferris Arms for the quiz night.",
        "Bad news, the Ferris Arms cancelled on us, so we've switched the quiz night to the Otter Lounge.",
    ])
    assert out[0] == []  # a proposal is not a decision
    assert out[1] == [("quiz night", "the Ferris Arms", None)]
    assert out[2] and out[2][0][1] == "the Otter Lounge" and out[2][0][2] == "the Ferris Arms"
    assert len(tr.chains) == 1 and [d.value for d in tr.chains[0].decisions] == ["the Ferris Arms", "the Otter Lounge"]


def test_suggestions_and_one_persons_decisions_are_not_group_decisions() -> None:
    _, out = _run([
        "I suggest the Ferris Arms.",
        "My cat has decided the laundry basket is her throne.",
        "Just settled in Aberdeen after a week of boxes.",
        "Shall we go with the Ferris Arms?",
    ])
    assert out == [[], [], [], []]


def test_x_it_is_and_a_colon_name_the_value() -> None:
    _, out = _run(["Fine by me, Thursday the 9th it is.", "Official: Bramble Cottage for the retreat."])
    assert out[0] and "Thursday" in out[0][0][1]
    assert out[1] == [("retreat", "Bramble Cottage", None)]


def test_open_matters_take_the_values_that_fit_them() -> None:
    tr, out = _run([
        "For the offsite we still need a location and a date.",
        "Let's go with the boathouse on 12 June, decided.",
    ])
    assert set(tr.open) == {"location", "date"}
    assert sorted((t, v) for t, v, _ in out[1]) == [("date", "12 June"), ("location", "the boathouse")]


def test_a_passive_move_reverses_a_date() -> None:
    tr, out = _run([
        "Right, it's decided: the book swap is on 3 May.",
        "Heads up: the book swap has been moved to 10 May, 3 May is cancelled.",
    ])
    assert out[1] and out[1][0][1].startswith("10 May") and out[1][0][2] is not None
    assert len(tr.chains) == 1


def test_values_and_dates() -> None:
    assert same("the stand mixer", "mixer") and not same("July 12", "July 5")
    assert date_span("we land 7-11 august, then home") == "7-11 august"
    assert date_span("see you Saturday 16th May at 7") == "Saturday 16th May"
    assert date_span("the may bank holiday") is None


def test_value_kinds_and_asked_kinds() -> None:
    from polymem.language.value_kind import asked_kind, compatible, value_kind

    assert [value_kind(v) for v in ("the 12th", "Thursday", "9:30pm", "€35 a head", "18 each", "the boathouse")] \
        == ["date", "date", "date", "amount", "amount", "thing"]
    assert asked_kind("Which evening did the team pick for the dinner?") == "date"
    assert asked_kind("When is the retreat happening?") == "date"
    assert asked_kind("How much is everyone paying towards the boat?") == "amount"
    assert asked_kind("So what are we doing for the staff away-day in the end?") == "thing"  # an activity
    assert asked_kind("What's the budget per person?") == "amount"
    assert asked_kind("Where are we meeting on the day?") == "place"
    assert asked_kind("Which venue did they land on?") == "place"
    # "where": a name, a place a gazetteer knows, a building; not a dish or a vehicle
    assert compatible("place", "the boathouse") and compatible("place", "Glenridding, 4-6 October")
    assert not compatible("place", "bbq") and not compatible("place", "a campervan") and \
        not compatible("place", "€35 a head")
    assert asked_kind("What kind of cake did they order?") == "thing"
    assert asked_kind("What did the group decide?") is None
    assert compatible("thing", "the boathouse, 4-6 October") and compatible("date", "the boathouse, 4-6 October")
    assert not compatible("date", "the boathouse") and not compatible("thing", "€35 a head")
    # dates said twice over are still only dates: the capital of a month names no place
    assert not compatible("place", "sat 9 - mon 11 aug, 9-11 August")
    assert compatible("place", "Ullapool, 9-11 August")
    # a place with the day of the week or the hour it is on still says where; the day or the hour alone does not
    assert compatible("place", "the Osprey on wednesdays") and compatible("place", "the Osprey, 8pm")
    assert not compatible("place", "wednesdays") and not compatible("place", "monday 7.30pm")


def test_a_change_without_a_named_matter_joins_the_matter_discussed_with_its_words() -> None:
    from polymem.language.decisions import DecisionTracker

    t = DecisionTracker()
    chat = ["for the quiz night prize, how about a voucher for the climbing wall?",
            "or a hamper of fancy cheeses",
            "voucher for the climbing wall then, decided",
            "the Otter's Rest is booked for the quiz night, back room",
            "film for after: let's do Alien",
            "Alien it is",
            "new plan: the cheese hamper. the prize voucher is sold out"]
    for i, text in enumerate(chat):
        t.feed(text, f"m{i}", "u1", None)
    prize = [c for c in t.chains if any("climbing" in d.value for d in c.decisions)]
    assert len(prize) == 1 and "hamper" in prize[0].head.value, [(c.topic, [d.value for d in c.decisions])
                                                                 for c in t.chains]


def test_a_noun_of_choosing_passes_the_kind_to_its_matter() -> None:
    from polymem.language.value_kind import asked_kind

    assert asked_kind("What was our final pick for the date?") == "date"
    assert asked_kind("What's the plan for the budget?") == "amount"
    assert asked_kind("What was our final decision?") is None


def test_a_choice_after_a_colon_ending_in_x_it_is_and_a_drop_by_the_group() -> None:
    tr, out = _run([
        "Which lake for the canoe weekend? I'd say Loch Arkaig.",
        "Counting the votes: Loch Arkaig wins, so we're paddling Loch Arkaig in June.",
        "Ugh, the permits are gone. So Arkaig is off and Morlich is on: Loch Morlich it is, sorted.",
    ])
    assert out[2] and out[2][0][1] == "Loch Morlich" and out[2][0][2] is not None
    assert len(tr.chains) == 1 and tr.chains[0].head.value == "Loch Morlich"


def test_we_re_dropping_x_and_going_with_y_is_the_groups_even_beside_ones_own_errand() -> None:
    tr, out = _run([
        "Poetry circle pick: can I suggest Feathers by Nia Oduya?",
        "Or Salt Roads by Imre Tal, it's shorter.",
        "Our poetry book for the autumn is Feathers by Nia Oduya.",
        "Change of heart, folks: we're dropping Feathers by Nia Oduya and going with Salt Roads instead. "
        "I'll pick up two copies at the market.",
    ])
    assert out[2] and out[2][0][1].startswith("Feathers")
    assert out[3] and out[3][0][1].startswith("Salt Roads") and out[3][0][2] is not None
    assert len(tr.chains) == 1


def test_how_a_matter_was_settled_is_not_what_it_settled_on() -> None:
    _, out = _run(["Overwhelming consensus then.", "No worries, Tuesday it is."])
    assert out[0] == []
    assert out[1] and out[1][0][1] == "Tuesday" and out[1][0][2] is None


def test_a_concluding_switch_and_a_plan_moved_in_the_present_are_decisions() -> None:
    _, out = _run([
        "ok, switching to the Harbour Room then. I'll email the caretaker",
        "alright the workshops move to fridays from june",
        "so I'm switching to decaf",
        "moving to glasgow next month!!",
    ])
    assert [v for _, v, _ in out[0]] == ["the Harbour Room"]
    assert out[1] and out[1][0][1].startswith("fridays")
    assert out[2] == [] and out[3] == []


def test_a_discourse_marker_is_no_part_of_the_value() -> None:
    _, out = _run(["ok Marigold it is, I'll book it"])
    assert [v for _, v, _ in out[0]] == ["Marigold"]


def test_a_switch_whose_target_the_parser_hangs_on_the_object() -> None:
    # the parser reads "to Signora Bice" as part of "the dinner": the new value is still Signora Bice
    from polymem.language.models import parsed

    text = "we have switched the dinner to Signora Bice"
    assert next(t for t in parsed(text) if t.lower_ == "to").head.lower_ == "dinner"  # the case under test
    _, out = _run(["Where shall we hold the dinner?", text])
    assert out[1] and out[1][0][1] == "Signora Bice"


def test_a_day_of_the_month_alone_settles_the_date_put_forward_with_it() -> None:
    _, out = _run([
        "For the pottery workshop, would Friday 12 June suit? Or Tuesday 16 June.",
        "Looking at my diary now",
        "12th then, I'll tell the studio",
    ])
    assert out[2] and out[2][0][1] == "Friday 12 June"
    _, out = _run(["the 16th it is"])  # nothing put forward: the day as said
    assert out[0] and out[0][0][1] in ("16th", "the 16th")


def test_a_bare_participle_of_deciding_settles_the_thing_beside_it() -> None:
    _, out = _run(["Is €45 a head ok for everyone?", "€45 a head agreed, I'll set up the kitty"])
    assert out[1] and out[1][0][1] == "€45 a head"
    _, out = _run(["Could we do Sunday 9 August?", "confirmed, Sunday 9 August"])
    assert out[1] and out[1][0][1] == "Sunday 9 August"
    _, out = _run(["Marisol agreed", "everyone agreed", "the total agreed with the receipts", "confirmed!"])
    assert out == [[], [], [], []]  # people agreeing, a match, nothing named: no decision


def test_an_arrangement_for_one_persons_sake_is_not_the_groups_decision() -> None:
    _, out = _run(["Rufus is booked into the kennels for the 9th so I can come along",
                   "the minibus is booked for the 9th so we can all travel together"])
    assert out[0] == [] and out[1] and "minibus" in out[1][0][1]


def test_officially_describing_the_speakers_is_no_decision() -> None:
    _, out = _run(["Keys collected this morning, so we're officially Glaswegians.", "I'm officially unemployed lol"])
    assert out == [[], []]
    _, out = _run(["we're officially booked at the Quarry Inn"])
    assert out[0] and out[0][0][1] == "the Quarry Inn"


def test_shouted_decisions_are_read_as_written_in_lower_case() -> None:
    _, out = _run(["RESERVED. the Old Tannery in Wexley, saturday 9 may. deposit paid"])
    assert out[0] and out[0][0][1].startswith("Old Tannery in Wexley")
    _, out = _run(["Could we do the pier or the bandstand?", "THE BANDSTAND IT IS"])
    assert out[1] and out[1][0][1].lower() == "the bandstand"


def test_it_is_after_a_time_or_a_word_the_tagger_calls_a_verb() -> None:
    _, out = _run(["can we push lunch to 1:15?", "1:15 it is, the soup can simmer"])
    assert out[1] and out[1][0][1] == "1:15"
    _, out = _run(["shall we picnic instead of the cafe?", "picnic it is then, ana brings rugs"])
    assert out[1] and out[1][0][1] == "picnic"


def test_a_booking_for_a_day_settles_the_day_not_what_was_paid() -> None:
    _, out = _run(["the chalet is free friday 11 june to sunday 13 june", "paid the fee, we're booked for the 11th."])
    assert out[1] and "11" in out[1][0][1] and "fee" not in out[1][0][1]


def test_a_day_said_as_what_the_matter_now_is() -> None:
    _, out = _run(["The quiz night is now FRIDAY the 22nd at the Copper Kettle, not the Lamb"])
    assert out[0] and out[0][0][1].startswith("Friday the 22nd")


def test_an_option_after_several_words_of_assent() -> None:
    _, out = _run(["what about Tarnby for the retreat?", "ok ok. Tarnby. i will stop arguing"])
    assert out[1] and out[1][0][1] == "Tarnby"


def test_a_plan_for_a_thing_is_no_change_of_plan() -> None:
    tr, out = _run(["shall we do the ferry?", "ferry it is", "ferry plan: breakfast on deck, museum after, lunch at 2"])
    assert out[1] and out[1][0][1] == "ferry"
    # the itinerary does not overturn the ferry
    assert not any(d[2] == "ferry" for d in out[2])
    assert [d.value for d in tr.chains[0].decisions] == ["ferry"]


def test_a_new_matter_is_never_named_after_its_own_value() -> None:
    tr, _ = _run(["hmm the lighthouse tour or the kayak hire? the kayak hire has a kayak for each of us",
                  "kayak hire it is"])
    assert tr.chains and tr.chains[0].topic not in ("kayak", "hire")


def test_a_conclusion_said_as_a_plain_clause() -> None:
    _, out = _run(["Could the autumn meetings move to the scout hut?", "Then the autumn meetings are at the scout hut."])
    assert out[1] and out[1][0][1] == "the scout hut" and out[1][0][0] == "autumn meeting"
    _, out = _run(["Should we lower the fee to $15?", "Very well. The fee stays at $15; the rise is withdrawn."])
    assert out[1] and out[1][0][1] == "$15"
    _, out = _run(["Decision: the choir buys the second-hand piano for $900."])
    assert out[0] and out[0][0][1] == "the second-hand piano"
    _, out = _run(["then we went home", "So we could try the pier", "so my sister is in town"])
    assert out == [[], [], []]  # a past, a hedge, a person: no conclusion


def test_a_matter_the_group_sets_out_to_settle_names_its_chain() -> None:
    tr, out = _run([
        "Let us settle the autumn lantern walk. I propose the Fernhill boathouse.",
        "Plenty of hands up. Fernhill boathouse it is.",
        "The boathouse is flooded. Then the October lantern walk moves to the Hollin Woods car park.",
    ])
    assert tr.open == ["autumn lantern walk"]
    assert out[1] and out[1][0][:2] == ("autumn lantern walk", "Fernhill boathouse")
    # another name for the same matter ("the October lantern walk") joins the chain and overturns its value
    assert len(tr.chains) == 1 and out[2] and out[2][0][2] == "Fernhill boathouse"


def test_deciding_on_a_matter_leaves_it_open_and_deciding_it_does_not() -> None:
    tr, _ = _run(["ok let's decide on the venue for the gala", "we settled on saturday in the end"])
    assert tr.open == ["venue"]


def test_same_matter() -> None:
    from polymem.language.matters import same_matter

    assert same_matter("walk", "autumn lantern walk") and same_matter("lantern walk", "october lantern walk")
    assert not same_matter("summer party", "christmas party") and not same_matter("venue", "date")
