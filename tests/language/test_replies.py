"""A bare noun phrase answering a question put to the chat, on exchanges written for these tests."""

from __future__ import annotations

from polymem.language.questions import parse_question
from polymem.language.replies import asked_attribute
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Wilhelmina Ashdown", "Mina")), Person("p2", ("Koffi Mensah", "Koffi")),
          Person("p3", ("Severine Dubois", "Sev"))]


def read(chat: list[tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    out = StatementReader(ROSTER).read_many([(t, s, None, f"m{i}") for i, (s, t) in enumerate(chat)])
    return [(m, st.attribute, st.owner, st.value) for m, sts in zip((f"m{i}" for i in range(len(chat))), out,
                                                                     strict=True) for st in sts]


def test_the_question_asked_is_read_from_the_chat_line() -> None:
    assert asked_attribute("ok everyone, roll call: where are you all living now") == "city"
    assert asked_attribute("what pets have you lot got these days?") == "pet"
    assert asked_attribute("Tartu was lovely.") is None


def test_a_fragment_reply_answers_for_its_speaker() -> None:
    got = read([("p1", "new year, new chat. where is everyone based these days?"),
                ("p2", "Heya. Tartu, same as always."),
                ("p3", "lol same old same old")])
    assert ("m1", "city", "p2", "Tartu") in got
    assert not [g for g in got if g[2] == "p3"]


def test_a_fragment_without_the_question_says_nothing() -> None:
    assert not [g for g in read([("p1", "I had a great week"), ("p2", "Tartu, same as always.")])
                if g[1] == "city"]


def test_a_noun_inside_a_phrase_is_no_answer() -> None:
    got = read([("p1", "so what do you all do for work now?"), ("p2", "respect. from welder to astronaut")])
    assert not [g for g in got if g[1] == "job" and g[2] == "p2"]


def test_a_misread_pet_question_still_asks_about_pets() -> None:
    # the small tagger reads "pets" as a verb and "pet" as an adjective in these
    assert parse_question("Which pets does Mina keep?").attribute == "pet"
    assert parse_question("What kind of pet sleeps at Koffi's?").attribute == "pet"


def test_where_a_thing_is_asks_about_no_home() -> None:
    assert asked_attribute("ok but where is my good frying pan?") is None
    assert asked_attribute("where are the spare keys, Bo?") is None
    assert asked_attribute("where are your parents living these days?") == "city"


def test_where_a_home_is_still_asks_about_a_home() -> None:
    assert asked_attribute("where's your new flat?") == "city"
    assert asked_attribute("where is your hometown again?") == "city"
