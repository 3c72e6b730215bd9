"""Pets read from context: an animal word next to a name that is nobody in the roster (a weak pet of the
speaker). Named pets with an owner ("<Name> is my tortoise") are in `language/pets.py`."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language import timeexpr
from polymem.language.statement_types import Statement
from polymem.language.statements_clause import pet_name

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader


def named_pet(reader: StatementReader, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
    """"Mochi knocked my mug over again, typical cat": an animal word next to a name that is nobody in the
    roster and no place, acting as a subject, in the speaker's own message: a weak pet of the speaker."""
    if doc.text.rstrip().endswith("?"):
        return []
    names = [t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.is_alpha and not reader.person_in(t.text)
             and ((t.pos_ != "PRON" and (t.text[:1].isupper() or not lex.known_word(t.lower_))
                   and not lex.is_person_noun(t.lower_))
                  or (t.lower_ in ("he", "she") and not reader.people(doc.text)))
             and t.ent_type_ not in ("GPE", "LOC", "ORG", "DATE", "TIME", "NORP")
             and (t.pos_ == "PROPN" or not lex.known_word(t.lower_)) and not lex.is_place_name(t.lower_)]
    # "he's a gecko" (not "Oh Koffi. He was the kindest old dog": someone's animal spoken of to them, in the past)
    pronoun_pet = [t for t in doc if t.lemma_ == "be" and t.tag_ != "VBD" and any(
        c.dep_ == "nsubj" and c.lower_ in ("he", "she") for c in t.children)] if not reader.people(doc.text) else []
    for t in doc:
        # the animal is what the sentence is about ("typical cat", "whippets are ...", "he's a gecko"), not
        # a thing someone else has or was seen ("my cousin got a hamster", "fed the ducks")
        # "..., typical cat"; not one item of a list ("makes chicken, beef, cheese")
        tail = t.left_edge.i > 0 and doc[t.left_edge.i - 1].text in (",", "-", "–", "—") and t.dep_ != "conj" and \
            not any(c.dep_ == "conj" for c in t.children)
        if t.pos_ != "NOUN" or (t.dep_ not in ("nsubj", "nsubjpass", "attr", "appos", "ROOT", "npadvmod")
                                and not tail) or \
                not lex.is_animal(t.lemma_.lower()) or \
                sx.possessor(t) is not None or any(c.dep_ == "compound" and lex.artifact(c.lower_) for c in t.children):
            # "charger cable", "laptop charger": a device, not an animal (WordNet's first "charger" is a horse)
            continue
        attr_of_pronoun = t.dep_ == "attr" and t.head in pronoun_pet
        if names or attr_of_pronoun:
            # the name is the one the sentence is about: the only one, or the one just before ("Biscuit the hamster")
            called = [n for n in names if n.pos_ != "PRON"]
            near = [n for n in called if n.i < t.i and t.i - n.i <= 2]
            name = (near or called)[0].text if len(called) == 1 or near else ""
            return [Statement("pet", speaker, speaker, sx.animal_phrase(t, singular=True), message_id=message_id, time=time, weak=True,
                              sentence=doc.text, name=name)]
    return []


_DIE = ("die.v.01",)  # "died", "passed away"
_PUT_DOWN = ("put_away.v.05",)  # "put to sleep": kill gently


def pet_gone(reader: StatementReader, doc: Any, speaker: str, message_id: str | None,
             time: datetime | None) -> list[Statement]:
    """"Pip died in the night", "we had to let Rolo go", "had Pepper put to sleep", "my dog Rex died": an
    animal said to have died, a pet of the past. Any name may be read here (lower-case names are often
    mistagged); the writer ends only a pet it has recorded under that name. Not asked ("did Rex die?"), not
    hedged ("nearly died", "is dying"), not let out ("let Rolo go outside")."""
    out: list[Statement] = []
    for v in doc:
        if v.pos_ not in ("VERB", "AUX") or sx.negated(v, v.sent) or sx.hedged(v) or \
                v.sent.text.rstrip().endswith("?") or v.tag_ == "VBG" or \
                any(c.dep_ == "advmod" and c.lower_ in ("nearly", "almost") for c in v.children):
            continue
        who: list[Any] = []
        if dies(v):
            # the subject, or the word before the verb the tagger did not take for one ("pip died")
            who = [c for c in v.children if c.dep_ == "nsubj"] or [t for t in doc[max(v.sent.start, v.i - 1):v.i]]
        elif v.lemma_ == "put" and (any(c.lemma_ == "sleep" for c in v.children) or
                                    lex.verb_in_senses("put_" + "_".join(c.lower_ for c in v.children if c.dep_ == "prt"),
                                                       _PUT_DOWN, first=2, exact=True)):
            who = [c for c in v.children if c.dep_ in ("dobj", "nsubj", "nsubjpass") and c.lower_ not in ("we", "i")]
        elif v.lemma_ == "go" and v.head.lemma_ == "let" and v.dep_ in ("ccomp", "xcomp") and \
                not any(c.dep_ == "prt" or (c.dep_ in ("prep", "advmod") and not _of_time(c)) for c in v.children):
            who = [c for c in v.children if c.dep_ == "nsubj"]  # "we had to let Rolo go"
        for t in who:
            st = _gone_pet(reader, t, speaker)
            if st is not None:
                st.kind, st.tense, st.time, st.message_id, st.sentence = "event", "past", time, message_id, \
                    v.sent.text.strip()
                out.append(st)
    return out


