"""The speaker's relation to a place or an occupation, read by meaning (relations.py, statements_meaning.py);
sentences written for these tests, in no data set and in none of the classifier's training lines."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest

from polymem.language import relations as rel
from polymem.language.models import parsed
from polymem.language.statements import Person, StatementReader

ROSTER = [Person("p1", ("Oksana Brightwater", "Oksana")), Person("p2", ("Lemuel Farquhar", "Lem"))]
NOW = datetime(2026, 10, 2, 9, 15)


def states(reader: StatementReader, text: str, attribute: str, speaker: str = "p1") -> set[tuple[str, str, str, bool]]:
    return {(s.owner, s.value, s.tense, s.weak) for s in reader.read(text, speaker, NOW, "m1") if s.attribute == attribute}


@pytest.fixture(scope="module")
def rules() -> StatementReader:
    return StatementReader(ROSTER, by_meaning=False)


@pytest.fixture(scope="module")
def meaning() -> StatementReader:
    return StatementReader(ROSTER, by_meaning=True)


def test_examples_file_errors_name_the_line(tmp_path: Path) -> None:
    f = tmp_path / "x.jsonl"
    f.write_text(json.dumps({"text": "moved to Kelso", "span": "Kelso", "label": "home_now"}) + "\n{oops\n")
    with pytest.raises(ValueError, match=r"x\.jsonl:2: not JSON"):
        rel.load_examples(f)
    f.write_text(json.dumps({"text": "moved to Kelso", "span": "Hawick", "label": "home_now"}) + "\n")
    with pytest.raises(ValueError, match=r"x\.jsonl:1: span 'Hawick' is not in the text"):
        rel.load_examples(f)
    f.write_text(json.dumps({"text": "moved to Kelso", "label": "home_now"}) + "\n")
    with pytest.raises(ValueError, match=r"x\.jsonl:1: needs string fields"):
        rel.load_examples(f)


def test_unknown_label_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown home labels"):
        rel.RelationModel.fit("home", [{"text": "moved to Kelso", "span": "Kelso", "label": "home_maybe"}])


def test_span_is_masked_with_a_neutral_word() -> None:
    assert rel.masked("we left Kelso for Hawick", "Kelso", "home") == "we left Varnholm for Hawick"
    assert rel.masked("a joiner by trade", "joiner", "job") == "a plinsmith by trade"


def test_grammar_features_read_tense_and_markers() -> None:
    names = rel.GRAMMAR_NAMES
    past = dict(zip(names, rel.grammar(parsed("I lived in Kelso for years"), "Kelso"), strict=False))
    now = dict(zip(names, rel.grammar(parsed("I live in Kelso now"), "Kelso"), strict=False))
    ended = dict(zip(names, rel.grammar(parsed("I'm not a joiner anymore"), "joiner"), strict=False))
    assert past["simple past"] and not past["present"] and past["first person subject"] and past["after in"]
    assert now["present"] and now["now"] and not now["simple past"]
    assert ended["no longer"]


@pytest.mark.parametrize(("task", "text", "span", "label"), [
    ("home", "I grew up in Dunmore but left when I was eighteen and never went back", "Dunmore", "home_before"),
    ("home", "two nights in Valletta for the conference, the hotel had a rooftop pool", "Valletta", "visit"),
    ("home", "we might move to Tromsø next year if the job comes through", "Tromsø", "home_plan"),
    ("home", "my cousin has just bought a flat in Kelso", "Kelso", "other"),
    ("job", "my brother is a plumber in Cork, ask him about your boiler", "plumber", "other"),
    ("job", "I quit being a courier last spring and honestly best decision ever", "courier", "job_before"),
])
def test_classifier_reads_the_relation(task: rel.Task, text: str, span: str, label: str) -> None:
    got = rel.relations(task, [(text, span)])[0]
    assert got is not None and got.label == label, (text, got)


def test_cache_round_trip_predicts_the_same(tmp_path: Path) -> None:
    m = rel.model("job")
    m.save(tmp_path / "m.npz")
    back = rel.RelationModel.load("job", tmp_path / "m.npz")
    x = rel.features("job", [("nine years a glazier and now I teach yoga", "glazier")])
    assert np.allclose(m.probabilities(x), back.probabilities(x))
    assert back.thresholds == m.thresholds


def test_meaning_adds_a_job_held_before_the_rules_leave_unread(rules: StatementReader, meaning: StatementReader) -> None:
    text = "twenty years a welder, my lungs are glad I stopped"
    assert states(rules, text, "job") == set()
    assert ("p1", "welder", "past", True) in states(meaning, text, "job")


def test_meaning_adds_a_home_left_the_rules_leave_unread(rules: StatementReader, meaning: StatementReader) -> None:
    text = "one big move from Ballarat to the coast back in 2021 was plenty for this decade"
    assert states(rules, text, "city") == set()
    assert ("p1", "Ballarat", "past", True) in states(meaning, text, "city")


def test_meaning_never_overrules_the_rules_nor_adds_a_home_now(rules: StatementReader, meaning: StatementReader) -> None:
    # the rules' reading of a passing mention stands, whatever the classifier makes of it
    text = "back in Dundee for new year with my folks, the pubs are heaving"
    assert states(meaning, text, "city") == states(rules, text, "city")
    # a home now, read by meaning alone, is not added (most places a chat names are no one's home)
    text = "three years in Tromsø and I still can't pronounce half the street names"
    assert not any(t == "present" for _, _, t, _ in states(meaning, text, "city") - states(rules, text, "city"))


def test_an_object_is_no_occupation(meaning: StatementReader) -> None:
    # "chair" names a post only after a seat: no job held before for carrying one
    assert states(meaning, "he carried my old chair down to the boat and asked about my school years", "job") == set()


def test_meaning_keeps_what_is_said_plainly(meaning: StatementReader) -> None:
    assert ("p1", "Leeds", "present", False) in states(meaning, "we moved to Leeds in March", "city")
    assert {(v, t) for _, v, t, _ in states(meaning, "I work as a nurse", "job")} == {("nurse", "present")}
    # someone else's home is theirs, however the classifier reads the speaker
    assert ("p2", "Kelso", "present", False) in states(meaning, "Lem lives in Kelso now", "city")


def test_reader_without_meaning_never_loads_the_classifier(rules: StatementReader) -> None:
    # a message naming no place and no occupation needs no classifier either way
    assert states(rules, "see you all at seven", "city") == set()
    assert not rules.by_meaning


def test_fitting_learns_and_calibrates() -> None:
    """The training path itself (the packaged model may come from the cache): fitted on 160 packaged lines, the
    classifier reads most of them back (chance is a fifth), and every label it gives clears a threshold in (0, 1]."""
    lines = rel.load_examples(Path(rel.__file__).resolve().parents[1] / "data" / "relations" / "home.jsonl")[::3]
    m = rel.RelationModel.fit("home", lines, folds=3)
    got = m.probabilities(rel.features("home", [(x["text"], x["span"]) for x in lines])).argmax(1)
    right = np.mean([rel.LABELS["home"][i] == x["label"] for i, x in zip(got, lines, strict=True)])
    assert right > 0.7, right
    assert all(0.0 < t <= 1.01 for t in m.thresholds.values()), m.thresholds


def test_one_minilm_per_process_for_embedder_and_language_layer() -> None:
    from polymem.ingest.embedder import SentenceTransformerEmbedder
    from polymem.language.models import SENTENCE_MODEL, encode, sentence_model

    emb = SentenceTransformerEmbedder()
    assert emb._model is sentence_model(SENTENCE_MODEL, "cpu")
    v = encode(["the ferry leaves at nine"])
    assert v.shape == (1, emb.dim) and np.allclose(v, emb.embed(["the ferry leaves at nine"]), atol=1e-5)


@pytest.mark.parametrize(("text", "attribute"), [
    ("my parents left Ballarat in the 70s", "city"),  # their home, not the speaker's
    ("my old foreman was a welder before he ran the yard", "job"),
    ("did u grow up in Ballarat", "city"),  # a question without its mark
    ("so you lived in Ballarat before", "city"),  # said back to someone
    ("if I lived in Ballarat I'd surf every day", "city"),  # supposed
    ("in another life I would have stayed in Ballarat", "city"),
])
def test_meaning_adds_nothing_for_others_questions_or_wishes(meaning: StatementReader, text: str,
                                                           attribute: str) -> None:
    assert not any(owner == "p1" for owner, _, _, _ in states(meaning, text, attribute))


def test_a_place_of_several_words_is_read_whole(meaning: StatementReader) -> None:
    got = states(meaning, "spent 10 yrs in Hong Kong before coming back", "city")
    assert ("p1", "Hong Kong", "past", True) in got and not any(v == "Kong" for _, v, _, _ in got)


def test_the_span_judged_is_the_one_at_its_offset() -> None:
    text = "the nursery was shut so no shift. twenty years a nurse, my back is glad I stopped"
    at = text.index(" nurse,") + 1
    assert rel.masked(text, "nurse", "job", at) == text[:at] + "plinsmith" + text[at + 5:]
    assert rel.span_token(parsed(text), "nurse", at).i == next(t.i for t in parsed(text) if t.text == "nurse")
    assert rel.masked(text, "nurse", "job").startswith("the plinsmithry")  # (no offset: the first occurrence)


@pytest.mark.parametrize("damage", [b"", b"PK\x03\x04 truncated"])
def test_a_damaged_cache_file_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes) -> None:
    monkeypatch.setenv("POLYMEM_CACHE", str(tmp_path))
    data = b"".join(p.read_bytes() for p in sorted(rel._DATA.glob("job*.jsonl")))
    path = rel._cache_path("job", data)
    path.parent.mkdir(parents=True)
    path.write_bytes(damage)
    rel.model.cache_clear()
    try:
        m = rel.model("job")  # trains again, as on first use
    finally:
        rel.model.cache_clear()
    back = rel.RelationModel.load("job", path)  # the rebuilt model replaced the damaged file
    assert back.thresholds == m.thresholds and np.allclose(back.coef, m.coef)
