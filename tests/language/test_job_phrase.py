"""A job read as a role or a workplace alone, completed from its own sentence (sentences in no data set)."""

from __future__ import annotations

from polymem.language.statements_job import role_and_place


def test_a_role_takes_the_workplace_after_it() -> None:
    assert role_and_place("I've been offered head brewer at a cider mill near the coast. Start in May",
                          "head brewer") == "head brewer at a cider mill"


def test_a_workplace_takes_the_trade_naming_the_post() -> None:
    assert role_and_place("so I got a locksmith job at Harwick Keys, chuffed", "Harwick Keys") == \
        "locksmith at Harwick Keys"


def test_nothing_more_to_say() -> None:
    assert role_and_place("started at Harwick Keys on monday", "Harwick Keys") is None
    assert role_and_place("I'm a locksmith, at home most days though", "locksmith") is None
