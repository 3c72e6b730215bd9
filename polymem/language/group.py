"""Group acts in a message: a proposal ("how about X for the dinner?"), a decision ("we're going with X"),
a reversal ("change of plan, the dinner is now at Y"), a cancellation ("the hike is off").

Read from grammar: the speech act from the clause type (question with "how/what about", first-person plural
modal, a verb of proposing; a declarative with a verb of deciding / choosing / booking in a past or
progressive form, a passive "it's settled"), the value from the main object noun phrase, the topic from
"for / as the <noun>" or the subject of "the <noun> is ...". Verb classes are WordNet senses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language import timeexpr
from polymem.language.models import parsed

Act = Literal["proposal", "decision", "reversal", "cancel"]
PROPOSE_SENSES = ("propose.v.01", "suggest.v.01", "suggest.v.02", "recommend.v.01", "vote.v.01", "vote.v.02",
                  "nominate.v.01", "advise.v.01", "pitch.v.06")
DECIDE_SENSES = ("decide.v.01", "decide.v.02", "choose.v.01", "settle.v.03", "agree.v.01", "agree.v.02",
                 "reserve.v.04", "book.v.01", "confirm.v.01", "finalize.v.01", "reserve.v.01",
                 "pick_out.v.01", "plump.v.04")
# giving a firm the work: a decision only "for" a work ("X is appointed for the roof"), not a post ("appointed head
# of department")
APPOINT_SENSES = ("appoint.v.01",)
# fixing definitely ("fixed for 12 September", "set for the 9th"): a decision only about a day (the sense also holds
# "limit" and "define": "my evenings will be limited")
FIX_SENSES = ("specify.v.02",)
BOOK_SENSES = ("reserve.v.04", "book.v.01", "reserve.v.01")
CHANGE_SENSES = ("change.v.01", "change.v.02", "switch.v.01", "switch.v.03", "exchange.v.01", "replace.v.01",
                 "move.v.02", "shift.v.01", "reschedule.v.01")
CANCEL_SENSES = ("cancel.v.01", "trash.v.01", "abandon.v.01", "fall_through.v.01")
# "judge or regard; look upon", "expect, believe, or suppose", "take into consideration": considering an option
_CONSIDER = ("think.v.01", "think.v.02", "think.v.03", "consider.v.03", "consider.v.01")
_CHANGE_ADV = {"instead", "now", "actually", "anymore"}


@dataclass
class GroupAct:
    act: Act
    value: str | None
    topic: str | None = None
    sentence: str = ""


def read(text: str) -> list[GroupAct]:
    return list(_read(text))


_SENT_ACTS: dict[tuple[str, int, int], GroupAct | None] = {}


def sentence_act(sent: Any) -> GroupAct | None:
    """The act of one parsed sentence, remembered (the tracker asks about a sentence more than once)."""
    key = (sent.doc.text, sent.start, sent.end)
    if key not in _SENT_ACTS:
        if len(_SENT_ACTS) > 50_000:
            _SENT_ACTS.clear()
        act = _sentence(sent)
        span = timeexpr.date_span(sent.text) if act is not None and act.value else None
        if act is not None and act.value and span and len(span) > len(act.value) and \
                span.lower().startswith(act.value.lower()):
            act.value = span  # "I propose Sunday 14 March 2027": the whole day, however the parser cut it
        _SENT_ACTS[key] = act
    return _SENT_ACTS[key]


@lru_cache(maxsize=50_000)
def _read(text: str) -> tuple[GroupAct, ...]:
    # the writer and the decision tracker ask about the same message several times
    out: list[GroupAct] = []
    for sent in parsed(text).sents:
        act = sentence_act(sent)
        if act is not None:
            act.sentence = sent.text.strip()
            out.append(act)
    return tuple(out)


def _np(tok: Any) -> str:
    """The noun phrase a token heads, with its modifiers and flat name parts, without a trailing
    "for the <topic>" or relative clause."""
    skip = {"prep", "relcl", "acl", "punct", "cc", "conj", "advcl", "appos", "advmod"}
    toks = [t for t in tok.subtree if not any(a.dep_ in skip and a.head == tok for a in _ancestors_to(t, tok))]
    toks = [t for t in toks if not (t.dep_ in ("prep", "advmod") and t.head == tok)]
    # (a firm's name joined by "&" is one name: "Pellham & Sons")
    amp = next((c for c in tok.children if c.dep_ == "cc" and c.text == "&"), None)
    if amp is not None and (conj := next((c for c in tok.children if c.dep_ == "conj" and c.i > amp.i), None)):
        toks = sorted({*toks, *(t for t in tok.doc[amp.i:conj.i + 1])}, key=lambda t: t.i)
    text = " ".join(t.text for t in toks)
    text = re.sub(r"\s+('s|’s)", r"\1", text)
    return text.strip(" ,.!?:;-")


def _ancestors_to(t: Any, top: Any) -> list[Any]:
    out, cur = [], t
    while cur != top and cur.head != cur:
        out.append(cur)
        cur = cur.head
    return out


def _topic(sent: Any) -> str | None:
    for t in sent:
        if t.dep_ == "prep" and t.lower_ in ("for", "as"):
            for p in t.children:
                if p.dep_ == "pobj" and p.pos_ == "NOUN" and not p.text[:1].isdigit() and (any(c.dep_ == "compound" for c in p.children)
                                                              or not lex.noun_is(p.lemma_.lower(), "time", senses=1)):
                    comp = [c.text.lower() for c in p.lefts if c.dep_ == "compound"]
                    return " ".join([*comp, p.lemma_.lower()])
    return None


MAGNITUDE_SENSES = ("increase.v.02", "decrease.v.02", "change_magnitude.v.01")  # raising, cutting an amount
_MAGNITUDE = MAGNITUDE_SENSES


def in_subordinate(tok: Any) -> bool:
    """The word is said inside a subordinate clause ("fine, even though I liked the terrace", "ok, although
    the pier was nicer"): what a concession or a reason names is not what a sentence settles."""
    while tok.head.i != tok.i:
        if tok.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ != "so" for c in tok.children):
            return True
        tok = tok.head
    return False


