"""A move told without its destination in its clause, the one town named elsewhere in the message. Sentences
written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bo", ("Bo Lindgren", "Bo"))]


def _homes(text: str, speaker: str = "ann") -> list[tuple[str, str]]:
    r = StatementReader(ROSTER)
    return [(s.owner, s.value) for s in r.read(text, speaker, datetime(2026, 1, 1), "m1")
            if s.attribute == "city"]


def test_the_town_after_the_move() -> None:
    assert _homes("we're relocating again!! Galway this time") == [("ann", "Galway")]
    assert _homes("right, I'm moving. off to Tromsø in the autumn") == [("ann", "Tromsø")]


def test_a_time_phrase_is_no_destination() -> None:
    assert _homes("we're relocating in the spring, Galway hopefully") == [("ann", "Galway")]


def test_a_farewell_town_is_left() -> None:
    r = StatementReader(ROSTER)
    sts = [s for s in r.read("moving day tomorrow!! goodbye Cork", "ann", datetime(2026, 1, 1), "m1")
           if s.attribute == "city"]
    assert sts and all(s.tense == "past" for s in sts), sts


def test_news_of_a_members_move_inside_a_question() -> None:
    assert _homes("did Bo tell you he's moving? his wife got a post in Bergen", "ann") == [("bo", "Bergen")]


def test_no_move_read_without_one_town() -> None:
    for text in ("are you moving? someone said Galway", "we might move, Galway or Cork",
                 "we're moving desks, the Galway office is a mess", "moving on. anyone been to Cork?",
                 "we're moving again, no idea where yet", "I'm moving! my sister's in Galway so not far",
                 "I'm moving, I can't stand Cork", "Bo moved, Cork or Galway I think"):
        assert _homes(text) == [], text
