"""What kind of animal a name is, read from the talk that uses the name.

A chat seldom says "Rufus is my kelpie" in one statement. The kind comes beside the name in another clause
("took Rufus to the beach, kelpie brain as always"), in the reply ("Pip learned the kettle's whistle" /
"that budgie is a menace"), or only as an emoji. Each line that uses the name is read with the next lines of
its talk, and every animal word found there is weighed by how close it stands to the name: tied to it in the
parse ("Rufus, our kelpie", "a kelpie called Rufus", "Rufus is a kelpie"), in its sentence, in its line, in
one of the lines after it. The kind with the most weight wins; of two kinds where one is a kind of the other
(greyhound, dog), the narrower keeps both weights.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.language.pets import compound_animal

LINKED = 6.0  # the animal word is tied to the name in the parse
SENTENCE = 3.0  # said in the name's sentence
MESSAGE = 2.0  # said in the name's line
AFTER = 1.0  # said in one of the lines right after it (or as an emoji in the name's line)
FOLLOW = 2  # lines after a line that uses the name that are read with it
OBJECT = 0.5  # an animal the name's line has as an object is often what the animal did something to
MIN_WEIGHT = 1.0  # least weight of a kind
MIN_DEPTH = 2  # animal senses this far below "animal" in WordNet: not "pet", "critter", "beast"


@dataclass(frozen=True)
class Line:
    id: str
    speaker: str
    text: str


@dataclass
class Kind:
    phrase: str  # as said ("leopard gecko")
    synset: Any  # the WordNet animal sense it was read as
    weight: float = 0.0
    message_ids: list[str] = field(default_factory=list)


def _fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s.lower()) if not unicodedata.combining(c))


def uses(name: str, text: str) -> bool:
    """The line uses the name as a word, whatever its case or accents ("seanie" for "Seánie")."""
    return re.search(rf"(?<![\w]){re.escape(_fold(name))}(?![\w])", _fold(text)) is not None


def _depth(s: Any) -> int:
    animal = lex.wordnet().synset("animal.n.01")
    return max((len(p) - 1 - p.index(animal) for p in s.hypernym_paths() if animal in p), default=-1)


# a word whose first sense is none of these is that in chat, not the animal of a later sense ("chat", "chicken",
# "head"); a spirit ("kelpie") or a fur ("chinchilla") may come first
_FIRST_MAY = ("noun.animal", "noun.person", "noun.substance")


def _sense(word: str) -> Any | None:
    """The animal sense of a noun among its first three ("kelpie" is first a water spirit, "chinchilla" a fur),
    narrow enough to be a kind (not "pet", "creature")."""
    senses = lex._synsets(word, "n")[:3]
    if lex.generic_pet(word) or not senses or senses[0].lexname() not in _FIRST_MAY:
        return None
    return next((s for s in senses if s.lexname() == "noun.animal" and _depth(s) >= MIN_DEPTH), None)


def _tied(a: Any, n: Any) -> bool:
    """The animal noun `a` and the name token `n` are one thing in the parse: apposition or compound ("Rufus,
    our kelpie", "kelpie Rufus"), "N is a X", "a X called / named N"."""
    if (a.head == n or n.head == a) and (a.dep_ in ("appos", "compound", "npadvmod") or
                                         n.dep_ in ("appos", "compound", "npadvmod")):
        return True
    if a.dep_ == "attr" and any(c == n for c in a.head.children if c.dep_ in ("nsubj", "nsubjpass")):
        return True
    return n.head.lemma_ in ("call", "name") and n.head.head == a


def _others(a: Any, name: str) -> bool:
    """The animal is said to be someone else's ("your lizard", "Ana's tortoise"), not the name's."""
    poss = next((c for c in a.children if c.dep_ == "poss"), None)
    return poss is not None and poss.lower_ not in ("my", "our", "his", "her", "their", "its") and \
        not uses(name, poss.text)


def _thing(a: Any) -> bool:
    """The animal word only modifies a made thing or food ("charger cable", "dog bowl"; not "kelpie brain"),
    or is part of a longer animal's name ("leopard" in "leopard gecko")."""
    return a.dep_ == "compound" and any(s.lexname() in ("noun.artifact", "noun.food", "noun.animal")
                                        for s in lex._synsets(a.head.lemma_.lower(), "n")[:2])


def _object(a: Any) -> bool:
    """What the animal did something to ("rolled in a dead fish"), not what it is taken as ("for a greyhound,
    she ...", "as a puppy")."""
    return a.dep_ == "dobj" or (a.dep_ == "pobj" and a.head.lower_ not in ("as", "for", "like"))


def _continues(a: Any, names: list[Any]) -> bool:
    """The animal's sentence goes on about the name's animal: a pronoun as its subject, no other name between
    ("Pip hid again. For a cat she is very shy")."""
    return bool(names) and any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in ("he", "she", "it")
                               for t in a.sent) and a.sent.start > names[0].i


