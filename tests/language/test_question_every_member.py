"""Questions over every member asked without "everyone": a plural of people as subject or owner, a person's
location. Wordings of no data set."""

from __future__ import annotations

import pytest

from polymem.language.questions import parse_question


@pytest.mark.parametrize(("question", "attribute"), [
    ("Which towns are our cousins in these days?", "city"),
    ("Where do people in this club live?", "city"),
    ("Where do the lads live now?", "city"),
    ("What are the volunteers' home towns?", "city"),
    ("What do the trustees do for work?", "job"),
    ("Where are the neighbours now?", "city"),
])
def test_a_plural_of_people_ranges_over_members(question: str, attribute: str) -> None:
    form = parse_question(question)
    assert form.everyone and form.attribute == attribute


@pytest.mark.parametrize("question", [
    "Which trustees live in Porto?",          # some of them: asks who
    "Where do Nadia's parents live?",          # someone's relatives
    "Where do the three newcomers live?",      # a counted few
    "Where are the guests staying?",           # a plan, not a home
    "Where are the kids sleeping on the boat?",
    "Where do the grandparents live?",           # somebody's family, not the members
])
def test_some_people_or_a_plan_are_not_every_member(question: str) -> None:
    form = parse_question(question, mentioned=1 if "Nadia" in question else 0)
    assert not form.everyone


def test_a_person_s_location_asks_for_a_home() -> None:
    assert parse_question("Give me everybody's location.").attribute == "city"
    assert parse_question("Give me everybody's location.").everyone
    assert parse_question("What is her whereabouts these days?").attribute == "city"


def test_a_thing_s_location_is_no_home() -> None:
    assert parse_question("What is the venue's location?").attribute != "city"


def test_a_building_of_someone_s_or_a_choice_is_no_home_of_every_member() -> None:
    from polymem.language.replies import asked_attribute

    assert asked_attribute("Could we hold the May meeting in the back room of your shop?") is None
    form = parse_question("What did the cousins finally settle on as the farewell gift?")
    assert not form.everyone


@pytest.mark.parametrize("question", [
    "Who lives where these days?",
    "Who's living in which town now?",
    "Where does the choir live these days?",
    "Sum up where the team lives, please.",
    "Which towns do we all live in now?",
])
def test_pairing_people_with_places_or_a_group_living_somewhere(question: str) -> None:
    form = parse_question(question)
    assert form.everyone and form.attribute == "city"


@pytest.mark.parametrize("question", ["Who suggested where to hold the quiz?", "Where is the choir staying?",
                                      "Where does the team train?", "Who was where when the lights went out?"])
def test_who_proposed_where_or_where_a_group_stays_is_no_map_of_homes(question: str) -> None:
    form = parse_question(question)
    assert not (form.everyone and form.attribute == "city")


def test_a_plan_to_camp_asks_no_home() -> None:
    from polymem.language.replies import asked_attribute

    # a verb of dwelling with "we" proposes a plan; only a group noun in a "where" question asks its members' homes
    assert asked_attribute("No. Noooo. Could we camp those two nights?") is None
    assert parse_question("Where should we camp on the second night?").attribute != "city"


@pytest.mark.parametrize("question", [
    "Quick summary please of which city everyone is based in at the moment.",
    "Could you pair each of us with the town we're living in?",
    "Name the Harbour Rowers and their home towns these days.",
    "Give me a summary of which town everybody is currently in.",
])
def test_a_city_asked_with_its_preposition_at_the_end_or_the_group_by_its_name(question: str) -> None:
    form = parse_question(question)
    assert form.everyone and form.attribute == "city"


def test_where_a_plan_happens_ranges_over_no_members() -> None:
    assert not parse_question("Which town is the regatta in?").everyone
    assert not parse_question("Which town are the Harbour Rowers racing in?").everyone  # no "their"


@pytest.mark.parametrize("question", [
    "could you list which city each of us lives in right now?",
    "tell me which town everybody is based in",
])
def test_a_request_to_list_is_no_announcement(question: str) -> None:
    # the verb of telling is the asker's request to the assistant, not a member's announcement
    form = parse_question(question)
    assert form.everyone and form.attribute == "city" and form.form != "announced"


@pytest.mark.parametrize("question", [
    "which town does each of the five co-tenants live in now?",  # a hyphened person noun, cut in three by the tokenizer
    "what does each of the co-founders do these days?",
    "where does each of the seven crewmates live?",  # a counted set of a word WordNet lacks
])
def test_each_of_a_counted_or_hyphened_set_of_people(question: str) -> None:
    assert parse_question(question).everyone


def test_each_of_a_counted_set_of_things_ranges_over_no_members() -> None:
    assert not parse_question("where does each of the three towns get its water?").everyone


@pytest.mark.parametrize("question", [
    "Sending parcels: which town should each of my flatmates' go to?",
    "If I drove round to each of them, what town would I stop in for each?",
    "Quick summary please of where all nine of us are based these days.",
])
def test_a_town_asked_for_each_member_is_every_home(question: str) -> None:
    form = parse_question(question)
    assert (form.everyone, form.attribute) == (True, "city"), form


@pytest.mark.parametrize("question", ["Which town did everybody pick for the reunion?",
                                      "Which city are we all flying to in May?"])
def test_a_town_for_the_group_acting_together_is_no_home(question: str) -> None:
    assert parse_question(question).attribute is None


@pytest.mark.parametrize("question", [
    "If I post every member a calendar, which town should each calendar be sent to?",
    "which city do I post each member's invitation to?",
])
def test_the_askers_own_posting_is_no_announcement(question: str) -> None:
    form = parse_question(question)
    assert form.everyone and form.attribute == "city" and form.form is None


def test_posting_news_is_still_an_announcement() -> None:
    assert parse_question("Which member posted that the barn was booked?").form == "announced"
