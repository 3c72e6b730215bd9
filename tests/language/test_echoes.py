"""Echoed options: a plain statement naming an option, then two other members naming it again with approval, is
the group's choice (language/echoes.py and the tracker that uses it)."""

from __future__ import annotations

from datetime import datetime

from polymem.language.decisions import DecisionTracker
from polymem.language.echoes import Echoes


def _run(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(message id, value) of each decision the tracker reads in the lines (speaker, text)."""
    tr = DecisionTracker()
    out = []
    for n, (who, text) in enumerate(lines):
        for d in tr.feed(text, f"x{n}", who, datetime(2026, 3, 1, 9, n)):
            out.append((f"x{n}", d.value))
    return out


def test_statement_then_two_approving_echoes_is_a_decision() -> None:
    lines = [("ana", "so for the spring social I rang a few places"),
             ("ana", "the upstairs room at Harrow Lane Tavern is free on the 12th and they'd do a buffet"),
             ("ben", "harrow lane tavern, perfect. good beer there"),
             ("cal", "love it, harrow lane tavern"),
             ("dee", "weather is meant to be grim next week")]
    got = _run(lines)
    assert [m for m, _ in got] == ["x3"]
    assert "harrow lane tavern" in got[0][1].lower()


def test_echoes_in_other_words_of_assent() -> None:
    lines = [("eli", "there's a pottery studio on Quarry Road that runs taster nights for groups"),
             ("fay", "quarry road pottery yes!!"),
             ("gus", "I'm in for quarry road pottery, sounds fun")]
    got = _run(lines)
    assert got and got[-1][0] == "x2" and "quarry road" in got[-1][1].lower()


def test_the_echoes_keep_who_named_it_as_support() -> None:
    e = Echoes()
    e.step("we could rent the Millbrook scout hut, it has a kitchen", "a1", "ana", 0)
    assert e.step("millbrook scout hut sounds great to me", "a2", "ben", 1) is None
    got = e.step("millbrook scout hut, agreed", "a3", "cal", 2)
    assert got is not None and got.message_id == "a1" and got.namer == "ana"
    assert set(got.echoes) == {"ben", "cal"}


def test_glad_for_someone_is_no_choice() -> None:
    lines = [("ana", "big news, my sister just moved to Pardubice for her new job"),
             ("ben", "Pardubice! good for her"),
             ("cal", "so happy for her, Pardubice is lovely"),
             ("dee", "great for her, say congrats from me")]
    assert _run(lines) == []


def test_an_option_turned_down_between_echoes_is_not_chosen() -> None:
    e = Echoes()
    e.step("the Bramble Cafe could host us on saturday", "b1", "ana", 0)
    e.step("bramble cafe sounds good", "b2", "ben", 1)
    e.step("no, not the bramble cafe, it's tiny", "b3", "dee", 2)
    assert e.step("bramble cafe, great", "b4", "cal", 3) is None


def test_own_echoes_and_other_clauses_do_not_count() -> None:
    e = Echoes()
    e.step("the Orchard Hall has a slot free", "c1", "ana", 0)
    assert e.step("orchard hall is perfect, I reckon", "c2", "ana", 1) is None  # the one who named it
    # the approval is of another thing in another clause: the option is only cancelled there
    assert e.step("the quiz sounds good to me, I'll cancel the orchard hall", "c3", "ben", 2) is None
    assert e.step("orchard hall, great", "c4", "cal", 3) is None  # one echo only so far


def test_a_person_talked_about_is_no_option() -> None:
    lines = [("ana", "Ysolde from the old choir asked whether she can come along"),
             ("ben", "Ysolde was always lovely to me"),
             ("cal", "ysolde is great, yes")]
    assert _run(lines) == []


def test_a_move_of_ones_own_is_no_plan() -> None:
    e = Echoes()
    e.step("Kolding is gorgeous in spring, the old town especially", "r1", "ana", 0)
    assert e.step("guess what, I'm moving to Kolding next month!", "r2", "ben", 1) is None
    assert e.step("Kolding!! amazing", "r3", "cal", 2) is None  # (one echo: ben's move took nothing up)


def test_a_title_is_echoed_whole() -> None:
    e = Echoes()
    e.step("for the zine title: Songs of the Marsh? or something moodier", "t1", "ana", 0)
    e.step("I like Songs of the Marsh", "t2", "ben", 1)
    got = e.step("Songs of the Marsh, great choice", "t3", "cal", 2)
    assert got is not None and got.value == "Songs of the Marsh"


def test_a_yes_taken_back_is_no_echo() -> None:
    e = Echoes()
    e.step("the Kestrel Inn does rooms for groups", "k1", "ana", 0)
    e.step("kestrel inn is lovely but it's miles from the station", "k2", "ben", 1)
    assert e.step("kestrel inn sounds great", "k3", "cal", 2) is None


def test_the_value_keeps_only_what_the_line_naming_it_said() -> None:
    e = Echoes()
    e.step("there's a tea room in the square called Copper Kettle", "v1", "ana", 0)
    e.step("omg copper kettle is perfect", "v2", "ben", 1)
    got = e.step("+1 copper kettle", "v3", "cal", 2)
    assert got is not None and got.value.lower() == "copper kettle"


def test_mockery_is_no_approval() -> None:
    e = Echoes()
    e.step("there's always the Rye Meadow services cafe", "s1", "ana", 0)
    e.step("oh yeah rye meadow sounds great 🙄 not", "s2", "ben", 1)
    assert e.step("rye meadow, wow, so exciting /s", "s3", "cal", 2) is None


def test_an_option_called_off_in_between_is_not_chosen() -> None:
    e = Echoes()
    e.step("we could do the Slate Barn climbing wall", "c1", "ana", 0)
    e.step("slate barn sounds great", "c2", "ben", 1)
    e.step("actually scratch the slate barn, it's shut on mondays", "c3", "ana", 2)
    assert e.step("slate barn yes!!", "c4", "cal", 3) is None


def test_a_yes_on_a_condition_decides_nothing() -> None:
    lines = [("ana", "we could do the 19th"),
             ("ben", "the 19th works if my shift swap goes through"),
             ("cal", "the 19th works only if we start after six")]
    assert _run(lines) == []
