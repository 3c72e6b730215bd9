"""The participation axis keeps empty periods, and the titles' time window comes from the data."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from polymem.graph.plots import _all_periods, _window


def _measures(period: str, participation: dict[str, dict[str, int]]) -> Any:
    return SimpleNamespace(period=period, participation=participation)


def test_empty_weeks_stay_on_the_axis() -> None:
    m = _measures("week", {"ana": {"2025-W50": 3}, "ben": {"2026-W02": 1}})  # across a year end
    assert _all_periods(m) == ["2025-W50", "2025-W51", "2025-W52", "2026-W01", "2026-W02"]
    assert _window(m) == "2025-W50 to 2026-W02"


def test_empty_days_months_and_hours_stay_on_the_axis() -> None:
    assert _all_periods(_measures("day", {"a": {"2026-02-27": 1, "2026-03-02": 2}})) == [
        "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]
    assert _all_periods(_measures("month", {"a": {"2025-11": 1}, "b": {"2026-02": 1}})) == [
        "2025-11", "2025-12", "2026-01", "2026-02"]
    assert _all_periods(_measures("hour", {"a": {"2026-01-01 22:00": 1, "2026-01-02 01:00": 1}})) == [
        "2026-01-01 22:00", "2026-01-01 23:00", "2026-01-02 00:00", "2026-01-02 01:00"]
    assert _all_periods(_measures("day", {})) == [] and _window(_measures("day", {})) == "no timed messages"