def _value_of(head: Any, exclude: set[int]) -> str | None:
    # "raising the kitty to €45", "moving the meeting to Friday": a change of amount or place names its new value;
    # any verb of moving something ("bring the fair forward to Saturday 3 May") does when what follows "to" is a day
    lemma = head.lemma_.lower()
    changing = lex.verb_in_senses(lemma, CHANGE_SENSES, first=2, exact=True) or \
        lex.verb_in_senses(lemma, _MAGNITUDE, first=2)
    if changing or lex.verb_in_senses(lemma, CHANGE_SENSES, first=2):
        for c in head.children:
            if c.dep_ == "prep" and c.lower_ == "to":
                for p in c.children:
                    if p.dep_ == "pobj" and p.i not in exclude and p.pos_ in ("NOUN", "PROPN", "NUM") and (
                            changing or _day(p)):
                        return _np(p)
    for dep in ("dobj", "attr", "oprd"):
        for c in head.children:
            if c.dep_ == dep and c.i not in exclude and c.pos_ in ("NOUN", "PROPN", "NUM"):
                # ("do friday march 6": the parser splits a date a day opens; the whole span is the value)
                span = timeexpr.date_span(head.sent.text) if _day(c) else None
                return span if span and span.lower().startswith(c.lower_) else _np(c)
    if head.lemma_ == "be":  # "the dinner is now Sunday the 17th at X": a day said as what the matter is
        for c in head.children:
            if c.dep_ in ("npadvmod", "nmod") and c.i not in exclude and _day(c):
                return _np(c)
    if lex.verb_in_senses(lemma, PROPOSE_SENSES, first=3) or lemma == "do":
        # "i vote saturday the 15th", "could we do friday march 6": the tagger hangs a day typed in lower case on
        # the verb as an adverb
        neg = min((t.i for t in head.doc if t.i > head.i and t.lower_ in ("not", "no", "instead")), default=len(head.doc))
        days = [c for c in head.children if c.dep_ in ("npadvmod", "nmod") and head.i < c.i < neg and
                c.i not in exclude and _day(c)]
        if days:
            return " ".join(_np(c) for c in days)
    # ("I voted for X last year", "I wouldn't vote for X", "I'll vote for X" in an election put nothing forward now)
    if lemma == "vote" and head.tag_ != "VBD" and not any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in (
            "will", "'ll", "wo")) for c in head.children):
        # "I vote plum sails", "I vote teal", "I vote for the lido": whatever the tagger made of a bare option after
        # the verb of voting (an adverb, an adverbial noun), or what one votes for, is the option put forward
        for c in head.children:
            if c.i > head.i and c.i not in exclude and c.dep_ in ("npadvmod", "nmod", "advmod") and (
                    c.pos_ in ("NOUN", "PROPN") or lex.is_colour(c.lower_) or lex.unknown_word(c.text)) and \
                    not any(x.dep_ == "advmod" and x.i != c.i for x in head.children):  # ("I vote again tomorrow")
                return _np(c)
            if c.dep_ == "prep" and c.lower_ == "for":
                # (not the matter "for" names elsewhere: voting for a thing names the option)
                p = next((x for x in c.children if x.dep_ == "pobj" and x.pos_ in ("NOUN", "PROPN", "NUM")), None)
                if p is not None:
                    return _np(p)
    for c in head.children:
        if c.dep_ == "prep" and c.lower_ in ("with", "on", "about", "at", "to", "for"):
            for p in c.children:
                if p.dep_ == "pobj" and p.i not in exclude and p.pos_ in ("NOUN", "PROPN", "NUM"):
                    if c.lower_ == "for" and p.pos_ == "NOUN" and not lex.noun_is(p.lemma_.lower(), "time", 1) \
                            and not _day(p):
                        continue  # "for the dinner" names the topic, not the value
                    return _np(p)
    for c in head.children:  # "I vote we do X", "let's go with X": the value sits in the clause below
        if c.dep_ in ("ccomp", "xcomp") and c.pos_ in ("VERB", "AUX"):
            v = _value_of(c, exclude)
            if v:
                return v
    return None


