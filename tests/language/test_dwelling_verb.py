"""A dwelling taken somewhere is a home only when a verb WordNet knows takes it ("we bought a place near X");
a word the tagger made a verb ("that glamping place near X", a suggestion for a trip) takes nothing (wording of
no data set)."""

from __future__ import annotations

from tests.language.reads import values


def test_a_misread_verb_takes_no_dwelling() -> None:
    assert values("there's also that glamping place near Bundaberg, the yurts. about £40 each", "city") == []


def test_a_dwelling_bought_somewhere_is_still_a_home() -> None:
    assert values("we bought a place in Bundaberg last month!", "city") == ["Bundaberg"]
