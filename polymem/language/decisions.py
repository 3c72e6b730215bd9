"""Group decisions over a conversation: which messages settle something, on what, instead of what, and which
earlier decision they overturn.

A message is a decision when one of its statements is final: a verb of deciding, booking or switching in a
completed or passive form ("decided: X", "X is booked"), a word WordNet glosses as official, settled, final or
unanimous ("officially: X", "it's unanimous"), or the constructions "X it is" and "X wins". Its value is what
it settles on (the phrase after the colon, the object of "we'll go with / we're switching to", the booked
thing, a value proposed earlier); what it drops ("no X", "not X", "X is cancelled", "ditching X", "instead of
X") links it to the decision it overturns. Decisions on one matter form a chain, oldest first; the matter is
the explicit topic ("the open day is moved to ..."), else the chain of the dropped value, else that of the
proposal which named the value, else a new chain named after the message's first ordinary noun.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from polymem.language import group as group_acts
from polymem.language import lexical as lex
from polymem.language import timeexpr
from polymem.language.models import parsed

FINAL_SENSES = ("official.a.01", "official.s.03", "officially.r.01", "formally.r.01", "final.s.02",
                "final.s.03", "settled.a.01", "confirmed.a.02", "consentaneous.s.01", "definite.s.02")
DROP_SENSES = group_acts.CANCEL_SENSES + ("ditch.v.01", "chuck.v.02", "dump.v.02", "overrule.v.01", "revoke.v.02")
PLAN_SENSES = ("need.v.01", "necessitate.v.01", "choose.v.01", "decide.v.01", "find.v.03", "book.v.01",
               "reserve.v.04", "organize.v.05", "sort_out.v.01", "settle.v.04")
# stretches of clock and calendar time ("for the weekend", "for the night"), unlike occasions ("the picnic")
CLOCK = ("time_unit.n.01", "day.n.04", "day_of_the_week.n.01", "calendar_month.n.01", "weekend.n.01",
         "time_of_day.n.01", "night.n.01", "season.n.02")
RECENT = 6  # messages before a new matter's first decision that count as its discussion
DECISION_NOUNS = ("decision.n.01", "decision.n.02", "choice.n.02")
IDEA_SENSES = ("idea.n.01", "suggestion.n.01", "proposal.n.01", "option.n.02", "plan.n.01")
_NEG_DET = {"no", "not"}


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

    def keywords(self, n: int = 6) -> list[str]:
        """The ordinary nouns the matter was discussed with (proposals and decisions), most frequent first:
        what a question about it will likely name ("the camping trip") when the decision itself does not."""
        key = (len(self.context), len(self.decisions), n)
        if self._kw is not None and self._kw[0] == key:
            return self._kw[1]
        values = {w for d in self.decisions for w in _key(d.value).split()}
        counts: dict[str, int] = {}
        for t in parsed(self.context[-4000:]):
            lemma = t.lemma_.lower()
            if t.pos_ == "NOUN" and t.is_alpha and len(lemma) > 2 and lemma not in values and \
                    not lex.is_person_noun(lemma) and not lex.noun_is(lemma, "time", senses=2):
                counts[lemma] = counts.get(lemma, 0) + 1
        out = [w for w, _ in sorted(counts.items(), key=lambda x: -x[1])[:n]]
        self._kw = (key, out)
        return out


def _key(v: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", re.sub(r"^(?:the|a|an|our|my)\s+", "", v.lower())).strip()


def same(a: str, b: str) -> bool:
    x, y = _key(a), _key(b)
    if not x or not y:
        return False
    if x == y or f" {x} " in f" {y} " or f" {y} " in f" {x} ":
        return True
    nx, ny = ({w for w in v.split() if any(ch.isdigit() for ch in w)} for v in (x, y))
    if nx and ny and nx != ny:
        return False  # "March 3" is not "March 8"
    xs, ys = ({w for w in v.split() if len(w) >= 3} for v in (x, y))
    return bool(xs and ys) and len(xs & ys) / min(len(xs), len(ys)) >= 0.5


def _senses(tok: Any, senses: tuple[str, ...]) -> bool:
    """A word in one of its first senses, read as an adjective or adverb whatever the tagger said ("it's
    official" comes out as a noun)."""
    if tok.pos_ in ("VERB", "AUX") or not tok.is_alpha:
        return False
    names = {s.name() for pos in ("a", "r") for s in lex._synsets(tok.lower_, pos)[:4]}
    return bool(names & set(senses))


def _nominal(t: Any) -> bool:
    """A noun, a name, or a word the tagger mislabelled in lower-case chat that WordNet knows as a place or
    does not know at all ("we meet in zadar")."""
    if t.pos_ in ("NOUN", "PROPN"):
        return True
    return t.is_alpha and t.pos_ in ("ADV", "ADJ", "VERB", "X") and (
        lex.is_place_name(t.lower_) or not lex.known_word(t.lower_))


def _phrase(tok: Any) -> str:
    """A value as written: the noun phrase a token heads with what follows it up to the next comma ("Sunday
    the 17th at Quayside Grill in Kinsale"), or the bare noun phrase when that runs long."""
    left = []
    for t in reversed([t for t in tok.subtree if t.i < tok.i]):  # the modifiers right before the head
        if t.i != (left[0].i if left else tok.i) - 1 or t.dep_ not in (
                "compound", "amod", "det", "nummod", "poss", "flat", "nmod", "case", "punct") or t.lower_ in _NEG_DET:
            break
        left.insert(0, t)
    toks = [*(t for t in left if not t.is_punct or t.text in ("-", "'s")), tok] + [t for t in tok.subtree if t.i > tok.i]
    cut = next((i for i, t in enumerate(toks) if t.i > tok.i and (
        t.is_punct or t.dep_ in ("relcl", "acl", "mark", "advcl") or t.pos_ in ("VERB", "AUX") or
        (t.dep_ == "prep" and t.lower_ in ("for", "as")) or (
            t.dep_ == "cc" and not any(c.dep_ == "conj" and c.pos_ == "PROPN" for c in t.head.children)))),
        len(toks))  # "Pride and Prejudice" is one title; "X because Y fell through" stops at "because"
    span = " ".join(t.text for t in toks[:cut])
    v = span if len(span.split()) <= 10 else group_acts._np(tok)
    v = re.sub(r"\s+('s|’s)", r"\1", v)
    return v.strip(" ,.!:;-–—'\"")


def _final(sent: Any) -> bool:
    if any(t.pos_ == "VERB" and t.tag_ in ("VBP", "VB") and lex.verb_in_senses(
            t.lemma_.lower(), group_acts.PROPOSE_SENSES, first=3) and any(
            c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in t.children) for t in sent):
        return False  # "I suggest a formal vote", "I propose we go with X": a proposal, not yet a decision
    for t in sent:
        if _senses(t, FINAL_SENSES):
            return True
        if t.pos_ == "NOUN" and t.dep_ in ("ROOT", "nsubj", "nsubjpass", "appos") and \
                lex.noun_in_senses(t.lemma_.lower(), DECISION_NOUNS, first=2, exact=True) and \
                not any(c.lower_ in _NEG_DET for c in t.children):
            return True  # "Decision made: X"
        if t.pos_ == "VERB" and _settles(t):
            return True
        if t.lemma_ == "go" and any(c.dep_ == "prep" and c.lower_ == "with" for c in t.children) and (any(
                c.lower_ == "we" and c.dep_ == "nsubj" for c in t.children) or t.head.lemma_ == "let") and not \
                any(c.dep_ == "aux" and c.lower_ in ("could", "might", "should", "may") for c in t.children):
            return True  # "we'll go with X", "we're going with X", "let's go with X": "go with" is to choose
        if t.lemma_ == "do" and t.pos_ == "VERB" and not any(c.dep_ == "mark" and c.lower_ != "so" for c in t.children) \
                and \
                any(c.lower_ == "we" and c.dep_ == "nsubj" for c in t.children) \
                and any(c.dep_ == "aux" and (c.lemma_ == "be" or c.lower_ in ("will", "'ll", "’ll")) for c in t.children) \
                and any(c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") for c in t.children):
            return True  # "we're doing Falcon Trail": the group's plan, said as settled
    if _it_is(sent) is not None or _wins(sent) is not None or _then_value(sent) or _closed(sent):
        return True
    for t in sent:
        if t.lemma_ == "go" and any(c.dep_ == "prep" and c.lower_ == "for" for c in t.children) and not any(
                c.dep_ == "nsubj" and c.lower_ not in ("we", "us") for c in t.children) and not any(
                c.dep_ == "aux" and c.lower_ in ("could", "might", "should", "may") for c in t.children):
            return True  # "right, going for bowling then": to go for is to choose
        if t.lemma_ == "make" and (t.head.lemma_ == "let" or any(c.lower_ == "we" for c in t.children)) and \
                re.search(r"(?i)\bmake\s+it\b", sent.text):
            return True  # "let's make it £20 each"
        if t.lemma_ == "be" and any(c.lower_ == "we" and c.dep_ == "nsubj" for c in t.children) \
                and any(x.lower_ in ("instead", "now") for x in sent) and _at_place(t) is not None:
            return True  # "so we're at the Lantern instead"
        if t.pos_ == "NOUN" and t.dep_ == "ROOT" and lex.noun_in_senses(t.lemma_.lower(), ("plan.n.01",), first=2,
                                                                        exact=True) \
                and any(c.dep_ in ("amod", "compound") for c in t.children) and ":" in sent.text:
            return True  # "new plan: the Lisbon map"
    # "our novel is now Middlemarch since Dune fell through", "we moved the picnic to the dunes": a reversal
    # counts when it names what it drops or uses a verb of changing, not on "now" or "anymore" alone
    act = group_acts.sentence_act(sent)
    return act is not None and act.act == "reversal" and (
        bool(_dropped(sent.as_doc())) or _moved(sent, set()) is not None or any(
            _settles(t) for t in sent if t.pos_ == "VERB") or (
            act.topic is not None and any(t.lower_ == "instead" for t in sent)))  # "the picnic is now X instead"


def _settles(v: Any) -> bool:
    """A verb of deciding, booking or moving a plan, said as done by the group: "we decided", "the open day is
    moved", "the committee has decided", or a bare "decided: X" / "booked!"; not "as agreed at the AGM"
    (a reference) nor "the caterer double-booked" (somebody else's act)."""
    lemma = v.lemma_.lower()
    decide = lex.verb_in_senses(lemma, group_acts.DECIDE_SENSES, first=3, exact=True)
    change = lex.verb_in_senses(lemma, group_acts.CHANGE_SENSES, first=2, exact=True)
    if not (decide or change) or any(c.dep_ == "mark" for c in v.children):
        return False
    if any(c.dep_ == "prep" and c.lower_ in ("in", "into") for c in v.children) and lex.verb_is(lemma, "reside"):
        return False  # "just settled in Gdansk": a home, not a decision
    done = v.tag_ in ("VBD", "VBN") or any(c.dep_ in ("aux", "auxpass") and c.lemma_ in ("be", "have")
                                           for c in v.children)
    subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
    passive = next((c for c in v.children if c.dep_ == "nsubjpass"), None)
    if subj is not None:
        collective = subj.pos_ == "NOUN" and lex.noun_in_senses(subj.lemma_.lower(), ("social_group.n.01",))
        return done and (subj.lower_ in ("we", "us", "everyone", "everybody") or collective) or (
            change and subj.pos_ == "NOUN" and not lex.is_person_noun(subj.lemma_.lower()) and v.tag_ == "VBG")
    if passive is not None:
        return not lex.is_person_noun(passive.lemma_.lower()) and passive.lower_ not in ("i", "he", "she", "they")
    return decide and v.dep_ in ("ROOT", "advcl", "ccomp", "parataxis", "conj") and v.tag_ in ("VBD", "VBN")


_THEN = re.compile(r"^\W*(?:(?:ok(?:ay)?|right|so|fine|great|cool|alright)\W+)*(?P<v>[^,.;:!?]{1,40}?)\s+then\b\s*(?:[,.;!]|$)",
                   re.I)


def _then_value(sent: Any) -> str | None:
    """"Amélie then.", "30th then, I've sent the invite", "£15 each then": a bare phrase concluded with
    "then" is the group's conclusion (a verb phrase is not: "going for bowling then" is read elsewhere)."""
    m = _THEN.match(sent.text)
    if not m:
        return None
    v = m.group("v").strip()
    toks = [t for t in sent if t.idx - sent.start_char < m.end("v")]
    # a verb or pronoun makes it a clause ("settled then, ..."), except a name the tagger took for a verb
    if not v or any((t.pos_ in ("AUX", "PRON") and t.lower_ != "each") or
                    (t.pos_ == "VERB" and (t.text[:1].islower() or lex._synsets(t.lower_, "v"))) for t in toks):
        return None
    return v


def _closed(sent: Any) -> bool:
    """"great, done." / "sorted.": a sentence that only says a thing is settled (a verb of completing or
    arranging, no subject, no object)."""
    root = sent.root
    if root.pos_ not in ("VERB", "ADJ") or root.tag_ not in ("VBN", "VBD", "JJ"):
        return False
    if any(c.dep_ not in ("intj", "punct", "advmod", "amod", "cc") for c in root.children):
        return False
    return lex.verb_in_senses(root.lemma_.lower(), ("complete.v.01", "finish.v.01", "sort_out.v.01",
                                                     "settle.v.04", "arrange.v.01"), first=8)


def _at_place(be: Any) -> Any | None:
    return next((p for c in be.children if c.dep_ == "prep" and c.lower_ in ("at", "in") for p in c.children
                 if p.dep_ == "pobj" and p.pos_ in ("PROPN", "NOUN")), None)


def _it_is(sent: Any) -> Any | None:
    """"the Cretan villa it is", "Carcassonne it is then": a noun phrase, then "it is"."""
    toks = [t for t in sent if (t.is_alpha or t.like_num) and t.lower_ not in ("then", "so")]
    for i in range(1, len(toks) - 1):
        if toks[i].lower_ == "it" and toks[i + 1].lemma_ == "be" and i + 2 >= len(toks):
            prev = toks[i - 1]
            while prev.dep_ in ("nummod", "compound", "pobj", "prep") and prev.head.i < toks[i].i and \
                    prev.head.i != prev.i:
                prev = prev.head  # "March 3 it is", "the cabin by the lake it is": the phrase's head
            if prev.pos_ in ("NOUN", "PROPN", "NUM"):
                return prev
    return None


def _wins(sent: Any) -> Any | None:
    for t in sent:
        if t.lemma_ == "win" and t.pos_ == "VERB" and not any(c.dep_ == "dobj" for c in t.children):
            subj = next((c for c in t.children if c.dep_ == "nsubj"), None)
            if subj is not None and subj.pos_ in ("NOUN", "PROPN") and not lex.is_person_noun(subj.lemma_.lower()):
                return subj
    return None


def _dropped(doc: Any) -> list[tuple[str, Any]]:
    """What a message turns down: "no tablet", "not split", "the pier café is off", "ditching Dune",
    "lake district is cancelled", "instead of the van"."""
    out: list[tuple[str, Any]] = []
    for t in doc:
        if not _nominal(t) or t.dep_ == "compound":
            continue
        neg = any(c.lower_ in _NEG_DET and c.dep_ in ("det", "neg", "advmod") for c in t.children) or (
            t.i > 0 and doc[t.i - 1].lower_ == "not")
        head = t.head
        verb = head.lemma_.lower()
        for c in head.children:  # "fell through": the phrasal verb WordNet knows, whatever the parser's label
            if c.dep_ in ("prt", "advmod") and lex._synsets(f"{verb}_{c.lower_}", "v"):
                verb = f"{verb}_{c.lower_}"
                break
        dropped_by_verb = t.dep_ in ("dobj", "nsubjpass", "nsubj") and head.pos_ in ("VERB", "ADJ", "NOUN") and (
            lex.verb_in_senses(verb, DROP_SENSES, first=3) or head.lower_ == "cancelled") and (
            t.dep_ != "nsubj" or head.tag_ == "VBN" or not (lex.is_person_noun(t.lemma_.lower()) or t.pos_ == "PRON"))
        off = (t.dep_ == "nsubj" and head.pos_ == "AUX" and any(c.lower_ == "off" for c in head.children)) or \
            any(c.lower_ == "off" and c.dep_ in ("advmod", "prt") for c in t.children) or (
                t.dep_ == "nsubj" and head.lower_ == "off")  # "mixer's off", however the parser attaches it
        instead = head.dep_ == "prep" and head.lower_ in ("of", "than") and head.head.lower_ in ("instead", "rather")
        if neg or dropped_by_verb or off or instead:
            out.append((group_acts._np(t), t))
    for act in group_acts.read(doc.text):
        if act.act == "cancel" and act.value and not any(same(act.value, v) for v, _ in out):
            tok = next((t for t in doc if t.text in act.value.split() and t.pos_ in ("NOUN", "PROPN")), None)
            if tok is not None:
                out.append((act.value, tok))
    return out


def _moved(sent: Any, drops: set[int]) -> tuple[Any, Any] | None:
    """"they have shifted the gala to the orangery": a verb of changing, the matter as its object, the new value
    after "to"."""
    for v in sent:
        if v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True):
            obj = next((c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
            to = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                       if _nominal(p) and p.i not in drops), None)
            if obj is not None and to is not None:
                return obj, to
    return None


def _topic(sent: Any) -> str | None:
    """An explicit matter: "for the open day", "the dinner is now ...", "refreshments: ..."."""
    m = re.search(r"(?i):[^,.;!?]*?\s(?:for|as)\s+(?:the|our)\s+([a-z]+(?:\s[a-z]+)?)\s*[.!]*\s*$", sent.text)
    if m:  # "Final: 3 October for the gala."
        return m.group(1).lower()
    if (moved := _moved(sent, set())) is not None:
        obj = moved[0]
        return " ".join([c.lower_ for c in obj.lefts if c.dep_ == "compound"] + [obj.lemma_.lower()])
    act_topic = group_acts._topic(sent)
    if act_topic:
        return act_topic
    for t in sent:  # "the open day will be held on Saturday": the passive subject names the matter
        if t.dep_ == "nsubjpass" and t.pos_ == "NOUN" and not lex.is_person_noun(t.lemma_.lower(), 1) and \
                not lex.noun_in_senses(t.lemma_.lower(), CLOCK, first=1):
            return " ".join([c.lower_ for c in t.lefts if c.dep_ in ("compound", "amod")] + [t.lemma_.lower()])
    for t in sent:  # "for the picnic": an occasion is a matter, a stretch of time ("for the weekend") is not
        if t.dep_ == "prep" and t.lower_ in ("for", "as"):
            for p in t.children:
                if p.dep_ == "pobj" and p.pos_ == "NOUN" and not p.text[:1].isdigit() and \
                        not lex.noun_in_senses(p.lemma_.lower(), CLOCK, first=1):
                    return " ".join([c.lower_ for c in p.lefts if c.dep_ == "compound"] + [p.lemma_.lower()])
    for t in sent:
        if t.dep_ in ("nsubj", "nsubjpass") and t.pos_ == "NOUN" and not lex.is_person_noun(t.lemma_.lower(), 1) and \
                t.head.lemma_ in ("be", "move", "change", "switch", "shift") and any(
                    c.lower_ in ("now", "moved", "to") or c.dep_ == "auxpass" for c in t.head.children):
            return " ".join([c.lower_ for c in t.lefts if c.dep_ == "compound"] + [t.lemma_.lower()])
    return None


def _value(doc: Any, sent: Any, drops: set[int], known: list[str]) -> str | None:
    text = sent.text
    # "decided: photo frame, no tablet", "officially switching: PICOS DE EUROPA, 7-11 august"
    if ":" in text:
        after = text.split(":", 1)[1]
        first = re.split(r"[,.;!]|\s+-\s+|\s+(?:not|no|instead)\s+", after.strip(), maxsplit=1)[0].strip()
        tokens = [t for t in sent if t.idx >= sent.start_char + text.index(":")]
        chunk = [t for t in tokens if t.idx < sent.start_char + text.index(":") + 1 + len(after) - len(
            after.lstrip()) + len(first)]
        first = re.split(r"(?i)\s+(?:for|as)\s+(?:the|our)\s+", first, maxsplit=1)[0]  # "X for the gala"
        if first and len(first.split()) <= 8 and any(t.pos_ in ("NOUN", "PROPN", "NUM") for t in chunk) \
                and not any(t.pos_ in ("VERB", "AUX") and t.tag_ != "VBN" for t in chunk) \
                and not re.match(r"(?i)^(?:we|i|you|they|it|no|not)\b", first):
            return first
    for v in sent:  # "the committee has decided that Millbrook is our supplier"
        if v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True):
            for c in v.children:
                if c.dep_ == "ccomp":
                    subj = next((x for x in c.children if x.dep_ in ("nsubj", "nsubjpass")), None)
                    if subj is not None and subj.i not in drops and _nominal(subj) and subj.pos_ != "PRON":
                        return _phrase(subj)
    if (v := _then_value(sent)) is not None:
        return v
    for t in sent:
        if t.lemma_ == "go" and not any(c.lower_ == "with" for c in t.children) and (p := next((
                p for c in t.children if c.dep_ == "prep" and c.lower_ == "for"
                                            for p in c.children if p.dep_ == "pobj" and p.i not in drops), None)):
            return _phrase(p)  # "going for bowling"
        if t.lemma_ == "make" and re.search(r"(?i)\bmake\s+it\b", sent.text):
            m = re.search(r"(?i)\bmake\s+it\s+(?P<v>[^,.;!?]+?)(?:\s+instead|\s+then)?\s*(?:[,.;!?]|$)", sent.text)
            if m:
                return m.group("v").strip()  # "let's make it £20 each instead"
        if t.lemma_ == "be" and any(c.lower_ == "we" and c.dep_ == "nsubj" for c in t.children) and \
                (p := _at_place(t)) is not None and p.i not in drops:
            return _phrase(p)  # "we're at the Lantern instead"
    if _it_is(sent) is not None:  # "Fine by me, Thursday the 9th it is": the phrase since the last comma
        m = re.search(r"([^,;:.!?]+?)\s+it(?:\s+is|'s|’s)\b", sent.text)
        if m and len(m.group(1).split()) <= 8:
            return m.group(1).strip()
    if (t := _it_is(sent)) is not None or (t := _wins(sent)) is not None:
        return re.sub(r"\s+it$", "", _phrase(t).split(" it ")[0])
    for v in sent:  # "Ostreria Blu is booked for Saturday": the booked thing, not the day
        subj = next((c for c in v.children if c.dep_ == "nsubjpass"), None)
        if subj is None and any(c.dep_ == "auxpass" for c in v.children):  # the parser lost the subject
            subj = next((t for t in reversed(list(sent)[:max(0, v.i - sent.start)]) if t.i >= v.i - 4 and
                         t.pos_ in ("NOUN", "PROPN") and t.dep_ != "compound"), None)
        if v.pos_ == "VERB" and subj is not None and subj.i not in drops and _nominal(subj) and \
                lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True):
            return group_acts._np(subj)
    if (moved := _moved(sent, drops)) is not None:
        return _phrase(moved[1])
    for act in group_acts.read(sent.text):
        if act.act in ("decision", "reversal") and act.value:
            # widen "SUNDAY" to "SUNDAY the 17th at Quayside Grill in Kinsale", up to a clause boundary
            first = next((t for t in sent if act.value.startswith(t.text)), None)
            if first is not None:
                wide = []
                for t in sent[first.i - sent.start:]:
                    if t.is_punct or t.dep_ in ("mark", "cc", "advcl", "relcl") or t.pos_ in ("VERB", "AUX", "ADV") or \
                            (t.dep_ == "prep" and t.lower_ in ("for", "as")):
                        break
                    wide.append(t.text)
                text_wide = re.sub(r"\s+('s|’s)", r"\1", " ".join(wide))
                if act.value in text_wide and len(wide) <= 10:
                    return text_wide
            return act.value
    for v in sent:  # "the reunion is moving to Paramaribo", "the open day is moved to Sunday 21 June"
        if v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True):
            to = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                       if _nominal(p) and p.i not in drops), None)
            if to is not None:
                return _phrase(to)
    root = sent.root  # "the reunion is Valletta": a matter, then what it is
    subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
    attr = next((c for c in root.children if c.dep_ == "attr"), None)
    if root.lemma_ == "be" and subj is not None and attr is not None and subj.pos_ == "NOUN" and \
            attr.pos_ in ("PROPN", "NOUN") and attr.i not in drops and not lex.is_person_noun(subj.lemma_.lower()) \
            and not any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in attr.children):
        return _phrase(attr)
    for v in sent:
        if v.pos_ != "VERB":
            continue
        subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        passive_final = subj is not None and subj.dep_ == "nsubjpass" and subj.i not in drops and \
            lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3)
        if passive_final and subj.pos_ in ("NOUN", "PROPN"):
            return _phrase(subj)  # "Ostreria Blu is booked for ..."
        if subj is not None and subj.lower_ in ("we", "us") or v.head.lemma_ == "let":
            for c in v.children:  # "we'll go with X", "we're switching to X", "we meet in X", "we'll have X"
                cands = [c] if c.dep_ in ("dobj", "attr") else [p for p in c.children if not p.is_punct] \
                    if c.dep_ == "prep" and c.lower_ in ("with", "to", "in", "at", "for") else []
                for p in cands:
                    if _nominal(p) and p.i not in drops and \
                            not lex.noun_is(p.lemma_.lower(), "time", senses=1):
                        return _phrase(p)
    low = text.lower()
    if (day := timeexpr.date_span(text)) and re.search(r"(?i)\b(?:on|for|to)\s+" + re.escape(day), text):
        return day  # "the open day will be held on Saturday 13 June"
    for k in sorted(known, key=len, reverse=True):  # an option proposed earlier, named again without a drop
        if k and re.search(r"(?<!\w)" + re.escape(k.lower()) + r"(?!\w)", low) and \
                not any(same(k, _phrase(doc[i])) for i in drops):
            return k
    return None


