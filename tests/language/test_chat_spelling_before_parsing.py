"""Chat spellings the parser, trained on edited text, misreads, and what the reader then gets right: a town of two
words typed in lower case, "'s" standing for "is" before a place or a state, "end of june" without "at the", and
a full stop before a lower-case word ending a sentence. Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language.models import clean, parsed
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bob", ("Bob Jones", "Bob")),
          Person("nadia", ("Nadia Karim", "Nadia"))]


def _read(text: str, attribute: str, speaker: str = "ann") -> list[tuple[str, str, str]]:
    r = StatementReader(ROSTER)
    return [(s.owner, s.value, s.tense) for s in r.read(text, speaker, datetime(2026, 1, 1), "m1", last_other="bob")
            if s.attribute == attribute]


def test_a_town_of_two_words_in_lower_case_is_a_place() -> None:
    assert clean("the rain here in grand rapids is relentless") == "the rain here in Grand Rapids is relentless"
    assert ("ann", "Grand Rapids", "present") in _read("the rain here in grand rapids is relentless", "city")


def test_ordinary_words_after_a_preposition_stay_words() -> None:
    assert clean("we were in high spirits, home in good time") == "we were in high spirits, home in good time"


def test_s_before_a_place_is_is() -> None:
    assert clean("nadia's in aberdeen now") == "nadia is in Aberdeen now"
    assert ("nadia", "Aberdeen", "present") in _read("nadia's in aberdeen now, much closer to you", "city")
    assert clean("nadia's old flat") == "nadia's old flat"  # a possessive keeps its noun


def test_s_before_a_state_that_ends_the_clause_is_is() -> None:
    assert clean("thursday's perfect, see you there") == "thursday is perfect, see you there"
    assert clean("the dog's dinner.") == "the dog's dinner."


def test_end_of_a_month_without_at_the_leaves_the_place_alone() -> None:
    assert [(o, v.lower(), t) for o, v, t in _read("yes it's true! leaving york end of june", "city")] == \
        [("ann", "york", "past")]


def test_a_full_stop_before_a_lower_case_word_ends_the_sentence() -> None:
    sents = [s.text for s in parsed("that's 5 for the pier vs 1. pier wins, i'll tell the others").sents]
    assert sents[0] == "that's 5 for the pier vs 1.", sents
    assert [s.text for s in parsed("ask dr. okafor about it").sents] == ["ask dr. okafor about it"]


def test_the_trade_before_a_word_for_a_post_is_the_job() -> None:
    # (the tagger reads "junior" as an adjective: the trade keeps it)
    assert [v for _, v, _ in _read("bob got the junior editor job!!", "job")] == ["junior editor"]
    assert _read("bob got the new job", "job") == []


def test_hiring_a_thing_somewhere_is_no_job() -> None:
    assert _read("so we hire a minibus at the station and split it", "job") == []


def test_places_offered_as_options_or_judged_are_not_where_one_lives() -> None:
    assert _read("quick poll: york / bath / whitby, vote by friday", "city") == []
    assert _read("i'm easy, whitby sounds lovely", "city") == []


def test_may_and_march_next_to_a_day_are_months() -> None:
    assert clean("friday 3 may it is") == "friday 3 May it is"
    assert clean("the 4th of march, or march 11th") == "the 4th of March, or March 11th"
    assert clean("you may go, i may 3d print it") == "you may go, i may 3d print it"


def test_lets_and_has_stay_as_written() -> None:
    assert clean("let's now decide") == "let's now decide"
    assert clean("she's still got the keys") == "she's still got the keys"
    assert [s.text for s in parsed("we're going with... drumroll... the barn").sents] == \
        ["we're going with... drumroll... the barn"]
