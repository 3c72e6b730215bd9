"""An option put forward by one's considering, said in the progressive ("I'm thinking Sun 9th May"), and the
group's change said with "let's" or "we" and only its new value ("let's move to the 21st"). Sentences written for
these tests."""

from __future__ import annotations

from polymem.language import group


def _acts(text: str) -> list[tuple[str, str | None]]:
    return [(a.act, a.value) for a in group.read(text)]


def test_an_option_one_is_thinking_of() -> None:
    assert _acts("still no venue sorted. I'm thinking sun 9th may") == [("proposal", "sun 9th May")]
    assert _acts("I was thinking Thursday tbh") == [("proposal", "Thursday")]
    for text in ("I'm thinking about you all", "I was thinking of quitting", "I'm thinking we should cancel",
                 "thinking of you today", "are you thinking Thursday?", "I'm thinking Ines is right",
                 "I'm thinking 4 nights is too long", "I'm thinking the green one suits you"):
        assert _acts(text) == [], text


def test_a_change_with_only_its_new_value() -> None:
    assert _acts("ok let's move to the 21st then") == [("reversal", "the 21st")]
    assert _acts("fine, we car pool, and let's move to the 3rd anyway") == [("reversal", "the 3rd")]
    assert _acts("she moved to the 21st floor") == []  # one person's move, no group change
    for text in ("we moved to Cork last year", "let's move to the sofa", "let's move on to the pudding"):
        assert _acts(text) == [], text
