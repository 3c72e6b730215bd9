"""Names given by a clause of naming, and the pets and jobs they complete (sentences in no data set)."""

from polymem.ingest.writer.extract import Fact
from polymem.ingest.writer.policy import Head
from polymem.ingest.writer.rules import same_key
from polymem.language.models import parsed
from polymem.language.naming import given_names
from polymem.language.question_attribute import question_attribute
from polymem.language.statements import Person, StatementReader
from polymem.schema.records import pet_event

ROSTER = [Person("ana", ("Ana", "ana")), Person("bo", ("Bo", "bo")), Person("cy", ("Cy", "cy"))]


def _names(text: str) -> list[str]:
    return [n for _, n in given_names(parsed(text))]


def test_clauses_of_naming_give_names_in_any_case() -> None:
    assert _names("we took him in on friday. his name is rumble") == ["Rumble"]
    assert _names("she's called Saffron and she hates the hoover") == ["Saffron"]
    assert _names("everyone, meet juniper. ten weeks old") == ["Juniper"]
    assert _names("Meet Tolly, our very loud lodger") == ["Tolly"]
    assert _names("their names are Pip and Widget") == ["Pip", "Widget"]


def test_no_name_where_nothing_is_named() -> None:
    assert _names("we met at the ferry terminal") == []
    assert _names("what was her name again?") == []
    assert _names("the reunion is called off") == []


def _pets(text: str, speaker: str = "ana") -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.name) for s in StatementReader(ROSTER).read(text, speaker, None, "m1")
            if s.attribute == "pet"]


def test_a_pet_told_of_takes_the_name_the_next_sentence_gives() -> None:
    assert _pets("so I have a gecko now. her name is sprocket, she eats more than I do") == [("ana", "gecko", "Sprocket")]


def test_a_name_given_beside_an_animal_word_is_the_speakers_pet() -> None:
    # (the singular of the plural is the dictionary's: "collies" -> "collie")
    assert _pets("meet dumpling!! [photo: two collies asleep on a rug]", "bo") == [("bo", "collie", "Dumpling")]


def test_a_name_given_in_a_message_about_another_member_stays_unowned() -> None:
    assert _pets("Cy finally brought the puppy round, meet biscuit") == []


def test_pets_of_one_kind_are_told_apart_by_name() -> None:
    def fact(name: str) -> Fact:
        return Fact("Core", "ana", "ana", pet_event(name), "pet", "guinea pig", "", ["m"])

    head = Head("r1", "ana", "pet", "ana", pet_event("Clover"), "guinea pig")
    assert same_key(fact("Clover"), head)
    assert not same_key(fact("Nutmeg"), head)  # a second guinea pig joins the first
    unnamed = Fact("Core", "ana", "ana", pet_event(None), "pet", "guinea pig", "", ["m"])
    assert same_key(unnamed, head)  # a mention without a name adds nothing beside it
    assert not same_key(fact("Nutmeg"), Head("r2", "ana", "pet", "ana", pet_event(None), "guinea pig"))


def _jobs(text: str, speaker: str = "ana") -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.tense) for s in StatementReader(ROSTER).read(text, speaker, None, "m1")
            if s.attribute == "job"]


def test_the_trade_said_in_front_of_the_word_job() -> None:
    assert _jobs("news!! i got the payroll clerk job at the council") == [("ana", "payroll clerk at the council", "present")]
    assert _jobs("Bo got the harbour pilot job, starts in march", "cy") == [("bo", "harbour pilot", "present")]


def test_a_job_left_and_the_next_trade_stay_two_jobs() -> None:
    jobs = _jobs("I've handed in my notice at Pellam Foods. retraining as a dental nurse!")
    assert ("ana", "Pellam Foods", "past") in jobs and ("ana", "dental nurse", "present") in jobs


def test_a_verb_in_a_clause_about_a_thing_names_no_trade() -> None:
    assert _jobs("I'll bring the cones I use for the youth league") == []


def test_questions_of_an_employer_ask_about_a_job() -> None:
    assert question_attribute(parsed("Which firm employs Ana these days?"))[0] == "job"
    assert question_attribute(parsed("Which company is Bo with now?"))[0] == "job"
    assert question_attribute(parsed("What company makes the pumps?"))[0] is None


def test_a_name_given_to_someone_elses_animal_is_no_pet_of_the_speaker() -> None:
    assert _pets("my neighbours parrot is back on the fence. hes called gustavo", "cy") == []


