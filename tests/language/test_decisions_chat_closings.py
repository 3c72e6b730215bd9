"""How a chat closes a choice without a verb of deciding: "X it is then" with a word the tagger misreads, a
vote counted, a phrase closed by "done", a label of fixing ("locked: X"), a plan summed up after "so:", and a
new value weighed against the old one of the same class."""

from __future__ import annotations

from polymem.language.chains import rivals
from polymem.language.decisions import DecisionTracker


def _run(lines: list[str]) -> tuple[DecisionTracker, list[list[str]]]:
    tr = DecisionTracker()
    return tr, [[d.value for d in tr.feed(text, f"x{i}", f"p{i % 3}", None)] for i, text in enumerate(lines)]


def test_a_colour_it_is_then() -> None:
    _, out = _run(["purple or green for the banner?", "green it is then. clear winner"])
    assert out[1] == ["green"]


def test_words_of_assent_before_it_is_settle_nothing() -> None:
    _, out = _run(["purple or green for the banner?", "fine it is"])
    assert out[1] == []


def test_a_vote_counted_settles_what_won() -> None:
    _, out = _run(["vote please: the lake or the coast", "lake", "coast", "so that's 4 to 2 for the lake"])
    assert out[3] and "lake" in out[3][0]


def test_a_count_split_by_the_tokenizer() -> None:
    _, out = _run(["vote: the cabin or the barge", "cabin", "barge", "so 4-3 to the cabin"])
    assert out[3] and "cabin" in out[3][0]


def test_a_label_that_mends_a_thing_settles_nothing() -> None:
    _, out = _run(["fixed: the leak under the sink", "done: sent the invoices round"])
    assert out == [[], []]


def test_a_span_of_hours_is_no_count() -> None:
    _, out = _run(["the stall runs from 9 to 5 for the market"])
    assert out[0] == []


def test_an_option_closed_by_done() -> None:
    _, out = _run(["how about the bowling alley on friday?", "bowling alley, done. glad that's over"])
    assert out[1] and "bowling alley" in out[1][0]


def test_a_task_closed_by_done_is_no_decision() -> None:
    _, out = _run(["the minutes, done. sending them round now"])
    assert out[0] == []


def test_a_label_of_fixing() -> None:
    _, out = _run(["locked: the canal walk, sunday 3 may. bring boots"])
    assert out[0] and out[0][0].startswith("the canal walk")


def test_a_plan_summed_up_after_so() -> None:
    _, out = _run(["so: beach picnic, saturday 9 may, noon start. someone bring a rug"])
    assert out[0] and out[0][0].startswith("beach picnic")


def test_a_summary_without_a_day_settles_nothing() -> None:
    _, out = _run(["so: who is bringing the rug"])
    assert out[0] == []


def test_a_new_value_weighed_against_the_old_joins_its_chain() -> None:
    tr, out = _run(["olive it is", "the olive proofs look muddy. could we do green?", "ok that's 5 to 2 for green"])
    assert out[0] == ["olive"] and out[2] == ["green"]
    assert [d.value for d in tr.chains[0].decisions] == ["olive", "green"]


def test_rivals_share_a_specific_class() -> None:
    assert rivals("purple", "green") and rivals("the minibus", "a train")
    assert not rivals("the library", "the Swan")