_WANT = ("want.v.01", "like.v.02", "prefer.v.01")


def wishes(v: Any) -> bool:
    """"I'd like X", "we would prefer X": a verb of wishing said with "would"."""
    return any(c.dep_ == "aux" and c.lower_ in ("would", "'d", "’d") for c in v.children) and \
        lex.verb_in_senses(v.lemma_.lower(), ("wish.v.02", "prefer.v.01"), first=1, exact=True)


def opines(v: Any) -> bool:
    """"I reckon X", "I think X": a verb of thinking that heads the sentence, in the present."""
    return v.dep_ == "ROOT" and v.tag_ == "VBP" and \
        lex.verb_in_senses(v.lemma_.lower(), ("think.v.01", "think.v.02"), first=1, exact=True)


def _considering(v: Any, sent: Any) -> bool:
    """"I was thinking X", "thinking X?": "think" in the progressive with a noun phrase as its object (no clause,
    no "the same") considers X as an option; its subject is the speaker or none."""
    if v.lemma_ != "think" or v.tag_ != "VBG" or any(c.dep_ in ("ccomp", "xcomp", "mark") for c in v.children):
        return False
    if not any(c.dep_ == "aux" and c.lemma_ == "be" for c in v.children) and not (
            v.i == sent.start and not any(c.dep_ == "nsubj" for c in v.children)):
        return False
    objs = [c for c in v.children if c.dep_ == "dobj"]
    if len(objs) != 1 or objs[0].pos_ not in ("NOUN", "PROPN") or any(x.lower_ in ("same", "thing")
                                                                        for x in objs[0].subtree):
        return False
    # (the phrase ends the clause, or a preposition follows it: "I'm thinking the green one suits you" is a clause
    # the parser read as two objects)
    end = max(t.i for t in objs[0].subtree if not t.is_punct)
    after = v.doc[end + 1] if end + 1 < sent.end else None
    return (after is None or after.is_punct or after.pos_ == "ADP") and not any(
        c.dep_ == "nsubj" and c.lower_ not in ("i", "we") for c in v.children)


def _valueish(t: Any) -> bool:
    """A number, a sum, a name or a day: what can stand for an option however it is phrased."""
    return t.pos_ in ("NUM", "PROPN") or _day(t) or any(ch.isdigit() for ch in t.text)


def kept(verbs: list[Any], exclude: set[int]) -> str | None:
    """"let's keep £10 for now", "let's stick with the 9th": the group keeping a value (WordNet's keeping and
    sticking to) settles on it; "let's keep it simple" keeps a state, not a value."""
    for v in verbs:
        if not (v.head.lemma_ == "let" and v.dep_ in ("ccomp", "xcomp")) or any(c.dep_ == "neg" for c in v.children):
            continue
        # ("let's keep Bo in the loop", "keep the Crown as a backup", "keep two seats free": a state, not a value;
        # "for now" is only how long)
        if any((c.dep_ == "prep" and not (c.lower_ in ("for", "until", "till") and all(
                lex.noun_is(p.lemma_.lower(), "time", senses=2) or p.pos_ in ("ADV", "NOUN") and p.lower_ in (
                    "now", "today", "tonight") for p in c.children))) or (c.dep_ in ("advmod", "acomp") and
                                                                      c.lower_ not in ("now", "still", "just"))
               for c in v.children):
            continue
        if lex.verb_in_senses(v.lemma_.lower(), ("keep.v.01", "keep.v.03"), first=3, exact=True) and not any(
                c.dep_ in ("oprd", "acomp", "xcomp") and c.pos_ == "ADJ" and not _day(c) for c in v.children):
            obj = next((c for c in v.children if c.dep_ in ("dobj", "oprd") and c.i not in exclude and
                        (c.pos_ in ("NUM", "PROPN") or _day(c) or any(x.like_num or any(ch.isdigit() for ch in x.text)
                                                                      for x in c.subtree))), None)
            if obj is not None:
                return _np(obj)
        if lex.verb_in_senses(sx.phrasal(v), ("stick_to.v.02",), first=2, exact=True) or (
                v.lemma_ == "stick" and any(c.dep_ == "prep" and c.lower_ == "with" for c in v.children)):
            obj = next((p for c in v.children if c.dep_ == "prep" and c.lower_ in ("with", "to") for p in c.children
                        if p.dep_ == "pobj" and p.i not in exclude and p.pos_ in ("NOUN", "PROPN", "NUM")), None)
            if obj is not None and obj.lower_ not in ("it", "that", "this", "plan"):
                return _np(obj)
    return None


