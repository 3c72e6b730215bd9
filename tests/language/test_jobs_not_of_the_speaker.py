"""Words for a post that are no one's post, and posts read with words that are no part of them: what "as" says of a
thing ("keep the trailer as a spare"), a bare noun describing somebody the rest of the message is about, a word
singling the post out ("the only welder"), years of doing a work at a place (its doer is the trade, over when said
"after"), and a town of the chat's read as a workplace left. Wording of no data set."""

from __future__ import annotations

from polymem.language.statements_left import towns_not_workplaces
from tests.language.reads import READER, owned


def _jobs(text: str, speaker: str = "ott") -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.tense) for s in READER.read(text, speaker) if s.attribute == "job"]


def test_as_said_of_a_thing_names_no_post() -> None:
    assert owned("Sefa parked the van at Brackwater Yard as a stopgap store", "job") == []
    assert owned("let's use the scout hut at Thornaby as a store for the weekend", "job") == []


def test_as_said_of_a_person_taken_on_or_a_named_employer_is_still_a_post() -> None:
    assert owned("Sefa joined Pellham Logistics as a driver last week", "job") == \
        [("sefa", "driver at Pellham Logistics")]
    assert owned("I work as a cooper at the Quillmarsh distillery", "job") == \
        [("ott", "cooper at the Quillmarsh distillery")]
    # (a stretch of time is no thing the "as" describes)
    assert owned("I spent the winter as deck crew at the Grey Heron", "job") == [("ott", "deck crew at the Grey Heron")]


def test_a_bare_noun_about_someone_the_message_goes_on_about_is_no_trade() -> None:
    assert owned("ha, an escapologist. Pumpernickel never stays in his pen, he just digs out", "job") == []
    assert owned("structural engineer. twelve years of it now", "job") == [("ott", "structural engineer")]
    # (a bare trade with no article answers what the speaker does, whoever the next sentence is about)
    assert owned("Tree surgeon. Weekends off though, and Grant covers the late calls.", "job") == \
        [("ott", "Tree surgeon")]


def test_a_word_singling_the_post_out_is_no_part_of_it() -> None:
    assert [v for _, v, _ in _jobs("I'm the only paramedic at the Thornaby depot these days")] == \
        ["paramedic at the Thornaby depot"]
    assert [v for _, v, _ in _jobs("Sefa started as the only welder at Brackwater Yard")] == \
        ["welder at Brackwater Yard"]
    # (not inside a name, nor a hyphened word)
    assert [v for _, v, _ in _jobs("I'm a barista at Only Beans")] == ["barista at Only Beans"]
    assert [v for _, v, _ in _jobs("I'm a same-day courier for Brisk Parcels")] == ["same-day courier at Brisk Parcels"]


def test_years_of_doing_a_work_at_a_place_name_the_doer_and_after_them_it_is_over() -> None:
    jobs = _jobs("after six years teaching calligraphy at the county college I've moved on")
    assert ("ott", "calligraphy teacher at the county college", "past") in jobs


def test_a_town_the_chat_calls_a_home_is_no_workplace_left() -> None:
    left = READER.read("I'm leaving Varnholt for good", "ott", message_id="a")
    home = READER.read("Sefa moved to Varnholt in the spring", "ott", message_id="b")
    assert any(s.attribute == "job" and s.value == "Varnholt" for s in left)  # alone, the name reads as a workplace
    assert any(s.attribute == "city" and s.value == "Varnholt" for s in home)
    kept = towns_not_workplaces({"a": left, "b": home}, set())
    assert [s for s in kept["a"] if s.attribute == "job"] == []
    assert kept["b"] == home
    # a town known from an earlier record counts the same; an unrelated workplace stays
    shop = READER.read("I'm leaving Quillmarsh Joinery for good", "ott", message_id="c")
    kept = towns_not_workplaces({"a": left, "c": shop}, {"varnholt"})
    assert [s for s in kept["a"] if s.attribute == "job"] == []
    assert [s.value for s in kept["c"] if s.attribute == "job"] == [s.value for s in shop if s.attribute == "job"] != []


def test_a_business_of_ones_own_is_owned_either_way_round() -> None:
    assert owned("Sefa's opened a little bindery of his own", "job") == [("sefa", "owner of little bindery")]
    assert owned("I opened my own bindery", "job") == [("ott", "owner of bindery")]
