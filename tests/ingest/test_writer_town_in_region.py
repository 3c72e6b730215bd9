"""A passing mention of a town never replaces a recorded home, except where the record knows only the
country or state the town lies in: then it says the same home more exactly (thirtieth pass)."""

from __future__ import annotations

from polymem.ingest.writer.extract import Fact
from polymem.ingest.writer.policy import NOOP, UPDATE, Head, History, RulesPolicy
from polymem.ingest.writer.rules import candidate


def _fact(value: str) -> Fact:
    return Fact(layer="Profile", owner="ana", source="ana", event="city", attribute="city", value=value,
                content=f"Ana lives in {value}.", from_ids=["m9"], weak=True)


def _choice(recorded: str, mentioned: str) -> str:
    head = Head("r1", "ana", "city", "bo", "city", recorded)
    return RulesPolicy().decide(candidate(_fact(mentioned), "ana", (), [head], History(), "g", 3))


def test_a_town_in_the_recorded_country_names_the_home_exactly() -> None:
    assert _choice("Norway", "Bergen") == UPDATE
    assert _choice("Oregon", "Eugene") == UPDATE


def test_a_passing_town_elsewhere_keeps_the_record() -> None:
    assert _choice("Norway", "Lisbon") == NOOP  # another country: a trip, a passing mention
    assert _choice("Oslo", "Bergen") == NOOP  # a town on record: only a statement replaces it
