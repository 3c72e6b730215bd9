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
    tr = DecisionTracker()
    first = tr.feed("decided: Villa Sorrel for the 9th, upstairs from 6. everyone owes me a fiver", "a", "x", None)
    assert first and first[0].value == "Villa Sorrel"
    out = tr.feed("Villa Sorrel cancelled on us, pipes burst 😬 so we're at the Otter instead — rang them already, "
                  "we've got the long table by the fire from 6", "b", "x", None)
    assert out and out[0].value == "the Otter"
    assert out[0].reverses == "Villa Sorrel"


def test_a_day_said_before_instead_is_the_value() -> None:
    assert _value("plans changed, we meet on Tuesday instead") == "Tuesday"


def test_instead_hung_on_a_later_verb_takes_nothing_after_it() -> None:
    # the parser may hang "instead" on the next clause's verb; its object there ("the projector") is said after
    # "instead" and is no value
    v = _value("bad news, the cinema's shut 🙃 so we're doing Moonfleet tonight instead, kofi's got the projector")
    assert v is not None and "projector" not in v


def test_instead_of_names_what_is_dropped_and_is_no_part_of_the_value() -> None:
    assert _value("we'll go with the Heron instead of the Swan") == "the Heron"
    assert _value("decided: the Quay Hotel instead") == "the Quay Hotel"


def test_a_matter_named_by_a_word_the_dictionary_lacks_after_the() -> None:
    # "awayday" is no noun to WordNet; after "the", in lower case, it is a thing, not a name
    tr = DecisionTracker()
    tr.feed("Other idea: Tallinn, 9–11 May. Good ferry links and cheaper", "p", "y", None)
    out = tr.feed("Let's do it. The awayday is now Tallinn, 9–11 May. Kim, can you rebook?", "a", "x", None)
    assert out and out[0].value.startswith("Tallinn") and out[0].topic == "awayday"


def test_a_label_a_word_of_settling_modifies_names_its_matter() -> None:
    tr = DecisionTracker()
    tr.feed("Other idea: Tallinn, 9–11 May. Good ferry links and cheaper", "p", "y", None)
    tr.feed("Let's do it. The awayday is now Tallinn, 9–11 May.", "a", "x", None)
    out = tr.feed("Final guest count: nine of us plus Ola. Allergies by Monday please", "b", "x", None)
    assert out and out[0].topic == "guest count" and out[0].reverses is None
