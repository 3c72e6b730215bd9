"""Readings that made a home, a job or a pet of what was none (thirtieth pass; sentences written for these
tests): an opinion, a past visit, a firm's town, a word of praise, a verb of using, a pronoun for an animal, a
denial, a relative's title. And one reading that was missing: a reply that stays put."""

from __future__ import annotations

from datetime import datetime

from polymem.language import lexical as lex
from polymem.language.creatures import _names, a_relative
from polymem.language.models import parsed
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wenonah Price", "Wenonah")), Person("p2", ("Tobiah Lind", "Tobiah"))]
NOW = datetime(2026, 3, 9, 18, 0)


def _read(text: str, attribute: str, other: str | None = "p2") -> set[tuple[str, str]]:
    r = StatementReader(ROSTER, by_meaning=False)
    return {(s.owner, s.value) for s in r.read(text, "p1", NOW, "m1", last_other=other) if s.attribute == attribute}


def _chat(lines: list[tuple[str, str]], attribute: str) -> list[set[tuple[str, str, str]]]:
    r = StatementReader(ROSTER, by_meaning=False)
    out = r.read_many([(t, who, NOW, f"m{i}") for i, (who, t) in enumerate(lines)])
    return [{(s.owner, s.value, s.name) for s in sts if s.attribute == attribute} for sts in out]


def test_an_opinion_or_a_past_visit_places_nobody() -> None:
    # "imo" is "in my opinion": a thought of one's own says nothing of where one is
    assert _read("honestly slovenia makes more sense imo, cheaper flights", "city") == set()
    # "I was there once": a trip told in the past, the place praised from elsewhere
    assert _read("Bergen is gorgeous, I was there for a wedding years ago", "city") == set()
    # guards: one's own things and the present still place the speaker
    assert ("p1", "Tromsø") in _read("Tromsø is dark by 2pm, my kitchen window is all frost", "city")
    assert ("p1", "Tromsø") in _read("Tromsø is freezing, I'm wearing three jumpers", "city")


def test_a_firms_town_is_not_the_speakers_home() -> None:
    text = "I'm thrilled, honestly: starting at Lumenfold Labs in Utrecht in may, data quality"
    assert _read(text, "city") == set()
    # guard: the speaker's own town still counts ("here in ...")
    assert ("p1", "Utrecht") in _read("Utrecht is all sunshine today, I'm thrilled", "city")


def test_praise_and_a_verb_of_using_are_no_trade() -> None:
    assert not lex.is_occupation("genius") and not lex.is_occupation("user")
    assert lex.is_occupation("butcher") and lex.is_occupation("cashier") and lex.is_occupation("teacher")
    assert _read("Swapped the starter for soup because of me. Have I mentioned I'm a genius", "job") == set()
    assert _read("plus we put the kitty towards two nights at a spa in Bled", "job") == set()
    assert _read("so we use the leftover money for a night at a hotel in Bled", "job") == set()
    assert ("p1", "teacher at Hollin Brook Primary") in _read("I teach at Hollin Brook Primary", "job")


def test_an_opening_participle_is_the_speakers_doing() -> None:
    # "they" is the firm: the new post is the speaker's, not the member named last
    got = _read("quit the bakery!! starting at Brindlecote Joinery next month, they build boats", "job")
    assert ("p1", "Brindlecote Joinery") in got and not any(o == "p2" for o, _ in got)


def test_he_after_an_animal_is_the_animal() -> None:
    text = "the flat in oslo is no pets, and flying a tortoise over is a nightmare. he's going to live with mum " \
           "in tromsø."
    assert not any(o == "p2" for o, _ in _read(text, "city"))
    # guard: "he" after a member named is still that member
    assert ("p2", "Tromsø") in _read("Tobiah got the transfer! he's moving to Tromsø in june", "city")
    # guard: a member named in the message before the animal keeps the pronoun
    assert ("p2", "grey tabby") in _read("Tobiah showed me his new kitten just now, he's adopted a grey tabby "
                                         "called Miso", "pet")


