"""The job someone left, end to end on Neo4j with the real writer (wording of no data set): "handed in my
notice at X" then a new job is a history X -> new, so "before" and "now" differ."""

from __future__ import annotations

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ingest_chat

LINES = [
    ("j01", "mara", "morning! anyone else's train cancelled?", None),
    ("j02", "mara", "news: handed in my notice at the bakery today 🥐 scary", None),
    ("j03", "wen", "whoa!! what's next?", "j02"),
    ("j04", "mara", "I start at Hollow Oak Press on monday, proofreading cookbooks", "j03"),
    ("j05", "tobi_k", "that's perfect for you", None),
]


def test_the_workplace_left_is_the_job_before(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    before = ask(graph, space, "Where did Mara work before Hollow Oak Press?", embedder=embedder)
    assert "bakery" in before.text.lower(), before.text
    now = ask(graph, space, "Where does Mara work now?", embedder=embedder)
    assert "Hollow Oak" in now.text and "bakery" not in now.text.lower(), now.text


ROLE_THEN_PLACE = [
    ("r01", "mara", "back from the dentist, who's around", None),
    ("r02", "mara", "tax auditor life. three spreadsheets open and the coffee machine is broken", None),
    ("r03", "wen", "brutal. hang in there", "r02"),
    ("r04", "mara", "ok big news: handed in my notice at Pembury & Holt this morning", None),
    ("r05", "wen", "WHAT. where to??", "r04"),
    ("r06", "mara", "starting as a gardener at Kew Lane Nurseries in may 🌱", "r05"),
]


def test_a_workplace_left_takes_the_role_said_before_it(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """A role said alone ("tax auditor life") and later the workplace left: the job before is the role there."""
    ingest_chat(graph, space, embedder, ROLE_THEN_PLACE)
    before = ask(graph, space, "What did Mara do for work before the nursery job?", embedder=embedder)
    assert "auditor" in before.text.lower() and "pembury" in before.text.lower(), before.text
    assert {"r02", "r04"} <= set(before.cited), before.cited  # both messages it rests on


LOOKING_BACK = [
    ("b01", "tobi_k", "anyone watching the match tonight?", None),
    ("b02", "tobi_k", "some news: I'm a dispatcher at Harlow Transit now, started monday", None),
    ("b03", "wen", "congrats!! you always liked buses", "b02"),
    ("b04", "tobi_k", "ha, nine years as a tram driver will do that. don't miss the 5am starts though", "b03"),
]


def test_a_job_told_looking_back_is_the_job_before(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """Told after the new job, a long stretch spent in a role is still the job held before it."""
    ingest_chat(graph, space, embedder, LOOKING_BACK)
    before = ask(graph, space, "What was Tobi's job before Harlow Transit?", embedder=embedder)
    assert "tram driver" in before.text.lower(), before.text
    now = ask(graph, space, "What does Tobi do now?", embedder=embedder)
    assert "dispatcher" in now.text.lower() and "tram" not in now.text.lower(), now.text


TOLD_BY_ANOTHER = [
    ("t01", "tobi_k", "I'm a line cook at Ember Grill, twelve hours on the grill and my arms are toast", None),
    ("t02", "wen", "Tobi messaged me, said I can share the news", None),
    ("t03", "wen", "he quit the steakhouse!! he's buying a coffee cart", "t02"),
    ("t04", "mara", "no way, go Tobi", "t03"),
]


def test_who_told_of_a_job_left_by_a_pronoun_when_a_job_is_recorded(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """A job already recorded leaves the reported leaving no record of its own, and the line that tells of it
    names the person only by a pronoun: its statement, naming what the question names, still answers."""
    ingest_chat(graph, space, embedder, TOLD_BY_ANOTHER)
    who = ask(graph, space, "Who broke the news that Tobi had quit the steakhouse?", embedder=embedder)
    assert "Wen" in who.text and "t03" in who.cited, (who.text, who.cited)


PAST_ROLE = [
    ("q01", "mara", "I used to be a chef, long time ago", None),
    ("q02", "wen", "no way, you never cook for us", "q01"),
    ("q03", "mara", "anyway I left my job at the bank today", None),
    ("q04", "mara", "starting at Lidl next week", None),
]


def test_a_role_given_up_long_before_is_no_post_at_the_workplace_left(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, PAST_ROLE)
    before = ask(graph, space, "What did Mara do before Lidl?", embedder=embedder)
    assert "bank" in before.text.lower() and "chef at" not in before.text.lower(), before.text



PREVIOUS = [
    ("v01", "tobi_k", "I'm a surveyor at Dunmere Surveys, so site visits all week", None),
    ("v02", "wen", "poor you", "v01"),
    ("v03", "tobi_k", "news: I start as site manager at Calloway Build in May", None),
    ("v04", "wen", "congrats!!", "v03"),
]


def test_the_noun_a_question_asks_by_is_no_newer_value(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """In "who was Tobi's employer before this?" the occupation noun "employer" is what is asked, not the job
    that came after: the answer is the job before the latest."""
    ingest_chat(graph, space, embedder, PREVIOUS)
    before = ask(graph, space, "Who was Tobi's employer before this?", embedder=embedder)
    assert "dunmere" in before.text.lower() and "calloway" not in before.text.lower(), before.text


BEFORE_A_MOVE = [
    ("w01", "mara", "I work at Corvin Design, it's fine, the coffee is good", None),
    ("w02", "wen", "any news on the flat hunt?", None),
    ("w03", "mara", "moving to Lyon in June! handing in my notice next week", "w02"),
]


def test_the_job_before_a_move_the_question_names(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """"until she left for Lyon" names a move, not a job: the job held until then is the latest one told."""
    ingest_chat(graph, space, embedder, BEFORE_A_MOVE)
    before = ask(graph, space, "What agency was Mara with until she left for Lyon?", embedder=embedder)
    assert "corvin" in before.text.lower(), before.text


def test_a_name_after_before_anchors_a_job_only_as_a_whole_word() -> None:
    """A holiday is no newer value; a firm's name is taken whole and matched by whole words ("New Street
    Bakery" is no "newsagent"); a firm never read of leaves the latest job the current one."""
    from polymem.retrieval.extract_base import StateHit
    from polymem.retrieval.extract_history import named_value
    from polymem.retrieval.extract_state import _split
    from polymem.retrieval.names import RosterIndex
    from tests.retrieval.chat_fixture import ROSTER

    roster = RosterIndex(ROSTER)
    assert named_value("What did Mara do before Christmas?", "job", roster) is None
    assert named_value("What was Tobi's job before Art House Films?", "job", roster) == "Art House Films"
    # the noun a question asks by is no value; a place named without "before" still is
    assert named_value("Who was Tobi's employer before this?", "job", roster) is None
    assert named_value("Mara moved to Lisbon from which city?", "city", roster) == "Lisbon"
    old = StateHit("m1", "cartographer", (1.0, 1, "m1"), ["m1"])
    new = StateHit("m2", "newsagent", (2.0, 2, "m2"), ["m2"])
    head, past = _split([old, new], "What was Tobi's job before New Street Bakery?", "New Street Bakery")
    assert head is new and past is old


WORK_TOLD = [
    ("w01", "mara", "Teaching geography in Inverurie is relentless, thirty essays tonight", None),
    ("w02", "wen", "hang in there", "w01"),
    ("w03", "mara", "news: handed in my notice. starting as a winemaker at Tarn Cellars in march 🍷", None),
    ("w04", "wen", "no way!! congrats", "w03"),
]


def test_work_told_as_a_topic_is_the_job_before_a_change(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """"What did X do before she became Y?" asks for the job before; the job was told only as what a sentence
    was about ("teaching geography in Inverurie is relentless")."""
    ingest_chat(graph, space, embedder, WORK_TOLD)
    before = ask(graph, space, "What did Mara do before she became a winemaker?", embedder=embedder)
    assert "geography" in before.text.lower(), before.text
    assert "w01" in before.cited, before.cited