def _gone(text: str, speaker: str = "ana") -> list[tuple[str, str]]:
    from polymem.language.statements_pet import pet_gone

    r = StatementReader(ROSTER)
    return [(s.name, s.tense) for s in pet_gone(r, parsed(r.cased(text)), speaker, "m1", None)]


def test_an_animal_that_died_is_a_pet_of_the_past() -> None:
    assert _gone("awful week. we had to let Pickles go on monday") == [("Pickles", "past")]
    assert _gone("noodle passed away in the night, she was eleven") == [("Noodle", "past")]
    assert _gone("the vet put Rolo to sleep this morning") == [("Rolo", "past")]


def test_things_and_people_that_die_are_no_pets() -> None:
    assert _gone("my laptop died mid-call") == []
    assert _gone("Bo nearly died laughing") == []
    assert _gone("my grandad passed away in 2019") == []


def test_an_animal_named_by_modifier_and_noun_together() -> None:
    # "grey" alone is a colour; WordNet knows the parrot by both words
    assert _pets("Biscuit is my African grey, older than my car", "cy") == [("cy", "african grey", "Biscuit")]
    assert _pets("Pip is my hermit crab", "cy") == [("cy", "hermit crab", "Pip")]


def test_a_word_of_a_handle_is_no_mention_of_that_member() -> None:
    roster = [Person("big_tam", ("Tam Reid", "Tam", "Big Tam", "big_tam")), Person("ana", ("Ana",))]
    read = StatementReader(roster).read("meet fudge! big news. [photo: a sleepy whippet]", "ana", None, "m1")
    assert [(s.owner, s.value, s.name) for s in read if s.attribute == "pet"] == [("ana", "whippet", "Fudge")]


def test_a_naming_clause_gives_whole_names_and_any_word() -> None:
    assert _names("I have a cat. his name is Rex") == ["Rex"]  # a word for a person ("rex") is still a name here
    assert _names("his name is Mister Pickles") == ["Mister Pickles"]


def test_meeting_someone_later_is_no_introduction() -> None:
    assert _names("going to meet Jess for coffee, then walking the dog") == []
    assert _pets("going to meet Jess for coffee, then walking the dog") == []


def test_deaths_asked_hedged_or_only_a_walk_are_not_read() -> None:
    for text in ("did Rascal die??", "Rascal nearly died at the vet", "Rolo is dying, poor thing",
                 "let Rolo go out in the garden"):
        assert _gone(text) == [], text


def test_a_named_animal_that_died_and_whose_it_was() -> None:
    read = StatementReader(ROSTER).read("my dog Rex died on friday", "ana", None, "m1")
    assert [(s.owner, s.value, s.name, s.tense) for s in read if s.attribute == "pet"] == [("ana", "dog", "Rex", "past")]
    read = StatementReader(ROSTER).read("Bo's dog Rex died on friday", "cy", None, "m1")
    assert [(s.owner, s.name, s.tense) for s in read if s.attribute == "pet"] == [("bo", "Rex", "past")]


def test_names_joined_by_and_are_one_pet_each_for_the_writer() -> None:
    from polymem.ingest.writer.extract import _one_pet_each
    from polymem.language.statement_types import Statement

    sts = _one_pet_each([Statement("pet", "ana", "ana", "guinea pig", name="Clover and Nutmeg")])
    assert [s.name for s in sts] == ["Clover", "Nutmeg"]


def test_a_job_turned_down_or_quit_is_not_taken() -> None:
    assert _jobs("i turned down the payroll clerk job") == []
    assert not [j for j in _jobs("I quit the payroll clerk job") if j[2] == "present"]


def test_leaving_for_a_place_says_the_left_one_is_a_place() -> None:
    assert _jobs("I left Brindlewick for Leeds") == []


def test_a_plan_to_hire_someone_asks_no_ones_job() -> None:
    assert question_attribute(parsed("Should we hire Bo for the gig?"))[0] is None


def test_a_name_given_in_one_line_and_the_kind_in_the_next() -> None:
    r = StatementReader(ROSTER)
    read = r.read_many([("everyone meet waffle!!", "ana", None, "m1"),
                        ("she's a dachshund, ten weeks old and already chewing everything", "ana", None, "m2")])
    pets = {(s.owner, s.value, s.name) for sts in read for s in sts if s.attribute == "pet"}
    assert ("ana", "dachshund", "Waffle") in pets, pets
