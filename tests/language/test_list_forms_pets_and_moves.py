"""List questions in more forms: every member keeping any animal ("who in the club has pets?": the generic word is
the category) and "who's moved ..." (the tagger reads the "'s" of "has" as a passive's "is"). Questions written
for these tests."""

from __future__ import annotations

from polymem.language.questions import parse_question


def test_every_keeper_of_any_animal() -> None:
    for q in ("who in the club has pets?", "does anybody here have a pet?", "which of us keep animals?"):
        f = parse_question(q)
        assert f.form == "category" and f.category in ("pet", "animal"), (q, f.form, f.category)
    assert parse_question("What pets does everyone have?").form != "category"  # a value per member
    assert parse_question("what pet does Ines have?", mentioned=1).form != "category"


def test_who_has_moved_with_a_contracted_has() -> None:
    assert parse_question("who's moved flat since the spring?").form == "list_moved"