def animals(doc: Any) -> list[tuple[Any, str, Any]]:
    """(token, phrase, sense) for each animal noun in the parse."""
    out = []
    for t in doc:
        # (not a name written as one, "Tom"; the tagger takes lower-case chat words for names too)
        # (the tagger reads some animal nouns as comparatives: "such a terri-er"; no adjective has that spelling)
        misread = t.pos_ == "ADJ" and not lex._synsets(t.lower_, "a")
        if (t.pos_ not in ("NOUN", "PROPN") and not misread) or not t.is_alpha or \
                (t.pos_ == "PROPN" and t.text.istitle()):
            continue
        whole = compound_animal(t)
        word = (whole or (t.lower_ if misread else t.lemma_)).lower()
        s = _sense(word.replace(" ", "_")) or (_sense(t.lower_) if not whole else None)
        if s is None:
            continue
        mods = [c.text.lower() for c in t.lefts if c.dep_ == "compound" and c.is_alpha]
        out.append((t, whole or " ".join([*mods, word]), s))
    # ("leopard" of "leopard gecko", "bull" of "bull terrier": the head says the kind, with its modifier)
    heads = {t.i for t, _, _ in out}
    return [a for a in out if not (a[0].dep_ == "compound" and a[0].head.i != a[0].i and a[0].head.i in heads)]


def emoji(text: str) -> list[tuple[str, Any]]:
    """Animals drawn as emoji (Unicode names them: PARROT, RABBIT FACE)."""
    out = []
    for ch in dict.fromkeys(text):
        if ord(ch) < 0x2000:
            continue
        for w in unicodedata.name(ch, "").lower().split():
            s = _sense(w)
            if s is not None:
                out.append((w, s))
                break
    return out


def kinds_of(name: str, talk: Sequence[tuple[Line, Sequence[Line]]]) -> list[Kind]:
    """The kinds of animal the talk gives `name`, most weight first (`talk`: each line that uses the name, with
    the lines after it)."""
    found: dict[str, Kind] = {}

    def add(phrase: str, s: Any, w: float, mid: str) -> None:
        k = found.setdefault(s.name(), Kind(phrase, s))
        # the fullest phrase of the kind ("leopard gecko" over "gecko"); of two as long, one said with weight
        if len(phrase) > len(k.phrase) or (len(phrase) == len(k.phrase) and w > k.weight / 2):
            k.phrase = phrase
        k.weight += w
        if mid not in k.message_ids:
            k.message_ids.append(mid)

    for line, after in talk:
        doc = parsed(line.text)
        names = [t for t in doc if uses(name, t.text)]
        for a, phrase, s in animals(doc):
            if _others(a, name) or any(uses(name, x.text) for x in a.subtree if x.dep_ == "poss"):
                continue
            if any(_tied(a, n) for n in names):
                w = LINKED
            elif _thing(a) or (a.tag_ == "NNS" and a.dep_ != "nsubj"):
                continue  # "charger cable"; "needs crickets" (a plural subject says what such animals are like)
            else:
                w = SENTENCE if any(n.sent == a.sent for n in names) or _continues(a, names) else MESSAGE
                w *= OBJECT if _object(a) else 1.0
            add(phrase, s, w, line.id)
        for w_, s in emoji(line.text):
            add(w_, s, AFTER, line.id)
        for nxt in after[:FOLLOW]:
            for a, phrase, s in animals(parsed(nxt.text)):
                if not _others(a, name) and not _thing(a) and (a.tag_ != "NNS" or a.dep_ == "nsubj"):
                    add(phrase, s, AFTER * (OBJECT if _object(a) else 1.0), nxt.id)
    kinds = list(found.values())
    own = {id(k): k.weight for k in kinds}
    for k in kinds:  # a narrower kind takes the weight of the broader ones it is a kind of
        for b in kinds:
            if b is not k and b.synset in {h for p in k.synset.hypernym_paths() for h in p}:
                k.weight += own[id(b)]
                k.message_ids += [m for m in b.message_ids if m not in k.message_ids]
    kinds = [k for k in kinds if k.weight >= MIN_WEIGHT]
    return sorted(kinds, key=lambda k: (-k.weight, -_depth(k.synset)))