def test_a_denied_animal_is_nobodys() -> None:
    assert _read("Found it behind the radiator. Not my lizard, not my problem, but I checked every drawer", "pet") \
        == set()
    assert ("p1", "lizard") in _read("my lizard got behind the radiator again", "pet")


def test_a_relatives_title_is_no_pets_name() -> None:
    # creatures.py drops such names before reading any creature's kind from the talk around them
    assert all(a_relative(n) for n in ("Mum", "Grandad", "Nan", "Auntie"))
    assert not any(a_relative(n) for n in ("Biscuit", "Buddy", "Sable", "Pepper"))


def test_staying_put_answers_a_question_about_moving() -> None:
    lines = [("p2", "Wenonah, are you moving to Haarlem then?"),
             ("p1", "no, staying in leiden, it's 20 min on the train and the rent is too good to give up")]
    r = StatementReader(ROSTER, by_meaning=False)
    read = r.read_many([(t, who, NOW, f"m{i}") for i, (who, t) in enumerate(lines)])[1]
    assert [(s.owner, s.value, s.weak) for s in read if s.attribute == "city"] == [("p1", "Leiden", False)]
    # guard: out of the blue, "staying in" a place is a trip
    assert _chat([("p1", "staying in a hostel in Rome for the week lol")], "city")[0] == set()


def test_a_home_sold_is_a_home_left() -> None:
    r = StatementReader(ROSTER, by_meaning=False)
    sold = [(s.value, s.tense) for s in r.read("big news: we have sold the cottage in Aberdeen.", "p1", NOW, "m1")
            if s.attribute == "city"]
    assert sold == [("Aberdeen", "past")]
    bought = [(s.value, s.tense) for s in r.read("we bought a flat in Aberdeen!", "p1", NOW, "m1")
              if s.attribute == "city"]
    assert bought == [("Aberdeen", "present")]


def test_no_more_of_a_thing_does_not_negate_the_move() -> None:
    got = _read("In June we move into a flat in Aberdeen, so no more hour-long commute and no more sheep", "city")
    assert ("p1", "Aberdeen") in got


def test_a_post_in_the_plain_future_is_taken() -> None:
    assert ("p1", "harbour pilot at Solent Marine") in _read(
        "Handed my notice in. From June I'll be a harbour pilot with Solent Marine.", "job")
    assert _read("if they take me I'll be a harbour pilot with Solent Marine", "job") == set()


def test_the_head_of_a_field_job_is_the_post() -> None:
    assert ("p1", "head of science at Marlpit Academy") in _read(
        "I've accepted the head of science job at Marlpit Academy, starting in september", "job")


def test_a_pronoun_after_a_name_nobody_goes_by_is_theirs() -> None:
    text = "Good news for the rota: Maureen would like to help with the books, she was an accountant in Crewe " \
           "for years."
    assert not any(o == "p2" for o, _ in _read(text, "job"))


def test_a_promise_places_nobody() -> None:
    assert _read("Aberdeen has lovely fells. I will write you a glowing reference", "city") == set()


def test_a_quality_is_no_trade() -> None:
    r = StatementReader(ROSTER)  # the classifier's reading too
    got = [s.value for s in r.read("My tortoise! ninety years old, grumpy, excellent judge of character.", "p1",
                                   NOW, "m1") if s.attribute == "job"]
    assert got == []


def test_a_feasts_name_on_a_common_noun_is_no_creatures_name() -> None:
    # the candidates creatures.py reads a kind for: "the Easter barbecue" names no creature, "Rufus" may
    doc = parsed("Rufus would chew them to bits. (My springer spaniel, for anyone who missed him at the Easter "
                 "barbecue.)")
    assert [k for k, _ in _names(doc, lambda w: False)] == ["rufus"]
