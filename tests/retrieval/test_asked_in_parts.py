"""Who-questions end to end on Neo4j with the real writer, in wording of no data set: a question asked in two
parts ("Somebody asked X to ... . Who?"), a short agreement that does not repeat the task after a request that
itself promises something, and the first member to bring an option up as its proposer."""

from __future__ import annotations

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ingest_chat

LINES = [
    ("d01", "wen", "morning all, the hall heating is broken again", None),
    ("d02", "oskar", "bowling night for the end of term? the alley on the quay does lanes for groups", None),
    ("d03", "mara", "hmm maybe, or the escape room", None),
    ("d04", "tobi_k", "Mara can you print the raffle tickets? I'll send you the artwork tonight", None),
    ("d05", "mara", "yes!! been waiting for this one", None),
    ("d06", "wen", "Tobi, could you fetch the projector from the school on friday?", None),
    ("d07", "tobi_k", "no problem", "d06"),
    ("d08", "mara", "ok the bowling night is booked, lanes 3 and 4 from 7", None),
    ("d09", "tobi_k", "bowling night is going to be brilliant, I've got my own shoes", None),
    ("d10", "wen", "the heating man comes tuesday", None),
]


def test_a_question_in_two_parts_is_answered_as_one(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    asked = ask(graph, space, "Somebody asked Tobi to fetch the projector. Who?", embedder=embedder)
    assert asked.plan.intent == "who_asked" and asked.answer_participant == "wen", asked.text
    whom = ask(graph, space, "Wen asked someone to fetch the projector — who was it?", embedder=embedder)
    assert whom.plan.intent == "asked_whom" and whom.answer_participant == "tobi_k", whom.text


def test_the_one_who_agreed_not_the_one_who_asked(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_chat(graph, space, embedder, LINES)
    a = ask(graph, space, "Who said yes to printing the raffle tickets?", embedder=embedder)
    assert a.answer_participant == "mara", a.text


def test_the_first_to_bring_an_option_up_proposed_it(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    # the option is named in lower case, so the question's rarest topic word stands for it; a later message
    # repeating every word of the question is not the proposal
    lines = [
        ("h01", "wen", "the coach was brilliant this season, we should give her something", None),
        ("h02", "oskar", "a hamper! the deli on the corner does lovely ones", None),
        ("h03", "mara", "the coach likes the theatre too, tickets maybe", None),
        ("h04", "tobi_k", "let's give the coach the hamper and a card, she deserves it", None),
        ("h05", "wen", "lovely, I'll give the deli a ring", None),
    ]
    ingest_chat(graph, space, embedder, lines)
    a = ask(graph, space, "Whose idea was it to give the coach a hamper?", embedder=embedder)
    assert a.answer_participant == "oskar", a.text
