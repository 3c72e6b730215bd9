"""A question about a thing's value now against before, with no person in it, asks about a matter the group
settled (polymem.language.questions); on questions written for this test."""

from __future__ import annotations

from polymem.language.questions import parse_question


def test_now_used_to_and_change_nouns_make_a_group_question() -> None:
    for q in ["Which evening is choir practice on now?", "What day did the market stall use to run?",
              "Where was the picnic before the move?", "So the prize money was redirected to what?"]:
        assert parse_question(q).form == "group", q


def test_a_person_or_a_plain_question_is_not_a_group_matter() -> None:
    assert parse_question("Where does she live now?").form != "group"
    assert parse_question("Which shop is baking the bread for the fete?").form != "group"
