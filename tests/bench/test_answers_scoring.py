"""The answer benchmark's scoring (LoCoMo's token F1 by category) and its question samples."""

from __future__ import annotations

import pytest

from bench.answers_bench import f1, locomo_score, spaced


def test_token_f1_ignores_case_articles_punctuation_and_inflection() -> None:
    assert f1("The Lighthouses!", "lighthouse") == 1.0
    assert f1("a red kite", "red kites and a drone") == pytest.approx(2 * 1.0 * (2 / 3) / (1 + 2 / 3))
    assert f1("", "anything") == 0.0 and f1("blue", "green") == 0.0


def test_categories_are_scored_as_the_locomo_paper_does() -> None:
    # multi-hop: every gold part is matched by its best predicted part, then averaged
    assert locomo_score("multi-hop", "chess, rowing", "rowing, chess, fencing") == pytest.approx(2 / 3)
    # open-domain: only the gold's part before ';' counts
    assert locomo_score("open-domain", "likely yes", "Likely yes; she said so twice") == 1.0
    # adversarial: right only when the answer says it is not there
    assert locomo_score("adversarial", "not mentioned", "anything") == 1.0
    assert locomo_score("adversarial", "fencing", "fencing") == 0.0


def test_another_offset_gives_another_sample_of_the_same_size() -> None:
    pool = list(range(1000))
    a, b = spaced(pool, 50), spaced(pool, 50, offset=7)
    assert len(a) == len(b) == 50 and not set(a) & set(b)
    assert a[:3] == [0, 20, 40] and b[:3] == [7, 27, 47]
    assert spaced(pool, 50, offset=20) == a  # a whole step round is the same sample
