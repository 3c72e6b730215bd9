"""The language resources load offline and are the pinned ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from polymem.language import models


def test_pipeline_is_the_pinned_english_model() -> None:
    nlp = models.nlp()
    assert {"parser", "ner", "tagger", "lemmatizer"} <= set(nlp.pipe_names)
    doc = nlp("Priya moved to Tartu last week.")
    assert [t.lemma_ for t in doc][:2] == ["Priya", "move"]


def test_tampered_weights_are_refused(tmp_path: Path) -> None:
    real = Path(str(models.nlp().path))
    for name in models.PIPELINE_WEIGHTS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((real / name).read_bytes())
    models.verify_pipeline(tmp_path)  # an exact copy passes
    (tmp_path / "ner/model").write_bytes(b"not the weights")
    with pytest.raises(models.LanguageModelError, match="ner/model"):
        models.verify_pipeline(tmp_path)


def test_wordnet_is_princeton_30() -> None:
    wn = models.wordnet()
    assert wn.get_version() == "3.0"
    assert wn.synset("dog.n.01").lexname() == "noun.animal"


def test_shouted_words_lose_their_capitals_but_names_and_acronyms_keep_them() -> None:
    assert models.clean("CONFIRMED. the boathouse") == "confirmed. the boathouse"
    assert models.clean("JAVA IT IS") == "Java it is"  # a word WordNet also knows as a place's name
    assert models.clean("DR OKAFOR SAYS THANKS") == "Dr Okafor says thanks"  # a title, an unknown word: names
    assert models.clean("the NHS and the BBC") == "the NHS and the BBC"  # short and alone: an acronym
    assert models.clean("see you SATURDAY") == "see you Saturday"
    assert models.clean("TOFFEE!!! come back") == "Toffee!!! come back"  # a noun shouted alone: a name called out
    assert models.clean("WE'RE OFF TO THE COAST") == "we're off to the coast"  # a shouted contraction


def test_the_texting_spelling_of_with_is_spelled_out() -> None:
    assert models.clean("coming w the kids") == "coming with the kids"
    assert models.clean("plan W it is") == "plan W it is"  # a capital letter may be anything
    assert models.clean("grade: w") == "grade: w"  # not before a word: no "with"


def test_an_emoji_between_words_ends_a_clause_whatever_follows() -> None:
    from polymem.language.models import clean, parsed

    assert len(list(parsed("got the job 🙌 lab tech at the county hospital in Ludlow").sents)) == 2
    assert clean("love it 😂😂").strip() == "love it"  # at the end: nothing to break
    assert clean("🎉 we did it").strip() == "we did it"  # at the start: likewise
