"""A group decision's value answers the question only when it is of the kind asked ("where": no sum) and, unless
the question asks who, more than a member's name; otherwise the answer falls back to the best matching line
(values and wording of no data set)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from polymem.retrieval.extract_group import _fits


def _self(question: str) -> SimpleNamespace:
    roster = SimpleNamespace(name_words=lambda: ["Ottilie", "Sefa", "Ruaridh"],
                             find=lambda w: w.lower() in ("ottilie", "sefa", "ruaridh"))
    return SimpleNamespace(plan=SimpleNamespace(question=question), roster=roster)


@pytest.mark.parametrize(("question", "value", "fits"), [
    ("Where is the retreat happening in the end?", "Ottilie", False),
    ("Where is the retreat happening in the end?", "£40 each", False),
    ("Where is the retreat happening in the end?", "Lochside Bothy", True),
    ("Which night did they pick for the quiz?", "the old granary", False),
    ("Which night did they pick for the quiz?", "Thursday 12 March", True),
    ("Who is bringing the cake?", "Sefa", True),
    ("What gift did they settle on?", "Ruaridh", False),
    ("How are we getting to the retreat?", "Lochside Bothy", False),  # a way of going, not where
    ("How are we getting to the retreat?", "the sleeper train", True),
    ("How did they decide on the venue in the end?", "Lochside Bothy", True),  # asks which, not by what means
    ("Which pub are we meeting in after the ride?", "the Gilded Heron", True),
    ("Which pub are we meeting in after the ride?", "the canal side area", False),  # names no pub
    ("Which hotel did they book for the wedding?", "Arezzo area", False),  # a town is no hotel
    ("What time does the barn dance start?", "Thursday 12 March", False),  # a day gives no hour
    ("What time does the barn dance start?", "half seven at the old granary", True),
])
def test_a_decision_value_of_another_kind_does_not_answer(question: str, value: str, fits: bool) -> None:
    assert _fits(_self(question), value) is fits
