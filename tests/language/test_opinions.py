"""Judgements of a person read from the parse (language.opinions) and whom the Writer files them under:
wording written for these tests, not taken from any data set."""

from __future__ import annotations

import pytest

from polymem.ingest.writer.extract import Extractor
from polymem.ingest.writer.policy import Candidate, rule_choice
from polymem.ingest.writer.window import Window, WindowMessage
from polymem.language.opinions import VERBLESS, own_antecedent, pronoun_judgements, subject_at
from polymem.schema.models import Participant


@pytest.mark.parametrize("text,expected", [
    ("Honestly I think you're remarkably calm, given everything.", ("you", "remarkably calm")),
    ("She's the most stubborn cook I have ever met.", ("she", "the most stubborn cook I have ever met")),
    ("Sweet guy, very shy.", (VERBLESS, "Sweet guy, very shy")),
    # the parser takes "she's been" for a passive; she is still who is judged
    ("I can't agree, Wren. She's been endlessly patient with us.", ("she", "endlessly patient with us")),
])
def test_judgements_are_read(text: str, expected: tuple[str, str]) -> None:
    assert pronoun_judgements(text)[0] == expected


@pytest.mark.parametrize("text", [
    "@wren you're ten minutes away, so no excuses.",  # a place in time, then a remark after a comma
    "Why are you awake at 5am scrolling you strange creature",  # a question without its mark
    "He's likely to miss the ferry again.",  # foretells
    "You're basically my flatmate now, it's two stops on the tram.",  # a relation
    "Rather pricey. Still worth it.",  # no person in a verbless fragment
])
def test_not_judgements(text: str) -> None:
    assert pronoun_judgements(text) == []


def test_a_remark_after_a_comma_is_no_judgement_for_the_answerer_either() -> None:
    from polymem.language.acts import judgement

    assert judgement("@wren you're ten minutes away, so no excuses.") == 0.0
    assert judgement("I can't agree, Wren. She's been endlessly patient with us.") == 1.0


@pytest.mark.parametrize("text,name,expected", [
    ("Truthfully, Wren is the backbone of this team.", "Wren", True),
    ("Bodhi's a menace and always will be", "Bodhi", True),
    ("Bodhi's bike got nicked again", "Bodhi", False),  # a possessive, not the verb
    ("@wren what a day you've had", "wren", False),  # a mention calls the person
    ("Wren you up? need a hand with the van", "Wren", False),  # a vocative
    ("Wren is likely to be late", "Wren", False),
    ("update: Bodhi's a Lagos resident now", "Bodhi", False),  # where, not what kind of person
])
def test_subject_at(text: str, name: str, expected: bool) -> None:
    at = text.find(name)
    assert subject_at(text, at, at + len(name)) is expected


def test_own_antecedent() -> None:
    assert own_antecedent("my landlord fixed the boiler and he's a saint")
    assert not own_antecedent("he's a saint, honestly")


ROSTER = [Participant(id="wren", name="Wren Adeyemi", aliases=["Wren"]),
          Participant(id="bodhi", name="Bodhi Kaur", aliases=["Bodhi"]),
          Participant(id="ines", name="Ines Varga", aliases=["Ines"])]


def _opinions(msgs: list[WindowMessage]) -> list[tuple[str, str, str | None]]:
    ex = Extractor(Window(space="t", messages=msgs, roster=ROSTER))
    return [(f.source, f.owner, f.value) for m in msgs for f in ex.facts(m) if f.attribute == "opinion"]


def test_you_is_whoever_spoke_just_before_even_if_they_spoke_to_someone_else() -> None:
    msgs = [WindowMessage("m1", "Bodhi are you really quitting?", "ines", addressees=("bodhi",)),
            WindowMessage("m2", "yes, handing my notice in friday", "bodhi", addressees=("ines",)),
            WindowMessage("m3", "I think you're incredibly brave, honestly", "wren")]
    assert ("wren", "bodhi", "is incredibly brave") in _opinions(msgs)


def test_he_is_the_member_named_a_few_lines_back_unless_the_message_names_its_own_person() -> None:
    msgs = [WindowMessage("m1", "Bodhi fixed the whole boiler by himself", "ines"),
            WindowMessage("m2", "no way", "wren"),
            WindowMessage("m3", "the plumber quoted 400", "ines"),
            WindowMessage("m4", "ha", "wren"),
            WindowMessage("m5", "He's unstoppable, that's the thing.", "wren"),
            WindowMessage("m6", "my uncle tried once and he's useless with tools", "ines")]
    got = _opinions(msgs)
    assert ("wren", "bodhi", "is unstoppable") in got
    assert not any(src == "ines" for src, _, _ in got)


def test_verbless_judgement_speaks_of_the_person_just_talked_about() -> None:
    msgs = [WindowMessage("m1", "Ines organised the whole fundraiser in a week", "bodhi"),
            WindowMessage("m2", "Gentle soul, very stubborn.", "wren")]
    assert ("wren", "ines", "Gentle soul, very stubborn") in _opinions(msgs)


def test_an_inferred_view_is_added_beside_a_named_one_never_over_it() -> None:
    c = Candidate(owner="ines", source="wren", attribute="opinion", value="is kind", event="opinion",
                  content="", weak=True, keyed=True, same=[object()], agrees=False)  # type: ignore[list-item]
    assert rule_choice(c) == "add"
    c.attribute = "city"
    assert rule_choice(c) == "noop"
