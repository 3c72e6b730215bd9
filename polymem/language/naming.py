"""Names given in a clause of naming: "his name is rumble", "she's called Biscuit", "meet Juniper", "introducing...
Tolly". The clause's own shape says a name follows, so the name may be written in lower case or be a common
word; what it names comes from the rest of the message (an animal word, say)."""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx

# "meet" as in getting to know someone, "introduce" as in making someone known
PRESENT_SENSES = ("meet.v.02", "introduce.v.01")
_REFERRING = {"he", "she", "it", "they", "his", "her", "its", "their"}
_REFERRING_OBJ = {"him", "her", "it", "them"}
_NAMING_SENSES = ("name.v.01", "rename.v.01", "rename.v.02", "dub.v.01")  # giving a name (first sense only)


def presenting(t: Any) -> bool:
    """A word of presenting someone ("meet", "introducing"), however the tagger read it ("Meet Tolly" as a name)."""
    return t.is_alpha and lex.verb_in_senses(t.lemma_.lower() if t.pos_ == "VERB" else t.lower_, PRESENT_SENSES,
                                             first=2, exact=True)


def given_names(doc: Any, usable: Any = None) -> list[tuple[int, str]]:
    """(token index, name) for each name a naming clause of the text gives, in order. `usable(token)` may turn
    down a candidate (a member's name, a place)."""
    out: list[tuple[int, str]] = []
    for t in doc:
        for n in _named_by(t):
            if n.is_alpha and (usable is None or usable(n)):
                # "his name is Mister Pickles" (not the greeting the tagger joined to it: "Meet Tolly")
                words = [x.text for x in sx.name_parts(n) if x.is_alpha and not presenting(x)] or [n.text]
                out.append((n.i, " ".join(w if w[:1].isupper() else w.capitalize() for w in words)))
    return out


def _named_by(t: Any) -> list[Any]:
    """The tokens a clause headed or marked by `t` gives as a name, with any joined by "and"."""
    first: Any = None
    if t.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lemma_ == "name" and any(
            p.dep_ == "poss" and p.lower_ in _REFERRING for p in c.children) for c in t.children):
        # "his name is rumble" (a lower-case name may be read as an adjective: "his name is rumble"); any word
        # may be a name here ("her name is Will", "his name's Bear")
        first = next((c for c in t.children if c.dep_ in ("attr", "acomp")), None)
    elif t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), ("name.v.01",), first=1, exact=True) and any(
            c.dep_ == "nsubjpass" and c.lower_ in _REFERRING for c in t.children):
        first = next((c for c in t.children if c.dep_ in ("oprd", "attr", "xcomp")), None)  # "she's called Biscuit"
    elif t.tag_ == "VBN" and t.dep_ in ("acl", "conj", "ROOT", "advcl") and \
            lex.verb_in_senses(t.lemma_.lower(), ("name.v.01",), first=1, exact=True) and \
            not any(c.dep_ in ("nsubj", "nsubjpass") for c in t.children) and \
            (lex.is_animal(t.head.lemma_.lower()) if t.dep_ == "acl" else _animal_before(t)):
        # "a grey rabbit, two years old, named X": the participle names the one just described (not "a
        # cafe called X")
        first = next((c for c in t.children if c.dep_ == "oprd"), None)
    elif t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), _NAMING_SENSES, first=1, exact=True):
        first = _name_given(t)  # (no verb of naming is one of presenting, below)
    elif presenting(t) and _imperative(t):
        if t.pos_ == "VERB" or t.dep_ == "ROOT":  # "meet juniper.", "introducing... tolly" ("Meet" read as a name)
            # (a lower-case name may be read as a verb: "meet dumpling!!")
            first = next((c for c in t.children if c.i == t.i + 1 and c.dep_ not in (
                "prt", "prep", "punct", "aux", "neg", "cc", "npadvmod")), None)
            if first is None and t.i + 1 < len(t.doc):
                nxt = next((x for x in t.doc[t.i + 1:t.i + 3] if not x.is_punct), None)
                first = nxt if nxt is not None and nxt.pos_ in ("NOUN", "PROPN") and nxt.dep_ == "ROOT" else None
        elif t.dep_ == "compound" and t.head.pos_ == "PROPN":
            first = t.head  # "Meet Tolly, our lodger": the greeting read as part of the name
        # one presented is named only if no word for a person or an animal ("meet you", "meet the neighbours")
        if first is not None and (first.is_stop or lex.is_person_noun(first.lemma_.lower()) or
                                  lex.is_animal(first.lower_)):
            first = None
    if first is None or first.pos_ in ("PRON", "DET", "ADP", "AUX", "NUM"):
        return []
    return [first, *(c for c in first.conjuncts if c.pos_ in ("NOUN", "PROPN"))]


def _animal_before(t: Any) -> bool:
    """An animal told of in the sentence before `t`'s or earlier in its own ("a rabbit. two years old, named X")."""
    start = t.sent.start
    before = next((s for s in t.doc.sents if s.end == start), None)
    return any(x.pos_ == "NOUN" and lex.is_animal(x.lemma_.lower())
               for x in [*(before if before is not None else []), *t.doc[start:t.i]])


def _name_given(t: Any) -> Any | None:
    """The name a verb of naming gives the one it refers to: "renamed her Mochi" (the parser reads "her" as the
    name's possessive; "renamed her cat" is no name), "renaming him bean", "we call her Mochi now" (the tagger may
    read a lower-case name as a second object)."""
    named = next((c for c in t.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") and any(
        p.dep_ == "poss" and p.lower_ == "her" and p.i == c.i - 1 for p in c.children) and (
            c.text[:1].isupper() or not lex.known_noun(c.lower_))), None)
    if named is not None:
        return named
    pron = next((c for c in t.children if c.dep_ == "dobj" and c.lower_ in _REFERRING_OBJ), None)
    if pron is None:
        return None
    first = next((c for c in t.children if c.i == pron.i + 1 and (c.dep_ in ("oprd", "xcomp", "attr") or (
        c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN", "ADJ")))), None)
    if first is not None and (any(c.dep_ in ("det", "poss") for c in first.children) or first.pos_ in (
            "ADV", "INTJ") or (not first.text[:1].isupper() and (lex.known_word(first.lower_) or first.is_stop))):
        return None  # "I called him an idiot", "will call him sometime", "called her fat": no name
    return first


def _imperative(t: Any) -> bool:
    """"meet Juno", "everyone, meet Juno", "ok introducing... Juno": the verb opens its sentence (after words
    of address or discourse) with no subject and nothing governing it; "going to meet Jess" is no introduction."""
    if t.dep_ not in ("ROOT", "compound") or any(c.dep_ in ("nsubj", "nsubjpass", "aux") and not _hailed(c) and
                                                 not _everyone(c) for c in t.children):
        return False
    before = [x for x in t.doc[t.sent.start:t.i] if not x.is_punct and not x.is_space]
    return all(x.pos_ == "INTJ" or x.dep_ == "intj" or (x.dep_ == "nsubj" and (_hailed(x) or _everyone(x)))
               for x in before)


def _hailed(t: Any) -> bool:
    """"everyone, meet ...": a word set off by a comma before the verb is who is spoken to, not a subject."""
    return t.i + 1 < len(t.doc) and t.doc[t.i + 1].text == "," and t.i + 1 < t.head.i


def _everyone(t: Any) -> bool:
    """"everyone meet Juno": a universal pronoun before the imperative is who is addressed."""
    return t.lower_ in ("everyone", "everybody", "all")
