"""Requests, agreements and judgements read from the clause, not from phrase lists: a request asks the
listener to do something ("can u record a video?", "Wren, bring the chairs"); an agreement accepts ("yeah mate, consider
it done", "ya ok i handle it", "I'll sort it"); a judgement predicates a quality of someone ("she is so dramatic")."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from polymem.language import concluding
from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.language.syntax import THIRD_PERSON

_YOU = {"you", "u", "ya", "y'all", "yall"}
_MODAL = {"can", "could", "would", "will", "wo", "ca"}
_HEDGE = {"possibly.r.01", "probably.r.01"}  # "maybe, ...": not yet a yes


@lru_cache(maxsize=20_000)
def is_request(text: str) -> bool:
    for sent in parsed(text).sents:
        root = sent.root
        # "can u record a video?", "would you fetch the chairs?": the listener as subject of a modal question,
        # asked with a question mark or with the modal before the subject ("can you put the deposit down and
        # we'll all pay you back")
        asked = sent.text.rstrip().endswith("?")
        if any(t.dep_ == "nsubj" and t.lower_ in _YOU and any(c.dep_ == "aux" and c.lower_ in _MODAL and
                                                               (asked or c.i < t.i) for c in t.head.children)
               for t in sent):
            return True
        # "Wren, bring the chairs": a bare verb with no subject, after a name or at the start
        vocative = [c for c in root.children if c.dep_ in ("nsubj", "npadvmod")
                    and c.i + 1 < len(c.doc) and c.doc[c.i + 1].text == ","]
        if root.pos_ == "VERB" and root.tag_ == "VB" and root.i - sent.start <= 3 and not any(
                c.dep_ in ("nsubj", "aux") and c not in vocative for c in root.children):
            return True
    return False


@lru_cache(maxsize=20_000)
def declines(text: str) -> bool:
    """A reply that turns a request down: the speaker's own ("I", or no subject said) negated modal of ability or
    will ("wish I could, can't before may", "sorry, can't this week", "won't manage it"), in a reply that
    does not accept (not "sure, I'm not busy", "will do, I won't forget", "can't wait!")."""
    if is_agreement(text):
        return False
    for sent in parsed(text).sents:
        if sent.text.rstrip().endswith("?"):
            continue
        for t in sent:
            if t.dep_ != "neg":
                continue
            v = t.head
            modal = t.i > 0 and t.doc[t.i - 1].lower_ in _MODAL and t.doc[t.i - 1].dep_ == "aux"
            subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
            if modal and (subj is None or subj.lower_ in ("i", "we")) and v.lemma_.lower() not in ("wait", "mind",
                                                                                                   "worry", "forget"):
                return True
    return False


@lru_cache(maxsize=20_000)
def is_agreement(text: str) -> bool:
    doc = parsed(text)
    first = next((t for t in doc if not t.is_punct), None)
    if first is None or any(t.dep_ == "neg" for t in doc[:6]):
        return False
    nxt = next((t for t in doc[first.i + 1:] if not t.is_punct), None)
    if first.pos_ == "INTJ" and nxt is not None and nxt.lower_ == "so" and not any(
            t.lower_ in ("i", "we", "me", "us") for s in list(doc.sents)[:2] for t in s):
        return False  # "ok so, about the van...": a marker opening a topic, not a yes ("ok so i'm in" is one)
    # (not a greeting, a laugh, a reaction or an apology: "sorry, ... but X beat me to it" refuses)
    if first.pos_ == "INTJ" and first.lower_ not in ("hi", "hey", "hello", "lol", "haha", "wow", "oh", "thanks", "sorry",
                                                     "oops", "ugh", "omg", "ah", "aw", "hmm", "huh", "um", "uh",
                                                     "damn", "whoa", "yikes", "please", "pardon"):
        return True  # "yeah mate, ...", "sure, ...", "ok ..."
    if concluding.closed(first_sent := next(iter(doc.sents))) and not first_sent.text.rstrip().endswith("?"):
        return True  # "done. ...", "sorted!": the task taken on (or already done) in one word ("done?" asks)
    if first.pos_ == "ADV" and first.i + 1 < len(doc) and doc[first.i + 1].text in (",", ".", "!") and \
            not {s.name() for s in lex._synsets(first.lower_, "r")[:2]} & _HEDGE and not any(t.lower_ in ("no", "nope", "nah") or t.dep_ == "neg" for t in first.sent):
        return True  # "Happily, I'll handle it", "Absolutely, count me in": a lone adverb of assent
    for sent in list(doc.sents)[:2]:
        subj = next((t for t in sent if t.dep_ == "nsubj" and t.head == sent.root), None)
        if subj is not None and subj.lower_ == "i" and sent.root.tag_ == "MD" and len(sent) <= 5:
            return True  # "Of course I will.", "I can!": the promise with its verb left out
        if subj is not None and subj.lower_ == "i" and sent.root.pos_ == "VERB" and (
                any(c.dep_ == "aux" and c.lower_ in ("'ll", "ll", "will", "can") for c in sent.root.children)
                or (sent.root.tag_ == "VBP" and any(c.dep_ == "dobj" and c.lower_ in ("it", "that", "this")
                                                    for c in sent.root.children))):
            return True  # "I'll sort it", "i handle it"
        # "paying it tonight", "doing that now": the task taken on, under way, its subject left out
        # ("sweet as, paying it tonight": the clause may hang below an interjection the parser made the head)
        for v in sent:
            if v.tag_ == "VBG" and (v.dep_ == "ROOT" or v.head.i == sent.root.i and v.dep_ in ("advcl", "conj", "acl")) \
                    and not any(c.dep_ in ("nsubj", "aux", "neg") for c in v.children) and any(
                    c.dep_ == "dobj" and c.lower_ in ("it", "that", "this", "them") for c in v.children) and \
                    not _view_verb(v.lemma_.lower()):
                return True
        # "leave it with me", "leave that to me": the task handed to the speaker, by an imperative opening the
        # sentence (whatever the parser made its head)
        v = next((t for t in sent if not t.is_punct), None)
        if v is not None and v.tag_ == "VB" and not any(c.dep_ == "nsubj" for c in v.children) and any(
                c.dep_ == "dobj" and c.lower_ in ("it", "that", "this") for c in v.children) and any(
                c.dep_ == "prep" and c.lower_ in ("with", "to") and any(p.lower_ == "me" for p in c.children)
                for c in v.children):
            return True
    return False


def _view_verb(lemma: str) -> bool:
    """"hating it", "loving this", "considering it": a view or a thought, not a task (WordNet: a feeling or a
    perception first, or a feeling, perception or thought in most senses)."""
    senses = lex._synsets(lemma, "v")
    minded = sum(s.lexname() in ("verb.emotion", "verb.perception", "verb.cognition") for s in senses)
    return bool(senses) and (senses[0].lexname() in ("verb.emotion", "verb.perception") or minded > len(senses) / 2)


def evaluative(text: str) -> bool:
    """Whether a message judges someone (see `judgement`)."""
    return judgement(text) > 0


@lru_cache(maxsize=20_000)
def judgement(text: str) -> float:
    """How plainly a message judges someone: 1.0 for an adjective or noun predicated of a person-like subject
    ("she is so dramatic", "Vesna is a legend", "you're a little impatient"), 0.6 for a superlative about a
    person-like noun or an intensified adjective heading its clause ("Kind soul, very stubborn", "too bossy"),
    0.3 for an intensified adjective inside a noun phrase ("really narrow lanes"), else 0. Read from the
    parse, not from a list of evaluative words."""
    doc = parsed(text)
    best = 0.0
    for t in doc:
        if t.lemma_ == "be" and t.dep_ == "ROOT":  # "she is soooo dramatic": any adjective in the predicate
            # (the parser takes "he's been" for a passive: its subject is still who is judged)
            subj = next((c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")), None)
            # the adjective says something of the subject, not of a thing ("Vilnius is a lovely city")
            if subj is not None and _person_like(subj) and any(
                    x.pos_ == "ADJ" and x.lemma_ not in _QUANT and x not in set(subj.subtree) and (
                        x.head == t or not _thing(x.head))
                    for x in t.subtree):
                return 1.0
        if t.dep_ in ("acomp", "attr") and t.pos_ in ("ADJ", "NOUN") and t.head.lemma_ == "be":
            subj = next((c for c in t.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
            # not a predicate after a comma or a conjunction ("you're an hour away now, so no excuses")
            late = any(t.head.i < c.i < t.i and (c.is_punct or c.dep_ == "cc") for c in t.head.children)
            if subj is not None and _person_like(subj) and not late and (t.pos_ == "ADJ" or not _thing(t)):
                return 1.0
            # "the man is a windbag": a person named by a trait (not by work or kin) said of a person
            if subj is not None and t.pos_ == "NOUN" and subj.pos_ == "NOUN" and \
                    lex.is_person_noun(subj.lemma_.lower(), 1) and lex.is_person_noun(t.lemma_.lower(), 1) and \
                    not lex.is_occupation(t.lemma_.lower()) and not lex.noun_is(t.lemma_.lower(), "kin"):
                return 1.0
        if t.pos_ == "ADJ" and any(c.dep_ == "advmod" and c.pos_ == "ADV" for c in t.children) and \
                t.dep_ in ("ROOT", "amod", "acomp", "conj"):
            # "saint yes but also too bossy", "so punctual"; inside a noun phrase only weakly
            best = max(best, 0.3 if t.dep_ == "amod" and not lex.is_person_noun(t.head.lemma_.lower(), 1) else 0.6)
        if t.tag_ in ("JJS", "RBS") and t.head.pos_ in ("NOUN", "PROPN"):
            best = max(best, 0.6)  # "the most generous bloke in the building"
    return best


# verbs of many senses that name no task of their own ("make the poster", "take the keyboard")
LIGHT_VERBS = frozenset({"make", "do", "get", "take", "have", "give", "put", "go"})


def echoes_task(request: str, reply: str) -> bool:
    """A reply that takes up the verb it was asked with ("will you book it?" / "booking now"), not negated and
    not asking back: the task taken on."""
    # (a question about what happened, "did the campsite confirm?", asks for no task)
    asked = {t.lemma_.lower() for t in parsed(request) if t.pos_ == "VERB" and t.lemma_.lower() not in LIGHT_VERBS
             and lex._synsets(t.lemma_.lower(), "v") and t.tag_ != "VBD" and
             not any(c.dep_ == "aux" and c.tag_ == "VBD" for c in t.children)}
    first = next(iter(parsed(reply).sents), None)
    if not asked or first is None or first.text.rstrip().endswith("?") or any(t.dep_ == "neg" for t in first):
        return False
    return any(t.pos_ == "VERB" and t.lemma_.lower() in asked and t.i - first.start <= 2 for t in first)


# verbs that link a thing to what it is like: "was", "looks", "seems", "feels", "sounds"
_LINKING = ("be.v.01", "look.v.02", "seem.v.01", "feel.v.03", "sound.v.02")


def judges_thing(text: str, words: set[str]) -> bool:
    """The message says what one of the things named by `words` is like: an adjective or a likeness predicated
    of it ("the cabin was damp and freezing", "that green looks like pea soup"), not a plain mention."""
    for t in parsed(text):
        if t.dep_ not in ("nsubj", "nsubjpass") or not ({t.lemma_.lower(), t.lower_} & words):
            continue
        v = t.head
        if t.dep_ == "nsubjpass" and any(c.dep_ in ("conj", "acomp") and c.pos_ == "ADJ" for c in v.children):
            return True  # "was cramped and noisy": the parser read a participle of a state as a passive
        if not (v.lemma_ == "be" or lex.verb_in_senses(v.lemma_.lower(), _LINKING, first=3)):
            continue
        if any(c.dep_ in ("acomp", "attr") and c.pos_ == "ADJ" or
               (c.dep_ == "prep" and c.lower_ == "like") for c in v.children):
            return True  # (not "the hostel is a ten minute walk from the station": a fact)
    return False


_NOT_PEOPLE = ("GPE", "LOC", "ORG", "FAC", "NORP", "PRODUCT", "WORK_OF_ART", "EVENT", "DATE", "TIME")


def _person_like(t: Any) -> bool:
    """A subject that can be a person: a pronoun for one, or a name the tagger did not file as a firm or title."""
    if t.lower_ in THIRD_PERSON | {"you"}:
        return t.lower_ not in ("it", "its")
    # a place name is no test: members are called Sana or Florence; "a lovely city" is caught by `_thing`
    if t.pos_ == "PROPN" and t.ent_type_ not in _NOT_PEOPLE:
        return True
    # what a person does or makes, as theirs ("<name>'s estimates are hopeful", "your puns are awful")
    return t.pos_ == "NOUN" and lex.a_doing(t.lemma_.lower()) and any(
        c.dep_ == "poss" and (c.lower_ in ("his", "her", "your", "their") or (
            c.pos_ == "PROPN" and c.ent_type_ not in _NOT_PEOPLE and not lex.is_place_name(c.lower_)))
        for c in t.children)


_QUANT = {"more", "less", "much", "many", "few", "other", "same", "own", "next", "last", "first"}  # grammar
_THINGS = ("noun.location", "noun.artifact", "noun.object", "noun.food", "noun.substance", "noun.time",
           "noun.quantity", "noun.plant")


def _thing(n: Any) -> bool:
    """A noun WordNet first knows as a place, object, food or time: "a fantastic city" judges no one."""
    return n.pos_ == "NOUN" and lex.noun_in_lexfile(n.lemma_.lower(), _THINGS)
