"""Echoed options: what a group settles by naming one member's option again with approval, with nobody saying
"decided" and nobody asking a question the option answers.

"the tollgate cafe has a room free" / "tollgate, yes!!" / "I'm in for the tollgate": two other members name the
option again, each in a clause that approves of it and turns nothing down, and nobody has turned it down in
between. `consensus.Follower` needs the option put forward as a proposal first ("what about X?", "I propose X")
and bare assents after it ("works for me"); chat as often makes the proposal a plain statement and the assents
repeat the option, so the echo of its words is what ties the replies to it.

An option is read from the approving clause (short, and parsed more reliably than the message that first named
it in passing): a noun phrase, a run of nouns or a named entity that could be settled on (`consensus.concrete`),
keyed by its content words; it is traced back to an earlier message of another member holding all of them. A
clause approves of what it names, or of what the clause beside it names when it names nothing itself ("love it,
<option>").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from polymem.language import consensus, valence
from polymem.language import lexical as lex
from polymem.language.models import parsed

WINDOW = consensus.WINDOW  # messages after an option is named in which echoes of it count
ECHOES = consensus.ASSENTS  # members besides the one who named it who must echo it with approval
MAX_KEYS = 4  # an option of more content words than this is a description, not something repeated back
_VOTE = ("vote.n.02", "vote.v.01", "vote.n.01")  # a choice stated as one's vote ("X gets my vote")
_IDEAS = ("idea.n.01", "suggestion.n.01", "proposal.n.01", "choice.n.02", "option.n.02", "plan.n.01")
# verbs of calling an option off ("scratch X", "vetoing X")
_CALL_OFF = ("cancel.v.01", "veto.v.01", "abandon.v.01", "drop.v.06", "ditch.v.01", "scrap.v.01")
_NO = ("no", "not", "nope", "nah")
BARE = 3  # words at most of a clause of bare approval that speaks of the option beside it
_CUT = (",", ";", ":", "-", "–", "—", "(", ")")  # what separates the clauses of a chat line


@dataclass
class Echoed:
    value: str
    keys: frozenset[str]
    namer: str  # who named it first
    seq: int  # where
    message_id: str
    text: str
    echoes: dict[str, str] = field(default_factory=dict)  # member -> the message they echoed it in


def clauses(doc: Any) -> list[Any]:
    """The message cut at sentence ends, commas and the like, and conjunctions: the stretches a word of approval
    or refusal speaks of ("X sounds good to me, I'll cancel Y": only X is approved)."""
    out = []
    for sent in doc.sents:
        start = sent.start
        for t in sent:
            if t.text in _CUT or t.pos_ in ("CCONJ", "SCONJ"):
                if t.i > start:
                    out.append(doc[start:t.i])
                start = t.i + 1
        if start < sent.end:
            out.append(doc[start:sent.end])
    return [c for c in out if any(t.is_alpha or t.like_num for t in c)]


def options(span: Any) -> list[tuple[str, frozenset[str]]]:
    """The things a clause names that a group could settle on, with the content words that identify each: noun
    phrases and runs of nouns whose head is not a pronoun, a person or a word for the matter itself, and named
    entities."""
    spans = [*span.noun_chunks, *(e for e in span.ents if e.label_ not in ("PERSON", "ORDINAL", "CARDINAL")),
             *_runs(span), *_titles(span)]
    out: dict[frozenset[str], str] = {}
    for sp in spans:
        if sp.root.pos_ == "PRON" or sp.root.ent_type_ == "PERSON" or (
                sp.root.pos_ == "NOUN" and lex.is_person_noun(sp.root.lemma_.lower(), 1)):
            continue
        sp = _trimmed(sp)
        if sp is None:
            continue
        keys = _keys(sp)
        value = "".join(t.text + t.whitespace_ for t in sp if not (t.is_stop and t.i == sp.start)).strip(" ,.!?;:")
        # (nouns in a row name a thing whatever the last means alone: "the swoop" is an act, "magpie swoop" may
        # be a sauce)
        if not keys or len(keys) > MAX_KEYS or not value or not (
                consensus.concrete(value) or sum(t.pos_ in ("NOUN", "PROPN") for t in sp) > 1):
            continue
        out.setdefault(keys, value)
    return [(v, k) for k, v in out.items()]


def _runs(span: Any) -> list[Any]:
    """Nouns and names in a row, however the parser hung them ("kettle creek yes": no noun phrase)."""
    out, start = [], None
    for t in [*span, None]:
        if t is not None and t.pos_ in ("NOUN", "PROPN") and not t.is_stop:
            start = t.i if start is None else start
        elif start is not None:
            out.append(span.doc[start:t.i if t is not None else span.end])
            start = None
    return out


_JOINS = ("of", "the", "and", "&", "on", "in", "at", "de", "la", "le", "du", "von", "van")


def _titles(span: Any) -> list[Any]:
    """Capitalised words in a row with the small words a title or a name holds between them ("Ninety Days of
    Dark", "Bell & Anchor"), which the parser cuts into several phrases."""
    out, toks = [], list(span)

    def cap(k: int) -> bool:
        return k < len(toks) and toks[k].text[:1].isupper() and toks[k].is_alpha

    i = 0
    while i < len(toks):
        if not cap(i):
            i += 1
            continue
        j, k = i, i + 1
        while True:  # the next capitalised word, over small words between
            while k < len(toks) and toks[k].lower_ in _JOINS and not cap(k):
                k += 1
            if not cap(k):
                break
            j, k = k, k + 1
        capitals = sum(cap(x) for x in range(i, j + 1))
        # (a sentence's first word is capitalised anyway: it counts only in a run of names)
        if j > i and (toks[i].i != toks[i].sent.start or capitals > 2 or toks[i].pos_ == "PROPN"):
            out.append(span.doc[toks[i].i:toks[j].i + 1])
        i = j + 1
    return out


def _as_named(value: str, named: set[str]) -> str:
    """The value without the words at its ends the line that named the option did not use ("omg X", "+1 X",
    "X gets"): what the echoes added around it."""
    toks = [t for t in parsed(value)]
    while len(toks) > 1 and toks[0].lower_ not in named and _base(toks[0].lower_) not in named:
        toks.pop(0)
    while len(toks) > 1 and toks[-1].lower_ not in named and _base(toks[-1].lower_) not in named:
        toks.pop()
    return "".join(t.text + t.whitespace_ for t in toks).strip()


def _wrap(t: Any) -> bool:
    """What chat wraps around a name: interjections, words of assent or feeling, punctuation."""
    return t.is_punct or t.pos_ in ("INTJ", "SYM", "X") or abs(valence.valence(t.lower_)) >= 1.0 or \
        consensus._STRETCHED.sub(r"\1", t.lower_) in consensus._YES


def _trimmed(sp: Any) -> Any | None:
    """The phrase without what chat wraps around a name: interjections, words of assent or feeling, punctuation
    ("omg <name>", "<name> lmao yes")."""
    toks = list(sp)
    while toks and _wrap(toks[0]):
        toks.pop(0)
    while toks and _wrap(toks[-1]):
        toks.pop()
    return sp.doc[toks[0].i:toks[-1].i + 1] if toks else None


def _keys(tokens: Any) -> frozenset[str]:
    # (not a word of assent the tagger took for a name: "ok for me")
    return frozenset(_base(t.lower_) for t in tokens if (t.is_alpha or t.like_num or any(ch.isdigit() for ch in t.text))
                     and not t.is_stop and
                     consensus._STRETCHED.sub(r"\1", t.lower_) not in consensus._YES)


def _base(word: str) -> str:
    """A word's noun form, whatever the tagger made of it ("Tuesdays" tagged a name keeps its plural as its
    lemma; a name WordNet does not know stays as written)."""
    return lex.wordnet().morphy(word, "n") or word


def _words(tokens: Any) -> set[str]:
    return {_base(t.lower_) for t in tokens} | {t.lower_ for t in tokens}


def _refused(span: Any) -> bool:
    """Asked, negated, called off ("scratch X", "vetoing X") or said in mockery ("/s")."""
    return span.text.rstrip().endswith("?") or "/s" in span.text or any(
        t.dep_ == "neg" or t.lower_ in _NO or (t.pos_ == "VERB" and lex.verb_in_senses(
            t.lemma_.lower(), _CALL_OFF, first=4, exact=True)) for t in span)


def approves(span: Any) -> bool:
    """A clause that approves of what it or the clause beside it names: a word of assent or approval, liking,
    joining in ("I'm in for X"), or a vote; never asked, negated or objecting."""
    text = span.text
    if _refused(span) or consensus.objects(text) or consensus._conditional(span):
        return False
    if consensus.assents(text) or consensus.likes_it(text):
        return True
    if any(valence.disapproving(t.lower_) for t in span):
        return False  # ("X sounds grim", "X is a pain")
    for t in span:
        if t.pos_ in ("ADJ", "INTJ", "ADV") and valence.approving(t.lower_) and \
                (t.dep_ != "amod" or len(_alpha(span)) <= BARE) and not _for_someone(t):
            return True  # "X is perfect", "X, great"; not "good for her" (glad of someone's news)
        if t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), (*consensus._LIKE_SENSES,
                                                                    *consensus.ASSENT_VERBS), first=3) and \
                not any(c.dep_ == "nsubj" and c.lower_ not in ("i", "we") and c.pos_ == "PRON" for c in t.children):
            return True  # "love X", "we like X", "X works for me"; not "she likes X"
        if t.dep_ == "amod" and valence.approving(t.lower_) and lex.noun_in_senses(
                t.head.lemma_.lower(), _IDEAS, first=2, exact=True):
            return True  # "X is a great idea", "good shout"
        if t.lower_ in ("in", "down") and (any(c.dep_ == "prep" and c.lower_ == "for" for c in t.children) or
                                           any(x.lower_ in ("me", "us") for x in span if x.i < t.i)):
            return True  # "I'm in for X", "down for X", "count me in"
        if t.text == "+1":
            return True
        if lex.noun_in_senses(t.lemma_.lower(), _VOTE, first=2, exact=True) or \
                lex.verb_in_senses(t.lemma_.lower(), _VOTE, first=1, exact=True):
            return True  # "X gets my vote", "voting X"
        if consensus._STRETCHED.sub(r"\1", t.lower_) in ("yes", "yeah", "yep"):
            return True
    return False


