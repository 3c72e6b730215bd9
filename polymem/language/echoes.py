"""Consensus by echo: an option one member puts forward that two others take up by name, approving it.

"how about X?" / "X is perfect" / "yes to X, I'm in": group chats settle most choices with replies that repeat the
option, not with a word of deciding and not always with a short "works for me" (`consensus.Follower` reads those).

A message puts options forward when one of its sentences asks, urges or proposes: a question not put to the
listener, a modal or "let's" with the group or the speaker as subject, a verb of thinking or saying in the first
person present ("I reckon X"), an imperative, or a first-person vote or suggestion ("that one has my vote"). Its options are
its noun phrases, sums and dates. A later message by another member echoes an option when it shares a distinctive
word with it (one the talk before the proposal did not keep using: that word names the matter, not an option),
asks nothing, turns nothing down and approves: a word of assent or approval, a verb of suiting or liking, joining
in. The second member to echo an option settles it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from polymem.language import consensus, group, timeexpr
from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.language.syntax import phrase

WINDOW = 6  # messages after a proposal in which echoes of it count
NEEDED = 2  # members besides the proposer who must take the option up
TALKED = 3  # a word in this many of the messages before the proposal is the matter's, not an option's
LOOK_BACK = 8  # messages before a proposal read for the matter's words
MAX_WORDS = 40  # an echo longer than this is a message of its own, not a reply
_KEY_POS = ("NOUN", "PROPN", "NUM", "ADJ", "X")
# "put forward for consideration", "make a proposal", "express a choice or opinion" (vote), an idea
_VOTE_NOUNS = ("vote.n.02", "vote.n.01")
_PUT_NOUNS = ("proposal.n.01", "suggestion.n.01", *_VOTE_NOUNS, "pitch.n.07", "idea.n.01")
_MODALS = ("shall", "should", "could", "can", "might", "would", "'d", "’d")
# judging ("I reckon X", "I guess X"), supposing, proposing, voting, preferring, choosing, nominating, recommending
_OFFER_SENSES = ("think.v.02", "suppose.v.01", "propose.v.01", "vote.v.01", "vote.v.02", "prefer.v.01",
                 "choose.v.01", "nominate.v.01", "recommend.v.01")
# choosing, booking, naming and going with: the imperatives that put an option forward ("call it X", "book X")
_CHOOSING = (*group.DECIDE_SENSES, "name.v.01", "call.v.01", "go.v.01")
# adjective clusters of praise beyond mere acceptability: beautiful (lovely, gorgeous), superior (brilliant,
# excellent), pleasing (fab), impressive (awesome), extraordinary (great, wonderful), good
_PRAISE = ("beautiful.a.01", "superior.a.01", "pleasing.a.01", "impressive.a.01", "extraordinary.a.01", "good.a.01")


@dataclass
class Put:
    seq: int
    speaker: str
    message_id: str
    text: str
    options: list[tuple[str, frozenset[str]]]
    echoes: dict[int, dict[str, str]] = field(default_factory=dict)  # option -> member -> message id


@dataclass
class Settled:
    value: str
    put: Put
    support: list[str]  # the messages that took it up


class EchoFollower:
    """Follows a chat message by message: options put forward and the members who took each up."""

    def __init__(self) -> None:
        self.open: list[Put] = []
        self._seen: list[frozenset[str]] = []  # the key words of the last messages

    def step(self, text: str, message_id: str, speaker: str, seq: int) -> Settled | None:
        self.open = [p for p in self.open if seq - p.seq <= WINDOW]
        doc = parsed(text)
        words = keys(doc)
        settled, took_up = self._echo(doc, words, message_id, speaker) if words and self.open else (None, False)
        if not took_up and puts_forward(doc):  # (a reply taking an option up puts that option forward no more)
            talked = {w for w in words if sum(w in s for s in self._seen) >= TALKED}
            opts = [(v, k - talked) for v, k in options(doc) if k - talked]
            if opts:
                self.open.append(Put(seq, speaker, message_id, text, opts))
        self._seen = [*self._seen, words][-LOOK_BACK:]
        return settled

    def close(self, value: str, same: Any) -> None:
        """A choice made otherwise (said outright, or assented to): proposals holding it are resolved."""
        self.open = [p for p in self.open if not any(same(v, value) for v, _ in p.options)]

    def _echo(self, doc: Any, words: frozenset[str], message_id: str, speaker: str) -> tuple[Settled | None, bool]:
        """The option this reply settles, if any, and whether it took one up."""
        if not approves(doc):
            return None, False
        words = frozenset(w for w in words if not _approval_word(w))  # ("sounds great" names no "Great Hall")
        for p in reversed(self.open):  # the latest proposal the reply names
            if p.speaker == speaker:
                continue
            # only a word no other option of the proposal has tells which option is named ("cedar kit" or "pine kit")
            own = [k - frozenset().union(*(o for j, (_, o) in enumerate(p.options) if j != i))
                   for i, (_, k) in enumerate(p.options)]
            hit = [i for i, k in enumerate(own) if k & words]
            if not hit:
                continue
            for i in hit:
                p.echoes.setdefault(i, {})[speaker] = message_id
            counts = sorted((len(p.echoes[i]) for i in hit), reverse=True)
            best = max(hit, key=lambda i: len(p.echoes[i]))
            if counts[0] >= NEEDED and (len(counts) == 1 or counts[1] < counts[0]):  # (a tie settles nothing)
                self.open.remove(p)
                return Settled(p.options[best][0], p, list(p.echoes[best].values())), True
            return None, True
        return None, False


def _approval_word(w: str) -> bool:
    """A word that approves rather than names: "great", "lovely", "yes", "fine"."""
    return w in consensus._YES or consensus._approving(w) or _praises(w)


def keys(doc: Any) -> frozenset[str]:
    """The distinctive words of a text: each word that is no stop word, as written and as its lemma (sums without
    their currency sign). Chat in lower case fools the tagger ("yes to lisbon" may read a verb), so no part of speech
    is asked for."""
    out = set()
    for t in doc:
        if t.is_stop or t.is_punct or t.is_space or not (t.is_alpha or any(c.isdigit() for c in t.text)):
            continue
        if any(c.isdigit() for c in t.text):
            out.add(re.sub(r"[^\w]", "", t.lower_))
        else:
            out |= {t.lower_, t.lemma_.lower()}
    return frozenset(w for w in out if len(w) > 1 or w.isdigit())


_NOT_IN_NAME = ("AUX", "ADV", "PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART", "PUNCT", "SPACE", "INTJ", "SYM")


def options(doc: Any) -> list[tuple[str, frozenset[str]]]:
    """The options a message names: its dates, its noun phrases (not a pronoun, not a person) and the runs of
    words the parser left out of any ("call it X Y", where it read Y as a verb)."""
    out: list[tuple[str, frozenset[str]]] = []
    taken: set[int] = set()
    if span := timeexpr.date_span(doc.text):
        at = doc.text.find(span)
        toks = [t for t in doc if at <= t.idx < at + len(span)]
        if toks:
            out.append((span, keys(toks)))
            taken |= {t.i for t in toks}
    for chunk in doc.noun_chunks:
        root = chunk.root
        # (a name of several capitalised words may end in a word for people: a team's name)
        named = sum(t.text[:1].isupper() for t in chunk) >= 2
        if root.pos_ == "PRON" or (root.ent_type_ == "PERSON" and not named) or \
                (lex.is_person_noun(root.lemma_.lower()) and not named) or any(t.i in taken for t in chunk):
            continue
        value = phrase(root, drop_det=True) or chunk.text
        k = keys(chunk)
        taken |= set(range(chunk.start, chunk.end))
        if k and (consensus.concrete(value) or len(value.split()) > 1):  # ("red kite": a name, whatever its head)
            out.append((value, k))
    run: list[Any] = []
    for t in [*doc, None]:  # runs of words outside them, none of them a sentence's verb or a word of function
        if t is not None and t.i not in taken and not t.is_stop and t.pos_ not in _NOT_IN_NAME and \
                t.dep_ != "ROOT" and (t.is_alpha or any(c.isdigit() for c in t.text)) and \
                (not run or run[-1].i == t.i - 1):
            run.append(t)
            continue
        if run:
            value = " ".join(x.text for x in run)
            if (k := keys(run)) and consensus.concrete(value) and not lex.is_person_noun(run[-1].lemma_.lower()):
                out.append((value, k))
        run = [t] if t is not None and t.i not in taken and not t.is_stop and t.pos_ not in _NOT_IN_NAME and \
            t.dep_ != "ROOT" and (t.is_alpha or any(c.isdigit() for c in t.text)) else []
    return out


def puts_forward(doc: Any) -> bool:
    return any(_puts(s) for s in doc.sents)


def _puts(sent: Any) -> bool:
    words = [t for t in sent if t.is_alpha or t.like_num]
    if not words:
        return False
    root = sent.root
    if any(c.dep_ == "neg" for c in root.children):
        return False  # ("we can't do friday", "I don't think so")
    if sent.text.rstrip().endswith("?"):
        return _offers(sent, words)
    if root.lemma_ == "let" and any(c.lower_ in ("'s", "’s", "us") for c in root.children):
        return True  # "let's go with them"
    for v in sent:  # (the parser may hang "i reckon" under another clause)
        subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
        if v.pos_ not in ("VERB", "AUX") or subj is None or subj.lower_ not in ("i", "we") or \
                any(c.dep_ == "neg" for c in v.children):
            continue
        if any(c.dep_ == "aux" and c.lower_ in _MODALS for c in v.children):
            return True  # "we should go back to X", "I'd propose X", "we could do X"
        if v.tag_ in ("VBP", "VB") and lex.verb_in_senses(v.lemma_.lower(), _OFFER_SENSES, first=3, exact=True) and \
                _offered(v):
            return True  # "I reckon X", "we propose X", "I reckon we book them"
    if root.tag_ == "VB" and root.i == words[0].i and not any(c.dep_ in ("nsubj", "aux") for c in root.children) \
            and lex.verb_in_senses(root.lemma_.lower(), _CHOOSING, first=3, exact=True):
        return True  # an imperative of choosing or naming opening the sentence: "call it X", "go with X"
    # "X has my vote", "my suggestion: X"
    return any(t.pos_ == "NOUN" and lex.noun_in_senses(t.lemma_.lower(), _PUT_NOUNS, first=3, exact=True) and
               any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in t.children) for t in sent)


def _offers(sent: Any, words: list[Any]) -> bool:
    """A question that offers a choice: "how about X?", "X or Y?", "shall we go for X?", a bare "X?"; not one asked
    of the listener ("are you coming?"), not about what happened ("did anyone try X?", "anyone seen X?"), not an
    open wh-question ("what did everyone think of X?")."""
    if any(t.lower_ in ("you", "u", "your", "ur") and t.dep_ in ("nsubj", "poss") for t in sent):
        return False
    first = words[0].lower_
    if first in ("what", "how") and len(words) > 1 and words[1].lower_ in ("about", "if"):
        return True
    if words[0].tag_ in ("WDT", "WP", "WP$", "WRB"):
        return False
    verbs = [t for t in sent if t.pos_ in ("VERB", "AUX")]
    if any(t.tag_ in ("VBD", "VBN") or t.lower_ in ("did", "has", "have", "had", "was", "were") for t in verbs):
        return False
    return True


def _offered(v: Any) -> bool:
    """A verb of thinking or proposing whose complement is the option ("I reckon X"), or a clause of the group's
    ("I reckon we book them"), not a report of something else ("I think the cafe is closing")."""
    if any(c.dep_ in ("dobj", "xcomp", "attr") for c in v.children):
        return True
    clause = next((c for c in v.children if c.dep_ == "ccomp"), None)
    subj = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass", "expl")), None) if clause is not None \
        else None
    return clause is not None and (subj is None or subj.lower_ in ("we", "us"))


def approves(doc: Any) -> bool:
    """A reply that takes something up: no question, no refusal, and a word of assent or approval, a verb of
    suiting or liking, or joining in, in a sentence that negates nothing."""
    if len([t for t in doc if t.is_alpha or t.like_num]) > MAX_WORDS:
        return False
    text = doc.text
    if consensus.objects(text) or consensus._but_not(doc):
        return False
    if consensus.assents(text) or consensus.likes_it(text):
        return True
    for sent in doc.sents:
        if sent.text.rstrip().endswith("?") or consensus._refuses(sent) or consensus._conditional(sent):
            continue
        if any(c.dep_ == "neg" for t in sent for c in t.children):
            continue
        for t in sent:
            low = t.lower_
            if consensus._STRETCHED.sub(r"\1", low) in consensus._YES and t.pos_ in ("INTJ", "ADJ", "ADV", "PROPN",
                                                                                    "NOUN", "X"):
                return True
            if t.pos_ in ("ADJ", "INTJ") and (consensus._approving(t.lemma_.lower()) or _praises(t.lemma_.lower())) and \
                    t.dep_ in ("ROOT", "acomp", "attr", "intj", "amod", "conj") and not _of_someone(t):
                if t.dep_ != "amod" or t.head.pos_ == "PROPN" or t.head.i == sent.root.i:
                    return True
            if t.pos_ == "VERB" and (consensus._suits(low) or lex.verb_in_senses(
                    t.lemma_.lower(), consensus._LIKE_SENSES, first=3)) and t.dep_ in ("ROOT", "conj") and \
                    not _of_someone(t):
                return True
            if t.pos_ == "NOUN" and lex.noun_in_senses(t.lemma_.lower(), _VOTE_NOUNS, first=3, exact=True) and \
                    any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in t.children):
                return True  # "X has my vote"
            if low == "in" and t.head.lemma_ in ("be", "count") and not any(c.dep_ == "pobj" for c in t.children) and \
                    any(c.lower_ in ("i", "im", "me", "we") for c in t.head.children):
                return True  # "i'm in", "count me in"; not "I'm in Lisbon next week"
    return False


def _of_someone(t: Any) -> bool:
    """The word of approval is said of a person, or by one other than the speakers ("Jo loves X", "she's lovely")."""
    head = t if t.pos_ == "VERB" else t.head if t.dep_ in ("acomp", "attr", "conj") else t
    subj = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subj is not None and (subj.ent_type_ == "PERSON" or subj.lower_ in ("he", "she", "they", "him", "her") or
                                 lex.is_person_noun(subj.lemma_.lower()))


def _praises(lemma: str) -> bool:
    for syn in lex._synsets(lemma, "a")[:3]:
        if {syn.name(), *(x.name() for x in syn.similar_tos())} & set(_PRAISE):
            return True
    return False
