"""A job in a field by meaning (the real MiniLM), where WordNet does not say it; jobs and fields written for this
test (no data set's words)."""

from __future__ import annotations

import pytest

from polymem.language import lexical
from polymem.language.fields import works_in


@pytest.mark.parametrize(("job", "field"), [("care worker", "healthcare"), ("physiotherapist", "healthcare"),
                                            ("secondary school teacher", "education"), ("lecturer", "education")])
def test_a_job_in_its_field(job: str, field: str) -> None:
    assert works_in(job, field)


@pytest.mark.parametrize(("job", "field"), [("bricklayer", "education"), ("barista", "healthcare"),
                                            ("tram driver", "finance"), ("florist", "law")])
def test_a_job_outside_the_field(job: str, field: str) -> None:
    assert not works_in(job, field)


def test_a_person_noun_is_left_to_wordnet() -> None:
    # by meaning a neighbouring trade comes close to a person noun; only WordNet's kinds count there
    assert not works_in("sound engineer", "musician")
    assert lexical.falls_under("cellist", "musician")


def test_wordnet_alone_misses_what_meaning_finds() -> None:
    # the reason the reading exists: no hypernym or gloss of these names the field
    assert not lexical.falls_under("lecturer", "education") and works_in("lecturer", "education")
