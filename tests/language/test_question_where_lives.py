""""Where ... lives" asks where someone lives, however the tagger reads "lives" (questions written for this test)."""

from __future__ import annotations

from polymem.language.models import nlp
from polymem.language.question_attribute import question_attribute


def test_where_with_a_form_of_live_asks_for_a_home() -> None:
    # the small tagger reads "the commune lives" as a noun phrase (plural of "life") here
    q = nlp()("list where each member of the commune lives now")
    assert question_attribute(q)[0] == "city"
    assert question_attribute(nlp()("Where do their lives take them?"))[0] is None  # a possessive: lives, no verb
    assert question_attribute(nlp()("Where does Ana's hamster live now?"))[0] != "city"  # an animal's fate
