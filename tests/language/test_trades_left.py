"""A trade left, said by its doing ("quit teaching", "gave up bartending"): the doer's trade is the past job, by
WordNet's links or, for a verb WordNet lacks, the stem with a doer's suffix that names an occupation; a habit
left ("quit smoking", "gave up running") is no job. Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language import lexical as lex
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bob", ("Bob Jones", "Bob"))]


def _jobs(text: str) -> list[tuple[str, str, str]]:
    r = StatementReader(ROSTER)
    return [(s.owner, s.value, s.tense) for s in r.read(text, "ann", datetime(2026, 1, 1), "m1", last_other="bob")
            if s.attribute == "job"]


def test_the_trade_of_a_doing() -> None:
    assert lex.trade_of_gerund("lecturing") == "lecturer"
    assert lex.trade_of_gerund("bartending") == "bartender"
    assert lex.trade_of_gerund("jogging") is None


def test_a_trade_given_up_is_the_past_job() -> None:
    assert _jobs("finally gave up lecturing this spring, no regrets") == [("ann", "lecturer", "past")]
    assert _jobs("i quit bartending after six years of late shifts") == [("ann", "bartender", "past")]


def test_a_habit_given_up_is_no_job() -> None:
    assert _jobs("i quit smoking in january") == []
    assert _jobs("gave up jogging, my knees hate it") == []


def test_a_doing_with_its_own_object_or_aim_is_no_trade() -> None:
    assert _jobs("i gave up waiting for him") == []
    assert _jobs("i quit painting the fence, too hot") == []


def test_a_trade_read_as_an_adjective_before_job_reads_without_error() -> None:
    # (it raised StopIteration: no noun to start the trade from)
    assert _jobs("I got the admin job!") == [("ann", "admin", "present")]
