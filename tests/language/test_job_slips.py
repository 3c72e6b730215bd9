"""Jobs the reader must not make up: chat slang in the place of a post ("lol at the station"), and a school year's
number left in front of a trade ("year 6 teacher" is a teacher). Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bob", ("Bob Jones", "Bob"))]


def _jobs(text: str) -> list[str]:
    r = StatementReader(ROSTER)
    return [s.value for s in r.read(text, "ann", datetime(2026, 1, 1), "m1", last_other="bob") if s.attribute == "job"]


def test_slang_in_the_place_of_a_post_is_no_job() -> None:
    assert _jobs("i'm already at the station lol, living here has perks.") == []


def test_a_post_told_of_is_still_read() -> None:
    assert any("subtitler" in j for j in _jobs("I worked as a subtitler for the broadcaster back in the day"))


def test_a_number_before_a_trade_is_no_part_of_it() -> None:
    jobs = _jobs("year 6 teacher at the primary on the hill and i live in perth too")
    assert jobs and all(not j[:1].isdigit() for j in jobs) and any(j.startswith("teacher") for j in jobs), jobs


def test_a_bare_role_cheering_another_members_news_is_not_the_speakers() -> None:
    assert _jobs("sous chef AND wine buyer. bob for prime minister") == []
    assert _jobs("project coordinator!!") == ["project coordinator"]
    assert _jobs("freelance translator. bob and I go way back") == ["freelance translator"]
