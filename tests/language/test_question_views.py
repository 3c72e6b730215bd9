"""Question forms read from the parse: a view of someone or of something, and a value someone left behind.
Wording written for these tests."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_views import asks_left, asks_view, option_words, weighed_against
from polymem.language.statements import Person, StatementReader


@pytest.mark.parametrize("q,expected", [
    ("What does Noor make of the library's new booking system?", True),
    ("How did Femi find the replacement helmets?", True),
    ("What did Noor think about hiring a minibus?", True),
    ("Why does Femi like the riverside studio?", True),
    ("What was Noor's concern about the lease?", True),
    ("How would Femi describe Clementine?", True),
    ("What did Noor make for the potluck?", False),
    ("Where did Femi find his passport?", False),
    ("Does Noor like olives?", False),
    ("Which film did Femi see at the festival?", False),
])
def test_asks_view(q: str, expected: bool) -> None:
    assert asks_view(parsed(q)) is expected


@pytest.mark.parametrize("q,expected", [
    ("Which town did Noor leave when she took the new post?", True),
    ("What company did Femi quit?", True),
    ("Where did Noor relocate from?", True),
    ("Which agency did Femi walk away from?", True),
    ("Which town did Noor move to?", False),
    ("When did Femi leave Dundee?", False),
    ("Where does Noor live?", False),
])
def test_asks_left(q: str, expected: bool) -> None:
    assert asks_left(parsed(q)) is expected


READER = StatementReader([Person("noor", ("Noor Haddad", "Noor")), Person("femi", ("Femi Adeyemi", "Femi"))])


def _jobs(text: str, speaker: str = "noor") -> list[tuple[str, str, bool]]:
    return [(s.owner, s.value, s.weak) for s in READER.read(text, speaker) if s.attribute == "job"]


def test_an_offered_post_is_not_yet_held() -> None:
    assert _jobs("big news, I've been offered a job teaching at a dance academy in Leeds") == \
        [("noor", "a dance academy", True)]


def test_a_gerund_role_keeps_its_employer() -> None:
    assert _jobs("Being a night porter at the Grand Hotel means I sleep at noon.") == \
        [("noor", "night porter at the Grand Hotel", False)]


def test_a_subjectless_start_is_the_speakers_even_before_a_relative_clause() -> None:
    got = _jobs("quit the bank. starting at Harbour Rowing Club on Monday as an assistant coach, teaching kids "
                "who'd never normally touch an oar.")
    assert ("noor", "assistant coach at Harbour Rowing Club", False) in got


def test_signing_a_thing_is_no_employment() -> None:
    assert _jobs("we can all sign it at the Copper Pot and hand it over after") == []


def test_a_last_day_at_a_named_workplace_ends_a_job_there() -> None:
    got = _jobs("friday was my last day at Quillon Freight. starting at the Marsh Lane bakery on monday")
    assert ("noor", "Quillon Freight", False) in got
    assert [(s.tense) for s in READER.read("my last day at Quillon Freight was friday", "noor")
            if s.attribute == "job"] == ["past"]
    assert _jobs("my last day at the beach was glorious") == []


def test_a_lower_case_name_after_a_preposition_is_read_as_a_name() -> None:
    # no dictionary knows "quillon": typed in lower case, it is still the workplace
    got = READER.read("my last shift at quillon freight is on the 30th", "noor")
    assert [(s.value, s.tense) for s in got if s.attribute == "job"] == [("Quillon Freight", "past")]
    assert READER.read("see you at the gym later", "noor") == []


def test_a_kind_of_animal_asks_about_a_kept_one() -> None:
    from polymem.language.questions import parse_question

    for q in ("What kind of cat does Noor keep?", "What breed of cat is Pistachio?",
              "What species of cat does Noor keep?"):  # (a taxonomic group; the tagger's lemma is "specie")
        f = parse_question(q, 1)
        assert (f.attribute, f.category) == ("pet", "cat")
    assert parse_question("What kind of van does Noor drive?", 1).attribute is None


def test_function_words_after_a_preposition_stay_lower_case() -> None:
    from polymem.language.models import clean

    assert clean("very on brand for this town, with them later") == "very on brand for this town, with them later"


def test_a_party_somewhere_is_weak_unless_now() -> None:
    trip = [(s.value, s.weak) for s in READER.read("we're in Porto, eating sardines every day", "noor")
            if s.attribute == "city"]
    home = [(s.value, s.weak) for s in READER.read("we're in Leeds now, finally unpacked", "noor")
            if s.attribute == "city"]
    assert trip == [("Porto", True)] and home == [("Leeds", False)]


def test_every_value_a_persons_attribute_took() -> None:
    from polymem.language.models import parsed
    from polymem.language.question_views import asks_every_value

    assert asks_every_value(parsed("list every town Ines has lived in since spring"))
    assert asks_every_value(parsed("Which firms has Ines worked for this year?"))
    assert not asks_every_value(parsed("where does Ines live?"))
    assert not asks_every_value(parsed("Where did Ines live before?"))


@pytest.mark.parametrize("q,expected", [
    ("Who suggested the quarry for the geology walk?", ["quarry"]),  # a for-phrase on the option names the matter
    ("Who proposed 14 March for the tasting?", ["14", "march"]),  # ... or on the verb that has its object
    ("Who pushed for the harbour walk?", ["harbour", "walk"]),  # no other object: the for-phrase is the option
    ("Who suggested moving the tasting to the boathouse?", ["boathouse"]),  # the change's object is the matter
    ("Whose idea was it to hold the tasting in Tromso?", ["tromso"]),
    ("Who countered the quarry plan with the lighthouse?", ["lighthouse"]),
    ("Who first floated a hammock as the farewell gift?", ["hammock"]),
    ("Who came up with the kite festival after the storm?", ["kite", "festival"]),
    ("Whose idea was it to give the umpire a fruit basket?", ["fruit", "basket"]),  # the one given to: the matter
    ("Who floated switching the quiz round to geography?", ["geography"]),  # a "to" the parser calls a dative
])
def test_option_words(q: str, expected: list[str]) -> None:
    assert option_words(parsed(q)) == expected


def test_weighed_against() -> None:
    assert weighed_against("Who said they would rather walk than take the ferry?") == ["take", "the", "ferry"]
    assert weighed_against("Who wanted the lighthouse instead of the quarry, in the end?") == ["the", "quarry"]
    assert weighed_against("Who wanted the lighthouse instead?") == []


@pytest.mark.parametrize("q,expected", [
    ("When we were still hunting for a new rehearsal room, who pushed the old chapel?", ["old", "chapel"]),
    ("Once the ferry fell through, which neighbour argued for the coach instead?", ["coach"]),
    ("Who first put the boat trip forward, back when the party was still going to be in June?", ["boat", "trip"]),
    ("In the thread about what to cook, who suggested the paella?", ["paella"]),  # the wh-word that asks
])
def test_the_option_comes_from_the_clause_that_asks(q: str, expected: list[str]) -> None:
    assert option_words(parsed(q)) == expected


def test_a_phrasal_verb_of_proposing_asks_who_proposed() -> None:
    from polymem.language.questions import parse_question

    assert parse_question("Who first put the boat trip forward?").proposal
    assert not parse_question("Who first put the boat in the water?").proposal


def test_a_time_asked_of_a_verb_of_setting_off_is_no_thing_left() -> None:
    from polymem.language.models import parsed
    from polymem.language.question_views import asks_left

    assert not asks_left(parsed("what time do choir practices start at the moment?"))
    assert not asks_left(parsed("what time does the coach leave?"))
    assert asks_left(parsed("which job did she leave?"))


@pytest.mark.parametrize("question", [
    "Did Ines think the bell foundry worked as a venue?",  # a view said as a clause
    "does ines think the hall was too small?",  # a lower-case name parsed as a modifier
    "What was Ines's objection to the plan?",
    "What is Ines's gripe with the new wetsuits?",  # a noun WordNet files under objections
    "Ines's criticism of the app?",
    "And Ines, how does she rate the new boots?",  # the member taken up by a pronoun
    "How does Ines rate Tolvane?",  # the verb tagged a noun after "does X"
    "What does Ines reckon to the new rota?",  # British "reckon to"
])
def test_views_asked_in_other_shapes(question: str) -> None:
    assert asks_view(parsed(question)), question


@pytest.mark.parametrize("question", [
    "Did Ines think to bring the cake?",
    "What is Ines's plan for the weekend?",
    "What's Ines's idea for the party?",
    "Did Ines find the keys?",
    "Did Ines say the venue was booked?",
    "Did Ines think the concert started at eight?",  # a belief about a fact, not a view of a thing
    "What's Ines's decision on the venue?",
])
def test_no_view_is_asked(question: str) -> None:
    assert not asks_view(parsed(question)), question
