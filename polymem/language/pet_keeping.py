"""Who keeps an animal now, when it is not (or no longer) its owner: "who's minding Ana's gecko while she's
away?", "where does Ana's cat live now?", "what became of her hens?" are answered by a line that hands the
animal to someone: "Biscuit is going to live with my mum in Leeds", "my sister took the hens", "the neighbour
has him for the weekend". And, for a yes/no question about a member's animal of a kind ("does Ana have a
snake?"), whose such an animal is when a line says so ("my flatmate's corn snake"). Questions and lines are read
by the parse and WordNet's verb senses, no phrase list.
"""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.pets import animal_sense
from polymem.language.replies import STAY_PUT

# keeping an animal for someone, or taking it on (WordNet): caring for it, minding it, housing it, keeping it,
# taking it in, inheriting it
CARE_SENSES = ("care.v.02", "take_care.v.02", "look_after.v.01", "keep.v.03", "house.v.02", "foster.v.02",
               "inherit.v.01", "inherit.v.02", "adopt.v.02", "take.v.04", "take_in.v.01", "own.v.01", "feed.v.02")
# where it is: staying, going or moving somewhere (or to someone)
_STAY = (*STAY_PUT, "go.v.01", "travel.v.01", "move.v.02")


def _animal(t: Any) -> bool:
    """A common noun for an animal (not a name: a person called Mara is no cavy)."""
    low = t.lemma_.lower()
    return t.pos_ == "NOUN" and not t.text[:1].isupper() and (animal_sense(low) or lex.generic_pet(low))


def _definite(t: Any) -> bool:
    """One animal in particular: someone's, "the" one, or one named ("Sultan the tortoise")."""
    return any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in ("the", "that", "this")) for c in t.children) \
        or (t.dep_ == "appos" and t.head.pos_ == "PROPN")


def _care_verb(v: Any) -> bool:
    """Keeping or taking on (not "took him to the vet": carrying somewhere)."""
    if v.pos_ != "VERB" or any(c.dep_ == "prep" and c.lower_ in ("to", "into") for c in v.children):
        return False
    # ("looking after X": the parser hangs "after" as a preposition, WordNet writes "look_after")
    phrasal = [sx.phrasal(v), *(f"{v.lemma_.lower()}_{c.lower_}" for c in v.children if c.dep_ == "prep")]
    return any(lex.verb_in_senses(p, CARE_SENSES, first=4, exact=True) for p in phrasal) or \
        lex.verb_in_senses(v.lemma_.lower(), CARE_SENSES, first=3, exact=True) or \
        (v.lemma_.lower() == "have" and any(c.lower_ == "now" for c in v.children))


def asks_keeper(doc: Any) -> bool:
    """A question about who has a particular animal now, or where it went: "who is looking after Ana's axolotl?",
    "who has Sultan the tortoise now?", "where does Ana's cat live now?", "what became of Ana's hens?". Not who
    keeps animals of a kind ("who has a dog?": any member's)."""
    if not doc.text.rstrip().endswith("?") and not any(t.tag_ in ("WP", "WRB") for t in doc):
        return False
    wh = {t.lower_ for t in doc if t.tag_ in ("WP", "WRB", "WDT")}
    for t in doc:
        if not _animal(t) or not _definite(t):
            continue
        v = t.head if t.dep_ != "appos" else t.head.head
        while v.dep_ in ("pobj", "prep") and v.head is not v:
            v = v.head
        if v.pos_ not in ("VERB", "AUX"):
            continue
        if any(a.pos_ in ("VERB", "AUX") and a.lemma_.lower() not in ("be", "go", "do", "have") for a in v.ancestors):
            continue  # "who asked Ana to mind the dog?", "who offered to feed it?": an act about the animal
        low = v.lemma_.lower()
        if "who" in wh and _care_verb(v) and t.dep_ != "nsubj":
            return True  # "who is minding X", "who took X in", "who has X now"
        if "where" in wh and t.dep_ == "nsubj" and (lex.verb_is(low, "reside") or
                                                    lex.verb_in_senses(low, _STAY, first=3, exact=True)):
            return True  # "where does X live now", "where did X go"
        if "what" in wh and low in ("happen", "become") and t.dep_ in ("pobj", "dobj"):
            return True  # "what happened to X", "what became of X"
    return False


