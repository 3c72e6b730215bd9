"""The value held before a change comes from System 2's version chain where it holds one: a value only read from
the lines at answer time, never kept as a record (a place visited, turned down by the Writer's validation), is
not what was true before (values of no data set)."""

from __future__ import annotations

from polymem.retrieval.extract_base import StateHit
from polymem.retrieval.extract_state import _split


def _hit(id_: str, value: str, t: float, kind: str) -> StateHit:
    return StateHit(id_, value, (t, 0, id_), [id_], kind)


def test_the_earlier_version_beats_a_later_value_only_read_from_the_lines() -> None:
    hits = [_hit("r1", "Stavanger", 1.0, "record"), _hit("m1", "Stavanger", 1.0, "message"),
            _hit("m2", "the fjords", 2.0, "message"),  # "back from a week in the fjords": never a record
            _hit("r2", "Trondheim", 3.0, "record"), _hit("m3", "Trondheim", 3.0, "message")]
    head, past = _split(hits, "Where did Ottilie live before her move?")
    assert head is not None and head.value == "Trondheim"
    assert past is not None and past.value == "Stavanger"


def test_without_an_earlier_version_the_latest_value_read_stays() -> None:
    hits = [_hit("m1", "Stavanger", 1.0, "message"), _hit("m2", "Haugesund", 2.0, "message"),
            _hit("r2", "Trondheim", 3.0, "record")]
    assert _split(hits, "Where did Ottilie live before her move?")[1].value == "Haugesund"  # type: ignore[union-attr]
