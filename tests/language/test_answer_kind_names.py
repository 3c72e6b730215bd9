"""What counts as a name of the kind a question asks for: a day or a month written with a capital names no
school or firm; a lower-case "which <noun>" the parser took askew still asks for that noun (wording of no data
set)."""

from __future__ import annotations

from polymem.language.answer_kind import asked_focus, holds
from polymem.language.models import parsed


def _holds(question: str, message: str) -> bool:
    q = parsed(question)
    focus = asked_focus(q)
    assert focus is not None, question
    asked = {w for t in q for w in (t.lower_, t.lemma_.lower())}
    return holds(focus, parsed(message), asked, lambda w: w.lower() == "ines")


def test_a_day_or_a_month_is_no_name_of_the_thing_asked() -> None:
    assert not _holds("Which school do Ines's twins go to?", "the twins started school Tuesday, all smiles")
    assert not _holds("Which gym did Ines join?", "joined a gym in February, going three times a week")


def test_a_name_still_answers() -> None:
    assert _holds("Which school do Ines's twins go to?", "the twins love Greyfield Academy already")
    assert _holds("Which gym did Ines join?", "signed up at Ironvale on Tuesday")


def test_a_lower_case_which_noun_asks_for_the_noun() -> None:
    for question in ("which pub did we end up in after the gig", "which pub did they go to on friday"):
        focus = asked_focus(parsed(question))
        assert focus is not None and focus.noun == "pub" and focus.named, question


def test_a_firm_named_like_a_small_town_is_still_a_name() -> None:
    # a name only GeoNames lists as a small town may be the firm's ("let go from Whitehaven"); a city is a place
    assert _holds("Which firm was Ines at before the layoffs?", "Ines got let go from Whitehaven last week")
    assert not _holds("Which firm was Ines at before the layoffs?", "Ines got let go last week, she's in Lisbon now")
