"""An exclamation is no place, whatever state its letters abbreviate ("Oh brilliant" is not Ohio); places beside it still
are (lines written for this test)."""

from __future__ import annotations

from polymem.language import syntax as sx
from polymem.language.models import parsed


class _NoPeople:
    def person_in(self, text: str) -> None:
        return None


def _places(line: str) -> list[str]:
    return [t.text for t in parsed(line) if t.is_alpha and sx.is_place(t, _NoPeople())]


def test_an_exclamation_is_no_place() -> None:
    assert _places("Oh brilliant, the van broke down again") == []
    assert _places("Oh wow, Bratislava!") == ["Bratislava"]
    assert _places("moved to LA last week") == ["LA"]
