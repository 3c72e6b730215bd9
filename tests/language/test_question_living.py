""""living" asks for a job only as what one earns ("for a living", "earn his living"); bare, it is the verb the
tagger misread ("where's X living?" asks for a home). Wording of no data set."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute


@pytest.mark.parametrize("q", ["where's Tam living?", "where's Wendell living?"])
def test_a_bare_living_asks_for_a_home(q: str) -> None:
    assert question_attribute(parsed(q))[0] == "city"


@pytest.mark.parametrize("q", ["what does Wendell do for a living?", "what does Tam do for a living?"])
def test_a_living_earned_asks_for_a_job(q: str) -> None:
    assert question_attribute(parsed(q))[0] == "job"
