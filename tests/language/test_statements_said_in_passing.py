"""A job's employer typed half in lower case, a home said in passing as "here in X" about something done there,
a town WordNet knows only by another sense, and a promotion. Sentences in no data set."""

from __future__ import annotations

from datetime import datetime

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wilhelmina Ashdown", "Mina")), Person("p2", ("Koffi Mensah", "Koffi"))]
NOW = datetime(2026, 4, 15, 10, 30)


def said(text: str, attribute: str) -> list[tuple[str, str, bool]]:
    reader = StatementReader(ROSTER)
    return [(s.owner, s.value, s.weak) for s in reader.read(text, "p1", NOW, "m1") if s.attribute == attribute]


def test_an_employer_named_before_a_common_noun_in_lower_case() -> None:
    got = said("guess what. i got the quantity surveyor job at thames water!!!", "job")
    assert [(o, v.lower(), w) for o, v, w in got] == [("p1", "quantity surveyor at thames water", False)]


def test_a_place_called_here_in_a_past_event_is_a_weak_home() -> None:
    assert said("finally did it, adopted two hens from the farm here in Lostwithiel", "city") == [
        ("p1", "Lostwithiel", True)]
    assert said("I was here in Lostwithiel for a conference last year", "city") == []


def test_a_town_whose_name_wordnet_knows_only_as_a_group_is_still_a_town() -> None:
    assert said("moved to Nara last month, finally unpacked", "city") == [("p1", "Nara", False)]


def test_a_promotion_names_the_new_post() -> None:
    assert said("got promoted to shift lead at Tamar Dairies!!", "job") == [
        ("p1", "shift lead at Tamar Dairies", False)]
    assert said("just been promoted to head of science", "job") == [("p1", "head of science", False)]
    assert said("the match was moved to Friday", "job") == []
