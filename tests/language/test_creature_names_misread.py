"""Names of animals the parser misreads: a name after an opening "in <adjective> news" hung on the "in" as if a place, a common
word read as a gerund ("Earthling would ...") (creatures.creature_pets). Lines written for these tests."""

from __future__ import annotations

from polymem.language.statement_types import Person
from polymem.language.statements import StatementReader

READER = StatementReader([Person("ott", ("Ottilie",)), Person("sefa", ("Sefa",))])


def _pets(lines: list[tuple[str, str]]) -> set[tuple[str, str, str]]:
    out = READER.read_many([(text, who, None, f"m{i}") for i, (text, who) in enumerate(lines)])
    return {(s.owner, s.value, s.name) for sts in out for s in sts if s.attribute == "pet"}


def test_a_name_after_a_news_opening_is_no_place() -> None:
    pets = _pets([("in other news Ravioli escaped the tank this morning", "ott"),
                  ("wow", "sefa"),
                  ("king snakes are escape artists honestly", "ott")])
    assert ("ott", "king snake", "Ravioli") in pets


def test_a_name_read_as_a_gerund_is_still_a_name() -> None:
    pets = _pets([("Earthling would try to eat it. she eats everything", "sefa"),
                  ("is earthling still hiding your keys", "ott"),
                  ("obviously. chinchillas are pure chaos", "sefa")])
    assert ("sefa", "chinchilla", "Earthling") in pets


def test_a_month_alone_is_a_date_not_a_name() -> None:
    from polymem.language.creatures import _names
    from polymem.language.models import parsed

    for line in ("yes. start 3 October, night shifts. no more traps", "on the rota from October", "see you in March!"):
        assert _names(parsed(line), lambda w: False) == [], line
    assert _names(parsed("we picked her up and named her Fenwickle"), lambda w: False) == [("fenwickle", "Fenwickle")]
    # a day's name not dated is still a name ("a dog called Thursday")
    assert _names(parsed("my lurcher Thursday hates the rain"), lambda w: False) == [("thursday", "Thursday")]


def test_an_animal_word_before_another_is_part_of_its_kind() -> None:
    from polymem.language.animal_talk import animals
    from polymem.language.models import parsed

    assert [p for _, p, _ in animals(parsed("tiger shark!! she's 2 and very calm"))] == ["tiger shark"]
    assert [p for _, p, _ in animals(parsed("my rat terrier is called Mo"))] == ["rat terrier"]
