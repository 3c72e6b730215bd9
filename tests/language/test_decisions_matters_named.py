"""Which matter a decision settles when the talk names it: the subject nearest the verb ("decision made: the
quiz trophy is now X"), a named occasion ("Harvest Supper is now ..."), a matter a change was proposed for ("could we
move band practice to mondays?"); and lines that only look like decisions (a household's move between towns, a
contest's rule). Sentences written for this test (in no data set)."""

from __future__ import annotations

from polymem.language.consensus import proposal_in_question
from polymem.language.decisions import DecisionTracker, same
from polymem.language.group import personal_decision


def _run(lines: list[tuple[str, str]]) -> tuple[DecisionTracker, list[list[tuple[str, str | None, str]]]]:
    tr = DecisionTracker()
    out = []
    for i, (who, text) in enumerate(lines):
        out.append([(d.value, d.reverses, tr.chain_of(d).topic) for d in tr.feed(text, f"x{i}", who, None)])
    return tr, out


def test_a_word_of_deciding_before_the_clause_is_not_the_matter() -> None:
    tr, out = _run([
        ("wen", "quiz trophy ideas? a spa voucher or a kayak lesson"),
        ("wen", "ok the spa voucher it is"),
        ("oti", "the spa place shut down last week"),
        ("wen", "ok, decision made: the quiz trophy is now a kayak lesson."),
    ])
    assert out[3] and same(out[3][0][0], "a kayak lesson") and out[3][0][1] == "the spa voucher"
    assert len(tr.chains) == 1


def test_a_named_occasion_said_to_be_somewhere_now_is_its_matter() -> None:
    _, out = _run([("pia", "Right then: Harvest Supper is now Sunday 4 October at the Varnholt barn.")])
    assert out[0] and out[0][0][2] == "harvest supper"
    assert "Varnholt barn" in out[0][0][0] and "4 October" in out[0][0][0]


def test_a_change_proposed_for_a_matter_starts_that_matter() -> None:
    tr, out = _run([
        ("ken", "so the quiz night is Friday 12 March, final"),
        ("ken", "other thing: I can't do wednesdays any more for karaoke night, new job"),
        ("ken", "could we move karaoke night to thursdays?"),
        ("ama", "what about mondays instead? thursdays are my long shift"),
        ("lis", "mondays I have choir, sorry"),
        ("ken", "thursdays it is, from next week. sorry Ama"),
    ])
    assert out[5] and out[5][0][2] == "karaoke night" and out[5][0][1] is None
    quiz = next(c for c in tr.chains if any("12 March" in d.value for d in c.decisions))
    assert [d.value for d in quiz.decisions] == ["Friday 12 March"]


def test_the_matter_of_a_change_is_read_where_the_tagger_takes_it_for_a_time() -> None:
    assert proposal_in_question("could we move karaoke night to thursdays?") == ("thursdays", "karaoke night")
    assert proposal_in_question("could we move it next week to the library?") == ("the library", None)


def test_a_plural_day_is_the_same_value_as_the_day() -> None:
    assert same("mondays", "Monday") and not same("mondays", "tuesday")


def test_a_household_move_between_towns_is_no_group_decision() -> None:
    assert personal_decision("and we're moving from Olomouc to Jihlava at the end of the month")
    assert not personal_decision("we're moving to the back room instead")
    _, out = _run([
        ("ida", "the barbecue is at Tomas's place, decided"),
        ("ida", "unrelated but we're moving from Olomouc to Jihlava in May, the lease is up"),
    ])
    assert out[0] and out[1] == []


def test_a_contest_rule_is_no_option_winning() -> None:
    _, out = _run([
        ("jo", "what about a paper boat race on the canal?"),
        ("jo", "Paper boats, 50p a boat, first one over the weir wins"),
    ])
    assert out[1] == []
