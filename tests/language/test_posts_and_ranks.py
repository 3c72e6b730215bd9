"""Readings of the forty-seventh pass about work: a business opened now, an offer accepted from a firm (beside a
post left in the same line), a rank among friends that is no post, and "retired" describing an animal. Sentences
written for these tests (no data set's words, names or values)."""

from __future__ import annotations

import pytest

from tests.language.reads import READER, owned, values


def test_a_business_opened_now_is_the_owners_job() -> None:
    assert owned("my news: I'm opening a cheese shop in Torun with my cousin", "job") == [
        ("ott", "owner of cheese shop")]
    assert owned("Sefa is starting a tour company next month", "job") == [("sefa", "owner of tour company")]


@pytest.mark.parametrize("text", [
    "they're opening a deli round the corner",   # nobody of the roster
    "I'm opening a bottle of wine tonight",  # no business
    "are you opening a cafe?",               # asked
])
def test_no_business_opened(text: str) -> None:
    assert values(text, "job") == []


def test_an_offer_accepted_from_a_firm_is_a_post_beside_the_one_left() -> None:
    sts = [(s.value, s.tense) for s in READER.read(
        "update: I've accepted an offer from Varnholt Ventures, analyst on their fund. Leaving Quillmarsh "
        "Assurances in three weeks", "ott") if s.attribute == "job"]
    assert ("Varnholt Ventures", "present") in sts and ("Quillmarsh Assurances", "past") in sts


def test_an_offer_from_a_member_is_no_post() -> None:
    assert values("I took Sefa up on an offer to help with the boxes", "job") == []


@pytest.mark.parametrize("text", [
    "btw Sefa is the best map-reader among us, not one wrong turn all year",
    "Sefa is the worst cook I know",
])
def test_a_rank_among_friends_is_no_post(text: str) -> None:
    assert values(text, "job") == []


def test_a_post_with_a_rank_word_of_its_own_stays() -> None:
    assert values("I'm the senior nurse at Pellham General", "job") == ["senior nurse at Pellham General"]


def test_retired_describing_an_animal_is_no_retirement() -> None:
    text = "news from us: a dog 🐕 retired show whippet, 4 years old, called Nibs."
    assert values(text, "job") == []
    assert values("Sefa retired in May", "job") == ["retired"]


def test_a_name_bidden_for_another_members_animal_is_not_the_speakers_pet() -> None:
    items = [("we took in a kitten on friday, ginger, no name yet", "ott", None, "m1"),
             ("too grand for such a tiny thing 😂 call her Nibs", "sefa", None, "m2")]
    got = READER.read_many(items)
    assert not [s for s in got[1] if s.attribute == "pet" and s.owner == "sefa"]
    assert [s.value for s in got[0] if s.attribute == "pet" and s.owner == "ott"] == ["kitten"]


def test_a_name_given_beside_ones_own_animal_still_names_it() -> None:
    assert values("meet Nibs!! [photo: two collies asleep]", "pet") == ["collie"]


def test_an_organisation_travelled_with_is_no_employer() -> None:
    from polymem.language.models import parsed
    from polymem.language.question_attribute import question_attribute

    assert question_attribute(parsed("Which airline is Sefa flying with to Torun for the retreat?"))[0] is None
    assert question_attribute(parsed("Which orchestra does Sefa play in?"))[0] == "job"
