"""A sentence with no subject goes on about the member the sentence before was about ("Ilse's a Tarnby girl now!
moved on Saturday"), not the speaker, unless it speaks in the first person or the sentence before was about no
member (lines written for this test)."""

from __future__ import annotations

from polymem.language.statement_types import Person
from polymem.language.statements import StatementReader

ROSTER = [Person("ilse", ("Ilse Varga", "Ilse")), Person("obi", ("Obi Nnaji", "Obi"))]


def _homes(text: str) -> list[tuple[str, str]]:
    return [(s.owner, s.value) for s in StatementReader(ROSTER).read(text, "obi", None, "m") if s.attribute == "city"]


def test_a_subjectless_sentence_goes_on_about_the_member_before() -> None:
    assert ("ilse", "Tarnby") in _homes("big news for the chat, Ilse got the flat! moved to Tarnby on Saturday")
    assert ("obi", "Tarnby") not in _homes("big news for the chat, Ilse got the flat! moved to Tarnby on Saturday")


def test_the_speaker_keeps_a_subjectless_sentence_otherwise() -> None:
    assert ("obi", "Tarnby") in _homes("congrats Ilse! moved to Tarnby myself last spring")  # first person
    assert ("obi", "Tarnby") in _homes("the kettle finally died. moved to Tarnby last week, still unpacking")


def test_a_remark_about_a_member_passes_nothing_on() -> None:
    # the sentence before says nothing new of Ilse's: the subjectless one is the speaker's own news
    assert ("obi", "Tarnby") in _homes("Ilse loved the gig. moved to Tarnby on Saturday, shattered")