class DecisionTracker:
    """Reads a conversation in order and keeps its decision chains (one per matter)."""

    def __init__(self) -> None:
        self.chains: list[Chain] = []
        self.options: list[tuple[str, str | None, str]] = []  # (value, topic, message text)
        self.open: list[str] = []  # matters the group said it must settle ("we need a venue and a date")
        self._chain_of: dict[int, Chain] = {}
        self.recent: list[str] = []  # the last messages: the discussion a new matter came out of
        self._before: list[str] = []

    def observe(self, text: str) -> None:
        """An earlier message, already written: only the options it puts forward are kept."""
        self._options(parsed(text), text)
        self._remember(text)

    def _remember(self, text: str) -> None:
        self.recent = [*self.recent, text][-RECENT:]

    def _options(self, doc: Any, text: str) -> None:
        self._planning(doc)
        for act in group_acts.read(text):
            if act.act == "proposal" and act.value and len(act.value.split()) <= 8:
                self.options.append((act.value, act.topic, text))
        self._fragment_option(doc, text)

    def feed(self, text: str, message_id: str, speaker: str, time: datetime | None) -> list[Decision]:
        doc = parsed(text)
        out: list[Decision] = []
        self._options(doc, text)
        self._before = self.recent
        self._remember(text)
        sents = [s for s in doc.sents if not s.text.rstrip().endswith("?")]
        if not sents or group_acts.personal_decision(text) or not any(_final(s) for s in sents):
            return out
        drops = _dropped(doc)
        drop_ids = {t.i for _, t in drops}
        known = [o[0] for o in self.options] + [d.value for c in self.chains for d in c.decisions]
        value = None
        topic = None
        sentence = ""
        finals = [i for i, s in enumerate(sents) if _final(s)]
        near = [sents[i] for i in finals] + [sents[i + d] for d in (1, -1) for i in finals
                                             if 0 <= i + d < len(sents) and i + d not in finals]
        for s in near:  # the final sentence first, then the one after it
            value = _value(doc, s, drop_ids, known)
            if value and not all(_senses(t, FINAL_SENSES) or (t.is_stop and t.text.islower()) or t.is_punct
                                 for t in parsed(value)):
                topic, sentence = _topic(s), s.text.strip()
                break
        if not value or len(value.split()) > 10 or not sentence:
            return out
        day = timeexpr.date_span(sentence)  # "LAKE DISTRICT, 17-21 JULY": the dates settled with the place
        extra: list[Decision] = []
        if day and re.search(r"(?i)\bof\s+" + re.escape(day), sentence):
            day = None  # "the decision of 16 March": a date that names something else
        if day and day.lower() not in value.lower() and not any(day.lower() in x.lower() for x, _ in drops):
            when_topic = self._open_topic(day)
            if when_topic:  # a date that is an open matter of its own
                extra.append(Decision(day, message_id, speaker, time, when_topic, [], sentence))
            else:
                value = f"{value}, {day}"
        elif day and day.lower() in value.lower() and value.lower().endswith(day.lower()) and \
                self._open_topic(day) and (head := value[: value.lower().rfind(day.lower())].strip(" ,")):
            # "the mountain cabin on May 3": two matters settled at once
            extra.append(Decision(day, message_id, speaker, time, self._open_topic(day), [], sentence))
            value = re.sub(r"(?i)\s+(?:on|for|at)$", "", head)
        dropped = [d for d, _ in drops if d and not same(d, value)]
        changed = bool(drops) or any(t.lower_ == "instead" for t in doc) or any(
            t.dep_ == "ROOT" and t.pos_ == "NOUN" and lex.noun_in_senses(t.lemma_.lower(), ("plan.n.01",), first=2,
                                                                          exact=True) for t in doc) or any(
            (a := group_acts.sentence_act(x)) is not None and a.act in ("reversal", "cancel") for x in sents)
        for d in [Decision(value, message_id, speaker, time, topic, dropped, sentence), *extra]:
            chain = self._chain_for(d, text, changed)
            self._chain_of[id(d)] = chain
            if chain.decisions and same(chain.head.value, d.value):
                d.reverses = None
                out.append(d)  # the same decision confirmed: the writer keeps the record as it is
                continue
            if chain.decisions:
                d.reverses = chain.head.value
            chain.decisions.append(d)
            chain.context += " " + text
            out.append(d)
        return out

    def chain_of(self, d: Decision) -> Chain:
        """The chain a decision `feed` returned belongs to (a confirmation belongs to the chain it confirms)."""
        return self._chain_of[id(d)]

    def _planning(self, doc: Any) -> None:
        """"We need a venue and a date", "let's pick a restaurant": the objects of a verb of needing or
        choosing with the group as subject are matters still open."""
        for v in doc:
            if v.pos_ != "VERB" or not lex.verb_in_senses(v.lemma_.lower(), PLAN_SENSES, first=2, exact=True):
                continue
            we = any(c.dep_ == "nsubj" and c.lower_ in ("we", "us") for c in v.children) or v.head.lemma_ == "let" \
                or any(c.lower_ in ("let", "let's") for c in v.children)
            if not we:
                continue
            for o in (c for c in v.children if c.dep_ == "dobj" and c.pos_ == "NOUN"):
                for n in [o, *(c for c in o.conjuncts if c.pos_ == "NOUN")]:
                    if n.lemma_.lower() not in self.open and not lex.is_person_noun(n.lemma_.lower(), 1):
                        self.open.append(n.lemma_.lower())

    def _open_topic(self, value: str) -> str | None:
        """The one open matter a value fits: a date to a matter of time ("date", "day"), anything else to
        the one other open matter not yet decided."""
        dated = bool(timeexpr.date_span(value) or timeexpr.is_time_word(value))
        decided = {c.topic for c in self.chains}
        cands = [t for t in self.open if lex.noun_is(t, "time", senses=2) == dated and t not in decided]
        return cands[0] if len(cands) == 1 else None

    def _fragment_option(self, doc: Any, text: str) -> None:
        """"tablet! big screen ...", "new idea: digital photo frame", "Middlemarch?", "everyone happy
        with the pottery voucher?": an option put forward without a verb of proposing."""
        for s in doc.sents:
            if s.text.rstrip().endswith("?") and not any(t.tag_ in ("WDT", "WP", "WRB") for t in s):
                for t in s:  # a yes/no question about a thing puts that thing forward
                    if t.dep_ in ("pobj", "dobj", "attr") and t.pos_ in ("NOUN", "PROPN") and \
                            not lex.is_person_noun(t.lemma_.lower(), 1):
                        self.options.append((_phrase(t), None, text))
            root = s.root
            if root.pos_ in ("NOUN", "PROPN") and len(s) <= 6 and not any(t.pos_ == "VERB" for t in s):
                self.options.append((_phrase(root), None, text))
                return
            if ":" in s.text:
                head, after = s.text.split(":", 1)
                if any(lex.noun_in_senses(w.lower(), IDEA_SENSES, exact=True) for w in re.findall(r"[A-Za-z]+", head)):
                    first = re.split(r"[,.;!]", after.strip(), maxsplit=1)[0].strip()
                    if first and len(first.split()) <= 6:
                        self.options.append((first, None, text))
                        return

    def _chain_for(self, d: Decision, text: str, changed: bool = False) -> Chain:
        for c in reversed(self.chains):  # the same value again: a confirmation of that chain
            if same(c.head.value, d.value) and (d.topic is None or d.topic == c.topic):
                return c
        for c in reversed(self.chains):  # it turns down what a chain had settled on: that chain
            if any(same(x, dec.value) for x in d.dropped for dec in c.decisions):
                return c
        if d.topic:
            for c in reversed(self.chains):
                if c.topic == d.topic:
                    return c
        for value, topic, _src in reversed(self.options):  # the value was proposed for a matter
            if same(value, d.value):
                for c in reversed(self.chains):
                    if (topic and c.topic == topic) or any(same(value, o) for o in c.options):
                        return c
                d.topic = d.topic or topic
                break
        d.topic = d.topic or self._open_topic(d.value)
        if d.topic:
            for c in reversed(self.chains):
                if c.topic == d.topic:
                    return c
        elif changed and (named := [c for c in self.chains if not same(c.head.value, d.value) and re.search(
                r"(?i)(?<!\w)" + re.escape(re.sub(r"^(?:the|a|an)\s+", "", c.head.value.split(",")[0])) + r"(?!\w)",
                text)]):
            return named[-1]  # "Trattoria Ombra just rang, they're closed, so we're at the Lantern instead"
        elif changed and self.chains:  # "plans changed, forget that, we're doing X": the latest matter of its kind
            kind = [c for c in self.chains if _kind(c.head.value) == _kind(d.value)]
            if kind:
                return kind[-1]
        srcs = [src for value, _, src in self.options if same(value, d.value)]
        c = Chain("", options=[o[0] for o in self.options if same(o[0], d.value)],
                  context=" ".join([*srcs, *self._before, text]))
        c.topic = d.topic or next(iter(c.keywords(1)), None) or _first_noun(text, d.value) or _key(d.value)
        self.chains.append(c)
        return c


def _kind(value: str) -> str:
    """What sort of value a decision settles: a date, an amount (of money or not), or a thing."""
    if timeexpr.date_span(value) or timeexpr.is_time_word(value):
        return "date"
    if re.search(r"[£$€¥]\s?\d|\d\s?(?:euros?|dollars?|pounds?|quid|bucks)\b", value, re.I) or \
            re.fullmatch(r"[£$€¥]?[\d.,\s]+(?:each|per\s+\w+)?", value.strip(), re.I):
        return "amount"
    return "thing"


def _first_noun(text: str, value: str) -> str | None:
    """A name for a new matter: the first ordinary noun of the message that is not part of its value, not a
    person, a time or a pronoun."""
    vkey = set(_key(value).split())
    for t in parsed(text):
        lemma = t.lemma_.lower()
        if t.pos_ == "NOUN" and t.is_alpha and len(lemma) > 2 and lemma not in vkey and \
                not lex.is_person_noun(lemma) and not lex.noun_is(lemma, "time", senses=2):
            return lemma
    return None
