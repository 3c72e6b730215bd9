"""Readings of the fiftieth pass: a post given to a member "from now on" is a decision of the group (the post the
matter, the person its value), "from now on" read wherever the parser hangs it, an option put forward being
booked in the progressive, a change labelled "changing it:" before a verbless list, "<X> it is" where X is a word no
dictionary knows, an option joined to one put forward by "or", two values told apart by their colours, a post
offered with the "I" dropped, a pet named in lower case after the animal, "'s" before an article read as "is", a town
one travels "home to", a vote for an option, and a
month cut short beside a day's number. Sentences written for these tests (no data set's
words, names or values)."""

from __future__ import annotations

from polymem.language import concluding
from polymem.language.acts import judgement
from polymem.language.decision_clauses import same
from polymem.language.decisions import DecisionTracker
from polymem.language.group import read as group_read
from polymem.language.models import clean, parsed
from tests.language.reads import READER, values


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
    assert clause("Ysella is our treasurer from now on") == ("treasurer", "Ysella")
    assert clause("so Ysella is a nurse from now on") is None  # (a person's own job: an article before the noun)
    assert clause("so Tobiah is nurse now") is None  # (news of a job: no "from now on")
    assert clause("Ysella is treasurer") is None  # (nothing concludes: no opener, no "from now on")
    assert settled(["I'd put Tobiah forward to run the kitty", "seconded", "Tobiah is treasurer from now on 🎉"]) == \
        [("Tobiah", "treasurer", None)]


def test_from_now_on_holds_wherever_the_parser_hangs_it() -> None:
    assert clause("rehearsals are at the lido from now on") == ("rehearsal", "lido")
    assert clause("rehearsals are at the lido") is None
    assert clause("from now on, rehearsals are at the lido") == ("rehearsal", "lido")
    assert clause("the kayaks move from the shed to the quay") is None  # (the source of a move, no time)
    assert clause("rehearsals are at the lido a week from now") is None  # (a day ahead, not from now on)
    assert clause("the bake sale is at the lido because the hall is shut from now on") is None  # (another clause)


def test_an_option_put_forward_being_booked_settles_it() -> None:
    lines = ["options: the hostel by the docks, £40 each, or the Quillon Inn, £55 each",
             "ok booking the Quillon Inn, two doubles. treasurer's call"]
    assert [v for v, _, _ in settled(lines)] == ["the Quillon Inn"]  # (the option after "or" is put forward too)
    assert [v for v, _, _ in settled([lines[0], "I'm booking the Quillon Inn now"])] == ["the Quillon Inn"]
    # (a booking of something nobody put forward settles nothing; nor one turned down)
    assert settled([lines[0], "booking the dentist for monday"]) == []
    assert settled([lines[0], "not booking the Quillon Inn, way over budget"]) == []
    # (each name of two words)
    assert [v for v, _, _ in settled(["we could try the Brass Kettle or the Old Forge",
                                      "ok booking the Old Forge for 11, six of us"])] == ["the Old Forge"]


def test_a_change_labelled_before_a_verbless_list_is_the_new_value() -> None:
    got = settled(["decided then: teal sails, brass cleats", "hmm the old photos show ochre sails",
                   "ok changing it: ochre sails, bronze cleats. cancelling the teal order"])
    assert [v for v, _, _ in got] == ["teal sails", "ochre sails"]
    assert got[1][2] == "teal sails"
    assert settled(["ok changing it: we go by bus"]) == []  # (a clause, not a list)
    assert settled(["farewell drinks at the Pellham Arms, friday 7pm", "changing it: typo"]) == []  # (a line corrected)
    assert [v for v, _, _ in settled(["we settled on the Pellham Arms for friday",
                                      "not changing it: the Pellham Arms, friday. stop asking"])] == ["the Pellham Arms"]
    assert not same("teal sails", "ochre sails")
    assert same("the teal sails", "teal sails")


def test_a_word_no_dictionary_knows_before_it_is_is_an_option() -> None:
    got = settled(["options: nestful in Pellham or the caravan at Thornaby", "nestful, the caravan leaks",
                   "nestful in Pellham it is, Ysella pls book"])
    assert [v for v, _, _ in got] == ["nestful in Pellham"]  # (tagged an adjective)
    assert settled(["great it is"]) == []  # (a word of assent)
    assert settled(["is the Brass Kettle still doing food on fridays?", "yep it is", "lol it is, curry night"]) == []


