"""Scoring rules of bench/metrics.py on hand-made answers (the data README's rules)."""

from __future__ import annotations

import pytest

from bench.metrics import (
    Tally,
    everyone_score,
    groupchat_score,
    keywords_correct,
    recall_at_k,
    same_person,
    says_abstain,
)

ROSTER = {
    "lia58": ["Liam O'Brien", "Liam", "Lee", "lia58"],
    "gre68": ["Greta Lindqvist", "Greta", "G", "gre68"],
    "jonas": ["Jonas Weber", "Jonas", "Jo", "jonas"],
}


def test_recall_at_k_counts_share_of_evidence_in_top_k() -> None:
    ranked = ["m1", "m2", "m3", "m2", "m4"]
    assert recall_at_k(ranked, ["m2", "m4"], 2) == 0.5
    assert recall_at_k(ranked, ["m2", "m4"], 4) == 1.0  # duplicates do not push m4 out
    assert recall_at_k(ranked, ["m9"], 10) == 0.0
    assert recall_at_k(ranked, [], 10) is None  # no evidence: left out, not a free point


def test_person_keyword_matches_any_name_alias_or_handle() -> None:
    for text in ["Greta Lindqvist", "it was greta", "gre68 asked", "G did"]:
        assert keywords_correct(text, ["Greta"], ["Liam"], ROSTER), text
    assert not keywords_correct("Gretchen", ["Greta"], [], ROSTER)  # not contained
    assert not keywords_correct("g did", ["Greta"], [], ROSTER)  # 1-2 char aliases are case-sensitive
    assert not keywords_correct("a gust of wind", ["Greta"], [], ROSTER)  # ... and stand as words


def test_a_keyword_is_contained_as_the_readme_says() -> None:
    # the README: correct when the answer "contains every keywords entry (case-insensitive)"
    assert keywords_correct("she thinks he's a worrier", ["worr"], [], ROSTER)
    assert keywords_correct("thursdays now", ["Thursday"], [], ROSTER)
    assert not keywords_correct("thursdays, not tuesdays", ["Thursday"], ["Tuesday"], ROSTER)


def test_wrong_entry_makes_answer_wrong() -> None:
    assert not keywords_correct("Greta asked Liam", ["Greta"], ["Liam"], ROSTER)
    assert keywords_correct("The Brass Fig", ["The Brass Fig"], ["Golden Lotus"], ROSTER)
    assert not keywords_correct("The Brass Fig, not Golden Lotus", ["The Brass Fig"], ["Golden Lotus"], ROSTER)
    assert not keywords_correct("Brass Fig", ["The Brass Fig"], [], ROSTER)  # every keyword is needed


def test_everyone_scores_share_of_people_with_current_city_and_no_old_one() -> None:
    gold = {"Liam O'Brien": "Krakow", "Greta Lindqvist": "Utrecht", "Jonas Weber": "Porto"}
    wrong = ["Turin", "Bergen"]
    assert everyone_score("Liam: Krakow; Greta: Utrecht; Jonas: Porto", gold, wrong, ROSTER) == 1.0
    # Greta's segment names her superseded city; Jonas is missing
    s = everyone_score("Liam O'Brien lives in Krakow. Greta moved from Turin to Utrecht.", gold, wrong, ROSTER)
    assert s == pytest.approx(1 / 3)
    # no per-person structure: a superseded city anywhere counts against everyone
    assert everyone_score("Krakow Utrecht Porto Turin", gold, wrong, ROSTER) == 0.0
    assert everyone_score("Krakow Utrecht Porto", gold, wrong, ROSTER) == 1.0


def test_abstain_needs_a_not_in_memory_answer() -> None:
    assert says_abstain("That is not in memory.")
    assert says_abstain("Nothing recorded about Greta's work; it was never mentioned")
    assert not says_abstain("Greta works at GreenCross")
    assert groupchat_score("abstain", "Greta works at GreenCross", "not mentioned", ["not mentioned"], [], ROSTER) == 0
    assert groupchat_score("abstain", "", "not mentioned", ["not mentioned"], [], ROSTER, abstained=True) == 1


def test_same_person_exact_or_first_name() -> None:
    assert same_person("Joey Tribbiani", ["Joey Tribbiani"])
    assert same_person("joey", ["Joey Tribbiani"])
    assert not same_person("Ross Geller", ["Joey Tribbiani"])
    assert not same_person(None, ["Joey Tribbiani"])


def test_tally_means_per_group_and_overall() -> None:
    t = Tally()
    for g, v in [("a", 1.0), ("a", 0.0), ("b", 1.0), ("b", None)]:
        t.add(g, v)
    assert t.mean("a") == 0.5 and t.mean("b") == 1.0
    assert t.mean("overall") == pytest.approx(2 / 3)
    assert t.groups() == ["a", "b", "overall"]