def _of_time(c: Any) -> bool:
    """"on monday", "yesterday": a phrase of when, not of where ("go out", "go to the park")."""
    near = [*c.subtree, *c.doc[c.i + 1:c.i + 2]]  # (the parser may leave "on" without its "monday")
    return any(x.ent_type_ in ("DATE", "TIME") or timeexpr.is_time_word(x.text) or
               lex.noun_is(x.lemma_.lower(), "time", senses=2) for x in near)


def dies(v: Any) -> bool:
    """A verb of dying, with its particle ("died", "passed away"): WordNet's sense of leaving physical life."""
    phrasal = "_".join([v.lemma_.lower(), *(c.lower_ for c in v.children if c.dep_ in ("prt", "advmod")
                                            and c.lower_ in ("away", "on"))])
    return lex.verb_in_senses(phrasal, _DIE, first=1, exact=True) or \
        lex.verb_in_senses(v.lemma_.lower(), _DIE, first=1, exact=True)


def _gone_pet(reader: StatementReader, t: Any, speaker: str) -> Statement | None:
    """The pet a subject of dying names: an owned animal word ("my dog (Rex)", "Bo's cat") or a bare name."""
    kind = next((c for c in t.children if c.dep_ in ("compound", "appos") and lex.is_animal(c.lemma_.lower())), None)
    if kind is not None and t.pos_ == "PROPN":  # "my dog Rex died"
        poss = sx.possessor(t) or sx.possessor(kind)
        owner = speaker if poss is None or poss.lower_ in ("my", "our") else reader.person_in(poss.text)
        return Statement("pet", owner, speaker, sx.animal_phrase(kind), name=t.text) if owner else None
    poss = sx.possessor(t)
    if lex.is_animal(t.lemma_.lower()) and poss is not None:
        owner = speaker if poss.lower_ in ("my", "our") else reader.person_in(poss.text)
        if owner is None:
            return None
        return Statement("pet", owner, speaker, sx.animal_phrase(t), name=pet_name(reader, t))
    if not t.is_alpha or t.is_stop or t.pos_ in ("PRON", "DET") or reader.person_in(t.text) or \
            lex.is_place_name(t.lower_) or (t.pos_ != "PROPN" and lex.is_person_noun(t.lemma_.lower())) or \
            any(c.dep_ in ("det", "poss") for c in t.children):  # "my phone died", "the boss died"
        return None
    return Statement("pet", speaker, speaker, "pet", name=t.text.capitalize() if t.text.islower() else t.text)


NAME_WORDS = 3  # the most words of a line that is only a name ("the admiral", "Lady Marmalade")


def introduced_pet(reader: StatementReader, doc: Any, speaker: str, message_id: str | None,
                   time: datetime | None) -> list[Statement]:
    """"my tortoise! X. she sleeps in a box": a line with no verb that is only the speaker's animal (and perhaps
    the member it is said to), followed by a line with no verb that is only a name: the speaker's pet, so named.
    The two lines together are the shape of showing an animal and then saying who it is."""
    sents = list(doc.sents)
    for first, second in zip(sents, sents[1:], strict=False):
        if any(t.pos_ in ("VERB", "AUX") for t in (*first, *second)) or first.text.rstrip().endswith("?"):
            continue
        # (the animal word however tagged: "my PARROT", "my parrot X" may read as a name or a modifier)
        animal = next((t for t in first if t.pos_ in ("NOUN", "PROPN", "ADJ") and t.is_alpha and
                       lex.is_animal(t.lemma_.lower() if t.pos_ == "NOUN" else t.lower_) and
                       first.start < t.i and first.doc[t.i - 1].lower_ in ("my", "our")), None)
        if animal is None or any(t.is_alpha and t.i not in (animal.i, animal.i - 1) and reader.person_in(t.text) is None
                                 for t in first):
            continue  # ("my cat's favourite box!": more than the animal and whom it is shown to)
        words = [t for t in second if t.is_alpha]
        name = [t for t in words if not (t.i == second.start and t.lower_ == "the")]
        # (a remark, "so spiky", "too cute": words that describe, however tagged, name nothing)
        if not name or len(words) > NAME_WORDS or any(
                (t.pos_ in ("ADJ", "ADV", "INTJ", "ADP", "NUM", "PRON", "DET") and t.lower_ != "the") or
                (lex._synsets(t.lower_, "a") and not lex._synsets(t.lower_, "n")) for t in words) \
                or any(reader.person_in(t.text) or lex.is_place_name(t.lower_) or lex.is_animal(t.lower_) or
                       (lex.is_person_noun(t.lower_, senses=1) and t.is_lower and len(words) == len(name)) for t in name):
            continue  # (a word for a person names an animal only as a title: "the admiral", not "lad")
        # (a name: capitalised, or no word of the language; "haha", "ugh", "the sofa" name nothing)
        # (in lower case, only with the animal spoken of as "he" or "she" after it: "my cat! ugh." names nothing)
        told_of = any(x.lower_ in ("he", "she", "him", "her", "his") for x in doc[second.end:])
        if not all(t.text[:1].isupper() or (not lex.known_word(t.lower_) and told_of) for t in name):
            continue
        called = " ".join(t.text if t.text[:1].isupper() else t.text.capitalize() for t in words)
        if not lex.could_name_animal(called):
            continue
        kind = sx.animal_phrase(animal, singular=True)
        return [Statement("pet", speaker, speaker, kind.lower() if kind.isupper() else kind, message_id=message_id,
                          time=time, sentence=first.text.strip(), name=called)]
    return []


