"""An animal's kind as the dictionary names it, from the words before the noun however the parser hung them:
"hermit crab", "border collie puppy", "African grey parrot" (the modifiers alone name the animal), not "little
grey cat". Sentences written for these tests."""

from __future__ import annotations

from datetime import datetime

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ann", ("Ann Smith", "Ann")), Person("bob", ("Bob Jones", "Bob"))]


def _kinds(text: str) -> list[str]:
    r = StatementReader(ROSTER)
    return [s.value for s in r.read(text, "ann", datetime(2026, 1, 1), "m1", last_other="bob") if s.attribute == "pet"]


def test_a_kind_named_with_a_modifier_keeps_it() -> None:
    assert "hermit crab" in _kinds("this is pinch, my hermit crab")
    assert "hermit crab" in _kinds("got a hermit crab called Pinch today")


def test_modifiers_that_name_the_animal_are_kept_with_the_noun() -> None:
    assert "african grey parrot" in _kinds("Kiwi is my African grey parrot")
    assert "border collie puppy" in _kinds("my border collie puppy Nell chewed the sofa")


def test_describing_words_are_no_part_of_the_kind() -> None:
    assert _kinds("Pip is my little grey cat") == ["cat"]
    assert "fat cat" not in _kinds("my fat cat Tom is asleep on the stairs")
    assert "top dog" not in _kinds("my top dog Rex is asleep on the stairs")
