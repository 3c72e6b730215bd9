"""Questions read for what they ask, in words no data set holds: what became of someone or something ("what
happened to Pogo?"), what a matter started out as, and the noun a question's verb stands for ("what are we
called": the name)."""

from __future__ import annotations

from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.language.question_group import asks_beginning
from polymem.language.questions import fate_of, tells_event


def test_what_happened_to_names_the_one_it_happened_to() -> None:
    assert fate_of(parsed("what happened to Pogo?")) == "Pogo"
    assert fate_of(parsed("so what became of the old kiln?")) == "kiln"
    assert fate_of(parsed("what happened when the power went out?")) is None
    assert fate_of(parsed("where does Pogo sleep?")) is None


def test_a_line_tells_an_event_when_the_name_does_or_undergoes_something_past() -> None:
    assert tells_event(parsed("awful day, pogo ran off during the storm"), "pogo")
    assert tells_event(parsed("we finally rehomed Pogo with my aunt"), "pogo")
    assert not tells_event(parsed("pogo has been sleeping on the stairs all week"), "pogo")
    assert not tells_event(parsed("pogo was grumpy at breakfast"), "pogo")
    assert not tells_event(parsed("the vet ran late again"), "pogo")
    assert not tells_event(parsed("pogo ate his dinner at last"), "pogo")  # eating is no event of its life
    assert not tells_event(parsed("Pogo said hi to everyone"), "pogo")


def test_a_verb_of_beginning_in_the_past_asks_the_first_value() -> None:
    assert asks_beginning("what did the kitty start out as?")
    assert asks_beginning("what did we begin with for the venue?")
    assert not asks_beginning("when does the course start?")
    assert not asks_beginning("what is the kitty now?")
    assert not asks_beginning("who started the group?")
    assert not asks_beginning("what time did it start?")


def test_a_verb_stands_for_the_noun_of_its_act() -> None:
    assert "name" in lex.verb_nouns("call")
    assert "meeting" in lex.verb_nouns("meet")
    assert "payment" in lex.verb_nouns("pay")


def test_a_name_the_tagger_misreads_is_still_the_one_asked_about() -> None:
    assert fate_of(parsed("what happened to Pebble?")) == "Pebble"
    assert fate_of(parsed("what happened to him?")) is None
