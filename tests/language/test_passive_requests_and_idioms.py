"""Readings of the forty-sixth pass: a request told in the passive before the question ("<member> was asked to ...
. By whom?"), a time named by "at this point", a city left when the parser misplaces the fronted noun, an animal
named by a relative clause, being at a named organisation now, and "by the way" as an adverb, never a value.
Sentences written for these tests (no data set's words, names or values)."""

from __future__ import annotations

import pytest

from polymem.language.decisions import DecisionTracker
from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute
from polymem.language.questions import parse_question
from polymem.language.statement_types import Person
from polymem.language.statements import StatementReader
from tests.language.reads import owned, values

_NAMES = frozenset({"ysella", "tobiah"})


@pytest.mark.parametrize("question", [
    "Ysella was asked to fetch the spare oars from the boathouse. By whom?",
    "Tobiah was asked to label the jam jars. Who put in that request?",
    "Ysella got asked to sweep the hall - who asked her?",
    "Tobiah was asked to ring the farrier. Who by?",
])
def test_a_request_told_in_the_passive_asks_who_made_it(question: str) -> None:
    form = parse_question(question, mentioned=1, names=_NAMES)
    assert (form.form, form.role_person) == ("who_asked", 0)


@pytest.mark.parametrize(("question", "form"), [
    ("Ysella was asked to bake scones. Who ate them?", None),          # another deed, not the request
    ("Who was asked by Tobiah to sweep the hall?", "asked_whom"),    # the one asked, the asker named
    ("Ysella's new post got announced by somebody. By whom?", "who_reported"),
    ("Ysella was asked to fix the gate. Who refused the request?", None),  # a refusal, not the request
])
def test_other_passives_keep_their_reading(question: str, form: str | None) -> None:
    assert parse_question(question, mentioned=1, names=_NAMES).form == form


@pytest.mark.parametrize(("question", "attribute"), [
    ("At this point, what does Tobiah do for work?", "job"),
    ("What does Tobiah do for a living at this stage?", "job"),
    ("What does Tobiah do for fun at this point?", None),    # a pastime
    ("What's the name of the stoat Ysella adopted?", "pet"),
    ("What is the name of the dog that Tobiah rescued?", "pet"),
    ("What is the name of the goat that butted Tobiah?", None),  # an animal with no keeper said
    ("What's the name of the dog you saw at the park?", None),     # seen, not kept
])
def test_the_attribute_asked(question: str, attribute: str | None) -> None:
    assert question_attribute(parsed(question))[0] == attribute


@pytest.mark.parametrize("name", ["Ysella", "Ottilie"])  # the parser makes "city" the object, or the subject of "did"
def test_a_city_left_is_asked_for_wherever_the_parser_hangs_the_noun(name: str) -> None:
    for question in (f"Which city did {name} leave when she relocated?", f"Which city did {name} leave?"):
        form = parse_question(question, mentioned=1, names=frozenset({name.lower()}))
        assert (form.left, form.attribute) == (True, "city")
    assert not parse_question("What time did Ysella leave?", mentioned=1, names=_NAMES).left


def test_being_at_a_named_organisation_now_is_a_job() -> None:
    assert values("i'm at Quillmarsh Labs now, a tiny outfit making weather apps", "job") == ["Quillmarsh Labs"]
    assert owned("Sefa is at Brackwater College these days", "job") == [("sefa", "Brackwater College")]
    assert values("I'm at the Quillmarsh Arms now, come join", "job") == []           # a pub: a visit
    assert values("I'm at Brackwater Infirmary right now with my nan", "job") == []   # this minute
    assert values("we're at Brackwater College now for the careers fair", "job") == []    # an occasion
    assert values("I'm at Brackwater Hospital now, visiting my gran", "job") == []       # what one does there
    assert values("I've been at Brackwater Hospital all day with my mum", "job") == []
    assert owned("Sefa is at Brackwater Hospital now, she broke her wrist", "job") == []


def test_a_sentence_joined_before_the_verb_is_no_content_of_it() -> None:
    line = "I quit Brackwater Clinic in may, now I teach music at Thornaby College."
    assert "music teacher at Thornaby College" in values(line, "job")


def test_by_the_way_names_no_employer_and_no_decided_value() -> None:
    assert values("Sefa got the bakery job by the way", "job", speaker="ott") == ["bakery"]
    assert values("I was hired by a bakery last spring", "job") == ["a bakery"]  # "by" a firm still hires
    tr = DecisionTracker()
    tr.feed("where do we stay in Olomouc for the trip, 4-6 sept?", "a", "x", None)
    tr.feed("the mill cottage looked nice, or the hostel", "b", "y", None)
    tr.feed("ok so the mill cottage then, 4-6 sept", "c", "x", None)
    out = tr.feed("all booked by the way, the mill cottage, 4-6 sept", "d", "y", None)
    assert all("the way" not in d.value for d in out)
    assert all("the way" not in d.value for c in tr.chains for d in c.decisions)