def got_us(verbs: list[Any], exclude: set[int]) -> str | None:
    """"found us a room at X", "got us a pitch at X": something got for the group at a named place books that
    place for it."""
    for v in verbs:
        # ("Found us a room ...": the tagger reads a past with its "I" dropped as a base form)
        base = lex.wordnet().morphy(v.lower_, "v") or v.lemma_.lower()
        bases = {v.lemma_.lower(), base}  # ("found": to find, or to found)
        dropped_i = v.tag_ == "VB" and v.i == v.sent.start and v.lower_ != base
        if (v.tag_ not in ("VBD", "VBN") and not dropped_i) or \
                not any(lex.verb_in_senses(b, ("get.v.01", "find.v.03"), first=3) for b in bases):
            continue
        if not any(c.dep_ == "dative" and c.lower_ == "us" for c in v.children) or any(
                c.dep_ == "nsubj" and c.lower_ not in ("i", "we") for c in v.children):
            continue  # (the speaker's doing for the group: "he got us a coffee at X" treats them)
        for o in (c for c in v.children if c.dep_ == "dobj" and not lex.noun_in_lexfile(c.lemma_.lower(), ("noun.food",))):
            at = next((p for c in [*o.children, *v.children] if c.dep_ == "prep" and c.lower_ in ("at", "in")
                       for p in c.children if p.dep_ == "pobj" and p.pos_ == "PROPN" and p.i not in exclude), None)
            if at is not None:
                return _np(at)
    return None


def _optionish(t: Any) -> bool:
    """What a group picks between: a day, a place by name, a made thing, a place, a food or a colour (not a
    person, "the weather" or "rent")."""
    low = t.lemma_.lower()
    return _day(t) or lex.is_place_name(t.lower_) or lex.noun_in_lexfile(
        low, ("noun.artifact", "noun.location", "noun.food")) or lex.is_colour(low)


def _topic_tokens(sent: Any) -> set[int]:
    out: set[int] = set()
    for t in sent:
        if t.dep_ == "prep" and t.lower_ in ("for", "as"):
            out |= {p.i for p in t.children if p.dep_ == "pobj" and p.pos_ == "NOUN" and not _day(p)}
    return out


def _day(t: Any) -> bool:
    """"for the 11th", "for 3 May": a day, which a booking is for, rather than the matter it is for."""
    return bool(re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", t.lower_) or t.lower_.removesuffix("s") in timeexpr.WEEKDAYS
                or timeexpr.date_span(_np(t)))


def _labelled_idea(text: str) -> str | None:
    """"proposal: X.", "my suggestion: X, because ...": a label that is a word for something put forward names
    the option after it, up to the first break (not a question, and not "plan: X", which settles)."""
    head, colon, after = text.partition(":")
    if not colon or text.rstrip().endswith("?") or not re.fullmatch(r"\s*[A-Za-z][A-Za-z' ]{0,29}", head):
        return None
    # (the label's last word is the word for it, in the singular: not "proposal rejected: X", "Proposals: due ...")
    last = head.split()[-1].lower()
    if lex.wordnet().morphy(last, "n") != last or not lex.noun_in_senses(last, lex.IDEA_SENSES, first=2, exact=True):
        return None
    first = re.split(r"[,.;!?]", after.strip(), maxsplit=1)[0].strip()
    if not first or len(first.split()) > 6 or first.split()[0].lower() in ("no", "none", "not", "nothing"):
        return None  # ("idea: no idea", "proposal: none yet")
    return first