def test_options_joined_by_or_are_put_forward_alike() -> None:
    def options(text: str) -> list[str]:
        tr = DecisionTracker()
        tr.feed(text, "m0", "p1", None)
        return [o[0] for o in tr.options]

    assert "the Old Forge" in options("we could try the Brass Kettle or the Old Forge")
    assert "pasties" not in options("how about the beach with sandwiches or pasties")  # (what to bring, no rival)


def test_a_month_cut_short_beside_a_day_is_the_month() -> None:
    assert clean("fete at the lido, sept 12 stays.") == "fete at the lido, Sept 12 stays."
    assert clean("dec 3 works") == "Dec 3 works"
    assert clean("we may be late") == "we may be late"
    assert clean("the dec was lovely") == "the dec was lovely"  # (no day's number beside it)


def test_a_post_offered_with_the_i_dropped_is_the_speakers() -> None:
    assert values("big news! got offered shift supervisor at Brackwater Foods!!", "job") == \
        ["shift supervisor at Brackwater Foods"]
    assert values("got offered shift supervisor at Brackwater Foods but I said no", "job") == []  # (refused)
    assert values("got offered a lift home by Tobiah", "job") == []  # (no post)


def test_a_pet_named_in_lower_case_between_the_animal_and_a_verb() -> None:
    assert clean("my old rabbit quillon has a cold") == "my old rabbit Quillon has a cold"
    assert clean("my dog tansy is a menace") == "my dog Tansy is a menace"  # (a plant's name)
    assert clean("my dog food is expensive") == "my dog food is expensive"
    assert clean("my dog walker is away") == "my dog walker is away"  # (a person's role)
    assert clean("my cat really is a menace") == "my cat really is a menace"
    pets = [s for s in READER.read("my old rabbit quillon has a cold", "ott") if s.attribute == "pet"]
    assert [(s.value, s.name) for s in pets] == [("rabbit", "Quillon")]


def test_an_apostrophe_s_before_an_article_is_is() -> None:
    assert clean("Tobiah's a snob. kind though") == "Tobiah is a snob. kind though"
    assert clean("let's a go") == "let's a go"
    assert clean("Tobiah's bike is a wreck") == "Tobiah's bike is a wreck"  # (a possessive before its noun)
    assert judgement("Tobiah's a snob. kind, though, in his way") == 1.0  # (a judgement of a person)


def test_where_one_travels_home_to_is_home() -> None:
    assert values("the drive home to Tartu took ages, roadworks everywhere", "city") == ["Tartu"]
    assert values("on my way home to Narva, see you all friday", "city") == ["Narva"]
    assert values("flying home to Narva for christmas", "city") == []  # (a family's home for a season)
    assert values("Sefa is driving home to Narva", "city") == []  # (someone else's)
    assert values("home to Tartu?", "city") == []


def test_a_vote_for_an_option_puts_it_forward() -> None:
    def put(text: str) -> list[str]:
        return [a.value for a in group_read(text) if a.act == "proposal"]

    assert put("I vote ochre sails. classic look, great in photos") == ["ochre sails"]
    assert put("I vote teal. looks great") == ["teal"]  # (a colour the tagger reads as an adverb)
    assert put("I vote for the Brass Kettle") == ["the Brass Kettle"]
    assert put("I voted for the boathouse last year") == []  # (a past vote)


def test_the_second_review_s_sentences_read_nothing() -> None:
    assert clean("3 dec works") == "3 Dec works" and clean("dec 3rd is fine") == "Dec 3rd is fine"
    assert clean("I borrowed Lem's The Hobbit") == "I borrowed Lem's The Hobbit"  # (a title after the possessive)
    assert clean("my horse chestnut is dropping conkers") == "my horse chestnut is dropping conkers"  # (a tree)
    assert values("driving my mum home to Tartu tonight", "city") == []  # (someone taken home)
    assert values("I used to drive home to Narva every weekend", "city") == []
    assert [a.value for a in group_read("I wouldn't vote for the lido") if a.act == "proposal"] == []
    assert [a.value for a in group_read("I vote again tomorrow") if a.act == "proposal"] == []
    assert settled(["options: the hostel by the docks, £40 each, or the Quillon Inn, £55 each",
                    "no way I'm booking the Quillon Inn"]) == []
