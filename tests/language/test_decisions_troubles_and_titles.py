"""A settled matter put in trouble and replaced: a day someone cannot make, a trouble flagged with the matter or
its value ("bad news re ...", "small problem. X is ..."), a place said to be closed; options put forward as a
wish ("I'd like X"), an opinion ("I reckon X") or a quoted title; a title concluded with "then"; a time with its
minutes is another value; a ruled list after a full stop the parser joined. Chats written for these tests."""

from __future__ import annotations

from polymem.language.decision_clauses import same
from polymem.language.decisions import DecisionTracker


def _run(lines: list[str]) -> DecisionTracker:
    tr = DecisionTracker()
    for i, text in enumerate(lines):
        tr.feed(text, f"x{i}", f"p{i % 4}", None)
    return tr


def _chains(tr: DecisionTracker) -> list[list[str]]:
    return [[d.value for d in c.decisions] for c in tr.chains]


def test_a_day_someone_cannot_make_moves_the_date() -> None:
    tr = _run(["what about saturday 9 may for the beach clean?", "9th works", "fine by me", "saturday 9 may it is",
               "sadly the skip firm can't do the 9th at all", "can they do later?",
               "the week after is free for them", "sunday the 17th then?", "17th it is, I'll let everyone know"])
    assert any(len(c) == 2 and "9 may" in c[0].lower() and "17th" in c[1] for c in _chains(tr))


def test_bad_news_about_a_matter_lets_the_next_choice_replace_it() -> None:
    tr = _run(["raffle prize. we need one by friday", 'how about "Picnic for Four"?', "love it", "yes!",
               "Picnic for Four then, flyer updated", "random: anyone seen my scarf", "nope",
               "hmm, bad news about the raffle prize", "the deli that does the hampers has gone bust",
               "hmm", "what about a spa voucher?", "spa voucher yes", "ok, a spa voucher it is"])
    assert ["Picnic for Four", "a spa voucher"] in _chains(tr)


def test_a_quoted_title_is_put_forward_and_concluded() -> None:
    tr = _run(["the podcast needs a name", 'what about "Tides Turn Slowly"?', "nice", "yes love",
               "Tides Turn Slowly then. I'll make the artwork"])
    assert ["Tides Turn Slowly"] in _chains(tr)


def test_a_title_said_with_then_needs_capitals() -> None:
    tr = _run(["the podcast needs a name", "going home then", "see you then"])
    assert _chains(tr) == []


def test_a_wish_agreed_to_is_settled_and_a_place_closed_is_replaced() -> None:
    tr = _run(["for the spring lunch I'd like the upstairs room at the Kettle Inn, Sunday 3 May",
               "the kettle inn sounds good", "yes!", "sure", "i'll email them", "the Kettle Inn is closed for repairs the whole of may",
               "typical", "what about the boathouse cafe?", "oh lovely", "boathouse gets my vote",
               "ok, the boathouse cafe it is"])
    assert any(len(c) == 2 and "Kettle Inn" in c[0] and "boathouse" in c[1].lower() for c in _chains(tr))


def test_an_opinion_naming_a_place_is_an_option() -> None:
    tr = _run(["where shall we hold the fun run", "i reckon the playing field at Oakmere Park, plenty of space",
               "the field's good", "oakmere works for me"])
    assert any(any("Oakmere" in v for v in c) for c in _chains(tr))


def test_a_wish_for_a_thing_with_no_name_is_no_option() -> None:
    tr = _run(["i'd like a beer", "same", "yes", "sure"])
    assert _chains(tr) == []


def test_a_time_with_its_minutes_is_another_value() -> None:
    assert not same("9", "9.45") and not same("£20", "£20.50") and same("3 March", "3 March 2026")


def test_a_flagged_problem_with_the_value_lets_the_next_choice_replace_it() -> None:
    tr = _run(["the zine needs a name. 'Paper Lanterns'?", "ha love it", "paper lanterns", "ok", "sure",
               "paper lanterns it is", "ah. problem. paper lanterns is already the name of a craft shop",
               "oh no", "'Inkwell'? nobody's using that", "inkwell!!", "inkwell, yes", "Inkwell it is"])
    assert any(len(c) == 2 and c[0].lower() == "paper lanterns" and c[1] == "Inkwell" for c in _chains(tr))


def test_a_time_already_past_is_no_plan() -> None:
    from polymem.language.setbacks import gone_time as _gone_time

    assert _gone_time("last night") and _gone_time("three weeks ago") and _gone_time("yesterday evening")
    assert not _gone_time("last orders") and not _gone_time("the last friday") and not _gone_time("Friday")
