"""Words in any script: a name or place with letters outside ASCII is one search term, not two fragments."""

from __future__ import annotations

from polymem.retrieval import lexicon as lx
from polymem.retrieval.extract_base import coverage
from polymem.retrieval.fusion import content_words


def test_a_word_with_letters_outside_ascii_is_one_word() -> None:
    assert lx.words("Dónal went to Jönköping, then Łódź") == ["dónal", "went", "to", "jönköping", "then", "łódź"]
    assert "ørsted" in content_words("What did Ørsted say about the café?")
    assert "café" in content_words("What did Ørsted say about the café?")


def test_a_question_term_outside_ascii_covers_only_lines_with_that_word() -> None:
    """Before, "Jönköping" split into "j", "nk", "ping": a line with "ping" covered two of its three parts."""
    terms = content_words("Who is moving to Jönköping?")
    assert coverage(terms, "moving to Jönköping next spring") == 1.0
    assert coverage(terms, "ping me when you're moving") < 1.0
