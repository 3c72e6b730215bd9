"""The value a change settles on is in the clause "instead" marks, not in a clause that only adds detail to it;
"instead of X" names what is dropped. Sentences written for this test (no data set's words, names or values)."""

from __future__ import annotations

from polymem.language.decision_clauses import value_of
from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed


def _value(text: str) -> str | None:
    doc = parsed(text)
    sent = next(s for s in doc.sents if "instead" in s.text or s.end == len(doc))
    return value_of(doc, sent, set(), [])


def test_the_replacing_clause_gives_the_value_not_the_detail_after_it() -> None:
    v = _value("the Gorse Inn has a power cut, so the quiz is at Marlpit instead and I've reserved the long table "
               "near the fire")
    assert v == "Marlpit"
    tr = DecisionTracker()
    tr.feed("ok, decision made: the Gorse Inn for the quiz night", "a", "x", None)
    out = tr.feed("the Gorse Inn has no power 🙄 so we're at Marlpit instead and they kept us the long table", "b",
                  "x", None)
    assert out and out[0].value == "Marlpit"


def test_a_day_said_before_instead_is_the_value() -> None:
    assert _value("plans changed, we meet on Tuesday instead") == "Tuesday"


def test_the_new_value_not_the_matter_moved() -> None:
    # "move X to Y instead": Y is the value (the noun said right before "instead"), X the matter
    tr = DecisionTracker()
    tr.feed("decided: the book swap is on Wednesday", "a", "x", None)
    out = tr.feed("Wednesday clashes with the match, let's shift the book swap to Thursday instead", "b", "x", None)
    assert out and out[0].value == "Thursday" and out[0].reverses == "Wednesday"


def test_instead_hung_on_a_later_verb_takes_nothing_after_it() -> None:
    # the parser may hang "instead" on the next clause's verb; its object there is said after "instead"
    v = _value("the hall flooded 😩 so we're showing Nettlebed at mine instead, dana is lending the projector")
    assert v is None or "projector" not in v


def test_instead_of_names_what_is_dropped_and_is_no_part_of_the_value() -> None:
    assert _value("we're heading to Lumen Hall instead of Quarry Tap") == "Lumen Hall"
    assert _value("decided: the old barn instead") == "the old barn"


def test_a_matter_named_by_a_word_the_dictionary_lacks_after_the() -> None:
    # "swapmeet" is no noun to WordNet; after "the", in lower case, it is a thing, not a name
    tr = DecisionTracker()
    tr.feed("what about Vaasa for it, 3-5 October? the ferry is cheap then", "p", "y", None)
    out = tr.feed("the swapmeet is now Vaasa, 3-5 October.", "a", "x", None)
    assert out and out[0].value.startswith("Vaasa") and out[0].topic == "swapmeet"


def test_a_label_a_word_of_settling_modifies_names_its_matter() -> None:
    tr = DecisionTracker()
    tr.feed("what about Vaasa for it, 3-5 October? the ferry is cheap then", "p", "y", None)
    tr.feed("the swapmeet is now Vaasa, 3-5 October.", "a", "x", None)
    out = tr.feed("Final seating: two long tables by the windows.", "b", "x", None)
    assert out and out[0].topic == "seating" and out[0].reverses is None
