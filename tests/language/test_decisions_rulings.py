"""A ruling said as a list of phrases with no verb ("Fridays, 6-8, from 3rd March."), the way whoever runs a
discussion closes it; and the lists and remarks of the same shape that settle nothing. Chats written for these
tests."""

from __future__ import annotations

from polymem.language.decisions import DecisionTracker


def _run(lines: list[str]) -> tuple[DecisionTracker, list[list[str]]]:
    tr = DecisionTracker()
    return tr, [[d.value for d in tr.feed(text, f"x{i}", f"p{i % 3}", None)] for i, text in enumerate(lines)]


def test_a_day_ruled_with_its_hours() -> None:
    _, out = _run(["the gym's gone from mondays after february. we can do fridays or saturdays",
                   "friday suits me", "fridays please, saturdays I work", "saturday for me honestly",
                   "Sorry Ben, most of you said it. Fridays, 6-8, from 3rd March. I'll tell the caretaker"])
    assert out[4] and "Fridays" in out[4][0]


def test_a_compromise_sum_after_a_word_of_assent() -> None:
    _, out = _run(["subs are £30 a year at the moment. the insurance doubled, I'd say £40",
                   "40 is steep for the students", "35 then and we review in spring?",
                   "Ok, £35 a year, students half. Mo can you change the form?"])
    assert out[3] and out[3][0].startswith("£35")


def test_a_place_ruled_with_its_date_replaces_the_one_booked() -> None:
    tr, out = _run(["quiz night venue: the Old Mill can do 4 May, £80. ok?", "fine", "yes",
                    "ok the Old Mill it is, 4 May",
                    "the Old Mill has flooded, closed till summer. anyone know somewhere?",
                    "the Lamb and Flag has an upstairs room?", "lamb and flag is lovely",
                    "Right. Lamb and Flag, 11 May, 8pm. Posters tomorrow"])
    assert out[7] and "Lamb and Flag" in out[7][0]
    chain = next(c for c in tr.chains if any("Lamb" in d.value for d in c.decisions))
    assert [d.value for d in chain.decisions][0].lower().startswith("the old mill")


def test_lists_and_remarks_of_that_shape_settle_nothing() -> None:
    chat = ["where shall we go for the away day? the Old Mill or the Boat House?", "boat house", "old mill"]
    for line in ("Congratulations, Priya!",  # a greeting and a name
                 "old mill 3, boat house 2, pub 1",  # a tally of two things weighed
                 "Proposal: the Boat House, 4 May.",  # put forward, not ruled
                 "the boat house, so pretty",  # no date, time or sum with it
                 "the Boat House, 4 May?",  # asked
                 "the Boat House or the Old Mill, 4 May"):  # still weighed
        _, out = _run([*chat, line])
        assert out[3] == [], line


def test_a_need_for_somewhere_else_joins_the_next_choice_to_the_matter() -> None:
    tr, out = _run(["book club venue for the spring?", "the Crown?", "ok the Crown it is then",
                    "bad news, the Crown lost its licence. we need somewhere else for book club",
                    "the library? they have a room", "Same day, 4th, 7pm, the library."])
    assert out[5] and "library" in out[5][0]
    chain = next(c for c in tr.chains if any("library" in d.value for d in c.decisions))
    assert [d.value for d in chain.decisions][0].endswith("Crown")


def test_wanting_anew() -> None:
    from polymem.language.matters import wanted_anew
    from polymem.language.models import parsed

    assert wanted_anew(parsed("We need somewhere else for the meeting")) == "place"
    assert wanted_anew(parsed("gotta find another date then")) == "date"
    assert wanted_anew(parsed("looking for a different pub now")) == "pub"
    for text in ("I need a new job", "we found a new cafe near the station", "she needs somewhere else to live",
                 "the new pub is nice"):
        assert wanted_anew(parsed(text)) is None, text


def test_a_change_of_date_urged_beside_another_choice() -> None:
    tr, out = _run(["quiz night date? I'm thinking fri 6th june", "6th is good", "6th works",
                    "ok fri 6th june it is, I'll tell the pub",
                    "the pub can't do our usual room on the 6th. they offer the 13th or another pub",
                    "fine, the hall it is then, and let's move to the 13th too"])
    assert "the 13th" in out[5]
    chain = next(c for c in tr.chains if any(d.value == "the 13th" for d in c.decisions))
    assert [d.value for d in chain.decisions][0].lower().startswith("fri 6th")


def test_a_range_of_days_without_its_month_is_a_date() -> None:
    from polymem.language import timeexpr

    assert timeexpr.date_span("ok, the spring weekend it is, 9th to 11th. I'll tell the hostel") == "9th to 11th"
    assert timeexpr.date_span("the 9th till the 11th") == "the 9th till the 11th"
    assert timeexpr.date_span("we were 9 to 11 people") is None


def test_a_header_before_news_is_no_choice() -> None:
    for asked, line in (("any news from the landlord?", "ok news. I start at the bakery on monday"),
                        ("any news on the van?", "right. news. the garage rang, it's fixed")):
        _, out = _run([asked, "not yet", line])
        assert out[2] == [], line


def test_a_value_keeps_the_capitals_the_deciding_message_gives_it() -> None:
    _, out = _run(["where after practice now the pub's shut?", "the red lion?", "red lion is fine",
                   "Ok. The Red Lion. See you all thursday"])
    assert out[3] == ["The Red Lion"]


def test_another_event_moved_onto_the_groups_date_is_no_decision() -> None:
    _, out = _run(["bake sale on sat 13th june?", "13th works", "13th is good", "Lovely. Saturday the 13th it is",
                   "oh no, the 13th. the town fair has been moved to that saturday and my whole road is going"])
    assert out[4] == []


def test_a_matter_labelled_before_a_spaced_dash() -> None:
    from polymem.language.matters import asked_matter

    assert asked_matter(["ok trains sorted. kitty - can we do £25 each?"]) == "kitty"
    assert asked_matter(["fine - the hall it is", "ALSO - the van is booked", "a well-known pub - nice"]) is None


def test_an_occasion_named_by_its_letters_is_a_word_of_its_matter() -> None:
    from polymem.language.chains import Chain

    c = Chain("", context="next up the EGM. the scout hut has offered a room. we need a room for the EGM by march")
    assert "egm" in c.keywords()
    assert "also" not in Chain("", context="ALSO the room is booked. ALSO the tea urn").keywords()


def test_lists_that_answer_or_remark_settle_nothing() -> None:
    _, out = _run(["the quiz is on again", "when's the quiz?", "the quiz, sunday 2pm"])
    assert out[2] == []  # the answer to a question asked
    _, out = _run(["spa day for her birthday?", "spa sounds nice", "a spa would be lovely", "the spa, £90 each, ouch"])
    assert out[3] == []  # a remark closes the list


def test_narrower_replacements_and_date_changes() -> None:
    from polymem.language import timeexpr
    from polymem.language.matters import asked_matter, wanted_anew
    from polymem.language.models import parsed

    assert wanted_anew(parsed("can we find somewhere else to park tho")) is None
    assert timeexpr.date_span("ok medals it is, for 1st-3rd place") is None
    assert asked_matter(["no worries - pub at 8?"]) is None
    _, out = _run(["reunion date? thinking sat 8th march", "8th works", "8th is good", "ok sat 8th march it is",
                   "the Feathers it is, and let's move the reply deadline to the 1st"])
    assert all("1st" not in v for v in out[4]), out[4]
