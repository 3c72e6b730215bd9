"""A named animal introduced by a copula or an apposition: "<Name> is my bearded dragon", "<Name> is Ana's
hedgehog", "<Name> (my tortoise) dug out again". The name is nobody in the roster and no place; the animal
noun carries a possessor that says whose it is.

WordNet's first sense of a pet's species is sometimes not the animal ("dragon" is the myth, "kelpie" the water
spirit): in this construction any of a noun's first four senses being an animal is enough, because the
sentence itself says a named creature is somebody's. Four senses reach the lizard in "dragon" (after the
myth, a fierce person and the constellation) but not the late ones of "baby" or "boss".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx

Owner = Callable[[Any], "str | None"]


def unknown_kind(value: str | None) -> bool:
    """A pet's kind not known: no value, or a word for any kept animal ("pet", "animal"), as a pet read only
    by what it does is recorded (language/creatures.py)."""
    return not value or lex.generic_pet(value.split()[-1].lower())


def kind_of(value: str | None, kind: str | None) -> bool:
    """`value` names a kind of the animal `kind` names, strictly by WordNet's hyponymy ("iguana" of
    "lizard", "beagle" of "dog"; not "cat" of "dog"): a more exact word for the same animal."""
    if not value or not kind or unknown_kind(kind):
        return False
    def senses(phrase: str) -> list[Any]:  # the phrase as WordNet writes it, else its last word
        words = phrase.split()
        return lex._synsets(" ".join(words), "n")[:2] or lex._synsets(words[-1], "n")[:2]

    general = set(senses(kind))
    return any(general.intersection(path[:-1]) for s in senses(value) for path in s.hypernym_paths())


def asks_breed(question: Any) -> bool:
    """"which breed is Ana's hound?", "what sort of lizard did she buy?": the narrower kind of an animal asked
    (not "which type of pet is X really?", which the everyday kind answers)."""
    for t in question:
        low = t.lemma_.lower()
        if low == "breed" and t.pos_ == "NOUN":
            return True
        if low in ("kind", "sort", "type", "variety") and any(
                c.dep_ == "prep" and c.lower_ == "of" and any(
                    p.dep_ == "pobj" and lex.is_animal(p.lemma_.lower()) and not lex.generic_pet(p.lemma_.lower())
                    for p in c.children) for c in t.children):
            return True
    return False


def breed_in(doc: Any, kind: str) -> str | None:
    """The first narrower kind of the animal `kind` that a message names ("springer spaniel", "corn snake" for a
    dog or a snake), as written; a word for a young one ("puppy") is no kind."""
    for t in doc:
        if t.pos_ not in ("NOUN", "PROPN") or lex.young_of(t.lower_):
            continue
        # the words right before it, longest first ("springer spaniel", then "spaniel")
        start = t.i
        while start > 0 and t.i - start < 2 and doc[start - 1].pos_ in ("NOUN", "PROPN", "ADJ"):
            start -= 1
        for first in range(start, t.i + 1):
            phrase = doc[first:t.i + 1].text.lower()
            if kind_of(phrase, kind):
                return phrase
    return None


def animal_sense(lemma: str) -> bool:
    return lex.is_animal(lemma) or any(s.lexname() == "noun.animal" for s in lex._synsets(lemma, "n")[:4])


def compound_animal(n: Any) -> str | None:
    """"African grey", "hermit crab": the modifiers and the noun, as WordNet has the animal's name, when the
    noun alone is no animal (the longest such name)."""
    mods = []  # (the words right before the noun in its phrase, wherever the parser hung them)
    for t in reversed([t for t in n.subtree if t.i < n.i]):
        if t.dep_ not in ("amod", "compound") or t.i != (mods[0].i if mods else n.i) - 1:
            break
        mods.insert(0, t)
    for k in range(len(mods)):
        name = "_".join([*(t.lower_ for t in mods[k:]), n.lemma_.lower()])
        if lex.is_animal(name):
            return name.replace("_", " ")
    for k in range(len(mods)):  # "African grey parrot": the modifiers alone name the animal, the noun says what it is
        if len(mods) - k > 1 and lex.is_animal("_".join(t.lower_ for t in mods[k:])):
            return " ".join([*(t.lower_ for t in mods[k:]), n.lower_])
    return None


def named_animals(sent: Any, is_person: Callable[[str], bool], owner_of: Owner) -> list[tuple[str, str, str]]:
    """(owner id, species phrase, pet name) for each "<Name> is <possessor>'s <animal>" in a sentence."""
    out: list[tuple[str, str, str]] = []
    for n in sent:
        if not n.is_alpha or n.dep_ not in ("attr", "appos", "parataxis") or not (
                animal_sense(n.lemma_.lower()) or compound_animal(n)):
            continue
        name = _named(n)
        if name is None or is_person(name.text) or lex.is_place_name(name.lower_) or \
                name.ent_type_ in ("GPE", "LOC", "ORG", "DATE", "TIME", "NORP"):
            continue
        if any(c.dep_ == "neg" and c.i < n.i for c in n.children) or any(c.dep_ == "neg" for c in n.head.children):
            continue  # "Rex is not my dog"
        poss = next((t for t in n.subtree if t.dep_ == "poss" and t.i < n.i), None)
        if poss is None:
            continue
        # "my Hermann's tortoise": the outermost possessor is the owner, the inner one names a breed
        while any(c.dep_ == "poss" for c in poss.children):
            poss = next(c for c in poss.children if c.dep_ == "poss")
        owner = owner_of(poss)
        if owner is None:
            continue
        # breed words: nouns and capitalised adjectives ("African pygmy"), not "new" or "little"
        mods = [t.text.lower() for t in n.subtree if poss.i < t.i < n.i and t.dep_ in ("compound", "amod")
                and (t.pos_ in ("NOUN", "PROPN") or t.text[:1].isupper() or _having(t.lower_))]
        species = " ".join([*mods, n.text.lower()])
        whole = compound_animal(n)  # "hermit crab" as WordNet names it, whatever the tagger made of "hermit"
        out.append((owner, whole if whole and len(whole) > len(species) else species, _full_name(name)))
    return out


def _having(adj: str) -> bool:
    """"bearded", "lop-eared", "crested": an adjective made from a noun, "having X", classifies a breed
    (unlike "little" or "grumpy")."""
    stem = adj.split("-")[-1]
    return stem.endswith("ed") and any(lex.known_noun(stem[:-k]) for k in (2, 1, 3) if len(stem) - k > 2)


def _named(n: Any) -> Any | None:
    """The name an animal noun describes: the subject of its copula, or the name it stands in apposition to."""
    if n.dep_ == "attr" and n.head.lemma_ == "be":  # a name, not a common noun ("timetables are my hobby")
        return next((c for c in n.head.children if c.dep_ in ("nsubj", "nsubjpass") and c.i < n.i and (
            c.pos_ == "PROPN" or (c.pos_ == "NOUN" and c.text[:1].isupper() and not lex.known_word(c.lower_))
            # a bare singular noun used as a name, as chats write them ("noodle is my gecko")
            or (c.pos_ == "NOUN" and c.tag_ == "NN" and not any(x.dep_ in ("det", "poss") for x in c.children)))),
                    None)
    if n.dep_ in ("appos", "parataxis") and n.head.pos_ == "PROPN":  # "<Name> (my gecko) ..."
        return n.head
    return None


def _full_name(t: Any) -> str:
    parts = sx.name_parts(t)
    if len(parts) > 1 and parts[0].i == t.sent.start and lex._synsets(parts[0].lower_, "v"):
        parts = parts[1:]  # "Meet Juniper, our new bearded dragon": the greeting verb is no part of the name
    return " ".join(c.text for c in parts)
