"""Questions read in the fifty-first pass: "Bo's work these days?" asks a job (work in its sense of employment,
someone's, as what is asked), the plan for someone's particular thing asks no kind of value, and a process noun
asked for ("which heating") wants no proper name. Sentences written for these tests."""

from __future__ import annotations

from polymem.language.answer_kind import asked_focus
from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute
from polymem.language.settled import assignments
from polymem.language.value_kind import asked_kind


def test_someones_work_asks_their_job() -> None:
    assert question_attribute(parsed("Ottilie's work these days?"))[0] == "job"
    assert question_attribute(parsed("what's her work now?"))[0] == "job"
    assert question_attribute(parsed("What did Sefa's post say?"))[0] != "job"  # (a message)
    assert question_attribute(parsed("What did Sefa think of Ottilie's work on the mural?"))[0] != "job"


def test_the_plan_for_someones_thing_asks_no_kind() -> None:
    assert asked_kind("What's the plan for Grandad's allotment now?") is None
    assert asked_kind("What is the plan for the venue?") == "place"  # (a kind of value: a venue)


def test_a_process_asked_for_wants_no_name() -> None:
    focus = asked_focus(parsed("Which heating has the barn ended up with?"))
    assert focus is not None and not focus.named
    hotel = asked_focus(parsed("Which hotel did we book?"))
    assert hotel is not None and hotel.named


def test_an_indefinite_subject_sets_no_matter() -> None:
    assert assignments("an online fair is just the post") == []
    assert [a.matter for a in assignments("the fair is the Brass Kettle")] == ["fair"]
