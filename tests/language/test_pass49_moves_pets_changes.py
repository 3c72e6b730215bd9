"""Readings of the forty-ninth pass: a move "from X to Y" whose "to Y" the parser hangs on the town left, a move
written with an arrow between two towns, an animal come into the speaker's keeping from someone else, a name
given by a bare participle ("..., named X"), a matter changed to a sum or moved to a value after a word of assent
("agreed, subs go to £9"), a "new plan:" label hung on the verb, "quit X. she's at Y now", every member's town
asked as "who is where?", and a breed asked. Sentences written for these tests (no data set's words, names or
values)."""

from __future__ import annotations

from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed
from polymem.language.pets import asks_breed, breed_in
from polymem.language.question_group import who_and_where
from polymem.language.sums_set import amount_changed
from tests.language.reads import READER, owned, values


def test_a_move_from_one_town_to_another_goes_to_the_second() -> None:
    # (the parser hangs "to Narva" on "from Tartu" here)
    assert "Narva" in values("moving up from Tartu to Narva on the 3rd", "city")
    assert "Jihlava" in values("moving from olomouc to jihlava next week", "city")
    assert values("flying from Olomouc to Jihlava on friday", "city") == []  # (a trip, no home)


def test_a_move_written_with_an_arrow_goes_where_it_points() -> None:
    assert values("haha yep. Olomouc → Port Quillmarsh, moved last sunday.", "city") == ["Port Quillmarsh"]
    assert values("finally moved. Olomouc => Jihlava", "city") == ["Jihlava"]
    assert values("finally moved!! Chaos -> Calm", "city") == []  # (no town)
    assert values("we moved last year. anyway standup is Mon -> Tue now", "city") == []
    # someone else's move is not the speaker's, however the arrow runs
    assert ("ott", "Jihlava") not in owned("my sister moved, Olomouc → Jihlava", "city")


def test_an_animal_come_into_the_speakers_keeping_from_someone_else_is_theirs() -> None:
    assert values("so we've inherited my late uncle's parrot.", "pet") == ["parrot"]
    assert values("I took in my neighbour's cat when she went into care", "pet") == ["cat"]
    assert values("I have his parrot this week while he travels", "pet") == []  # (minded, not owned)
    assert values("I took in my brother's rabbit for a fortnight", "pet") == []
    assert values("I got his rabbit to the vet at noon", "pet") == []
    assert owned("I took in Sefa's cat for the weekend", "pet") != [("ott", "cat")]  # (a member's, minded)


def test_a_bare_participle_of_naming_names_the_animal_just_described() -> None:
    pets = [s for s in READER.read("we adopted a rabbit. two years old, named Captain Tobiah.", "ott")
            if s.attribute == "pet"]
    assert [(s.value, s.name) for s in pets] == [("rabbit", "Captain Tobiah")]
    pets = [s for s in READER.read("we adopted a kitten. then lunch at a cafe called Ysella", "ott")
            if s.attribute == "pet"]
    assert [s.name for s in pets] == [""]  # (a cafe named, not the kitten)


def test_a_sum_changed_after_a_word_of_assent_is_settled_at_its_new_value() -> None:
    def read(text: str) -> tuple[str, str] | None:
        return next((c for s in parsed(text).sents if (c := amount_changed(s)) is not None), None)

    assert read("agreed, subs go to £9 from June.") == ("sub", "£9")  # (a verb of undergoing a change)
    assert read("the rent is going up to 900 after easter") is None  # (no sum named with its currency)
    assert read("the fee could go up to £40") is None

    def settled(lines: list[str]) -> list[tuple[str, str | None]]:
        tr = DecisionTracker()
        return [(d.value, tr.chain_of(d).topic) for i, text in enumerate(lines) for d in tr.feed(text, f"m{i}", "p1", None)]

    assert settled(["ok, the bunting or the lanterns for the fete?", "agreed, subs go to £9 from June."]) == \
        [("£9", "sub")]
    assert settled(["to cover the new kettle, subs go to £9 from June."]) == []  # (put forward, not settled)
    assert settled(["ok, practice moves to Wednesdays"]) == [("Wednesdays", "practice")]


def test_a_new_plan_label_hung_on_the_verb_still_announces_a_decision() -> None:
    tr = DecisionTracker()
    got = tr.feed("Right. New plan: the picnic's over at our house in Torun, lawn + gazebo.", "m1", "p1", None)
    assert [d.value for d in got] == ["our house in Torun"]


def test_a_named_organisation_one_is_at_now_after_quitting_is_the_new_post() -> None:
    assert owned("Sefa quit Brackwater Foods. she is at Pellham Mills now", "job") == \
        [("sefa", "Brackwater Foods"), ("sefa", "Pellham Mills")]
    assert owned("I'm at Pellham Mills now", "job") == []  # (no post left: maybe a visit)
    assert owned("Sefa left Brackwater Foods. she is at Olomouc now", "job") == \
        [("sefa", "Brackwater Foods")]  # (a town one is at)


def test_who_is_where_in_the_present_pairs_every_member_with_a_town() -> None:
    assert who_and_where(parsed("With everyone shuffled around lately, who is where?"))
    assert who_and_where(parsed("Who is where now?"))
    assert not who_and_where(parsed("Who was where when the storm hit?"))  # (another time)
    assert not who_and_where(parsed("who is where during the festival?"))
    assert not who_and_where(parsed("Who asked where the party is?"))


def test_a_breed_asked_is_the_narrower_kind_a_line_names() -> None:
    assert asks_breed(parsed("Which breed is Tobiah's hound?"))
    assert asks_breed(parsed("what sort of lizard did Sefa buy?"))
    assert not asks_breed(parsed("which type of pet is Nibs really?"))  # (the everyday kind answers)
    assert not asks_breed(parsed("what kind of job does she have?"))
    assert breed_in(parsed("we collected our springer spaniel pup on sunday"), "dog") == "springer spaniel"
    assert breed_in(parsed("my new corn snake is shy"), "snake") == "corn snake"
    assert breed_in(parsed("meet my puppy"), "dog") is None  # (a young one, no kind)
    assert breed_in(parsed("my dog hates cats"), "dog") is None
