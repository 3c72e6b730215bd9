"""Readings of the forty-eighth pass: two towns joined as a route, a place judged with "still", a line written
from a town, a move given as the consequence of a town named before it, a dwelling in a town no gazetteer lists,
a month after "in", a matter the group wants a new value for, "lets" typed for "let's", and every member's town
asked with "for each". Sentences written for these tests (no data set's words, names or values)."""

from __future__ import annotations

from polymem.language.decision_clauses import topic_of
from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed
from polymem.language.questions import parse_question
from tests.language.reads import values


def test_two_towns_joined_as_a_route_are_nobodys_home() -> None:
    assert values("Olomouc-Jihlava is a 2h train. I feel spoiled", "city") == []
    assert values("Olomouc is grey and drizzly today", "city") == ["Olomouc"]


def test_a_place_judged_with_still_is_no_home_but_still_in_it_is() -> None:
    assert values("Olomouc is still silly money", "city") == []
    assert values("Jihlava is still pricey, sadly", "city") == []
    assert values("still in Jihlava, loving the quiet", "city") == ["Jihlava"]


def test_a_line_written_from_a_town_places_the_writer() -> None:
    assert values("writing from Torun! second week at the lab done, everyone bikes", "city") == ["Torun"]


def test_a_move_given_as_a_consequence_goes_to_the_town_named_before_it() -> None:
    assert values("the new post is in Torun, so I'm moving in May", "city") == ["Torun"]
    assert values("the rent in Jihlava is silly, so moving in May", "city") == []  # (where one leaves)
    from tests.language.reads import READER

    moved = [s for s in READER.read("I'm in Torun this week so moving the standup to Friday", "ott")
             if s.attribute == "city" and s.kind == "event"]
    assert moved == []  # (a meeting moved, not a home)


def test_a_dwelling_got_in_a_town_no_gazetteer_lists_is_a_home() -> None:
    assert values("got a flat above the chippy in Saunter with a mate", "city") == ["Saunter"]


def test_a_month_after_in_is_no_town() -> None:
    assert values("bought a flat in March, still no curtains", "city") == []


def test_a_new_value_wanted_for_a_named_matter_replaces_that_matter_not_the_last_one() -> None:
    tr = DecisionTracker()
    lines = ["also we need a code name. he reads the screen over my shoulder. 'Project Nibs'?",
             "Project Nibs lol ok", "Project Nibs it is",
             "dessert? lemon tart?", "lemon tart yes", "lemon tart it is",
             "also we need a new code name. Project Nibs is too obvious now that the cafe is called Nibs & Co",
             "Operation Tansy?", "Operation Tansy lol yes", "fine, Operation Tansy from now on"]
    last = None
    for i, text in enumerate(lines):
        for d in tr.feed(text, f"m{i}", f"p{i % 3}", None):
            last = d
    assert last is not None and last.value == "Operation Tansy"
    assert last.reverses == "Project Nibs" and tr.chain_of(last).topic == "code name"


def test_lets_typed_without_its_apostrophe_names_no_matter() -> None:
    assert topic_of(next(parsed("ok lets go with the Brackwater hall then").sents)) is None


def test_every_members_town_asked_for_each_of_them() -> None:
    for q in ("Give me the current city for each member of the chat.",
              "Give me the current city for each of the six of us.",
              "quick check: which city is each person working from these days?"):
        form = parse_question(q)
        assert form.everyone and form.attribute == "city", q


def _feed(lines: list[str]) -> tuple[DecisionTracker, list[list]]:
    tr = DecisionTracker()
    return tr, [tr.feed(text, f"m{i}", f"p{i % 3}", None) for i, text in enumerate(lines)]


def test_a_household_moved_to_a_town_is_news_not_a_plan() -> None:
    _, out = _feed(["life update: boxes everywhere. we moved down to Olomouc last weekend"])
    assert out[0] == []
    _, out = _feed(["we moved the quiz to the Anchor"])
    assert [d.value for d in out[0]] == ["the Anchor"]


def test_a_phrase_left_hanging_settles_nothing() -> None:
    _, out = _feed(["picnic on sundays?", "sundays yes", "sundays it is",
                    "bad news, my shifts changed to weekends. so the picnic..."])
    assert [d.value for d in out[2]] == ["sundays"] and out[3] == []


def test_dates_shifted_on_request_replace_the_dates_settled_not_another_days_matter() -> None:
    tr, out = _feed(["offsite dates? week of 9 march?", "week of 9 march works",
                     "week of 9 march, Olomouc, €500pp. putting it in the doc",
                     "game night is thursdays then", "thursdays it is",
                     "actually can we shift the dates too? flights are half price in early april. like 6-8 april",
                     "fine by me", "6-8 april, Olomouc, €400. updating the doc"])
    assert [d.value for d in out[7]] == ["6-8 april"]
    assert tr.chain_of(out[7][0]) is tr.chain_of(out[2][0])


def test_the_group_addressed_is_no_choice() -> None:
    _, out = _feed(["right cousins. gran turns 85 in june and mum has officially handed it to us"])
    assert out[0] == []


def test_a_move_joined_to_anothers_doing_is_not_the_speakers() -> None:
    assert values("so. big gran news. she's selling the bungalow and moving into a friend's place in Olomouc",
                  "city") == []
    assert values("Still up in Olomouc, nothing new", "city") == ["Olomouc"]


def test_a_cottage_signed_for_outside_a_town_is_a_home_there() -> None:
    assert values("the rent here broke me. signed for a little cottage outside Olomouc, moving on the 15th",
                  "city") == ["Olomouc"]
    assert values("signed for a little cottage outside Olomouc", "job") == []


def test_a_pet_named_by_answering_who_its_name_is() -> None:
    from tests.language.reads import READER

    items = [("sorry Nibs just walked across the keyboard and sent half of that", "ott", None, "m0"),
             ("who is nibs", "sefa", None, "m1"), ("the cat, sefa. my cat. you've met him", "ott", None, "m2")]
    got = READER.read_many(items)
    assert [(s.attribute, s.value, s.name) for s in got[2] if s.attribute == "pet"] == [("pet", "cat", "Nibs")]
    # (the question may stand in the window before: its messages only give context)
    got = READER.read_many(items, context=2)
    assert [(s.value, s.name) for s in got[2] if s.attribute == "pet"] == [("cat", "Nibs")]
    for asked in ("who is he", "who's that", "who is coming?", "who is al"):
        other = [("also Nibs walked across the keyboard", "ott", None, "m0"), (asked, "sefa", None, "m1"),
                 ("my cat. you've met him", "ott", None, "m2")]
        got = READER.read_many(other)
        assert [s.name for s in got[2] if s.attribute == "pet"] == [""], asked


def test_a_town_naming_the_weather_in_a_verbless_line_places_the_speaker() -> None:
    assert values("Olomouc: rain but make it sideways AND sleet", "city") == ["Olomouc"]
    assert values("Olomouc rain is relentless today", "city") == ["Olomouc"]
    assert values("my mum says Olomouc rain is awful", "city") == []
    assert values("Olomouc rain is overrated", "city") == []  # (a reputation, not the weather now)
    assert values("Jihlava is freezing", "city") == ["Jihlava"]
    assert values("my sister says Jihlava is freezing", "city") == []


def test_lets_typed_for_lets_names_no_new_matter() -> None:
    from polymem.language.chains import first_noun

    assert first_noun("ok lets go with the Brackwater hall then", "the Brackwater hall") is None
    assert first_noun("the lets are cheap near the Brackwater hall", "the Brackwater hall") == "let"
