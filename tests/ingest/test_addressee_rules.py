"""Addressee inference on hand-made cases (no database needed)."""

from __future__ import annotations

from polymem.ingest.addressee import AddresseeInferer, normalise_nick, previous_other_speaker_baseline
from polymem.schema.models import Message, Participant

ROSTER = [
    Participant(id="ali86", name="Alice Moreau", aliases=["Ali"]),
    Participant(id="bobby", name="Bob Stone"),
    Participant(id="liam_k", name="Liam Kerr"),
    Participant(id="dana", name="Dana Ruiz"),
]


def _infer(inf: AddresseeInferer, speaker: str, text: str, mid: str, reply_to: list[str] | None = None):
    m = Message(id=mid, speaker=speaker, text=text, reply_to=reply_to or [])
    out = inf.infer(m)
    inf.remember(m)
    return {(a.id, a.how) for a in out}


def test_at_mention_by_handle_and_alias() -> None:
    inf = AddresseeInferer(ROSTER)
    assert _infer(inf, "dana", "@ali86 can you send the slides?", "1") == {("ali86", "mention")}
    assert _infer(inf, "dana", "thanks to @Ali and @bobby for coming", "2") == {("ali86", "mention"), ("bobby", "mention")}


def test_leading_nick_colon_and_name_comma() -> None:
    inf = AddresseeInferer(ROSTER)
    assert _infer(inf, "dana", "liam_k: did you book it?", "1") == {("liam_k", "vocative")}
    assert _infer(inf, "dana", "Liam, can you book the room?", "2") == {("liam_k", "vocative")}
    assert _infer(inf, "dana", "Bob can you check the budget", "3") == {("bobby", "vocative")}


def test_irc_nick_variants_and_prefix() -> None:
    inf = AddresseeInferer([])
    _infer(inf, "JHBuddy", "anyone know grub?", "1")
    _infer(inf, "owlmanatt_", "my mouse is dead", "2")
    assert _infer(inf, "vinux", "JHB: try grub-install", "3") == {("JHBuddy", "vocative")}
    assert _infer(inf, "vinux", "owlmanatt: get a usb mouse", "4") == {("owlmanatt_", "vocative")}
    assert normalise_nick("Foo|away") == "foo"


def test_reply_gives_the_replied_speaker() -> None:
    inf = AddresseeInferer(ROSTER)
    _infer(inf, "ali86", "I can take the slides", "1")
    assert _infer(inf, "dana", "great, please do", "2", reply_to=["1"]) == {("ali86", "reply")}


def test_ambiguous_names_are_not_guessed() -> None:
    twins = [Participant(id="sam1", name="Sam Lee"), Participant(id="sam2", name="Sam Park"),
             Participant(id="dana", name="Dana Ruiz")]
    inf = AddresseeInferer(twins)
    assert _infer(inf, "dana", "Sam, can you call me?", "1") == set()
    assert _infer(inf, "dana", "@sam2 can you call me?", "2") == {("sam2", "mention")}


def test_no_cue_no_guess_and_never_self() -> None:
    inf = AddresseeInferer(ROSTER)
    assert _infer(inf, "dana", "the venue is booked", "1") == set()
    assert _infer(inf, "dana", "Dana: note to self", "2") == set()


def test_dyadic_only_with_a_two_person_roster() -> None:
    pair = AddresseeInferer([Participant(id="Caroline"), Participant(id="Melanie")])
    assert _infer(pair, "Caroline", "How have you been?", "1") == {("Melanie", "dyadic")}
    group = AddresseeInferer([])
    _infer(group, "a1", "hello", "1")
    assert _infer(group, "b2", "hello there", "2") == set()


def test_system_participants_neither_address_nor_are_addressed() -> None:
    inf = AddresseeInferer([Participant(id="system", kind="system")])
    assert _infer(inf, "system", "=== bob2 has joined #ubuntu", "1") == set()
    assert _infer(inf, "bob2", "system: hi", "2") == set()


def test_return_rule_answers_whoever_just_addressed_the_speaker() -> None:
    inf = AddresseeInferer([])
    _infer(inf, "carol9", "anyone?", "1")
    _infer(inf, "dave_x", "carol9: what is the error?", "2")
    assert _infer(inf, "carol9", "it says permission denied", "3") == {("dave_x", "return")}


def test_baseline_is_previous_other_speaker() -> None:
    msgs = [Message(id=str(i), speaker=s, text="x") for i, s in enumerate(["a", "b", "b", "c", "a"])]
    assert previous_other_speaker_baseline(msgs) == {"0": None, "1": "a", "2": "a", "3": "b", "4": "c"}


def test_a_name_opening_a_later_sentence_that_asks() -> None:
    inf = AddresseeInferer(ROSTER)
    got = _infer(inf, "dana", "other topic: the flood in the cellar. Liam, could you do a short summary of it?", "1")
    assert got == {("liam_k", "vocative")}
    # (a list of names in a later sentence asks nothing of them)
    assert _infer(inf, "ali86", "great night. Liam, Dana and I stayed till close.", "2") == set()
