"""Readings of the fifty-first pass: a role that opens a line though the tagger took it for a name or a verb,
officers of the law and messengers as trades (not a word WordNet marks obscene), a stretch "as a" role still to
start, work "in a" workplace, "back in" a town, an animal shown and then named in a line of its own, a phrase the
talk said chosen after a word of assent (up to a clause that goes on from it, past an option refused in passing),
and a degree past what will do ("too far for us") as talk against a value. Sentences written for these tests (no
data set's words, names or values)."""

from __future__ import annotations

from polymem.language import lexical as lex
from polymem.language.chains import against
from polymem.language.decisions import DecisionTracker
from tests.language.reads import READER, values


def settled(lines: list[str]) -> list[tuple[str, str | None]]:
    """(value, value reversed) of each decision the tracker reads from the lines, one speaker each."""
    tr = DecisionTracker()
    return [(d.value, d.reverses) for i, text in enumerate(lines) for d in tr.feed(text, f"m{i}", f"p{i % 3}", None)]


def pets(text: str) -> list[tuple[str, str]]:
    return [(s.value, s.name) for s in READER.read(text, "ott") if s.attribute == "pet"]


def cities(text: str, speaker: str = "ott") -> list[tuple[str, str]]:
    return [(s.value, s.tense) for s in READER.read(text, speaker) if s.attribute == "city"]


def jobs(text: str) -> list[tuple[str, str]]:
    return [(s.value, s.tense) for s in READER.read(text, "ott") if s.attribute == "job"]


def test_law_officers_and_messengers_are_trades_but_not_insults() -> None:
    assert lex.is_occupation("warden") and lex.is_occupation("courier") and lex.is_occupation("policeman")
    assert not lex.is_occupation("dick") and not lex.is_occupation("screw")  # (obscene in some sense: an insult)
    assert not lex.is_occupation("pig")  # (an animal first)


def test_a_role_opening_a_line_is_read_whatever_the_tagger_made_of_it() -> None:
    # (the tagger reads the lower-case role as a name or a verb here)
    assert jobs("right, yes. deputy warden at the Brackwater estuary reserve, start in june. so long night bus") == \
        [("deputy warden at the Brackwater estuary reserve", "present")]
    assert jobs("warden at the Pellham dunes reserve, starting in march.") == \
        [("warden at the Pellham dunes reserve", "present")]
    assert jobs("plumber at 3 tomorrow") == []  # (no workplace)


def test_a_stretch_as_a_role_still_to_start_is_a_post_taken() -> None:
    assert ("lecturer", "present") in jobs("three years as a lecturer at the Thornaby institute, starting october")
    # (a start in the past, with the stretch spent: over; a stretch after which another start comes: over)
    spent = jobs("spent three years as a lecturer at the Thornaby institute, starting in 2015, then left")
    assert spent and all(t == "past" for _, t in spent)
    after = jobs("after six years as a welder, starting fresh as a baker in july")
    assert ("welder", "past") in after


def test_work_in_a_workplace_names_the_employer() -> None:
    assert values("i work in a museum, the old coins are my favourite bit", "job") == ["worker at a museum"]
    assert values("i work in Tartu", "job") == []  # (a town is where one works, no employer)


def test_back_in_a_town_is_where_the_speaker_is() -> None:
    assert cities("back in Narva after the week at the coast. the cat is still sulking") == [("Narva", "present")]
    assert cities("she's back in Narva") == []  # (someone else)
    assert cities("I'll be back in Narva on friday") == []  # (a plan)


def test_an_animal_shown_then_named_in_a_line_of_its_own() -> None:
    assert pets("my hedgehog! wobbleton. he naps in a crate by the radiator") == [("hedgehog", "Wobbleton")]
    assert pets("my PARROT sefa. Commodore. loud green fellow, you've met him") == [("parrot", "Commodore")]
    assert pets("my cat! haha.") == [("cat", "")] and pets("my cat! the sofa.") == [("cat", "")]
    # (an unnamed animal of another kind in the same message stays)
    assert sorted(pets("my hedgehog! Wobbleton. my rabbit hates him though")) == [("hedgehog", "Wobbleton"),
                                                                                    ("rabbit", "")]
    assert pets("my hedgehog! so spiky.") == [("hedgehog", "")]  # (a remark, no name)
    assert pets("my hedgehog! Tartu.") == [("hedgehog", "")]  # (a town is no name given)


