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
    assert values("writing from Torun! the new lab is fine, everyone cycles", "city") == ["Torun"]


def test_a_move_given_as_a_consequence_goes_to_the_town_named_before_it() -> None:
    assert values("the new post is in Torun, so we are moving in May", "city") == ["Torun"]
    assert values("the rent in Jihlava is silly, so moving in May", "city") == []  # (where one leaves)
    from tests.language.reads import READER

    moved = [s for s in READER.read("I'm in Torun this week so moving the standup to Friday", "ott")
             if s.attribute == "city" and s.kind == "event"]
    assert moved == []  # (a meeting moved, not a home)


def test_a_dwelling_got_in_a_town_no_gazetteer_lists_is_a_home() -> None:
    assert values("got a flat over the chippy in Saunter, splitting it with a pal", "city") == ["Saunter"]


def test_a_month_after_in_is_no_town() -> None:
    assert values("bought a flat in March, still no curtains", "city") == []


def test_a_new_value_wanted_for_a_named_matter_replaces_that_matter_not_the_last_one() -> None:
    tr = DecisionTracker()
    lines = ["oh and we must settle on a code name, he peeks at my phone. 'Project Nibs'?",
             "Project Nibs lol ok", "Project Nibs it is",
             "dessert? lemon tart?", "lemon tart yes", "lemon tart it is",
             "hmm, we need another code name, Project Nibs gives it away since the bakery is called Nibs & Co",
             "Operation Tansy?", "Operation Tansy lol yes", "fine, Operation Tansy from now on"]
    last = None
    for i, text in enumerate(lines):
        for d in tr.feed(text, f"m{i}", f"p{i % 3}", None):
            last = d
    assert last is not None and last.value == "Operation Tansy"
    assert last.reverses == "Project Nibs" and tr.chain_of(last).topic == "code name"


def test_lets_typed_without_its_apostrophe_names_no_matter() -> None:
    assert topic_of(next(parsed("fine lets go with the Brackwater hall then").sents)) is None


def test_every_members_town_asked_for_each_of_them() -> None:
    for q in ("Send me the present town for every member here.",
              "Send me the present town for every one of us.",
              "quick check: which town is every member working from lately?"):
        form = parse_question(q)
        assert form.everyone and form.attribute == "city", q


def _feed(lines: list[str]) -> tuple[DecisionTracker, list[list]]:
    tr = DecisionTracker()
    return tr, [tr.feed(text, f"m{i}", f"p{i % 3}", None) for i, text in enumerate(lines)]


def test_a_household_moved_to_a_town_is_news_not_a_plan() -> None:
    _, out = _feed(["news from us: crates all over the floor. we've moved over to Olomouc on saturday"])
    assert out[0] == []
    _, out = _feed(["we moved the quiz to the Anchor"])
    assert [d.value for d in out[0]] == ["the Anchor"]


def test_a_phrase_left_hanging_settles_nothing() -> None:
    _, out = _feed(["picnic on sundays?", "sundays yes", "sundays it is",
                    "bad news, my shifts changed to weekends. so the picnic..."])
    assert [d.value for d in out[2]] == ["sundays"] and out[3] == []


def test_dates_shifted_on_request_replace_the_dates_settled_not_another_days_matter() -> None:
    tr, out = _feed(["offsite dates? week of 9 march?", "week of 9 march works",
                     "week of 9 march, Olomouc, €500pp. noting that in the sheet",
                     "game night is thursdays then", "thursdays it is",
                     "actually could we move the dates as well? trains cost less in early april. like 6-8 april",
                     "fine by me", "6-8 april, Olomouc, €400. fixing the sheet"])
    assert [d.value for d in out[7]] == ["6-8 april"]
    assert tr.chain_of(out[7][0]) is tr.chain_of(out[2][0])


def test_the_group_addressed_is_no_choice() -> None:
    _, out = _feed(["right nephews. grandpa is 90 in may and dad has formally left it to us"])
    assert out[0] == []


def test_a_move_joined_to_anothers_doing_is_not_the_speakers() -> None:
    assert values("ok. grandpa news. he's selling the house and moving into a friend's flat in Olomouc",
                  "city") == []
    assert values("Still up in Olomouc, nothing new", "city") == ["Olomouc"]


def test_a_cottage_signed_for_outside_a_town_is_a_home_there() -> None:
    assert values("rent here was too much. signed for a tiny cabin outside Olomouc, in from the 3rd",
                  "city") == ["Olomouc"]
    assert values("signed for a tiny cabin outside Olomouc", "job") == []


def test_a_pet_named_by_answering_who_its_name_is() -> None:
    from tests.language.reads import READER

    items = [("sorry Nibs stepped on my phone and sent that early", "ott", None, "m0"),
             ("who is nibs", "sefa", None, "m1"), ("the cat, sefa. my cat. he hates you", "ott", None, "m2")]
    got = READER.read_many(items)
    assert [(s.attribute, s.value, s.name) for s in got[2] if s.attribute == "pet"] == [("pet", "cat", "Nibs")]
    # (the question may stand in the window before: its messages only give context)
    got = READER.read_many(items, context=2)
    assert [(s.value, s.name) for s in got[2] if s.attribute == "pet"] == [("cat", "Nibs")]
    for asked in ("who is he", "who's that", "who is coming?", "who is al"):
        other = [("also Nibs sat on my notes", "ott", None, "m0"), (asked, "sefa", None, "m1"),
                 ("my cat. he hates you", "ott", None, "m2")]
        got = READER.read_many(other)
        assert [s.name for s in got[2] if s.attribute == "pet"] == [""], asked


def test_a_town_naming_the_weather_in_a_verbless_line_places_the_speaker() -> None:
    assert values("Olomouc: drizzle, then hail, then more drizzle", "city") == ["Olomouc"]
    assert values("Olomouc rain is relentless today", "city") == ["Olomouc"]
    assert values("my mum says Olomouc rain is awful", "city") == []
    assert values("Olomouc rain is overrated", "city") == []  # (a reputation, not the weather now)
    assert values("Jihlava is freezing", "city") == ["Jihlava"]
    assert values("my sister says Jihlava is freezing", "city") == []


def test_lets_typed_for_lets_names_no_new_matter() -> None:
    from polymem.language.chains import first_noun

    assert first_noun("fine lets go with the Brackwater hall then", "the Brackwater hall") is None
    assert first_noun("the lets are cheap near the Brackwater hall", "the Brackwater hall") == "let"


def test_a_name_the_tagger_makes_an_adjective_settles_when_the_talk_used_it_as_a_thing() -> None:
    _, out = _feed(["could we leave the old tracker? vivid handles tickets far more nicely",
                    "vivid is a fad, mark my words", "ok vivid it is, moving over on monday"])
    assert [d.value for d in out[2]] == ["vivid"]
    _, out = _feed(["great idea, that's great", "great!", "so great", "great it is"])
    assert out[3] == []
