"""Judgements of a person: "you're really brave", "he's the most generous person I know", a verbless "Lovely
man, very bossy." after a line about someone, and whether a name is what a judging clause is about ("Mateo is
the glue ..." yes, "@teo you're an hour away" no: a vocative). The sentence must judge plainly
(`acts.judgement`, read from the parse); whom a pronoun means is left to the caller, who knows the addressee and
who was named last."""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language.acts import judgement
from polymem.language.models import parsed

PRONOUNS = {"you": "you", "u": "you", "he": "he", "she": "she"}
# a verbless judgement ("Kind soul, very stubborn.") has no pronoun: it speaks of whoever was talked about
VERBLESS = ""


def pronoun_judgements(text: str) -> list[tuple[str, str]]:
    """(pronoun, predicate as written) for each sentence whose subject is the pronoun and which judges it;
    (VERBLESS, the fragment) for a judging fragment without a verb."""
    out: list[tuple[str, str]] = []
    for sent in parsed(text).sents:
        if sent.text.rstrip().endswith("?"):
            continue
        if _verbless(sent) and judgement(sent.text) >= 0.6:  # "Lovely man, very bossy."
            out.append((VERBLESS, sent.text.strip(" .!")))
            continue
        if judgement(sent.text) < 1.0:
            continue
        for be in (t for t in sent if t.lemma_ == "be"):
            subj = next((c for c in be.children if c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in PRONOUNS), None)
            # "why are you awake at 4am": the verb before its subject asks
            if subj is None or subj.i > be.i or any(
                    c.dep_ == "neg" or (c.dep_ == "aux" and c.tag_ == "MD") for c in be.children):
                continue  # "he must be ancient by now": a guess, not a judgement
            head = _predicate(be)
            if head is None:
                continue
            pred = [t for t in sent if t.i > be.i and not (t.is_punct and t.i == sent.end - 1)]
            cut = next((i for i, t in enumerate(pred) if t.text in (".", "!", ";") or (
                t.is_punct and t.i > head.i)), len(pred))
            words = " ".join(t.text for t in pred[:cut]).strip(" ,")
            if words:
                out.append((PRONOUNS[subj.lower_], words))
                break
    return out


def _verbless(sent: Any) -> bool:
    """A fragment with no verb or auxiliary that names a person by a trait ("Lovely man, very bossy", "kind
    soul"): without a person noun it may as well judge a plan or a dish ("Very glamorous.")."""
    return not any(t.pos_ in ("VERB", "AUX") for t in sent) and any(
        t.pos_ == "NOUN" and lex.is_person_noun(t.lemma_.lower(), 2) for t in sent)


def _predicate(be: Any) -> Any | None:
    """The adjective or noun a copula says of its subject, when it comes first in the predicate ("you're
    really brave, honestly"), not after a comma ("you're an hour away, so no excuses"), does not foretell
    ("he's likely to fall over": an adjective taking an infinitive) and is not a relation ("you're my
    neighbour now")."""
    head = next((c for c in be.children if c.dep_ in ("acomp", "attr") and c.pos_ in ("ADJ", "NOUN", "NUM")), None)
    if head is None or any(c.i < head.i and c.i > be.i and (c.is_punct or c.dep_ == "cc") for c in be.children):
        return None
    if any(x.dep_ in ("xcomp", "poss") for x in head.children):
        return None
    if head.pos_ == "NOUN" and any(x.dep_ == "compound" and x.pos_ == "PROPN" for x in head.children):
        return None  # "a Cardiff resident", "a Google engineer": where or for whom, not what kind of person
    return head


def subject_at(text: str, start: int, end: int) -> bool:
    """Whether the name written at text[start:end] is the subject of a clause that may judge it ("Honestly, Mateo is the glue",
    "Dunny's a chancer") rather than a vocative or an object ("@teo you're an hour away", "Rahul while you're
    here", "love Mateo")."""
    doc = parsed(text)
    if doc.text != text:  # the parse is of a cleaned text: find the name there by its words
        at = doc.text.find(text[start:end])
        if at < 0:
            return True  # cannot place it: keep the caller's reading
        start, end = at, at + (end - start)
    if text[:start].endswith("@"):
        return False  # "@mateo_f frazzled Mateo is ...": a mention calls the person
    toks = [t for t in doc if t.idx < end and t.idx + len(t) > start]
    if not toks:
        return True
    head = toks[-1]
    nxt = next((t for t in doc[head.i + 1:] if not t.is_punct), None)
    if nxt is not None and nxt.pos_ == "PRON" and nxt.lower_ in ("you", "u", "ya"):
        return False  # "Cal you awake?": the name calls, "you" is the subject
    if head.dep_ in ("nsubj", "nsubjpass"):
        # "Mateo is likely to fall over", "Priya is my sister": said of the subject, but no judgement of it
        return head.head.lemma_ != "be" or _predicate(head.head) is not None
    if possessive_subject(head):
        return True  # "<member>'s estimates are wildly hopeful": a view of her through what is hers
    after = doc[nxt.i + 1] if nxt is not None and nxt.i + 1 < len(doc) else None
    # "Bodhi's a menace": the parser may read the contracted verb as a possessive; it is the verb when the
    # tagger says so or an article or adverb follows
    # (a possessive is followed by its noun: "Bodhi's bike")
    if head.dep_ == "poss" and nxt is not None and nxt.lower_ in ("'s", "’s") and (
            nxt.pos_ == "AUX" or (after is not None and after.pos_ in ("DET", "ADV"))):
        # read it again with the verb spelt out to see what is said of the name
        sent = head.sent.text
        cut = head.idx - head.sent.start_char + len(head)
        return subject_at(f"{sent[:cut]} is{sent[cut + 2:]}", head.idx - head.sent.start_char, cut)
    return False


def possessive_subject(name: Any) -> bool:
    """The name owns the subject of a copula that says something of it ("<member>'s code never breaks,
    honestly the sturdiest bit", "<member>'s estimates are hopeful"): a judgement of the member's work or ways."""
    owned = name.head
    # (what they do or say, "her deadlines", "his code", not their kin or things: "his mum", "her train")
    return name.dep_ == "poss" and owned.pos_ == "NOUN" and owned.dep_ in ("nsubj", "nsubjpass") and \
        lex.a_doing(owned.lemma_.lower()) and owned.head.lemma_ == "be" and _predicate(owned.head) is not None


def possessive_at(text: str, start: int, end: int) -> bool:
    """Whether the name at text[start:end] is the possessor of a judged subject (`possessive_subject`)."""
    doc = parsed(text)
    if doc.text != text:  # the parse is of a cleaned text: find the name there by its words
        at = doc.text.find(text[start:end])
        start, end = (at, at + (end - start)) if at >= 0 else (-1, -1)
    toks = [t for t in doc if t.idx < end and t.idx + len(t) > start]
    return bool(toks) and possessive_subject(toks[-1])


def own_antecedent(text: str) -> bool:
    """Whether a third-person pronoun has a person noun before it in the same message ("my flatmate just got
    an offer and he's insufferable"), so it speaks of that person, not of a member named earlier."""
    doc = parsed(text)
    pron = next((t for t in doc if t.lower_ in ("he", "she") and t.dep_.startswith("nsubj")), None)
    end = pron.i if pron is not None else len(doc)
    return any(t.pos_ == "NOUN" and lex.is_person_noun(t.lemma_.lower(), 1) for t in doc[:end])
