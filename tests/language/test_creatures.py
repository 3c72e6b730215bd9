"""Named creatures read from the words around their names, on chats written for this test (in no data set)."""

from __future__ import annotations

from polymem.language.statements import Person, StatementReader

ROSTER = [Person("ana", ("Ana", "ana")), Person("bo", ("Bo", "bo")), Person("cy", ("Cy", "cy"))]


def _pets(lines: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    r = StatementReader(ROSTER)
    read = r.read_many((text, who, None, f"m{i}") for i, (who, text) in enumerate(lines))
    return sorted({(st.owner, st.value, st.name) for sts in read for st in sts if st.attribute == "pet" and st.name})


def test_a_name_then_that_animal_in_the_reply_and_the_owner_who_speaks_of_it() -> None:
    pets = _pets([
        ("bo", "Sorry I'm late, Truffle refused to come in from the rain and I had to bribe her with ham"),
        ("cy", "honestly is that tortoise ever going to forgive you for the new enclosure"),
        ("ana", "we should plan the picnic"),
    ])
    assert ("bo", "tortoise", "Truffle") in pets


def test_an_answer_to_who_is_that_gives_the_species_and_the_answerer_owns_it() -> None:
    pets = _pets([
        ("cy", "woke at five again because Pistou decided to sing"),
        ("ana", "wait who is Pistou"),
        ("cy", "canary. my sister's idea, my problem"),
    ])
    assert ("cy", "canary", "Pistou") in pets


def test_a_breed_read_beside_the_name_and_people_and_places_are_no_pets() -> None:
    pets = _pets([
        ("ana", "Moved into the flat near Dunmore this week, Ziva loves the radiator"),
        ("ana", "Ziva sheds her whole skin every month, totally normal for a leopard gecko apparently"),
        ("bo", "Harriet from work came by with her dog and Dunmore is lovely"),
    ])
    assert ("ana", "leopard gecko", "Ziva") in pets
    assert not [p for p in pets if p[2] in ("Harriet", "Dunmore")]


def test_a_pet_statement_carries_the_name_it_is_given() -> None:
    r = StatementReader(ROSTER)

    def named(text: str) -> list[tuple[str, str, str]]:
        return [(s.owner, s.value, s.name) for s in r.read(text, "ana", None, "m") if s.attribute == "pet"]

    assert named("Our dog Bramble hates the hoover") == [("ana", "dog", "Bramble")]
    assert named("I have a ferret named Pickle") == [("ana", "ferret", "Pickle")]
    assert named("Meet Juniper, our new bearded dragon") == [("ana", "bearded dragon", "Juniper")]
    assert named("my dog hates Bo") == [("ana", "dog", "")]  # a member is nobody's pet name


def test_a_sentence_read_pet_takes_the_name_the_chat_gives_it() -> None:
    # "my parakeet" is read from its sentence; "Biscotti" from the speaker's next line: one pet, named
    pets = _pets([
        ("bo", "that sounds exactly like my parakeet"),
        ("bo", "Biscotti learned to whistle the ringtone of my phone, I keep answering nobody"),
        ("ana", "amazing"),
    ])
    assert ("bo", "parakeet", "Biscotti") in pets


def test_several_names_with_a_plural_animal_are_all_those_animals() -> None:
    pets = _pets([
        ("cy", "my ferrets are feral today, Pesto stole a sock and Bramley hid it under the sofa"),
        ("ana", "lol"),
    ])
    assert ("cy", "ferret", "Pesto and Bramley") in pets or ("cy", "ferrets", "Pesto and Bramley") in pets


def test_a_device_named_after_an_animal_is_no_pet() -> None:
    r = StatementReader(ROSTER)
    sts = r.read("Dumbo chewed through my phone charger again", "ana")
    assert not any(s.attribute == "pet" and "charger" in s.value for s in sts)


def test_names_beside_an_animal_word() -> None:
    from polymem.language.creatures import names_beside

    said = "Cy I have a MACAW, Tamarind will try to eat your sandwich"
    assert names_beside(said, "macaw", lambda w: w in ("Cy", "Ana", "Bo")) == ["Tamarind"]
    assert names_beside("Ana took Tamarind to the vet", "macaw", lambda w: w == "Ana") == []


def test_the_everyday_word_for_a_breed_or_species() -> None:
    from polymem.language.lexical import everyday_kind

    assert everyday_kind("whippet") == "dog" and everyday_kind("cockatiel") == "bird"
    assert everyday_kind("tabby") == "cat"
    assert everyday_kind("dog") is None  # already the everyday word


def test_an_animal_word_the_tagger_reads_as_a_verb_still_gives_the_species() -> None:
    # the small tagger calls "axolotls" a verb here; a word with no verb sense whose noun is an animal is one
    pets = _pets([
        ("bo", "Bertram made it through the flight! axolotls cope better than people, honestly"),
        ("ana", "welcome home bertram"),
    ])
    assert ("bo", "axolotl", "Bertram") in pets


def test_the_same_member_on_a_kind_of_animal_a_few_lines_off_gives_the_species() -> None:
    lines = [
        ("cy", "marzipan would never stoop to begging. she just glares from the hammock"),
        ("ana", "lol"),
        ("bo", "the picnic is sunday btw"),
        ("cy", "ferrets are basically tiny landlords, it's known"),
    ]
    assert ("cy", "ferret", "Marzipan") in _pets(lines + [("bo", "marzipan is plotting again, look at her")])
    others = [(("ana" if who == "cy" and "ferrets" in text else who), text) for who, text in lines]
    assert not any(p[2] == "Marzipan" for p in _pets(others + [("bo", "marzipan is plotting again, look at her")]))


def test_a_lower_case_name_beside_the_animal_word_of_a_message() -> None:
    from polymem.language.creatures import names_beside

    no_one = lambda w: False  # noqa: E731
    assert names_beside("the dog is coming with us. crumble needs his jabs first", "dog", no_one) == ["Crumble"]
    assert names_beside("the dog is asleep. traffic is awful though", "dog", no_one) == []  # no thing's name


def test_a_creature_presented_then_described_in_a_bare_phrase() -> None:
    # "this is <name>." then a telegraphic "(she's a) <kind>, ..." in the same message; the name in lower case
    # comes back as a subject, once written as a plural with a singular verb
    pets = _pets([
        ("bo", "right, news. this is toffee. retired greyhound, 6yo, snores like a tractor"),
        ("ana", "toffee is perfect, bring toffee to the picnic"),
        ("cy", "wait how does toffee feel about cats"),
    ])
    assert ("bo", "retired greyhound", "Toffee") in pets or ("bo", "greyhound", "Toffee") in pets


def test_animals_taken_in_with_their_names_apposed() -> None:
    pets = _pets([("ana", "Small update: we have taken on two rescue ducks, Maud and Ivy. They hate the rain.")])
    assert any(o == "ana" and "duck" in v and n == "Maud and Ivy" for o, v, n in pets), pets
    r = StatementReader(ROSTER)
    took = [s for s in r.read("we finally took in a stray kitten last week", "bo", None, "m1") if s.attribute == "pet"]
    assert took and took[0].owner == "bo" and "kitten" in took[0].value


def test_a_neighbour_s_animal_after_a_capitalised_word_is_no_pet() -> None:
    # the parser may leave "an African grey parrot" headless (a root with its article elsewhere): no bare phrase
    pets = _pets([
        ("bo", "Sorry all, no signal in the flat till Monday so I'm on the library wifi"),
        ("bo", "Also, the neighbour across the street has an African grey parrot that wolf-whistles at everyone."),
    ])
    assert not [p for p in pets if p[0] == "bo"], pets


def _pets_after(earlier: list[tuple[str, str]], lines: list[tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    """Pets told in `lines`, with `earlier` as chat read before them (a writer's look-back)."""
    r = StatementReader(ROSTER)
    read = r.read_many(((text, who, None, f"n{i}") for i, (who, text) in enumerate(lines)),
                       lookback=[(text, who, None, f"e{i}") for i, (who, text) in enumerate(earlier)])
    return sorted({(st.owner, st.value, st.name, st.message_id or "") for sts in read for st in sts
                   if st.attribute == "pet" and st.name})


def test_a_name_from_earlier_chat_and_its_kind_said_now_make_one_pet_told_now() -> None:
    earlier = [("bo", "gherkin stole a sock off the radiator again"),
               ("ana", "lol"),
               ("bo", "gherkin is now asleep in the laundry basket, zero remorse")]
    now = [("bo", "honestly ferrets are pure chaos"), ("cy", "are we still on for friday")]
    assert _pets_after(earlier, now) == [("bo", "ferret", "Gherkin", "n0")]
    assert _pets_after([], now) == []  # the kind alone names nobody
    # told in the earlier chat alone: nothing is told again now
    assert _pets_after([*earlier, *now], [("cy", "see you friday then")]) == []


def test_a_common_word_named_once_is_a_name_when_a_he_or_she_takes_it_up() -> None:
    pets = _pets([
        ("cy", "turnip would never share. he guards his food bowl like a bank vault"),
        ("cy", "hamsters are tiny dragons honestly"),
    ])
    assert ("cy", "hamster", "Turnip") in pets
    # the one taken up by "her dog" owns the dog; nobody's pet
    assert not _pets([("bo", "Captain from the boatyard came by with her dog and stayed for tea")])


def test_an_opening_name_the_tagger_reads_as_a_verb_and_a_device_is_no_animal() -> None:
    pets = _pets([("ana", "Sapling knocked my computer mouse off the desk again. ferrets are chaos in fur")])
    assert pets == [("ana", "ferret", "Sapling")]  # not a "computer mouse" (WordNet's first mouse is the animal)


def test_a_member_told_of_anothers_animal_is_not_its_owner() -> None:
    pets = _pets([
        ("ana", "oh and Bo sent me a photo of the kitten she adopted, her name is Mitzi, she's so small"),
        ("bo", "she's a four month old tabby, came from a rescue in town. Mitzi has already claimed the sofa"),
    ])
    assert [p for p in pets if p[2] == "Mitzi"] and all(p[0] == "bo" for p in pets if p[2] == "Mitzi")


def test_one_food_of_a_list_is_no_pet() -> None:
    r = StatementReader(ROSTER)
    read = r.read("selling pasties like my oma does, lamb, beef, cheese", "ana", None, "m")
    assert not [s for s in read if s.attribute == "pet"]


def test_an_animal_described_after_a_member_was_named_is_no_job_of_theirs() -> None:
    # the parser takes "grey" for the head noun; WordNet's first "grey"s are named people (an earl, a novelist)
    read = StatementReader(ROSTER).read("she's a grey whippet from next door.", "ana", None, "m", last_other="bo")
    assert not [s for s in read if s.attribute == "job"]


def test_a_member_hailed_in_the_line_that_names_a_pet_does_not_own_it() -> None:
    pets = _pets([
        ("cy", "night shift again Bo. plus Quince shrieks at the bin lorry so I'm up anyway"),
        ("bo", "who on earth is Quince"),
        ("cy", "parakeet. he imitates the smoke alarm"),
    ])
    assert ("cy", "parakeet", "Quince") in pets and not [p for p in pets if p[0] == "bo"]


def test_a_name_known_only_by_what_it_does_is_a_pet_of_unknown_kind() -> None:
    # no animal word anywhere: the classifier reads the name's messages as a kept animal's
    pets = _pets([
        ("bo", "Quorra knocked the plant off the windowsill again and then sat in the soil looking proud"),
        ("ana", "lol classic"),
        ("bo", "Quorra brought a live frog in through the flap at 3am and let it go under the bed"),
        ("cy", "poor thing"),
    ])
    assert ("bo", "pet", "Quorra") in pets


def test_a_person_or_a_thing_named_in_the_same_way_is_no_pet() -> None:
    pets = _pets([
        ("bo", "Desmond from the finance team got promoted, drinks after work on friday"),
        ("ana", "Desmond deserves it, he covered all my shifts in March"),
        ("cy", "my van Old Rusty failed its MOT again, the garage wants four hundred quid"),
        ("cy", "Old Rusty is going to the scrapyard if it breaks down once more"),
    ])
    assert not [p for p in pets if p[2] in ("Desmond", "Old Rusty")], pets


def test_a_name_once_after_a_preposition_of_place_is_still_a_name() -> None:
    pets = _pets([
        ("cy", "Sorry I'm late, Quillo refused to come in from the rain"),
        ("ana", "honestly is that tortoise ever going to forgive you for the new enclosure"),
        ("cy", "keep the birthday cake well away from Quillo on saturday"),
        ("cy", "Quillo is asleep on my coat now"),
    ])
    assert ("cy", "tortoise", "Quillo") in pets


def test_a_name_mostly_put_after_in_or_from_is_a_place() -> None:
    pets = _pets([
        ("bo", "just got back from Tarnwick, typical beagle town, dogs everywhere"),
        ("bo", "Tarnwick is lovely though"),
        ("ana", "I grew up in Tarnwick!"),
    ])
    assert not [p for p in pets if p[2] == "Tarnwick"], pets


def test_a_person_noun_beside_a_name_or_a_day_is_never_an_animal_by_meaning() -> None:
    pets = _pets([
        ("bo", "my flatmate Yeva is off to Lisbon for a month and can't take her hamster, so guess who's feeding it"),
        ("ana", "Saturday walk by the river with the dog, he jumped in after a swan again"),
    ])
    assert not [p for p in pets if p[2] in ("Yeva", "Saturday")], pets


def test_a_name_with_an_article_or_told_of_once_is_no_pet_by_meaning() -> None:
    pets = _pets([
        ("bo", "the Copperfield had a water bowl and treats out for walkers, he wagged the whole time we were there"),
        ("cy", "the Copperfield always lets him sleep under the table by the fire"),
        ("ana", "Fennick had his jabs today and sulked in his crate all afternoon"),
    ])
    assert not [p for p in pets if p[2] in ("Copperfield", "Fennick")], pets


def test_a_word_for_the_kind_outweighs_an_emoji() -> None:
    pets = _pets([
        ("ana", "took Quillo up the hill this morning, she pulled me the whole way 🐺"),
        ("bo", "lol"),
        ("ana", "Quillo didn't even get up when i came in. huskies are supposed to be working dogs"),
    ])
    assert ("ana", "husky", "Quillo") in pets, pets


def test_a_gender_sign_joined_to_a_person_emoji_is_no_animal() -> None:
    from polymem.language.creatures import _emoji

    assert _emoji("first week of august then?? 🙋‍♀️") == []
    assert _emoji("new friend 🐰") == ["rabbit"]


def test_a_line_that_reads_as_a_person_counts_against_lines_that_read_as_an_animal() -> None:
    pets = _pets([
        ("ana", "Oscar puked in the car on the way back"),
        ("ana", "Oscar is scared of the hoover"),
        ("ana", "Oscar's 6th birthday party is saturday"),
    ])
    assert not [p for p in pets if p[2] == "Oscar"], pets
