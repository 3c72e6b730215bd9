"""Readings of the fiftieth pass: a post given to a member "from now on" is a decision of the group (the post the
matter, the person its value), "from now on" read wherever the parser hangs it, an option put forward being
booked in the progressive, a change labelled "changing it:" before a verbless list, "<X> it is" where X is a word no
dictionary knows, an option joined to one put forward by "or", two values told apart by their colours, and a
month cut short beside a day's number. Sentences written for these tests (no data set's
words, names or values)."""

from __future__ import annotations

from polymem.language import concluding
from polymem.language.decision_clauses import same
from polymem.language.decisions import DecisionTracker
from polymem.language.models import clean, parsed


def settled(lines: list[str]) -> list[tuple[str, str | None, str | None]]:
    """(value, chain topic, value reversed) of each decision the tracker reads from the lines, one speaker each."""
    tr = DecisionTracker()
    return [(d.value, tr.chain_of(d).topic, d.reverses) for i, text in enumerate(lines)
            for d in tr.feed(text, f"m{i}", f"p{i % 3}", None)]


def clause(text: str) -> tuple[str | None, str] | None:
    hit = concluding.concluded_clause(next(iter(parsed(text).sents)))
    return None if hit is None else (hit[0], hit[1].text)


def test_a_post_given_from_now_on_is_the_groups_decision() -> None:
    assert clause("Ysella is treasurer from now on") == ("treasurer", "Ysella")
    assert clause("ok so Tobiah is host now") == ("host", "Tobiah")
    assert clause("so Ysella is a nurse now") is None  # (a person's own job: an article before the noun)
    assert clause("Ysella is treasurer") is None  # (nothing concludes: no opener, no "from now on")
    assert settled(["I'd put Tobiah forward to run the kitty", "seconded", "Tobiah is treasurer from now on 🎉"]) == \
        [("Tobiah", "treasurer", None)]


def test_from_now_on_holds_wherever_the_parser_hangs_it() -> None:
    assert clause("rehearsals are at the lido from now on") == ("rehearsal", "lido")
    assert clause("rehearsals are at the lido") is None
    assert clause("the kayaks move from the shed to the quay") is None  # (the source of a move, no time)


def test_an_option_put_forward_being_booked_settles_it() -> None:
    lines = ["options: the hostel by the docks, £40 each, or the Quillon Inn, £55 each",
             "ok booking the Quillon Inn, two doubles. treasurer's call"]
    assert [v for v, _, _ in settled(lines)] == ["the Quillon Inn"]  # (the option after "or" is put forward too)
    assert [v for v, _, _ in settled([lines[0], "I'm booking the Quillon Inn now"])] == ["the Quillon Inn"]
    # (a booking of something nobody put forward settles nothing)
    assert settled([lines[0], "booking the dentist for monday"]) == []


def test_a_change_labelled_before_a_verbless_list_is_the_new_value() -> None:
    got = settled(["decided then: teal sails, brass cleats", "hmm the old photos show ochre sails",
                   "ok changing it: ochre sails, bronze cleats. cancelling the teal order"])
    assert [v for v, _, _ in got] == ["teal sails", "ochre sails"]
    assert got[1][2] == "teal sails"
    assert settled(["ok changing it: we go by bus"]) == []  # (a clause, not a list)
    assert not same("teal sails", "ochre sails")
    assert same("the teal sails", "teal sails")


def test_a_word_no_dictionary_knows_before_it_is_is_an_option() -> None:
    got = settled(["options: nestful in Pellham or the caravan at Thornaby", "nestful, the caravan leaks",
                   "nestful in Pellham it is, Ysella pls book"])
    assert [v for v, _, _ in got] == ["nestful in Pellham"]  # (tagged an adjective)
    assert settled(["great it is"]) == []  # (a word of assent)


def test_a_month_cut_short_beside_a_day_is_the_month() -> None:
    assert clean("fete at the lido, sept 12 stays.") == "fete at the lido, Sept 12 stays."
    assert clean("dec 3 works") == "Dec 3 works"
    assert clean("we may be late") == "we may be late"
    assert clean("the dec was lovely") == "the dec was lovely"  # (no day's number beside it)