def test_a_phrase_the_talk_said_chosen_after_assent() -> None:
    lines = ["the estimates came back. solar panels: 9k. new windows: 5k",
             "oof",
             "fine. new windows, and we look at panels again next year"]
    assert settled(lines) == [("new windows", None)]
    # (past an option refused in passing; the phrase cut before the clause that goes on from it)
    lines = ["do we sell the caravan or keep it?",
             "could we rent it out as a glamping pod? would pay for the repairs",
             "glamping pod sounds good",
             "ok. not selling. glamping pod, and we find someone to manage the bookings"]
    assert settled(lines) == [("glamping pod", None)]
    # (a word of assent said to someone is no choice; nor a phrase nobody talked of)
    assert settled(["I said yes chef in a cooking class once", "yes chef"]) == []
    assert settled(["the estimates came back", "fine. heated driveway, and we pay later"]) == []


def test_a_degree_past_what_will_do_is_talk_against() -> None:
    assert against("the walls are too draughty for panels to help much")
    assert not against("me too") and not against("the park is lovely too")
    lines = ["the estimates came back", "fine. solar panels it is",
             "bad: the roof is too weak for solar panels, the surveyor says", "new windows: 5k",
             "fine. new windows, and we look again next year"]
    assert settled(lines) == [("solar panels", None), ("new windows", "solar panels")]


def chains(lines: list[str]) -> list[tuple[str, str, str | None]]:
    """(value, chain topic, value reversed) of each decision, one speaker each."""
    tr = DecisionTracker()
    return [(d.value, tr.chain_of(d).topic, d.reverses) for i, text in enumerate(lines)
            for d in tr.feed(text, f"m{i}", f"p{i % 3}", None)]


def test_trouble_with_the_place_settled_keeps_open_through_a_long_talk() -> None:
    lines = ["where shall we hold the open day? the Brass Kettle has a function room",
             "the Brass Kettle works for me", "ok: the Brass Kettle. booked",
             "bad news. the Brass Kettle flooded, the function room is shut till summer"]
    lines += [f"filler line {n} about the raffle prizes and who brings the urn" for n in range(14)]
    lines += ["what about the Old Forge? they hire out the loft", "the Old Forge sounds good",
              "right: the Old Forge. booked for real"]
    got = chains(lines)
    assert got[0][0] == "the Brass Kettle" and got[-1][0] == "the Old Forge"
    assert got[-1][2] == "the Brass Kettle" and got[-1][1] == got[0][1]  # (one matter, the new place replacing)


def test_bad_news_right_after_a_choice_troubles_that_choice() -> None:
    lines = ["who hosts the winter lunch? I can do Narva", "Narva it is then",
             "hmm, bad news: the rota has me working late all week, so I can't host", "come to Tartu then, we have room",
             "yes please. Tartu, we'll take the early train on the 23rd"]
    got = chains(lines)
    assert [v for v, _, _ in got] == ["Narva", "Tartu"]
    assert got[1][2] == "Narva" and got[1][1] == got[0][1]


def test_a_matter_named_by_what_the_value_was_said_to_be() -> None:
    got = chains(["trivia night is wednesdays then", "wednesdays it is"])
    assert got == [("wednesdays", "trivia night", None)]


def test_too_much_for_another_purpose_is_not_against_the_value() -> None:
    assert not against("the lido is too cold for that, what about the Brass Kettle?")
    assert against("the lido is too cold for us in March")


def test_review_counter_examples_settle_nothing() -> None:
    # (a refusal's "not" is no assent; a judgement agreed with is no choice)
    assert settled(["where for drinks friday? the Crown or the Swan", "not sure. the Swan."]) == []
    assert settled(["the weather is awful", "yes. awful weather."]) == []
    # ("not a problem" flags no trouble: the next choice is another matter's, not a change of the film)
    got = chains(["film for sunday? Dune or Heat", "Dune it is", "could you book the seats?",
                  "not a problem. happy to help", "snacks? popcorn or crisps", "crisps it is"])
    assert [(v, r) for v, _, r in got] == [("Dune", None), ("crisps", None)]
    assert not against("honestly the Crown is just too good to skip") and not against("we had too much fun at the Crown")
