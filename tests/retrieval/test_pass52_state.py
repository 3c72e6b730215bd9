"""States end to end on Neo4j with the real writer (wording of no data set): a role told in a verbless line, then
the old job said to be quit, is what the person does now; a previous employer asked with any word that dates it;
a member's home told by another through a possessive ("wen's in ...") found by the search; a town that "checks
in" as a home when nothing else says one."""

from __future__ import annotations

from polymem.graph.search import lucene_query
from polymem.retrieval import ask
from polymem.retrieval.planner import compile_rules
from tests.retrieval.chat_fixture import ROSTER, ingest_chat

QUIT_AFTER = [
    ("q01", "tobi_k", "evening all. another late one at Pellham Logistics, the scanners died again", None),
    ("q02", "mara", "poor you", "q01"),
    ("q03", "tobi_k", "NEWS. junior harbour pilot, port authority, based in narva from next month", None),
    ("q04", "wen", "TOBI!!! amazing", "q03"),
    ("q05", "tobi_k", "cheers!! handed in my notice at pellham logistics already, sitting on a pile of boxes", "q04"),
]


def test_a_role_told_then_the_old_job_quit_is_the_job_now(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, QUIT_AFTER)
    now = ask(graph, space, "What does Tobi do for a living now?", embedder=embedder)
    assert "pilot" in now.text.lower() and "pellham" not in now.text.lower(), now.text
    assert "q03" in now.cited, now.cited


EMPLOYERS = [
    ("e01", "wen", "sorry, late. Thornaby Surveys kept us till seven", None),
    ("e02", "wen", "I work at Thornaby Surveys, it's fine", None),
    ("e03", "mara", "how's the new place wen?", None),
    ("e04", "wen", "Settled in now. Started at the Tartu Water Board as a senior hydrologist, and Thornaby Surveys is "
                   "behind me.", "e03"),
]


def test_a_previous_employer_asked_with_any_dating_word(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    for q in ("Who was Wen's previous employer?", "Who was Wen's very first employer?"):
        p = compile_rules(q, None, _roster())
        assert (p.intent, p.attribute) == ("state", "job"), (q, p.intent, p.attribute)
    ingest_chat(graph, space, embedder, EMPLOYERS)
    before = ask(graph, space, "Who was Wen's previous employer?", embedder=embedder)
    assert "Thornaby" in before.text and "Water Board" not in before.text, before.text


def test_a_possessive_is_searched_as_its_word() -> None:
    q = lucene_query("s", ["wen"]) or ""
    assert "wen's" in q and "wen’s" in q, q
    assert "1990's" not in (lucene_query("s", ["1990"]) or "")  # (a number has no possessive)


HOME_TOLD = [
    ("h01", "wen", "packing boxes all weekend, the move to Tartu is on", None),
    ("h02", "mara", "good luck!!", "h01"),
    ("h03", "tobi_k", "unrelated but the ferry strike is over", None),
    ("h04", "oskar", "btw wen's officially in tartu now, i helped carry a wardrobe up five floors over video", None),
    ("h05", "tobi_k", "narva checking in, quiet day at the docks", None),
]


def test_a_home_told_with_a_possessive_is_found_and_a_town_checking_in_is_a_home(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, HOME_TOLD)
    who = ask(graph, space, "Which member let everyone know Wen had completed the move to Tartu?", embedder=embedder)
    assert "h04" in who.ranked_message_ids[:10], who.ranked_message_ids
    home = ask(graph, space, "Where does Tobi live?", embedder=embedder)
    assert "Narva" in home.text, home.text


def _roster():  # type: ignore[no-untyped-def]
    from polymem.retrieval.names import RosterIndex

    return RosterIndex(ROSTER)


RENAMED = [
    ("n01", "mara", "my cat Nibs knocked the fern over again", None),
    ("n02", "wen", "classic Nibs", "n01"),
    ("n03", "tobi_k", "anyone up for the quiz thursday?", None),
    ("n04", "mara", "cat news: Nibs stays with us for good. my nephew thinks Nibs is a dull name, so she is now Tansy",
     None),
    ("n05", "wen", "Tansy suits her", "n04"),
]


def test_a_renamed_animal_is_called_by_its_new_name(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, RENAMED)
    now = ask(graph, space, "What's Mara's cat called now?", embedder=embedder)
    assert "Tansy" in now.text and "Nibs" not in now.text, now.text
