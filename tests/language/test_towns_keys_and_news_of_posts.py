"""Towns named by a common word ("bend"), homes whose keys someone got, and a post told as another member's news
("Bo got the role! night porter at ..."), in capitals or not. Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language import lexical as lex
from polymem.language.models import clean
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bo", ("Bo Lindgren", "Bo"))]


def _read(text: str, attribute: str) -> list[tuple[str, str, str]]:
    r = StatementReader(ROSTER)
    return [(s.owner, s.value, s.tense) for s in r.read(text, "ann", datetime(2026, 1, 1), "m1", last_other="bo")
            if s.attribute == attribute]


def test_a_town_sense_beyond_the_first_senses() -> None:
    assert lex.town_sense("bend") and not lex.town_sense("bend", 4)
    assert not lex.town_sense("kettle")


def test_a_bare_town_word_after_a_preposition_is_the_town() -> None:
    assert "in Bend since" in clean("bo has lived in bend since the spring")
    assert clean("round the bend now") == "round the bend now"  # an article: the common word
    assert clean("back to reading now") == "back to reading now"  # a gerund, not the town


def test_a_capitalised_town_that_is_also_a_common_word() -> None:
    assert _read("Bo lives in Bend these days", "city") == [("bo", "Bend", "present")]
    assert _read("bo has lived in bend since the spring", "city") == [("bo", "Bend", "present")]


def test_the_keys_to_a_home_somewhere() -> None:
    assert ("bo", "Harlow", "present") in _read("Bo got the keys for the flat in Harlow, finally", "city")
    assert _read("Bo dropped the keys to the cottage in the pond", "city") == []


def test_a_post_after_a_members_news_is_theirs() -> None:
    assert _read("Bo got the role! night porter at the Grand", "job") == [("bo", "night porter at the Grand", "present")]
    assert _read("BO GOT THE ROLE!!! night porter at the Grand", "job") == [("bo", "night porter at the Grand", "present")]
    assert _read("I got the role! night porter at the Grand", "job") == [("ann", "night porter at the Grand", "present")]



def test_keys_planned_or_to_somebody_elses_home_say_nothing() -> None:
    assert _read("gonna get the keys for the flat in Leeds tmrw", "city") == []
    assert _read("got the keys for ur flat in leeds, ill water the plants", "city") == []


def test_a_role_labelled_with_its_holder_is_theirs() -> None:
    jobs = _read("Bo got the job at the depot. meanwhile me: cashier at the corner shop forever", "job")
    assert ("ann", "cashier at the corner shop", "present") in jobs
