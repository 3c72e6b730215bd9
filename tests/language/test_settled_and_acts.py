"""Plain assertions that set a group matter, agreement replies, judgements, residents and possessed pets, on
sentences written for these tests (in no data set)."""

from __future__ import annotations

import pytest

from polymem.language import acts
from polymem.language.settled import assignments
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wilhelmina Ashdown", "Mina")), Person("p2", ("Koffi Mensah", "Koffi")),
          Person("p3", ("Severine Dubois", "Sev"))]


@pytest.fixture(scope="module")
def reader() -> StatementReader:
    return StatementReader(ROSTER)


def pairs(text: str) -> list[tuple[str, str]]:
    return [(a.matter, a.value) for a in assignments(text)]


def test_a_plain_assertion_sets_a_matter() -> None:
    assert pairs("ok so the quiz night is now at the Old Granary, same time") == [("quiz night", "the Old Granary")]
    assert pairs("Our book for the autumn is Middlemarch.") == [("book", "Middlemarch")]
    assert pairs("the picnic has been moved to Larkspur Common") == [("picnic", "Larkspur Common")]


def test_questions_hedges_opinions_and_own_things_set_nothing() -> None:
    assert pairs("could the picnic be at Larkspur Common?") == []
    assert pairs("the picnic could be at Larkspur Common") == []
    assert pairs("my job is at the hospital now") == []
    assert pairs("the weather is awful") == []
    assert pairs("if the picnic is at Larkspur Common I'm out") == []


def test_agreement_replies() -> None:
    assert acts.is_agreement("Happily, count me in.")
    assert acts.is_agreement("Of course I will. Send it over")
    assert not acts.is_agreement("Sadly, no. I'm away that week")
    assert not acts.is_agreement("Really? no way")


def test_judgement_needs_a_person_like_subject() -> None:
    assert acts.judgement("honestly she's a little impatient on the bike") == 1.0
    assert acts.judgement("Vilnius is a lovely city") == 0.0
    assert acts.judgement("really narrow lanes everywhere") < acts.judgement("Kind soul, very stubborn.") < 1.0


def test_a_resident_of_a_place_lives_there(reader: StatementReader) -> None:
    got = [(s.attribute, s.owner, s.value) for s in reader.read("big news: Koffi's a Tartu resident now", "p3")]
    assert ("city", "p2", "Tartu") in got
    got = [(s.attribute, s.owner, s.value) for s in reader.read("pastry chef is officially my job title now", "p1")]
    assert ("job", "p1", "pastry chef") in got


def test_an_animal_someone_else_has_or_was_seen_is_no_pet(reader: StatementReader) -> None:
    for text in ("my cousin got a hamster, it keeps escaping into her kitchen",
                 "I read an article about otters last night",
                 "Sev is the most punctual human being I know",
                 "my calves are aching after that run"):
        assert all(s.attribute != "pet" for s in reader.read(text, "p1")), text
    assert any(s.attribute == "pet" and s.owner == "p1" for s in reader.read("my whippet stole a sandwich", "p1"))


def test_a_named_creature_with_a_lower_case_name(reader: StatementReader) -> None:
    def pets_of(text: str) -> list[tuple[str, str]]:
        return [(s.owner, s.value) for s in reader.read(text, "p1") if s.attribute == "pet"]

    assert pets_of("lol. pistachio is my gecko, he hates mornings") == [("p1", "gecko")]
    # the lizard is WordNet's 4th "dragon"; "bearded" (having a beard) names the breed, "grumpy" does not
    assert pets_of("Gizmo is my bearded dragon") == [("p1", "bearded dragon")]
    assert pets_of("Gizmo is my grumpy dragon") == [("p1", "dragon")]
    assert pets_of("crosswords are my hobby these days") == []
    assert pets_of("work is my passion honestly") == []


def test_handing_the_task_to_oneself_is_agreeing() -> None:
    from polymem.language.acts import is_agreement

    assert is_agreement("leave it with me, I know the harbourmaster")
    assert is_agreement("Leave that to me!")
    assert not is_agreement("give it to me")  # a request, not taking a task on
    assert not is_agreement("leave it alone, honestly")
