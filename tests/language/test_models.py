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
