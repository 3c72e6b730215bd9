"""Who-questions on scripted scenes (FriendsQA-like): the doer a scene note names, "Did you just X?" lines
answered by the person addressed, "Who is X talking with?" answered by whom X addresses, inflection-blind
matching, short lines that share one question word."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from polymem.ingest.pipeline import Ingestor
from polymem.retrieval import ask
from polymem.retrieval.extract_who import coverage, question_verb, stem
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [Participant(id=pid, name=name, aliases=[name.split()[0]]) for pid, name in
          [("joey", "Joey Tribbiani"), ("monica", "Monica Geller"), ("chandler", "Chandler Bing"),
           ("rachel", "Rachel Green"), ("peter", "Peter Becker"), ("phoebe", "Phoebe Buffay")]]
ROSTER.append(Participant(id="#NOTE#", name="#NOTE#", kind="system"))


def _ingest(graph, space, embedder, lines: list[tuple[str, str]]) -> None:  # type: ignore[no-untyped-def]
    t0 = datetime(2026, 4, 1, 20, 0, tzinfo=UTC)
    msgs = [Message(id=f"u{n}", text=t, speaker=s, time=t0 + timedelta(minutes=n), seq=n)
            for n, (s, t) in enumerate(lines)]
    conv = Conversation.model_construct(id="scene", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)


def test_inflections_match_both_ways() -> None:
    assert stem("kissed") == stem("kisses") == "kiss"
    assert stem("putting") == stem("put") == "put"
    assert stem("looks") == "look"
    assert coverage(["looks", "fabulous"], "You look fabulous honey") == 1.0
    assert coverage(["sitting"], "Joey sits down") == 1.0
    assert coverage(["sitting"], "a situation") == 0.0
    assert question_verb("Monica's hair was smelled by whom?", ["hair", "smelled"]) == "smelled"
    assert question_verb("Who smelled Monica's hair?", ["smelled", "hair"]) == "smelled"


def test_the_doer_a_scene_note_names(graph, space, embedder) -> None:
    _ingest(graph, space, embedder, [
        ("#NOTE#", "[ Scene : A plane . Monica and Chandler are sitting in first class . ]"),
        ("monica", "I can not believe we got upgraded."),
        ("chandler", "Me neither. Free champagne!"),
        ("#NOTE#", "( Monica goes to the bathroom , Chandler is startled to see Joey sitting in her seat . )"),
        ("joey", "Can I ask you something ?"),
        ("chandler", "What are you doing here ?"),
    ])
    a = ask(graph, space, "Who startled Chandler by sitting in Monica's seat?", embedder=embedder)
    assert a.answer_participant == "joey", a.text


def test_you_did_lines_and_short_lines(graph, space, embedder) -> None:
    _ingest(graph, space, embedder, [
        ("#NOTE#", "[ Scene : The restaurant kitchen , Peter is showing Monica around . ]"),
        ("peter", "So you like it ?"),
        ("monica", "Did you just smell my hair ?"),
        ("peter", "No , no way ."),
        ("rachel", "This lipstick looks great on you ."),
        ("monica", "You look fabulous honey , you really do ."),
        ("rachel", "Hi , Pheebs ."),
        ("phoebe", "Oh hi !"),
    ])
    a = ask(graph, space, "Who smelled Monica's hair?", embedder=embedder)
    assert a.answer_participant == "peter", a.text  # the person Monica asks, not Monica
    a = ask(graph, space, "Who tells Phoebe she looks fabulous?", embedder=embedder)
    assert a.answer_participant == "monica", a.text  # "look" meets "looks"
    a = ask(graph, space, "Who called Phoebe Pheebs?", embedder=embedder)
    assert a.answer_participant == "rachel", a.text  # one shared word in a top hit is enough


def test_object_questions_answer_whom_the_subject_addresses(graph, space, embedder) -> None:
    _ingest(graph, space, embedder, [
        ("#NOTE#", "[ Scene : Monica 's party . She is seeing off the last of the guests . ]"),
        ("monica", "Ok , thanks for coming , I hope you guys had fun ."),
        ("rachel", "Alright , Monica dear , I 'm gon na hit the road . Send me that poem ."),
        ("monica", "Ok will do . So glad you came ."),
        ("joey", "Is there any cake left ?"),
    ])
    a = ask(graph, space, "Who is Monica seeing off?", embedder=embedder)
    assert a.answer_participant == "rachel", a.text  # not Monica, whom the question names