def keeper_in(doc: Any, names: set[str], speaker_name: str) -> str | None:
    """The keeper a line hands an animal to, as a phrase ("Ana's mum in Leeds", "her flatmate Priscilla"), when
    the line says one: the animal (by one of `names`, its kind word, or a pronoun after it in the line) stays,
    lives or goes with someone, or is the object of a verb of keeping or taking in whose subject is someone."""
    seen = False
    for sent in doc.sents:
        for t in sent:
            mention = t.lower_ in names or (t.pos_ == "NOUN" and t.lemma_.lower() in names)
            pronoun = seen and t.lower_ in ("he", "she", "it", "they", "him", "her", "them")
            seen = seen or mention
            if not (mention or pronoun):
                continue
            v = t.head
            if t.dep_ in ("nsubj", "nsubjpass") and v.pos_ in ("VERB", "AUX"):
                verbs = [v, *(c for c in v.children if c.dep_ in ("xcomp", "advcl"))]  # "is going to live with"
                for w in verbs:
                    if not (lex.verb_is(w.lemma_.lower(), "reside") or
                            lex.verb_in_senses(w.lemma_.lower(), _STAY, first=3, exact=True)):
                        continue
                    holder = next((p for c in w.children if c.dep_ == "prep" and c.lower_ == "with"
                                   for p in c.children if p.dep_ == "pobj"), None)
                    if holder is not None and not _animal(holder):
                        # ("live with mum in Aveiro": the town hangs on the verb)
                        where = next((p for c in w.children if c.dep_ == "prep" and c.lower_ == "in"
                                      for p in c.children if p.dep_ == "pobj"), None)
                        return _phrase(holder, speaker_name) + (f" in {sx.phrase(where)}" if where is not None else "")
            if t.dep_ == "pobj" and v.dep_ == "prep":  # "looking after X"
                v = v.head
            if t.dep_ in ("dobj", "pobj") and _care_verb(v) and not sx.negated(v, sent):
                subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
                if subj is not None and subj.lower_ not in ("it", "that", "this"):
                    if subj.lower_ in ("i", "we"):
                        return speaker_name
                    return _phrase(subj, speaker_name)
    return None


def _phrase(t: Any, speaker_name: str) -> str:
    """The keeper's noun phrase, "my" read as the speaker's ("my sister in Hobart" -> "Ana's sister in Hobart")."""
    words = []
    for x in t.subtree:
        if x.dep_ == "punct" or x.dep_ in ("relcl", "acl", "advcl"):
            break
        words.append(f"{speaker_name}'s" if x.lower_ in ("my", "our") and x.dep_ == "poss" else x.text)
    return " ".join(words)


def polar(doc: Any) -> bool:
    """A yes/no question: no wh-word, opening with an auxiliary ("does Ana have a snake?") or closing on a tag
    ("Ana keeps hens, right?")."""
    if any(t.tag_ in ("WP", "WRB", "WDT", "WP$") for t in doc):
        return False
    first = next((t for t in doc if not t.is_punct), None)
    return first is not None and (first.pos_ == "AUX" or doc.text.rstrip("?! ").lower().endswith(("right", "yeah")))


def kind_keeper_in(doc: Any, kind: str, speaker_name: str) -> str | None:
    """Whose an animal of a kind is, as a line says of it: its possessor ("my flatmate's corn snake") or the
    subject of keeping or having it ("my neighbour keeps peacocks"); "my" read as the speaker's."""
    for t in doc:
        if t.pos_ != "NOUN" or t.lemma_.lower() != kind:
            continue
        poss = next((c for c in t.children if c.dep_ == "poss"), None)
        if poss is not None and poss.lower_ not in ("my", "our", "your", "his", "her", "their", "its"):
            return _phrase(poss, speaker_name).removesuffix(" 's").removesuffix("'s").removesuffix("’s")
        v = t.head
        if t.dep_ == "dobj" and v.pos_ == "VERB" and (lex.verb_is(v.lemma_.lower(), "possess") or _care_verb(v)):
            subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
            if subj is not None and subj.pos_ == "NOUN" and lex.is_person_noun(subj.lemma_.lower()):
                return _phrase(subj, speaker_name)
    return None
