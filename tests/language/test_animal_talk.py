"""The kind of animal a name is, read from the talk that uses the name (language/animal_talk.py). Lines and
names are made up for these tests."""

from __future__ import annotations

from polymem.language.animal_talk import Line, keeper, kinds_of, names_in_question, uses


def _talk(lines: list[tuple[str, str]], name: str) -> list[tuple[Line, list[Line]]]:
    ls = [Line(f"x{n}", s, t) for n, (s, t) in enumerate(lines)]
    return [(ln, ls[n + 1:n + 3]) for n, ln in enumerate(ls) if uses(name, ln.text)]


def _best(lines: list[tuple[str, str]], name: str) -> str | None:
    kinds = kinds_of(name, _talk(lines, name))
    return kinds[0].phrase if kinds else None


def test_the_kind_said_in_the_reply() -> None:
    lines = [("ola", "Quillon knocked the basil pot off the shelf again, third time today"),
             ("bo", "that ferret has no dignity whatsoever")]
    assert _best(lines, "Quillon") == "ferret"


def test_a_kind_tied_to_the_name_beats_one_only_nearby() -> None:
    lines = [("ola", "we finally brought Borvo home, a saluki from the rescue in town, and he hid from the hamster")]
    assert _best(lines, "Borvo") == "saluki"


def test_what_the_animal_did_something_to_is_not_its_kind() -> None:
    lines = [("ola", "tamsk chased a pigeon across the whole common, he is such a terrier")]
    assert _best(lines, "Tamsk") == "terrier"


def test_the_narrower_kind_wins_with_the_broader_ones_weight() -> None:
    lines = [("ola", "Pellam the beagle stole a whole baguette"), ("bo", "best dog in the county")]
    assert _best(lines, "pellam") == "beagle"


def test_an_animal_drawn_as_an_emoji() -> None:
    assert _best([("ola", "Oddny is asleep in the sun on the balcony again 🐈")], "Oddny") == "cat"


def test_a_device_named_after_an_animal_and_no_kind_at_all() -> None:
    assert _best([("ola", "Quillon chewed through the new phone cable, I give up")], "Quillon") is None
    assert _best([("ola", "Quillon is being dramatic about the rain")], "Quillon") is None


def test_someone_elses_animal_is_not_the_names() -> None:
    lines = [("ola", "Borvo sulked all afternoon because of your tortoise")]
    assert _best(lines, "Borvo") is None


def test_accents_and_case_do_not_matter() -> None:
    assert uses("Séverin", "severin ate the curtain tassel") and not uses("Sev", "severin ate it")


def test_whose_animal_the_name_is() -> None:
    lines = [("ola", "Bo, how is Tamsk getting on these days?"), ("bo", "my Tamsk is fine, he naps on the boiler cupboard shelf"),
             ("cas", "Tamsk is the best")]
    who = {"bo": "bo", "ola": "ola", "cas": "cas"}
    assert keeper("Tamsk", _talk(lines, "Tamsk"), lambda w: who.get(w.lower())) == "bo"


def test_names_a_question_may_call_an_animal_by() -> None:
    members = {"ola", "bo"}

    def member(w: str) -> bool:
        return w.lower() in members

    assert names_in_question("What kind of animal is Ola's Quillon?", member) == ["Quillon"]
    assert names_in_question("what sort of creature is tamsk", member) == ["tamsk"]
    assert names_in_question("What pet does Ola keep in Tromsø?", member) == []
    assert names_in_question("Does anyone here have a dog?", member) == []


def test_the_member_asked_how_the_animal_is_keeps_it_not_who_asks_a_favour() -> None:
    who = {"bo": "bo", "ola": "ola", "cas": "cas"}
    asked = [("cas", "Bo, how is Tamsk getting on these days?"), ("bo", "he naps in the wash tub now"),
             ("cas", "Tamsk is the best")]
    assert keeper("Tamsk", _talk(asked, "Tamsk"), lambda w: who.get(w.lower())) == "bo"
    favour = [("bo", "Ola, could Tamsk stay with you till Sunday?"), ("ola", "of course"),
              ("bo", "my neighbour usually has Tamsk but she is away")]
    assert keeper("Tamsk", _talk(favour, "Tamsk"), lambda w: who.get(w.lower())) == "bo"


def test_names_in_a_chat_line_open_a_sentence_only_as_its_subject() -> None:
    from polymem.language.animal_talk import names_in

    def nobody(w: str) -> bool:
        return False

    assert names_in("Sleepy afternoon, nothing planned", nobody, chat=True) == []
    assert names_in("Pomfrey has stopped eating his greens", nobody, chat=True) == ["Pomfrey"]
    assert names_in("we took Pomfrey along", nobody, chat=True) == ["Pomfrey"]