def keeper(name: str, talk: Sequence[tuple[Line, Sequence[Line]]], person_in: Callable[[str], str | None]) -> str | None:
    """Whose animal the name is: the member who says "my/our <name>", or speaks of it most, in the first person
    most; a member a line asks about it by name ("Ana, how is Rufus?"), or names as its keeper ("Ana's Rufus")."""
    votes: dict[str, float] = {}
    for line, _after in talk:
        doc = parsed(line.text)
        mine = any(t.lower_ in ("i", "my", "me", "we", "our", "ours") for t in doc)
        votes[line.speaker] = votes.get(line.speaker, 0.0) + (2.0 if mine else 0.5)
        for n in (t for t in doc if uses(name, t.text)):
            sent = n.sent
            if any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in n.children):
                votes[line.speaker] = votes.get(line.speaker, 0.0) + 3.0
            # asked of someone about the animal itself ("Ana, how is Rufus?"; not "could you check they're ok
            # with Rufus coming?": the name deep in another matter; not "could Rufus stay with you?": a favour)
            if sent.text.rstrip().endswith("?") and sent.root in (n.head, n.head.head) and not any(
                    t.lower_ in ("you", "u") and t.dep_ in ("pobj", "dobj", "dative") for t in sent):
                for t in sent:
                    who = person_in(t.text) if t.pos_ == "PROPN" and not uses(name, t.text) else None
                    if who and who != line.speaker:
                        votes[who] = votes.get(who, 0.0) + 3.0
            poss = next((c for c in n.children if c.dep_ == "poss"), None)
            if poss is not None and (who := person_in(poss.text)):
                votes[who] = votes.get(who, 0.0) + 3.0
    return max(votes, key=votes.__getitem__) if votes else None


def names_in_question(question: str, is_member: Callable[[str], bool]) -> list[str]:
    """Words a question may call an animal by ("what kind of animal is Rufus?", "whose is seanie"): a name,
    or a word the dictionary lacks, that is no member's name, no day or month and no animal word (a place's
    name may be an animal's: the talk decides)."""
    return names_in(question, is_member)


def names_in(text: str, is_member: Callable[[str], bool], chat: bool = False) -> list[str]:
    """Words of a text that may name an animal (see `names_in_question`); in a chat line (`chat`) only a
    capitalised name, no place's: lower-case chat is full of words no dictionary has ("arvo", "ppl")."""
    from polymem.language import timeexpr

    out = []
    for t in parsed(text):
        named = t.pos_ == "PROPN" or (t.i > 0 and t.text[:1].isupper() and t.text != "I")
        if not t.is_alpha or len(t.text) < 2 or is_member(t.text) or t.is_stop or t.tag_ in ("WP", "WP$", "WDT", "WRB"):
            continue
        # (a capital opening a sentence says little: "Retired greyhound life"; a word there is a name only as
        # the subject, "Pickle has stopped eating")
        if chat and (not t.text[:1].isupper() or t.text.isupper() or lex.is_place_name(t.lower_) or
                     t.ent_type_ in ("GPE", "LOC", "ORG", "NORP", "DATE", "TIME") or
                     (t.i == t.sent.start and lex.known_word(t.lower_) and t.dep_ not in ("nsubj", "nsubjpass"))):
            continue
        if not named and lex.known_word(t.lower_):
            continue
        if t.dep_ == "pobj" and t.head.lower_ != "of":  # "in Lisbon", "from Tomas": where or from whom
            continue
        if timeexpr.calendar_name(t.lower_) or _sense(t.lemma_.lower()):
            continue
        out.append(t.text)
    return list(dict.fromkeys(out))
