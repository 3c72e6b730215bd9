"""A group's matters as the decision tracker keeps them: a decision, the chain of decisions on one matter, and
the readings that tell whether a message names a matter's value, talks it down, or names the matter itself."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from polymem.language import concluding, timeexpr
from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.decision_clauses import norm, trouble_word, turned_down
from polymem.language.models import parsed


@dataclass
class Decision:
    value: str
    message_id: str
    speaker: str
    time: datetime | None
    topic: str | None = None
    dropped: list[str] = field(default_factory=list)
    sentence: str = ""
    reverses: str | None = None  # the value of the decision this one overturns
    seq: int = -1  # the message's place in the conversation, as the tracker read it
    support: list[str] = field(default_factory=list)  # earlier messages it rests on: a proposal and its assents


@dataclass
class Chain:
    topic: str
    decisions: list[Decision] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    context: str = ""  # words of the messages that proposed and settled it, for matching a question
    _kw: tuple[tuple[int, int, int], list[str]] | None = field(default=None, repr=False)

    @property
    def head(self) -> Decision:
        return self.decisions[-1]

    def said(self) -> str:
        """The words the matter was decided with: its topic, each value and the sentence that settled it."""
        return " ".join([self.topic, *(f"{d.value} {d.sentence}" for d in self.decisions)])

    def keywords(self, n: int = 6) -> list[str]:
        """The ordinary nouns the matter was discussed with (proposals and decisions), most frequent first:
        what a question about it will likely name ("the camping trip") when the decision itself does not."""
        key = (len(self.context), len(self.decisions), n)
        if self._kw is not None and self._kw[0] == key:
            return self._kw[1]
        values = {w for d in self.decisions for w in norm(d.value).split()}
        counts: dict[str, int] = {}
        # (each message parsed as itself: run together, a reply's verb reads as a noun, "9 may works works for me")
        for t in (t for line in self.context[-4000:].split("\n") for t in parsed(line)):
            lemma = t.lemma_.lower()
            if sx.lets(t):
                continue
            # (a word the dictionary lacks is a name or chat slang, "lol", no matter's name)
            if t.pos_ == "NOUN" and t.is_alpha and len(lemma) > 2 and lemma not in values and \
                    not lex.is_person_noun(lemma) and not lex.noun_is(lemma, "time", senses=2) and \
                    lex.known_noun(lemma) and not dating(t) and not _verb_misread(t):
                counts[lemma] = counts.get(lemma, 0) + 1
            elif _acronym(t) and t.lower_ not in values and (t.dep_ == "pobj" or any(
                    c.dep_ in ("det", "poss") for c in t.children)):  # "the EGM", "for the BBQ": named by its letters
                counts[t.lower_] = counts.get(t.lower_, 0) + 1
        out = [w for w, _ in sorted(counts.items(), key=lambda x: -x[1])[:n]]
        self._kw = (key, out)
        return out


def _verb_misread(t: Any) -> bool:
    """A bare plural that is also a verb's third person, with nothing to make it a noun phrase ("17th works,",
    "works for me" parsed among other lines): the verb of a reply ("works", "sounds"), no matter talked of."""
    if not (t.tag_ == "NNS" and t.lower_.endswith("s") and lex.wordnet().morphy(t.lower_, "v") not in (None, t.lower_)) \
            or t.sent.text.rstrip().endswith("?"):
        return False  # ("tickets for the gig?", "snacks?": the matter asked about)
    # (a reply's verb: "works for me", "sounds good")
    return any((c.dep_ == "prep" and c.lower_ == "for" and any(p.lower_ in ("me", "us") for p in c.children)) or
               c.dep_ in ("acomp", "advmod") and c.pos_ in ("ADJ", "ADV") for c in t.children)


_TIME_PREPS = frozenset({"after", "before", "until", "till", "since", "during"})


def dating(t: Any) -> bool:
    """A noun that only dates what is said ("June 8-11? after the launch"): the object of a preposition of time,
    not the matter settled."""
    return t.dep_ == "pobj" and t.head.lower_ in _TIME_PREPS


def _acronym(t: Any) -> bool:
    """A word written in capitals of three to five letters that no dictionary knows as a word: an initialism."""
    return 3 <= len(t.text) <= 5 and t.text.isalpha() and t.text.isupper() and t.pos_ in ("NOUN", "PROPN") and \
        not t.is_stop and t.ent_type_ != "PERSON" and not lex.known_noun(t.lower_) and \
        not any(lex._synsets(t.lower_, p) for p in ("v", "r", "a"))


@lru_cache(maxsize=8192)
def content(value: str) -> frozenset[str]:
    # content words whatever the tagger called them ("pancake breakfast" comes out with a verb)
    # (a capitalised stop word is a name: "the May Showcase")
    return frozenset(t.lemma_.lower() for t in parsed(value) if (t.is_alpha or t.like_num) and (
        not t.is_stop or t.text[:1].isupper()) and t.pos_ != "DET" and (
        t.pos_ not in ("ADP", "CCONJ", "PRON", "AUX", "PART") or t.text[:1].isupper()))


@lru_cache(maxsize=16384)  # the same recent messages are read against every matter of each decision
def names(value: str, text: str, rival: str = "") -> bool:
    """The text names the value: most of its content words by lemma ("sorry pancakes" names "pancake
    breakfast"), and its numbers exactly ("sept 12 is bad" names "sept 12", not "sept 26"). Against a rival
    value only the words that tell them apart count ("not ready for june" names "June Next Fest" against
    "October Next Fest")."""
    if "," in value and names(value.split(",")[0], text, rival):
        return True  # "st columb's, saturday 18 july": the place alone is named
    want = content(value)
    want = (want - content(rival)) or want if rival else want
    if not want:
        return False
    have = {t.lemma_.lower() for t in parsed(text)}
    nums = {w for w in want if any(ch.isdigit() for ch in w)}
    return nums <= have and len(want & have) / len(want) >= 0.5


RIVAL_DEPTH = 6  # how specific a class two values must share to be rival answers to one matter
RIVAL_SENSES = 5  # senses of each head word looked at (a colour is often a later sense: "olive", "orange")


def rivals(a: str, b: str) -> bool:
    """Two values whose head nouns share a specific WordNet class (two colours, two dishes, two kinds of public
    transport): rival answers to one matter, where a library and a swan are not."""
    # (the head of the first phrase: "a minibus from the station" is a minibus)
    ha, hb = (re.findall(r"[a-z]+", re.split(r"\s+(?:from|in|at|on|near|by|of|with|for|to)\s+",
                                             v.split(",")[0].lower())[0])[-1:] for v in (a, b))
    if not ha or not hb or ha == hb:
        return False
    return any(common.min_depth() >= RIVAL_DEPTH for x in lex._synsets(ha[0], "n")[:RIVAL_SENSES]
               for y in lex._synsets(hb[0], "n")[:RIVAL_SENSES] for common in x.lowest_common_hypernyms(y))


@lru_cache(maxsize=4096)
def against(text: str) -> bool:
    doc = parsed(text)
    # (or a trouble flagged with it, "one problem. X is taken already", "bad news on X"; or a place said to be
    # closed, "they're closed for repairs")
    # (or a degree past what will do: "too leaky for X", "too far"; not "me too", "lovely too")
    return bool(turned_down(doc)) or any(t.lower_ in ("instead", "rather", "sorry") or t.dep_ == "neg" or
                                         flagged(t) or _closed(t) or _excess(t) for t in doc)


def _praise(word: str) -> bool:
    """An adjective of goodness (WordNet: good in its first sense, or a word similar to it)."""
    good = lex.wordnet().synset("good.a.01")
    return any(s == good or good in s.similar_tos() for s in lex._synsets(word, "a")[:2])


def kept_instead(value: str, text: str) -> bool:
    """The text names the value as what is had in place of another ("with X instead of Y", "X rather than Y"): X
    is kept, not turned down."""
    core = re.sub(r"(?i)^(?:the|a|an)\s+", "", value.split(",")[0]).strip()
    return bool(core) and re.search(r"(?i)(?<!\w)" + re.escape(core) + r"\s+(?:instead\s+of|rather\s+than)\b",
                                    text) is not None


def _excess(t: Any) -> bool:
    """"too" before the adjective it grades ("too leaky", "too far for us"): more than will do; not "too quiet
    for that", too much for another purpose the talk has in mind (the value may suit its own matter well)."""
    if not (t.lower_ == "too" and t.dep_ == "advmod" and t.head.pos_ in ("ADJ", "ADV") and t.i < t.head.i) or \
            t.head.lower_ in ("much", "many") or _praise(t.head.lower_):
        return False  # ("too good to miss", "too much fun": no fault found)
    return not any(c.dep_ == "prep" and c.lower_ == "for" and any(
        p.dep_ == "pobj" and p.lower_ in ("that", "this", "it", "those", "these") for p in c.children)
        for c in t.head.children)


def flagged(t: Any) -> bool:
    """A trouble noun that heads its own sentence ("small problem.", "bad news on X:"), the sentence not saying
    it is solved or a joke ("problem solved", "the only problem with X is the parking" is a remark)."""
    return trouble_word(t) and (t.dep_ == "ROOT" or _fragment_head(t) or _that_is(t)) and not any(
        x.lower_ in ("solved", "sorted", "fixed", "jk", "lol") for x in t.sent)


def _that_is(t: Any) -> bool:
    """"That is a real worry.": a trouble said of what was just told, by a pronoun (not "the problem is X")."""
    be, sent = t.head, t.sent
    # (not a question, a hypothetical, a condition, a hedge or a good problem: "would that be a problem?", "it is a
    # problem if it rains", "that's hardly a problem", "that is a good problem to have")
    return t.dep_ == "attr" and be.lemma_ == "be" and not sx.negated(be, sent) and \
        not sent.text.rstrip().endswith("?") and not any(c.tag_ == "MD" for c in be.children) and \
        not any(x.lower_ in ("if", "unless", "hardly", "barely", "scarcely") for x in sent) and \
        not any(c.dep_ == "amod" and _praise(c.lower_) for c in t.children) and any(
            c.dep_ == "nsubj" and c.lower_ in ("that", "this", "it") for c in be.children)


def _fragment_head(t: Any) -> bool:
    """The noun closes a run of words with no verb, set off by a stop or a colon ("ok but bad news. I can't ...",
    however the parser joined the lines)."""
    doc = t.doc
    if t.i + 1 >= len(doc) or doc[t.i + 1].text not in (".", ":", "!", "—", "..."):
        return False
    start = next((k + 1 for k in range(t.i - 1, t.sent.start - 1, -1) if doc[k].text in (".", "!", "?", ":")),
                 t.sent.start)
    return not any(x.pos_ in ("VERB", "AUX") for x in doc[start:t.i])


def _closed(t: Any) -> bool:
    """A place said, plainly, to be closed or unavailable ("closed for repairs all month", "the hall is unavailable"):
    not asked, not a part of it or one day of the week ("the beer garden is closed but inside is fine", "closed
    on sundays"), not a verb with an object ("closed its kitchen early")."""
    sent = t.sent
    return t.dep_ in ("acomp", "ROOT") and t.pos_ in ("ADJ", "VERB") and lex.unavailable(t.lower_) and \
        not sent.text.rstrip().endswith("?") and not any(c.dep_ == "dobj" for c in t.children) and \
        not any(x.lower_ in ("but", "though", "although", "lucky", "luckily") or timeexpr.weekday_name(x.lower_.rstrip("s"))
                for x in sent)


def words(c: Chain, own: bool = False) -> set[str]:
    """The words a matter was decided with (its topic, options, values and deciding sentences), or with
    `own=False` those of the discussion around it (which may also hold other matters' words)."""
    text = " ".join([c.said(), *c.options]) if own else c.context
    return set(re.findall(r"[a-z]{3,}", text.lower()))


def channel_words(channel: str | None) -> list[str]:
    """The words of a channel's name ("summer-trip", "book_club"): chats name channels for what is planned in
    them, so a matter settled there is about those words too."""
    return [w for w in re.split(r"[^a-z0-9]+", (channel or "").lower()) if len(w) > 2]


def first_noun(text: str, value: str) -> str | None:
    """A name for a new matter: the first ordinary noun of the message that is not part of its value, not a
    person, a time or a pronoun."""
    vkey = set(norm(value).split())
    for t in parsed(text):
        lemma = t.lemma_.lower()
        if t.pos_ == "NOUN" and t.is_alpha and len(lemma) > 2 and lemma not in vkey and not sx.lets(t) and \
                not lex.is_person_noun(lemma) and not lex.noun_is(lemma, "time", senses=2) and not dating(t):
            return lemma
    return None


_DAY_ONLY = re.compile(r"(?i)^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?$")


def full_date(value: str, options: list[str]) -> str:
    """"12th then" after "would Friday 12 June suit?": a day of the month alone settles the date named with
    that day in the options or the recent talk (the latest one), as it was written."""
    m = _DAY_ONLY.match(value.strip())
    if not m:
        return value
    for o in reversed(options):
        span = timeexpr.date_span(o)
        if span and re.search(r"(?<!\d)0?" + m.group(1) + r"(?!\d)", span):
            return span
    return value


def unmarked(value: str) -> str:
    """"ok pancake breakfast" -> "pancake breakfast": a discourse marker opening the phrase is no part of it (and
    a currency sign the tokenizer set apart goes back on its sum: "£ 3" -> "£3")."""
    value = re.sub(r"([£$€¥])\s+(?=\d)", r"\1", value)
    toks = parsed(value)
    i = 0
    while i < len(toks) - 1 and (toks[i].pos_ == "INTJ" or concluding.marker(toks[i]) or (i > 0 and toks[i].is_punct)):
        i += 1
    return toks[i:].text if i and not toks[i].is_punct else value


_FROM_TIME = re.compile(r"(?i)^(?P<v>.+?)\s+(?:from|starting|as\s+of|beginning)\s+(?P<t>(?:next\s+|the\s+)?[\w ]+?)"
                        r"(?:\s+on(?:wards)?)?$")


def untimed(value: str) -> str:
    """"the study room from june onwards" -> "the study room": when a value starts to hold is no part of
    it (a date's own "from" stays: "from 3 to 5 may")."""
    # (a preposition left dangling where the parser cut a month it took for a verb: "the hall from" of "from may")
    value = re.sub(r"(?i)\s+from$", "", value.strip())
    m = _FROM_TIME.match(value)
    if not m or not (timeexpr.date_span(m.group("t")) or timeexpr.is_time_word(m.group("t").split()[-1])) or \
            re.search(r"(?i)\b(?:to|till|until|through)\b|[-–]", m.group("t")):
        return value  # ("the cabin from friday to sunday": a stay's span is part of it)
    return value if timeexpr.date_span(m.group("v")) and not content(m.group("v")) - _time_lemmas(m.group("v")) \
        else m.group("v")


def _time_lemmas(text: str) -> set[str]:
    return {w for w in content(text) if timeexpr.is_time_word(w) or w.isdigit()}