def renamed_pet(reader: StatementReader, doc: Any, speaker: str, message_id: str | None,
                time: datetime | None) -> list[Statement]:
    """"we renamed the dog Quillon", "renamed Nibs to Tansy", "the pup is called Tansy now, not Nibs", "Nibs is a
    boring name so she's now Tansy": an animal given a new name. The statement names the animal by its new name
    and carries the old one (`renames`; "*" where only its kind is said), so the answer takes the two names for one
    animal. The speaker's animal, unless a member's possessive is on the animal word."""
    if doc.text.rstrip().endswith("?"):
        return []

    def a_name(t: Any) -> bool:  # a name nobody in the roster has, no place, no known word in lower case
        return t.is_alpha and t.text[:1].isupper() and not reader.person_in(t.text) and \
            not lex.is_place_name(t.lower_) and t.ent_type_ not in ("GPE", "LOC", "DATE", "TIME", "ORG")

    words = [t for t in doc if not t.is_punct and not t.is_space]
    new = old = ""
    for i, t in enumerate(words):
        lemma = t.lemma_.lower()
        after = words[i + 1:]
        if lemma == "rename":  # "renamed Nibs to Tansy", "renamed the dog Quillon", "renamed him Quillon"
            names_after = [x for x in after[:6] if a_name(x)]
            to = next((k for k, x in enumerate(after[:6]) if x.lower_ == "to"), None)
            if to is not None and names_after and any(x.i > after[to].i for x in names_after):
                new = next(x.text for x in names_after if x.i > after[to].i)
                old = next((x.text for x in names_after if x.i < after[to].i), "*")
            elif names_after:
                new, old = names_after[-1].text, (names_after[0].text if len(names_after) > 1 else "*")
            break
        # "is called Tansy now, not Nibs", "she's now Tansy" (after "<Nibs> is a ... name")
        if t.lower_ == "now" and (i > 0 and words[i - 1].lemma_ in ("call", "name", "be") or
                                  any(x.lemma_ in ("call", "name") for x in words[max(0, i - 3):i])):
            # the name right before "now" ("called Tansy now"), else right after it ("she's now Tansy")
            cand = [words[i - 1]] if i > 0 and a_name(words[i - 1]) else \
                [x for x in after[:2] if a_name(x) and x.lower_ != "not"][:1]
            if not cand:
                continue
            new = cand[0].text
            # ("..., not Nibs": the name refused is the old one)
            refused = next((x.text for k, x in enumerate(after[:5]) if a_name(x) and x.i > cand[0].i and
                            any(y.lower_ == "not" for y in after[:k])), "")
            # "<Nibs> is a dull name": the name said to be one, before
            named = next((c.text for x in doc if x.lemma_ == "name" and x.pos_ == "NOUN" and x.dep_ == "attr"
                          for c in x.head.children if c.dep_ == "nsubj" and a_name(c)), "")
            old = refused or named or "*"
            break
    if not new or new == old:
        return []
    animal = next((x for x in doc if (x.pos_ == "NOUN" or (x.pos_ == "PROPN" and x.is_lower)) and
                   lex.is_animal(x.lemma_.lower())), None)  # (a lower-case word the tagger took for a name)
    if animal is None and old == "*":
        return []  # nothing says an animal was renamed ("the app is called X now")
    if animal is not None and (p := sx.possessor(animal)) is not None and p.lower_ not in ("my", "our"):
        return []  # another's animal: read elsewhere, by whose it is
    kind = sx.animal_phrase(animal, singular=True) if animal is not None else "pet"
    return [Statement("pet", speaker, speaker, kind, message_id=message_id, time=time, sentence=doc.text,
                      name=new, renames=old)]
