"""A bare phrase repeating another member's news ("harbour pilot!! so proud") cheers it: no job or home of the
speaker's own; the same phrase with no such news before it, or answering news about the speaker, still is one.
Going into retirement is what a member does now; a relative who keeps doing something is its doer
(wording of no data set)."""

from __future__ import annotations

from polymem.language.statement_types import Person
from polymem.language.statements import StatementReader

ROSTER = [Person("vaiva_k", ("Vaiva Kalnins", "Vaiva")), Person("ode", ("Odette Marsh", "Odette")),
          Person("pim", ("Pim Voss", "Pim"))]


def _jobs_and_homes(lines: list[tuple[str, str]]) -> list[list[tuple[str, str, str]]]:
    out = StatementReader(ROSTER).read_many([(t, who, None, f"m{i}") for i, (t, who) in enumerate(lines)])
    return [[(s.attribute, s.owner, s.value.lower()) for s in sts if s.attribute in ("job", "city")] for sts in out]


def test_a_role_repeated_after_another_members_news_is_not_the_speakers() -> None:
    read = _jobs_and_homes([("news: i've been offered harbour pilot at the port authority, starting in march", "vaiva_k"),
                            ("harbour pilot!! so proud of you", "ode")])
    assert any(a == "job" and o == "vaiva_k" for a, o, _ in read[0])
    assert not any(o == "ode" for _, o, _ in read[1])


def test_the_same_bare_role_with_no_news_before_it_is_the_speakers() -> None:
    read = _jobs_and_homes([("how's everyone doing", "vaiva_k"), ("harbour pilot!! still can't believe it", "ode")])
    assert ("job", "ode", "harbour pilot") in read[1]


def test_a_line_confirming_news_about_the_speaker_is_kept() -> None:
    read = _jobs_and_homes([("Pim has moved to Daugavpils btw", "vaiva_k"), ("Daugavpils now. all good", "pim")])
    assert any(a == "city" and o == "pim" and v == "daugavpils" for a, o, v in read[1])


def _jobs(text: str, speaker: str = "vaiva_k") -> list[tuple[str, str]]:
    read = StatementReader(ROSTER).read(text, speaker, last_other="pim")
    return [(s.owner, s.value) for s in read if s.attribute == "job"]


def test_going_into_retirement_is_what_a_member_does_now() -> None:
    assert ("pim", "retired") in _jobs("big day for Pim: thirty years at the depot and he retired on friday")
    assert ("vaiva_k", "retired") in _jobs("i'm retired now, the mornings are all mine")
    assert ("pim", "retired") in _jobs("he's retiring! no more early alarms")


def test_no_retirement_to_come_of_a_thing_or_of_a_body_part() -> None:
    assert ("pim", "retired") not in _jobs("Pim is going to retire in a couple of years")
    assert not any(v == "retired" for _, v in _jobs("we retired the old minibus at last"))
    assert not any(v == "retired" for _, v in _jobs("my elbows are retiring, typing is agony"))


def test_a_relative_doing_something_again_and_again_does_it_not_the_speaker() -> None:
    read = StatementReader(ROSTER).read("my dad keeps emailing me cottages in Skagen", "ode")
    assert not any(s.attribute == "city" for s in read)
    assert ("city", "ode", "Skagen") in [(s.attribute, s.owner, s.value) for s in
                                            StatementReader(ROSTER).read("we rented a cottage in Skagen", "ode")]


def test_retiring_somewhere_or_to_come_is_no_retirement_and_a_new_trade_wins() -> None:
    assert not any(v == "retired" for _, v in _jobs("I retired to bed at nine, shattered"))
    assert not any(v == "retired" for _, v in _jobs("she's retiring next spring", speaker="ode"))
    assert not any(v == "retired" for _, v in _jobs("when I retire I'm moving somewhere sunny"))
    assert _jobs("I retired last year and now I'm a glassblower") == [("vaiva_k", "glassblower")]


def test_saying_the_same_of_oneself_is_no_echo() -> None:
    read = _jobs_and_homes([("just started as a nurse at the harbour clinic", "vaiva_k"),
                            ("nurse too! at the birth centre", "ode")])
    assert any(a == "job" and o == "ode" for a, o, _ in read[1])