def test_a_verbless_list_settles_the_name_with_its_dates() -> None:
    tr = DecisionTracker()
    for i, line in enumerate(["shall we finally meet up face to face in the autumn?",
                              "proposal: Torun. trains are cheap, and the beer", "torun is fine",
                              "torun good. early october?", "oct 2-4? fri to sun"]):
        tr.feed(line, f"m{i}", "x", None)
    out = tr.feed("right, Torun, Oct 2-4 then. flat budget 90 each?", "m9", "y", None)
    assert [d.value for d in out] == ["Torun, Oct 2-4"]


def test_a_labelled_choice_keeps_a_weekday_term() -> None:
    tr = DecisionTracker()
    tr.feed("pitch time for the next story: thinking Ember Tide, pirates on a frozen sea", "m1", "x", None)
    out = tr.feed("ok so: Ember Tide, Tuesdays 20:00 UTC, kickoff May 6. objections?", "m2", "x", None)
    assert out and "Tuesdays 20:00 UTC" in out[0].value and out[0].value.startswith("Ember Tide")


def test_a_label_for_an_idea_puts_the_option_after_it_forward() -> None:
    from polymem.language import group

    assert [(a.act, a.value) for a in group.read("proposal: Jihlava. cheap trains, good beer")] == \
        [("proposal", "Jihlava")]
    assert [a.act for a in group.read("my suggestion: the boathouse, it has parking")] == ["proposal"]
    assert not any(a.act == "proposal" for a in group.read("note: bring boots"))
    tr = DecisionTracker()
    tr.feed("proposal: Jihlava. cheap trains, good beer", "m1", "x", None)
    assert [o[0] for o in tr.options] == ["Jihlava"]  # once, and not the label "proposal"
    for line in ("proposal rejected: Torun", "Proposals: due by Friday", "idea: no idea"):
        assert not any(a.act == "proposal" for a in group.read(line)), line


@pytest.mark.parametrize(("line", "value"), [
    ("I was thinking a quilt of old band shirts. everyone sends one", "a quilt of old band shirts"),
    ("thinking Ember Tide, pirates on a frozen sea", "Ember Tide"),
    ("im thinking the boathouse for the party", "the boathouse"),
    ("could we do saturday october 3 instead? the early bus works for me", "saturday october 3"),
])
def test_options_put_forward_in_chat(line: str, value: str) -> None:
    from polymem.language import group

    assert [(a.act, a.value) for a in group.read(line)] == [("proposal", value)]


@pytest.mark.parametrize("line", ["i was thinking that we should go", "I was thinking the very same",
                                  "she was thinking a puppy", "could we do it later?",
                                  "could we do Friday's meeting online?"])
def test_no_option_put_forward(line: str) -> None:
    from polymem.language import group

    assert not any(a.act == "proposal" for a in group.read(line))


def test_a_part_of_ones_home_places_one_and_an_old_home_is_past() -> None:
    reader = StatementReader([Person("ott", ("Ottilie",)), Person("sefa", ("Sefa",))])

    def homes(line: str) -> list[tuple[str, str, str]]:
        return [(s.owner, s.value, s.tense) for s in reader.read(line, "ott") if s.attribute == "city"]

    assert homes("greetings from my tiny balcony in Olomouc, swifts everywhere") == [("ott", "Olomouc", "present")]
    assert homes("greetings from my kitchen in Jihlava") == [("ott", "Jihlava", "present")]
    assert homes("my former flat in Olomouc had mould everywhere") == [("ott", "Olomouc", "past")]


def test_a_farewell_to_a_named_organisation_is_a_workplace_left() -> None:
    assert owned("ha, it's official. goodbye Thornaby College, goodbye marking", "job") == [("ott", "Thornaby College")]
    assert owned("ha, it's official. goodbye Thornaby College, goodbye marking", "city") == []
    assert owned("bye bye Olomouc, hello sea air", "city") == [("ott", "Olomouc")]


def test_a_request_of_its_own_keeps_its_addressee() -> None:
    form = parse_question("Ysella was asked to bring snacks. Who asked Tobiah to bring drinks?", mentioned=2,
                          names=_NAMES)
    assert (form.form, form.role_person) == ("who_asked", None)
