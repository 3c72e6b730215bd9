"""Readings of the forty-ninth pass: a move "from X to Y" whose "to Y" the parser hangs on the town left, a move
written with an arrow between two towns, an animal come into the speaker's keeping from someone else, a name
given by a bare participle ("..., named X"), a matter's value changed by a verb of changing ("the fee goes up to
£9"), a "new plan:" label hung on the verb, and "quit X. she's at Y now". Sentences written for these tests (no
data set's words, names or values)."""

from __future__ import annotations

from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed
from polymem.language.value_change import changed_to
from tests.language.reads import READER, owned, values


def test_a_move_from_one_town_to_another_goes_to_the_second() -> None:
    # (the parser hangs "to Narva" on "from Tartu" here)
    assert "Narva" in values("moving up from Tartu to Narva on the 3rd", "city")
    assert "Jihlava" in values("moving from olomouc to jihlava next week", "city")
    assert values("flying from Olomouc to Jihlava on friday", "city") == []  # (a trip, no home)


def test_a_move_written_with_an_arrow_goes_where_it_points() -> None:
    assert values("lol yes. Upper Varnholt → Port Quillmarsh, moved last weekend.", "city") == ["Port Quillmarsh"]
    assert values("finally moved. Olomouc => Jihlava", "city") == ["Jihlava"]
    # someone else's move is not the speaker's, however the arrow runs
    assert ("ott", "Jihlava") not in owned("my sister moved, Olomouc → Jihlava", "city")


def test_an_animal_come_into_the_speakers_keeping_from_someone_else_is_theirs() -> None:
    assert values("my aunt moved abroad and I have inherited her tortoise.", "pet") == ["tortoise"]
    assert values("I took in my neighbour's cat when she went into care", "pet") == ["cat"]
    assert values("I have her tortoise this week while she travels", "pet") == []  # (minded, not owned)
    assert owned("I took in Sefa's cat for the weekend", "pet") != [("ott", "cat")]  # (a member's, minded)


def test_a_bare_participle_of_naming_names_the_animal_just_described() -> None:
    pets = [s for s in READER.read("I got a tortoise. 14 years old, named Captain Tobiah.", "ott") if s.attribute == "pet"]
    assert [(s.value, s.name) for s in pets] == [("tortoise", "Captain Tobiah")]
    pets = [s for s in READER.read("I got a kitten. we had lunch at a cafe called Ysella", "ott") if s.attribute == "pet"]
    assert [s.name for s in pets] == [""]  # (a cafe named, not the kitten)


def test_a_matter_changed_by_a_verb_of_changing_is_settled_at_its_new_value() -> None:
    def read(text: str) -> tuple[str, str] | None:
        found = [c for s in parsed(text).sents if (c := changed_to(s)) is not None]
        return (found[0][0].text, found[0][1]) if found else None

    assert read("agreed, subs go to £9 from June.") == ("subs", "£9")
    assert read("so households go up to €40.") == ("households", "€40")
    assert read("the rent is going up to 900 next year") is None  # (news of a change, not settled)
    assert read("if the fee goes up to 40 we quit") is None
    assert read("the fee could go up to 40") is None
    assert read("she moves to Olomouc in May") is None  # (a person going, no matter changed)

    tr = DecisionTracker()
    settled = [d for i, text in enumerate(["fine, £6 a month for subs then", "agreed, subs go to £9 from June."])
               for d in tr.feed(text, f"m{i}", "p1", None)]
    assert settled[-1].value == "£9"


def test_a_new_plan_label_hung_on_the_verb_still_announces_a_decision() -> None:
    tr = DecisionTracker()
    got = tr.feed("Ok. New plan: the picnic's at our place in Torun, lawn + gazebo.", "m1", "p1", None)
    assert [d.value for d in got] == ["our place in Torun"]


def test_a_named_organisation_one_is_at_now_after_quitting_is_the_new_post() -> None:
    assert owned("Sefa quit Brackwater Foods. she is at Pellham Mills now", "job") == \
        [("sefa", "Brackwater Foods"), ("sefa", "Pellham Mills")]
    assert owned("I'm at Pellham Mills now", "job") == []  # (no post left: maybe a visit)