def _alpha(span: Any) -> list[Any]:
    return [t for t in span if t.is_alpha]


def _people(doc: Any) -> set[str]:
    return {_base(t.lower_) for e in doc.ents if e.label_ == "PERSON" for t in e}


_MINDED = ("verb.communication", "verb.cognition", "verb.emotion", "verb.perception")


def _person(doc: Any, keys: frozenset[str]) -> bool:
    """The option's words name someone in this message: tagged a person, a name a personal pronoun refers back
    to, or the subject of a verb only a mind does ("X thinks ...")."""
    if keys & _people(doc):
        return True
    # a lone name a personal pronoun takes up later in the line ("X from choir asked whether she can come")
    if len(keys) == 1 and any(_base(t.lower_) in keys and t.text[:1].isupper() and any(
            x.lower_ in ("he", "she", "him", "her", "his") for x in doc[t.i + 1:]) for t in doc):
        return True
    return any(_base(t.lower_) in keys and t.dep_ == "nsubj" and t.pos_ == "PROPN" and t.head.pos_ == "VERB" and
               (ss := lex._synsets(t.head.lemma_.lower(), "v")) and ss[0].lexname() in _MINDED for t in doc)


def _news(doc: Any, keys: frozenset[str]) -> bool:
    """The option was first named as what someone did ("my sister moved to X", "he started at X"): a verb in a
    past form whose subject is a person other than the speakers (news, which others are glad of, not a choice
    put to the group)."""
    for t in doc:
        if _base(t.lower_) not in keys:
            continue
        v = next((a for a in t.ancestors if a.pos_ in ("VERB", "AUX")), None)
        subj = next((c for c in v.children if c.dep_ == "nsubj"), None) if v is not None else None
        if v is not None and v.tag_ == "VBD" and subj is not None and t in set(subj.subtree) and subj.pos_ != "PRON":
            return True  # "X did the slides", "X was great last night": what it did or was, not a choice
        if v is not None and subj is not None and v.tag_ in ("VBD", "VBN") and (
                subj.lower_ in ("he", "she", "they") or subj.ent_type_ == "PERSON" or
                (subj.pos_ == "NOUN" and lex.is_person_noun(subj.lemma_.lower(), 1))):
            return True
    return False