def _sentence(sent: Any) -> GroupAct | None:
    root = sent.root
    question = sent.text.rstrip().endswith("?")
    topic = _topic(sent)
    exclude = _topic_tokens(sent)
    words = {t.lower_ for t in sent}
    lemmas = {t.lemma_.lower() for t in sent}
    # "how about "Paper Moon Club"?": a quoted title is the option, whatever its words' grammar
    quoted = re.match(r"(?i)\s*(?:how|what)\s+about\s+[\"“‘']([^\"”’']{2,60})[\"”’']", sent.text)
    if quoted:
        return GroupAct("proposal", quoted.group(1).strip(), topic)
    # "How about X?" / "What about X?"
    if root.lower_ == "about" or any(t.lower_ == "about" and t.dep_ in ("ROOT", "prep") and
                                     any(c.lower_ in ("how", "what") for c in t.children) for t in sent):
        ab = root if root.lower_ == "about" else next(t for t in sent if t.lower_ == "about")
        pobj = next((c for c in ab.children if c.dep_ == "pobj"), None)
        if pobj is not None:
            return GroupAct("proposal", _np(pobj), topic)
    if len(sent) > 2 and sent[0].lower_ in ("how", "what") and sent[1].lower_ == "about":
        # however the parser hangs a line opened by "how about" ("how about thursday night this time, ..."): the
        # words after it, to the first break, are the option
        rest = []
        for t in sent[2:]:
            if t.is_punct or t.dep_ in ("nsubj", "nsubjpass") or t.pos_ in ("VERB", "AUX"):
                break
            rest.append(t)
        if any(t.pos_ in ("NOUN", "PROPN", "NUM") for t in rest):
            return GroupAct("proposal", " ".join(t.text for t in rest), topic)
    if (labelled := _labelled_idea(sent.text)) is not None:
        return GroupAct("proposal", labelled, topic)
    verbs = [t for t in sent if t.pos_ in ("VERB", "AUX")]
    we = any(t.lower_ in ("we", "us", "let", "let's") and t.dep_ in ("nsubj", "nsubjpass", "ROOT") for t in sent)
    # cancellation: "the hike is off", "we cancelled the picnic", "X fell through"
    cancel: GroupAct | None = None
    for v in verbs:
        if question:
            break
        obj = None
        if lex.verb_in_senses(v.lemma_.lower(), CANCEL_SENSES, first=2, exact=True):
            obj = next((c for c in v.children if c.dep_ in ("dobj", "nsubjpass")), None)
        elif v.lemma_ == "be" and any(c.lower_ == "off" and c.dep_ in ("advmod", "prt", "acomp") for c in v.children):
            obj = next((c for c in v.children if c.dep_ == "nsubj"), None)  # "the hike is off"
        if obj is not None and obj.pos_ in ("NOUN", "PROPN"):
            cancel = GroupAct("cancel", _np(obj), topic)
            break
    for v in verbs:
        lemma = v.lemma_.lower()
        modal = {c.lower_ for c in v.children if c.dep_ == "aux"}
        # proposals: "I suggest X", "I vote we do X", "we could do X", "maybe X?"
        if lex.verb_in_senses(lemma, PROPOSE_SENSES, first=3) and any(
                c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in v.children):
            # what is proposed is the clause below the verb ("since the hall is shut, I suggest we move X to Y"), else its
            # object ("I suggest the boathouse")
            # (not a clause of asking or telling someone: "I suggest we ask Tom about the hall" proposes no Tom)
            # ("I suggest £30 a head not including drinks": a bare participle, no finite clause, takes the
            # object for its subject)
            val = next((_np(x) for c in v.children if c.dep_ == "ccomp" and c.tag_ == "VBG" and not any(
                a.dep_ in ("aux", "auxpass") for a in c.children) for x in c.children
                        # (a sum or a thing, not a person doing something: "I suggest Lem driving")
                        if x.dep_ == "nsubj" and (x.pos_ == "NUM" or (x.pos_ == "NOUN" and not lex.is_person_noun(
                            x.lemma_.lower()))) and x.i not in exclude), None) or \
                next((x for c in v.children if c.dep_ in ("ccomp", "xcomp") and c.pos_ in ("VERB", "AUX") and
                        not lex.verb_in_lexfile(c.lemma_.lower(), ("verb.communication",))
                        if (x := _value_of(c, exclude))), None) or _value_of(v, exclude)
            # ("I propose we shift the raffle to X": what is moved is the matter)
            moved = next((o for c in v.children if c.dep_ in ("ccomp", "xcomp") and lex.verb_in_senses(
                c.lemma_.lower(), CHANGE_SENSES, first=2, exact=True) for o in c.children
                          if o.dep_ == "dobj" and o.pos_ == "NOUN"), None) if topic is None else None
            if val and moved is not None:
                topic = " ".join([*(x.lower_ for x in moved.lefts if x.dep_ in ("compound", "amod")),
                                  moved.lemma_.lower()])
            if val:
                return GroupAct("proposal", val, topic)
        # "I'd like the upstairs room at X on the 3rd": a wish for the group's plan, put forward; "I reckon the
        # green at X": an opinion whose object is a bare thing, not a clause, is an option named
        # (not a condition: "I'd like the table at X if we go there")
        # ("I was thinking a barn dance", "thinking X, smugglers on a ...": an option being considered, whatever it is)
        considering = _considering(v, sent)
        if (wishes(v) or opines(v) or considering) and not question and \
                not any(t.dep_ == "mark" and t.lower_ in ("if", "unless") for t in sent) and (any(
                    c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in v.children) or considering) and any(
                c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") for c in v.children):
            obj = next(c for c in v.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN"))
            named: list[Any] = []
            preps = 0
            # the thing wished for and where it is, to the first break, verb or second place (read along the line:
            # the parser may hang "at X" on the verb)
            for t in sent.doc[obj.left_edge.i:sent.end]:
                preps += t.pos_ == "ADP"
                if t.is_punct or t.i in exclude or preps > 1 or t.pos_ in ("CCONJ", "SCONJ") or (
                        t.pos_ in ("VERB", "AUX") and t.dep_ not in ("amod", "compound")):
                    break
                named.append(t)
            while named and named[-1].pos_ in ("ADP", "DET", "CCONJ"):
                named.pop()  # ("the boathouse for the | party": the matter's words are left out, and what leads to them)
            if any(_valueish(t) for t in named) or considering:  # (a named thing, a day, a sum: not "i'd like a beer")
                return GroupAct("proposal", " ".join(t.text for t in named), topic)
        if we and modal & {"could", "should", "might", "may"} and (not question or "could" in modal):
            val = _value_of(v, exclude)
            # ("could we do friday the 9th instead?" asks the others to take an option: a day, a sum or a name;
            # "could we do it later?", "could we do Friday's meeting online?" name none)
            if val and (not question or any(_valueish(c) for c in v.children
                                            if c.dep_ in ("dobj", "attr", "npadvmod", "nmod"))):
                return GroupAct("proposal", val, topic)
        # "I'd go with X", "I would pick X": one's choice, said as a wish, puts X forward
        if modal & {"would", "'d", "’d"} and any(c.dep_ == "nsubj" and c.lower_ == "i" for c in v.children) and \
                not question and not any(c.dep_ == "prt" for c in v.children):  # ("i'd pick u up at 7": a lift)
            with_ = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "with" for p in c.children
                          if p.dep_ == "pobj" and p.pos_ in ("NOUN", "PROPN", "NUM") and p.i not in exclude and
                          not lex.is_person_noun(p.lemma_.lower(), 1) and not any(
                              x.dep_ == "poss" for x in p.children)), None)  # ("i'd go with my gut")
            val = _np(with_) if lemma == "go" and with_ is not None else _value_of(v, exclude) if \
                lex.verb_in_senses(lemma, ("choose.v.01", "pick_out.v.01"), first=3) else None
            # "I'd say £9", "i'd like us on £40", "I'd prefer the 9th": a value one would say or want
            if val is None and (lemma == "say" or lex.verb_in_senses(lemma, _WANT, first=2, exact=True)):
                val = next((_np(t) for t in [*(c for c in v.children if c.dep_ == "dobj"), *(
                    p for c in v.children if c.dep_ == "prep" and c.lower_ in ("at", "on", "to", "for")
                    for p in c.children if p.dep_ == "pobj")] if t.i not in exclude and _valueish(t)), None)
            if val:
                return GroupAct("proposal", val, topic)
        # "I'm thinking sat the 7th", "was thinking Saturday": one's considering, said in the progressive, puts
        # forward the value after it (up to a break or a preposition)
        if v.tag_ == "VBG" and not question and lex.verb_in_senses(lemma, _CONSIDER, first=3, exact=True) and \
                any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in v.children) or (
                v.tag_ == "VBG" and v.dep_ == "ROOT" and v.i == sent.start and not question and
                lex.verb_in_senses(lemma, _CONSIDER, first=3, exact=True)):
            rest = []
            for t in v.doc[v.i + 1:sent.end]:
                # (a verb ends it, unless the tagger made a clipped day one: "sat 7th march")
                verbal = t.pos_ in ("VERB", "AUX") and (rest or not any(x.like_num for x in t.doc[t.i + 1:t.i + 3]))
                if t.is_punct or verbal or t.pos_ in ("ADP", "SCONJ", "CCONJ", "PRON", "PART", "ADV") or t.dep_ in ("mark",):
                    break
                rest.append(t)
            while rest and rest[0].pos_ == "DET":
                rest = rest[1:]
            # (not a clause thought: "I'm thinking Tom is right", "... 3 days is too long")
            clause = any(c.dep_ == "ccomp" for c in v.children) or any(t.dep_ in ("nsubj", "nsubjpass") for t in rest)
            # (the value's head names it: a day, a name, a sum; "the blue one suits" is no option)
            valued = bool(rest) and (_valueish(rest[-1]) or any(ch.isdigit() for t in rest for ch in t.text))
            if valued and not clause and not any(t.i in exclude for t in rest):
                return GroupAct("proposal", " ".join(t.text for t in rest), topic)
        # "shift it to 30?", "move it to the 9th?": a change asked with no subject puts its new value forward
        if question and v.dep_ == "ROOT" and v.tag_ == "VB" and not any(
                c.dep_ in ("nsubj", "nsubjpass", "aux") for c in v.children) and (
                lemma == "go" or lex.verb_in_senses(lemma, CHANGE_SENSES, first=2, exact=True)):
            to = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                       if p.dep_ == "pobj" and p.pos_ in ("NUM", "PROPN", "NOUN") and p.i not in exclude), None)
            if to is not None and (to.pos_ != "NOUN" or _day(to)):
                return GroupAct("proposal", _np(to), topic)
    if not question:
        # "navy would look smarter", "friday is far easier": an option said to be better than what is on
        # the table is put forward (a thing or a day; not a person, a pronoun or the weather of the day)
        for v in verbs:
            comp = next((c for c in v.children if c.dep_ == "acomp" and c.tag_ == "JJR"), None)
            subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
            if comp is not None and subj is not None and subj.pos_ in ("NOUN", "PROPN") and \
                    subj.i not in exclude and _optionish(subj) and not any(t.lower_ == "than" for t in sent) and \
                    not any(c.dep_ in ("det", "poss") and c.lower_ not in ("the", "a", "an") for c in subj.children) \
                    and not any(t.lower_ in ("today", "tonight", "now") for t in sent):
                # (no matter: "easier for volunteers" names who it suits)
                return GroupAct("proposal", _np(subj), None)
    if not question and (held := kept(verbs, exclude)) is not None:
        return GroupAct("decision", held, topic)
    if not question and (booked := got_us(verbs, exclude)) is not None:
        return GroupAct("reversal" if "instead" in words else "decision", booked, topic)
    # "or 6?", "or the 14th?": an alternative offered as a question
    alternative = sent[0].lower_ == "or" and (root.pos_ == "NUM" or _day(root))
    if question and (root.pos_ in ("NOUN", "PROPN") or alternative) and len(sent) <= 8:  # "Maybe the aquarium?"
        colon = next((t for t in sent if t.text == ":" and t.i > root.i), None)
        if colon is not None:  # "title ideas: Night Herons?": the root is the label, the option follows it
            after = [t for t in sent if t.i > colon.i and t.pos_ in ("NOUN", "PROPN", "NUM") and
                     not (colon.i < t.head.i and t.head.pos_ in ("NOUN", "PROPN", "NUM"))]
            return GroupAct("proposal", _np(after[0]), topic) if after else None
        return GroupAct("proposal", _np(root), topic)
    if question:
        return None
    change = bool(words & _CHANGE_ADV) or ("after" in words and "all" in words) or cancel is not None or any(
        lex.verb_in_senses(v.lemma_.lower(), CHANGE_SENSES, first=2, exact=True) for v in verbs) or "change" in lemmas
    # a verb of deciding itself before one that is only a kind of it ("paid the deposit, we're booked for the
    # 11th": booking settles the date; paying is a kind of settling, of a bill)
    for v in sorted(verbs, key=lambda x: not lex.verb_in_senses(x.lemma_.lower(), DECIDE_SENSES, first=3, exact=True)):
        lemma = v.lemma_.lower()
        tense_done = v.tag_ in ("VBD", "VBN") or any(c.dep_ == "aux" and c.lemma_ in ("be", "have") for c in v.children)
        decided = lex.verb_in_senses(lemma, DECIDE_SENSES, first=3)
        subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
        if decided and subj is not None and subj.lower_ not in ("we", "us", "it", "everyone", "everybody") and \
                not (subj.lower_ == "i" and lex.verb_in_senses(lemma, BOOK_SENSES, first=3)):
            continue  # "he's decided the radiator is his enemy" is one person's mind, not a group decision
        # "we're going with X", "we're doing X", "let's go with X"
        going = lemma in ("go", "do") and we and (tense_done or v.head.lemma_ == "let")
        if (decided and (tense_done or we)) or going:
            val = _value_of(v, exclude)
            if val and val.lower() not in ("it", "that", "this", "what"):
                return GroupAct("reversal" if change else "decision", val, topic)
            if decided and v.dep_ == "ROOT" and v.tag_ == "VBN":  # "it's settled, the cabin it is"
                np = next((t for t in sent if t.pos_ in ("NOUN", "PROPN") and t.dep_ not in ("compound",)
                           and t.i not in exclude and t.lemma_.lower() not in ("plan", "decision") and
                           not in_subordinate(t)), None)
                if np is not None:
                    return GroupAct("decision", _np(np), topic)
    for v in verbs:
        # "we moved the picnic to the dunes": a change verb, the topic as object, the value after "to"
        if lex.verb_in_senses(v.lemma_.lower(), CHANGE_SENSES, first=2, exact=True):
            to = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                       if p.dep_ == "pobj"), None)
            obj = changed_object(v, to)
            if obj is not None and to is not None:
                return GroupAct("reversal", _np(to), obj.lemma_.lower())
            # "let's move to the 14th", "we've switched to the blue ones": the group's change, its new value after "to"
            ours = we or v.head.lemma_ == "let" or any(c.dep_ == "nsubj" and c.lower_ == "we" for c in v.children)
            # (not a home: "we moved to Leeds"; not a place gone to now: "let's move to the sofa"; not "move on to")
            if to is not None and ours and (obj is None or obj.lower_ == "it") and to.i not in exclude and \
                    _valueish(to) and (to.pos_ != "PROPN" or _day(to)) and not any(c.dep_ == "prt" for c in v.children) and \
                    not (lex.moving_verb(v.lemma_.lower()) and v.head.lemma_ != "let" and not _day(to)):
                return GroupAct("reversal", _np(to), topic)
        # "the brunch is now at Juniper Hall", "the quiz night is X instead": a topic subject with a new value
        if v.lemma_ == "be" and change:
            subj = next((c for c in v.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"), None)
            # (not the change itself as the subject: "so a change is easy" names no matter)
            if subj is not None and not lex.noun_in_senses(subj.lemma_.lower(), ("change.n.01", "change.n.03"), first=1,
                                                             exact=True):
                val = _value_of(v, exclude | {subj.i})
                if val:
                    return GroupAct("reversal", val, subj.lemma_.lower())
    return cancel


def member_news(sentence: str, is_member: Callable[[str], bool]) -> bool:
    """"<member> is officially a Cardiff boy now": what a member is, news of that member rather than a plan the
    group settled (a member who acts for the group, "Wen booked the hall", still decides)."""
    return any(t.dep_ == "nsubj" and t.head.lemma_ == "be" and is_member(t.text) for t in parsed(sentence or ""))


def news_value(value: str, statements: Iterable[Any]) -> bool:
    """A value settled that is a member's new home or post as the same line tells it ("yep, moved to X on the
    weekend", "officially moved to X last week"): that member's news, not a plan the group settled."""
    v = (value or "").lower()
    # (told as a move or a new post, not a home held: "X it is, I live in X anyway so I'll host")
    return bool(v) and any(st.attribute in ("city", "job") and st.polarity and st.kind == "event" and st.value and
                           (st.value.lower() in v or v in st.value.lower()) for st in statements)


def personal_decision(text: str) -> bool:
    """"He's decided the radiator is his enemy", "I decided to sleep in": one person's mind, not the group's; "we're
    moving from <town> to <town>": a household's move, not the group's plan."""
    if _home_move(parsed(text)):
        return True
    for t in parsed(text):
        if t.pos_ != "VERB" or not lex.verb_in_senses(t.lemma_.lower(), DECIDE_SENSES, first=3):
            continue
        if _for_one(t):
            return True
        # "pick up a copy" is to fetch, not to choose; "I'll fix the poster" is to do, deciding is done
        done = t.tag_ in ("VBD", "VBN") or any(c.dep_ == "aux" and c.lemma_ in ("be", "have") for c in t.children)
        if done and not any(c.dep_ == "prt" for c in t.children):
            subj = next((c for c in t.children if c.dep_ == "nsubj"), None)
            if subj is not None and subj.lower_ in ("he", "she", "i") and not (
                    subj.lower_ == "i" and lex.verb_in_senses(t.lemma_.lower(), BOOK_SENSES, first=3)):
                return True
    return False


def _home_move(doc: Any) -> bool:
    """A verb of changing said by "I" or "we" with no object and no matter it is "for", from one town to another
    ("we're moving from Leeds to York"): a move of home (the group moves an event by naming it, or between venues:
    "we're moving from the Crown to the back room", "from Friday to Saturday")."""
    for v in doc:
        if v.pos_ != "VERB" or not lex.verb_in_senses(v.lemma_.lower(), CHANGE_SENSES, first=2, exact=True) or \
                any(c.dep_ == "dobj" for c in v.children):
            continue
        if not any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in v.children):
            continue
        ends = {c.lower_: p for c in v.children if c.dep_ == "prep" and c.lower_ in ("from", "to", "for")
                for p in c.children if p.dep_ == "pobj"}
        if "for" not in ends and "from" in ends and "to" in ends and all(_town_like(e) for e in (ends["from"], ends["to"])):
            return True
    return False


def _town_like(t: Any) -> bool:
    """A bare name that may be a town: one the gazetteer knows, or a proper noun no dictionary has (not a day, a
    month, a venue with "the" or a shop's "X's")."""
    if t.pos_ != "PROPN" or any(c.dep_ in ("det", "case", "poss") for c in t.children) or \
            timeexpr.calendar_name(t.lower_) or timeexpr.is_time_word(t.lower_):
        return False
    return lex.is_place_name(t.lower_) or lex.in_gazetteer(t.lower_) or not lex.known_word(t.lower_)


def _for_one(v: Any) -> bool:
    """"the dog is booked into the kennels so I can come along": an arrangement whose purpose ("so ... can") is one
    person's, not the group's ("so we can all eat together")."""
    for c in v.children:
        if c.dep_ in ("conj", "advcl") and c.pos_ in ("VERB", "AUX"):
            so = any(x.lower_ == "so" and x.dep_ in ("cc", "advmod", "mark") for x in [*v.children, *c.children]
                     if x.i < c.i)
            one = any(x.dep_ == "nsubj" and x.lower_ in ("i", "he", "she") for x in c.children)
            can = any(x.dep_ == "aux" and x.lower_ in ("can", "could") for x in c.children)
            if so and one and can:
                return True
    return False


def changed_object(verb: Any, to: Any | None) -> Any | None:
    """The thing a verb of changing moves ("move the picnic to the dunes"): its object, or a named noun the tagger
    read as an adverb of time between the verb and "to" ("move karaoke night to fridays"; not "move it next week to
    the hall")."""
    return next((c for c in verb.children if c.pos_ == "NOUN" and (c.dep_ == "dobj" or (
        c.dep_ == "npadvmod" and to is not None and verb.i < c.i < to.i and
        any(x.dep_ == "compound" for x in c.children) and
        not any(x.dep_ in ("det", "amod") for x in c.children)))), None)


def change_put_forward(text: str) -> str | None:
    """"ok let's move to the library", "why don't we switch to thursdays?", "should we move it to the
    library instead?": the group is asked or urged to change a settled matter to a new value (a verb of changing
    with "to" on it, the group or nobody as its subject, not in the past). Returns that new value."""
    for v in parsed(text):
        if v.pos_ != "VERB" or v.tag_ in ("VBD", "VBN") or \
                not lex.verb_in_senses(v.lemma_.lower(), CHANGE_SENSES, first=2, exact=True):
            continue
        subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
        if subj is not None and subj.lower_ not in ("we", "us", "let's", "'s", "’s"):
            continue
        if subj is None and v.head.lemma_ != "let" and v.tag_ != "VB":
            continue
        if any(c.dep_ == "ROOT" for c in [v]) and v.sent.text.rstrip().endswith("!"):
            continue  # "move to the back!": an order to someone present
        to = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                   if p.dep_ == "pobj"), None)
        if to is not None:
            return _np(to)
    return None
