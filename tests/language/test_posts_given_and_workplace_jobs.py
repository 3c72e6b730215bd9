"""A post given to the speaker by others ("they've made me X", "they promoted me to X", "I've been made X") and a
job named by where it is ("got the <place> job"). Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bo", ("Bo Lindgren", "Bo"))]


def _jobs(text: str) -> list[tuple[str, str]]:
    r = StatementReader(ROSTER)
    return [(s.owner, s.value) for s in r.read(text, "ann", datetime(2026, 1, 1), "m1") if s.attribute == "job"]


def test_a_post_given_by_others() -> None:
    assert _jobs("big news, they've made me senior welder already!") == [("ann", "senior welder")]
    assert _jobs("they promoted me to night supervisor") == [("ann", "night supervisor")]
    assert _jobs("I've been made head librarian, can't quite believe it") == [("ann", "head librarian")]
    assert _jobs("they appointed me chief steward at Fellside") == [("ann", "chief steward at Fellside")]
    assert _jobs("so they've made me head of chemistry") == [("ann", "head of chemistry")]  # a post in charge


def test_what_make_makes_is_no_post_unless_a_trade() -> None:
    for text in ("that ending made me cry", "he made me a toastie", "they made me redundant in march",
                 "they made me captain of the darts team", "they'd make me foreman if I stayed",
                 "dad made me a dentist's appointment", "they named me volunteer of the year",
                 "they made me designated driver for the evening"):
        assert _jobs(text) == [], text


def test_a_job_named_by_its_place() -> None:
    assert _jobs("got the bakery job, first shift tomorrow") == [("ann", "bakery")]
    assert _jobs("got the Harwick job, starting monday") == [("ann", "Harwick")]
    assert _jobs("I got the summer job") == []  # a time, not a place
    assert _jobs("got the kitchen job, new worktops for a neighbour") == []  # a room: a contract
    assert _jobs("didn't get the bakery job sadly") == []
    assert _jobs("I nearly got the bakery job") == []
