"""Plain ways of saying where one works or lives, and animals called one's own. Sentences written for this test
(no data set's words, names or values)."""

from __future__ import annotations

from language.reads import READER, owned, values


def test_a_time_word_as_object_is_no_part_of_the_job() -> None:
    assert values("I work nights at the Westbrook Infirmary now", "job") == ["worker at the Westbrook Infirmary"]


def test_teaching_somewhere_now_is_a_job_there() -> None:
    assert values("I teach maths at Fernleigh Academy", "job") == ["maths teacher at Fernleigh Academy"]
    assert values("I'm teaching at Fernleigh Academy now", "job") == ["teacher at Fernleigh Academy"]


def test_doing_something_somewhere_on_one_day_is_no_job() -> None:
    assert values("I'm playing at the Blue Room on Friday", "job") == []
    assert values("I'm singing at the Crown tonight", "job") == []


def test_a_firm_joined_in_lower_case_keeps_its_name() -> None:
    assert values("i've joined northwind as a data engineer", "job") == ["data engineer at northwind"]


def test_based_out_of_a_town_is_where_one_is() -> None:
    sts = [s for s in READER.read("I'm based out of Lisbon now", "ott") if s.attribute == "city"]
    assert [(s.value, s.tense) for s in sts] == [("Lisbon", "present")]


def test_moving_here_from_a_town_leaves_it() -> None:
    sts = [s for s in READER.read("I moved here from Ghent last year", "ott") if s.attribute == "city"]
    assert [(s.value, s.tense) for s in sts] == [("Ghent", "past")]


def test_an_animal_called_mine_is_a_pet_whatever_it_does_or_not() -> None:
    assert owned("my dog didn't touch his dinner", "pet", "sefa") == [("sefa", "dog")]
    assert owned("Rollo is not my dog", "pet") == []
    assert owned("Dottie chewed through my charger", "pet") == []  # a device, not a horse
    assert owned("my calves are aching after that hill", "pet") == []
    assert owned("my brothers cat sleeps on my coat", "pet") == []


def test_the_name_beside_an_animal_word_is_its_name() -> None:
    sts = [s for s in READER.read("Quillon the hamster escaped again", "sefa") if s.attribute == "pet"]
    assert [(s.value, s.name) for s in sts] == [("hamster", "Quillon")]


def test_a_kind_of_a_trade_is_a_trade() -> None:
    assert values("I'm a translator now", "job") == ["translator"]
    assert values("I'm a session guitarist these days", "job") == ["session guitarist"]


def test_a_move_there_goes_to_the_place_named_before() -> None:
    sts = [s for s in READER.read("got the ferry job in Narvik!! moving up there next month", "sefa")
           if s.attribute == "city"]
    assert [(s.owner, s.value) for s in sts] == [("sefa", "Narvik")]
    assert values("I loved Rome. moving there would be a dream though", "city") == []


def test_a_chat_aside_is_no_part_of_what_was_left() -> None:
    assert values("I quit the bakery btw, I'm a translator now", "job") == ["the bakery", "translator"]


def test_a_post_made_of_two_nouns_keeps_both() -> None:
    assert owned("Did anyone hear Sefa's news? She's been made head vet at the practice.", "job") == [
        ("sefa", "head vet at the practice")]


def test_a_move_to_come_there_goes_to_the_town_named_before() -> None:
    assert values("We found a unit in Alnwick. I'll be moving over there in the summer.", "city") == ["Alnwick"]
