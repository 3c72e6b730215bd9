"""The value held before a change: the latest earlier one, except a job left told by a common noun alone where an
earlier version said what it was (values of no data set)."""

from __future__ import annotations

from polymem.retrieval.extract_base import StateHit
from polymem.retrieval.extract_state import _split


def _hit(id_: str, value: str, t: float, kind: str) -> StateHit:
    return StateHit(id_, value, (t, 0, id_), [id_], kind)


def test_the_latest_earlier_value_read_stays() -> None:
    hits = [_hit("m1", "Stavanger", 1.0, "message"), _hit("m2", "Haugesund", 2.0, "message"),
            _hit("r2", "Trondheim", 3.0, "record")]
    assert _split(hits, "Where did Ottilie live before her move?")[1].value == "Haugesund"  # type: ignore[union-attr]


def test_a_workplace_said_left_by_name_is_the_job_before() -> None:
    """"my last day at Orrin Electric was Friday" (read as past, by name) beats an older version."""
    hits = [_hit("r1", "zither tuner", 1.0, "record"), _hit("m2", "Orrin Electric", 2.0, "past"),
            _hit("r3", "Hydro Nord", 3.0, "record")]
    assert _split(hits, "Who was Tobi's employer before Hydro Nord?")[1].value == "Orrin Electric"  # type: ignore[union-attr]


def test_a_job_left_told_by_a_common_noun_gives_way_to_the_version_that_said_what_it_was() -> None:
    hits = [_hit("r1", "sous chef at a noodle bar", 1.0, "record"), _hit("m2", "the restaurant", 2.0, "past"),
            _hit("r3", "the van", 3.0, "record")]
    assert _split(hits, "What was Tobi's job before the van?")[1].value == "sous chef at a noodle bar"  # type: ignore[union-attr]