def _for_someone(t: Any) -> bool:
    """"good for him", "great for you": glad for someone, not approving of an option ("good for me": it suits)."""
    return any(c.dep_ == "prep" and c.lower_ == "for" and any(
        p.pos_ == "PRON" and p.lower_ not in ("me", "us") or p.pos_ == "PROPN" for p in c.children)
        for c in t.children)


class Echoes:
    """Follows a chat message by message: the options lately named again with approval, who named each first
    and who has echoed it since."""

    def __init__(self) -> None:
        self.history: list[tuple[int, str, str, str, set[str]]] = []  # (seq, speaker, id, text, words)
        self.pending: list[Echoed] = []
        self.settled: set[frozenset[str]] = set()
        self.handles: set[str] = set()  # the words of the speakers' handles: most hold a member's name

    def _as_said(self, value: str, keys: frozenset[str], speaker: str) -> tuple[str, frozenset[str]]:
        """The option as an earlier line of another member said it: the phrase itself, else the phrase less up to
        two words at its ends (the longest such that some earlier line holds)."""
        lines = [h[4] for h in self.history if h[1] != speaker]
        if any(keys <= w for w in lines):
            return value, keys
        toks = list(parsed(value))
        for cut in range(1, min(3, len(toks))):
            for a in range(cut + 1):
                sub = toks[a:len(toks) - (cut - a)]
                k = _keys(sub)
                if k and any(k <= w for w in lines):
                    return "".join(t.text + t.whitespace_ for t in sub).strip(), k
        return value, keys

    def step(self, text: str, message_id: str, speaker: str, seq: int) -> Echoed | None:
        """One message; the option it is the second approving echo of (from members other than the one who named
        it, nobody having turned it down in between), else None."""
        self.history = [h for h in self.history if seq - h[0] <= WINDOW]
        self.handles |= {w for w in re.split(r"[^a-z]+", speaker.lower()) if len(w) > 2}
        self.pending = [o for o in self.pending if seq - o.seq <= WINDOW]
        doc = parsed(text)
        parts = clauses(doc)
        named = [options(c) for c in parts]
        # (a yes taken back: "X is lovely but it's so crowded" approves of nothing)
        buts = [t.i for t in doc if t.lower_ in ("but", "though", "tho", "although")]
        # (and a line closed in mockery: "X sounds great 🙄 not", "so exciting /s")
        mocked = "/s" in text or [t.lower_ for t in doc if t.is_alpha][-1:] == ["not"]
        # (a yes on a condition: "X works only if we ...", the condition cut off into a clause of its own)
        ok = [approves(c) and not mocked and not any(b >= c.end for b in buts) and
              not consensus._conditional(c.sent) for c in parts]
        people = _people(doc)
        done: Echoed | None = None
        for i, c in enumerate(parts):
            words = _words(c)
            if _refused(c):  # turned down since: echoes before it no longer count
                self.pending = [o for o in self.pending if not o.keys <= words]
                continue
            # approved here, or beside a bare word of approval that names nothing ("love it, <option>")
            if not (ok[i] or any(0 <= j < len(parts) and ok[j] and not named[j] and len(_alpha(parts[j])) <= BARE
                                 for j in (i - 1, i + 1))):
                continue
            found = [o for o in self.pending if o.keys <= words]
            for value, keys in named[i]:
                if any(keys <= k or k <= keys for k in self.settled) or any(o.keys <= keys for o in found) or \
                        keys & people:
                    continue
                o = next((o for o in self.pending if keys <= o.keys), None)
                if o is not None:  # matched by the fewest words all echoes share ("tollgate" of "tollgate
                    o.keys = keys  # cafe"), told by the fullest ("the tollgate cafe")
                else:
                    # (the phrase less a word at either end the earlier line lacks: "omg X" echoes "X")
                    value, keys = self._as_said(value, keys, speaker)
                    said = [h for h in self.history if keys <= h[4]]
                    first = next((h for h in said if h[1] != speaker), None)
                    # (a person talked about is no option: "X was always alright to me"; nor a member hailed)
                    if first is None or keys & self.handles or any(_person(parsed(h[3]), keys) for h in said) or \
                            _news(parsed(first[3]), keys):
                        continue
                    o = Echoed(value, keys, first[1], first[0], first[2], first[3])
                    self.pending.append(o)
                found.append(o)
            for o in found:
                if o.namer == speaker:
                    continue
                o.value = max([o.value, *(v for v, k in named[i] if o.keys <= k)], key=len)
                o.echoes[speaker] = message_id
                if len(o.echoes) >= ECHOES and done is None:
                    done = o
        if done is not None:
            self.settled.add(done.keys)
            self.pending = [o for o in self.pending if o is not done]
            done.value = _as_named(done.value, _words(parsed(done.text)))
        self.history.append((seq, speaker, message_id, text, _words(doc)))
        return done
