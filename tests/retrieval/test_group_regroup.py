"""`extract_group._regroup`: the decision chain chosen for a question is joined by versions of the same kind filed
under other matters whose own talk came clearly nearer to the question (the writer filed them apart), and by
nothing else: not a version of another kind, not one no nearer than the chain's own, not where the cosines are
unknown. The cosines are given here as the agent hands them over (`near_own`)."""

from __future__ import annotations

from types import SimpleNamespace

from polymem.retrieval.extract_base import StateHit
from polymem.retrieval.extract_group import CLOSER, _regroup


def _hit(rid: str, value: str, day: int) -> StateHit:
    return StateHit(rid, value, (float(day), 0, rid), [f"m-{rid}"], "record")


CHAIN = [_hit("r1", "Wednesdays at 7pm", 1)]
ELSEWHERE = _hit("r2", "Mondays at 6pm", 5)  # filed under another matter, later


def _values(hits: list[StateHit]) -> list[str | None]:
    return [h.value for h in hits]


def test_a_nearer_version_of_the_same_kind_filed_elsewhere_becomes_the_later_version() -> None:
    me = SimpleNamespace(near_own={"r1": 0.40, "r2": 0.40 + CLOSER + 0.05})
    assert _values(_regroup(me, CHAIN, [ELSEWHERE])) == ["Wednesdays at 7pm", "Mondays at 6pm"]


def test_a_version_no_nearer_than_the_chain_stays_apart() -> None:
    me = SimpleNamespace(near_own={"r1": 0.40, "r2": 0.40 + CLOSER / 2})
    assert _values(_regroup(me, CHAIN, [ELSEWHERE])) == ["Wednesdays at 7pm"]


def test_a_version_of_another_kind_stays_apart() -> None:
    other = _hit("r3", "the boathouse", 6)
    me = SimpleNamespace(near_own={"r1": 0.40, "r3": 0.80})
    assert _values(_regroup(me, CHAIN, [other])) == ["Wednesdays at 7pm"]


def test_an_earlier_version_joins_before_the_chain() -> None:
    before = _hit("r4", "Sundays at 9am", 0)
    me = SimpleNamespace(near_own={"r1": 0.30, "r4": 0.60})
    assert _values(_regroup(me, CHAIN, [before])) == ["Sundays at 9am", "Wednesdays at 7pm"]


def test_nothing_changes_without_cosines() -> None:
    me = SimpleNamespace(near_own={})
    assert _values(_regroup(me, CHAIN, [ELSEWHERE])) == ["Wednesdays at 7pm"]


def test_only_the_nearest_of_several_other_matters_joins() -> None:
    also = _hit("r5", "Fridays at 5pm", 4)
    me = SimpleNamespace(near_own={"r1": 0.30, "r2": 0.70, "r5": 0.60})
    assert _values(_regroup(me, CHAIN, [also, ELSEWHERE])) == ["Wednesdays at 7pm", "Mondays at 6pm"]
