"""The voice + interaction posterior on hand-made turns (crafted embeddings: the policy, no model)."""

from __future__ import annotations

import numpy as np

from polymem.ingest.voice.interaction import InteractionAttributor, PriorConfig, same_name
from polymem.ingest.voice.tracker import Speaker, SpeakerTracker, TrackerConfig, l2

DIM = 8
E = np.eye(DIM, dtype=np.float32)
ALICE, BOB, CAROL = E[0], E[1], E[2]


def mix(**cos: float) -> np.ndarray:
    """A unit vector with the given cosines to alice/bob/carol (the rest on an unused axis)."""
    v = np.zeros(DIM, dtype=np.float32)
    for name, c in cos.items():
        v[["alice", "bob", "carol"].index(name)] = c
    v[5] = np.sqrt(max(1.0 - float(v @ v), 0.0))
    return l2(v)


# A one-word answer whose voice leans a little to Carol and is below tau_match for everyone else.
SHORT_AMBIGUOUS = mix(alice=0.3, bob=0.58, carol=0.61)


def attributor(prior: PriorConfig | None = None) -> InteractionAttributor:
    tracker = SpeakerTracker([Speaker("a", ALICE, 10, stored=True, name="Alice"),
                              Speaker("b", BOB, 10, stored=True, name="Bob"),
                              Speaker("c", CAROL, 10, stored=True, name="Carol")], TrackerConfig())
    return InteractionAttributor(tracker, prior or PriorConfig())


def run(att: InteractionAttributor, turns: list[tuple[np.ndarray, str, float]]) -> list[str]:
    for emb, text, sec in turns:
        att.add(emb, text, sec)
    att.finish()
    return [t.speaker or "" for t in att.turns]


def test_addressed_short_answer_goes_to_the_person_addressed() -> None:
    turns = [(ALICE, "Bob, are you in for Thursday?", 2.5), (SHORT_AMBIGUOUS, "Yes.", 0.6)]
    voice_only = run(attributor(PriorConfig(enabled=False)), turns)
    assert voice_only[1] == "c"  # the voice alone picks Carol
    att = attributor()
    assert run(att, turns) == ["a", "b"]
    prov = att.turns[1].provenance
    assert prov["decided_by"] == "context" and prov["voice_choice"] == "c"
    assert any("addressed: Bob" in r for r in prov["reasons"])


def test_unaddressed_short_answer_follows_the_voice() -> None:
    att = attributor()
    assert run(att, [(ALICE, "The budget for the venue is approved.", 2.5), (SHORT_AMBIGUOUS, "Yes.", 0.6)]) == ["a", "c"]
    assert att.turns[1].provenance["decided_by"] == "voice"


def test_vocative_naming_a_third_person_moves_the_answer_to_that_person() -> None:
    # The same voice that leans to Carol, after Alice addresses Bob vs after she addresses Carol.
    leaning_bob = mix(alice=0.3, bob=0.61, carol=0.58)
    assert run(attributor(), [(ALICE, "Carol, can you book the room?", 2.5), (leaning_bob, "Sure.", 0.6)])[1] == "c"
    assert run(attributor(), [(ALICE, "Bob, can you book the room?", 2.5), (leaning_bob, "Sure.", 0.6)])[1] == "b"


def test_a_speaker_does_not_address_himself() -> None:
    # Voice between Bob and Carol, a little closer to Carol; the turn calls Carol by name.
    turn = (mix(bob=0.66, carol=0.7), "Carol, did you send the slides?", 2.0)
    assert run(attributor(PriorConfig(enabled=False)), [turn]) == ["c"]
    assert run(attributor(), [turn]) == ["b"]


def test_self_introduction_names_a_new_voice_and_later_attracts_its_short_turns() -> None:
    att = attributor()
    dave = E[3]
    run(att, [(dave, "Hi everyone, I'm Dave.", 2.0)])
    new_id = att.turns[0].speaker
    assert new_id not in ("a", "b", "c") and att.names[new_id] == ["Dave"]
    att.start_session()
    answer = l2(0.55 * dave + 0.6 * CAROL + 0.58 * E[6])  # cosine .55 to Dave, .60 to Carol
    out = run(att, [(ALICE, "Dave, are you joining us?", 2.0), (answer, "Yes.", 0.5)])
    assert out[1] == new_id


def test_pending_turn_waits_and_is_resolved_by_the_next_turn() -> None:
    att = attributor()
    # A session where people alternate: turn-taking learns that nobody follows himself.
    for emb, text in [(ALICE, "Let us start."), (BOB, "The room is booked."), (CAROL, "I have the slides."),
                      (ALICE, "Good, thanks."), (BOB, "The client called."), (CAROL, "What did they say?")]:
        assert [t.index for t in att.add(emb, text, 2.0)] == [len(att.turns) - 1]  # confident: at once
    short = mix(alice=0.58, bob=0.6)  # Alice or Bob, by the voice a little more Bob
    assert att.add(short, "Okay.", 0.5) == []  # short: pending
    assert att.turns[-1].pending and att.turns[-1].speaker is None
    decided = att.add(BOB, "They want a shorter report.", 2.5)  # Bob speaks next ...
    assert [t.index for t in decided] == [6, 7]
    pending = att.turns[6]
    assert pending.speaker == "a"  # ... so the one-word turn before him was Alice
    assert pending.provenance["waited_turns"] == 1 and pending.provenance["decided_by"] == "context"
    assert any("next" in r for r in pending.provenance["reasons"])


def test_a_clearly_new_voice_is_still_new() -> None:
    att = attributor()
    out = run(att, [(ALICE, "Bob, are you in?", 2.0), (E[4], "Hello, who is this?", 2.0)])
    assert out[1] not in ("a", "b", "c")


def test_names_match_up_to_one_asr_slip() -> None:
    assert same_name("Lena", "lina") and same_name("Bob", "bob")
    assert not same_name("Bob", "Rob") and not same_name("Dana", "Omar")
