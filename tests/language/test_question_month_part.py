"""A month a question names, whole or cut short, and the part of it asked ("early", "mid", "the end of"), on
questions written for these tests."""

from __future__ import annotations

from polymem.language.questions import parse_question


def test_the_part_of_a_named_month() -> None:
    f = parse_question("Where was Ilse living in early Sept?", mentioned=1)
    assert (f.form, f.attribute, f.month, f.part) == ("state_at", "city", 9, "early")
    g = parse_question("What was Ilse's job in the middle of October?", mentioned=1)
    assert (g.month, g.part) == (10, "mid")
    h = parse_question("What did Ilse do for work in November?", mentioned=1)
    assert (h.month, h.part) == (11, None)


def test_the_start_of_a_month_is_not_the_start_of_the_chat() -> None:
    f = parse_question("Where was Ilse living at the start of March?", mentioned=1)
    assert (f.month, f.part, f.at) == (3, "early", None)
    g = parse_question("Where was Ilse living at the start of the chat?", mentioned=1)
    assert (g.month, g.at) == (None, "start")


def test_a_verb_before_the_month_names_no_part() -> None:
    f = parse_question("What job did Ilse start in March?", mentioned=1)
    assert (f.month, f.part) == (3, None)
    g = parse_question("Where was Ilse living in mid-October?", mentioned=1)
    assert (g.month, g.part) == (10, "mid")
