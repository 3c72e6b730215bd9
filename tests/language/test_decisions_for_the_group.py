"""A member acting for the group settles a matter ("I booked the lodge", "I've switched us there"); a change
said after a closing word ("done, moved to the 28th"); a value settled "as" something; a change said in the
future with "instead". Sentences written for this test (no data set's words, names or values)."""

from __future__ import annotations

import pytest

from polymem.language.decision_clauses import is_final, topic_of, value_of
from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed


def _final(text: str) -> bool:
    return any(is_final(s) for s in parsed(text).sents)


@pytest.mark.parametrize("text", [
    "ok I booked the Copper Kettle, back room from 7",
    "I've changed the booking to the 28th",
    "done, moved to the 28th",
    "We will hold the bingo at the bowls club instead.",
])
def test_settled_for_the_group(text: str) -> None:
    assert _final(text)


@pytest.mark.parametrize("text", [
    "I booked my flights to Rome",
    "I moved to Leeds last week",
    "moved to leeds last week!",
    "I changed my mind",
    "I'll walk instead",
])
def test_ones_own_doings_settle_nothing(text: str) -> None:
    assert not _final(text)


def test_settled_as_names_the_value_and_its_subject_the_matter() -> None:
    doc = parsed("Menu confirmed as dumplings.")
    sent = next(iter(doc.sents))
    assert is_final(sent) and value_of(doc, sent, set(), []) == "dumplings" and topic_of(sent) == "menu"


def test_a_switch_there_takes_the_place_named_before_and_replaces_the_matter_it_names() -> None:
    tr = DecisionTracker()
    tr.feed("what about the lido for the reunion?", "a", "x", None)
    tr.feed("lido it is", "b", "y", None)
    out = tr.feed("the lido flooded. Kestle Mill had a free slot so I've moved us there", "c", "y", None)
    assert [(d.value, d.reverses) for d in out] == [("Kestle Mill", "lido")]
    assert len(tr.chains) == 1


def test_a_date_settled_alone_is_filed_as_the_date() -> None:
    tr = DecisionTracker()
    tr.feed("9th or 16th for the barn dance?", "a", "x", None)
    tr.feed("fine, 16th locked in", "b", "y", None)
    tr.feed("ok, moved to the 23rd", "c", "y", None)
    assert [(c.topic, [d.value for d in c.decisions]) for c in tr.chains][0][0] == "date"


def test_a_place_put_forward_instead_and_approved_by_name_replaces_the_decision() -> None:
    tr = DecisionTracker()
    for n, (who, text) in enumerate([
            ("a", "for the retreat, how about Lübeck in May?"), ("b", "Lübeck works"), ("c", "yes to Lübeck"),
            ("d", "Lübeck in May it is"),
            ("c", "hmm the hostel in Lübeck is full. Rostock instead? it's closer anyway"),
            ("a", "Rostock fine by me"), ("d", "same")]):
        out = tr.feed(text, f"m{n}", who, None)
    assert [(d.value, d.reverses) for d in out] == [("Rostock", "Lübeck in May")]
    assert len(tr.chains) == 1
