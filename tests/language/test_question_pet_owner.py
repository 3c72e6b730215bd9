"""An "<animal> owner" question asks about pets, however the tagger reads the animal word (sentences in no
data set)."""

from __future__ import annotations

import pytest

from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute


@pytest.mark.parametrize(("question", "category"), [
    ("Is there a parrot owner in the group?", "parrot"),
    ("Are there any dog owners here?", "dog"),
    ("Which of us is a ferret owner?", "ferret"),
])
def test_an_animal_owner_is_a_pet_category(question: str, category: str) -> None:
    assert question_attribute(parsed(question)) == ("pet", category)


def test_an_owner_of_a_business_is_no_pet() -> None:
    assert question_attribute(parsed("Is there a restaurant owner in the group?"))[0] != "pet"
