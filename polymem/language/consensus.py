"""Consensus: what a group settles by assenting to one member's proposal, with nobody saying "decided".

"what about the weekend of the 10th?" / "ok for me" / "yep that works" / "fine by me": a proposal that two other
members assent to, with no objection, is the group's choice. Group chats settle most plans this way; a tracker that
waits for a word of deciding misses them.

`assents` reads a short reply's clause from the parse and WordNet: a word of assent alone, a verb of suiting or
agreeing ("works for me", "suits me"), an approving adjective ("fine by me", "sounds good", "very reasonable"), a
go-ahead ("do it", "go for it"), "no objection", or joining in ("I'm in", "same here"). `proposal_in_question`
reads the value a question puts forward ("would everyone be ok raising it to £150?", "shall we say Friday?").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from polymem.language import concluding, group, timeexpr
from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.language.syntax import noun_name, phrase
from polymem.language.value_kind import value_kind

# WordNet senses: "be agreeable or acceptable to", "be in accord", "consent", "perform as expected" (works),
# "give support or one's approval to"
ASSENT_VERBS = ("suit.v.01", "suit.v.02", "agree.v.01", "agree.v.02", "agree.v.06", "function.v.01",
                "support.v.01", "approve.v.01")
# adjective clusters of approval: good, satisfactory (fine, ok, all right), acceptable, reasonable, perfect
APPROVING = ("good.a.01", "satisfactory.a.01", "acceptable.a.01", "reasonable.a.01", "perfect.a.01",
             "all_right.s.01", "fair.s.02", "good.s.06")
# objecting nouns that "no" turns into assent ("no objection", "no complaints", "no problem")
OBJECTING = ("objection.n.02", "expostulation.n.01", "complaint.n.01", "problem.n.01")
_CHOOSE = ("decide.v.01", "choose.v.01", "pick_out.v.01", *group.BOOK_SENSES)  # "shall we book X"
MAX_WORDS = 14  # a reply longer than this argues, it does not just assent
_YES = {"yes", "yeah", "yep", "yup", "ok", "okay", "sure", "fine", "alright"}  # said drawn out: "yesss", "okkk"
STRETCHED = re.compile(r"(\w)\1{2,}")  # a letter typed three times or more


def _approving(lemma: str) -> bool:
    for s in lex._synsets(lemma, "a")[:3]:
        names = {s.name(), *(x.name() for x in s.similar_tos())}
        if names & set(APPROVING):
            return True
    return False


def _words(doc: Any) -> list[Any]:
    return [t for t in doc if t.is_alpha or t.like_num]


@lru_cache(maxsize=20_000)
def assents(text: str) -> bool:
    """A short reply that assents to what was just put forward."""
    doc = parsed(text)
    words = _words(doc)
    sents = [s for s in doc.sents if _words(s)]
    if not sents or (len(words) > MAX_WORDS and not (len(words) <= 2 * MAX_WORDS and _go_ahead(sents[0]) and
                                                     not any(_refuses(s) for s in sents) and not _but_not(doc))):
        return False  # (a go-ahead may open a longer reply: "let's do it. I'll tell the others tonight")
    first = sents[0]
    ws = _words(first)
    if first.text.rstrip().endswith("?"):
        return False
    if _refuses(first) or _but_not(doc):
        return False
    if _conditional(first):
        return False  # "the 12th works if Jo can make it": a condition, not yet a yes
    if concluding._assenting(first) or (len(ws) <= 3 and STRETCHED.sub(r"\1", ws[0].lower_) in _YES):
        return True  # "yesss", "okkk": a word of assent drawn out
    root = first.root
    lemma = root.lemma_.lower()
    subj = next((c for c in root.children if c.dep_ in ("nsubj", "expl")), None)
    # "works for me", "10-12 works", "suits me": what was put forward suits; not "I work at ..." (a job), not
    # news of a thing ("the heating works again") or of someone ("Jo agrees")
    if root.pos_ == "VERB" and lex.verb_in_senses(lemma, ASSENT_VERBS, first=4, exact=True) and \
            ((subj is None and not any(t.pos_ in ("NOUN", "PROPN") and t.i < root.i and not _the_option(t)
                                        for t in first)) or
             (subj is not None and _the_option(subj)) or _to_me(first)):
        return True
    # the tagger, trained on edited text, reads a clipped "works" or "suits me" as a plural noun
    # (last in its clause or before "me": not "need suits for the wedding")
    if any(t.tag_ == "NNS" and not any(c.dep_ in ("det", "poss", "amod") for c in t.children) and
           (t.i == ws[-1].i or (t.i + 1 < len(doc) and doc[t.i + 1].lower_ in ("me", "us"))) and
           _suits(t.lower_) for t in first):
        return True
    # "fine by me", "ok for me", "sounds good", "that's very reasonable", "yep, perfect"
    # (not "good morning", "good luck", "perfect timing": an approving word before a noun greets or remarks)
    approved = [t for t in first if t.pos_ in ("ADJ", "INTJ", "NOUN") and _approving(t.lemma_.lower())
                and t.dep_ in ("ROOT", "acomp", "attr", "intj")]
    if approved and root.tag_ not in ("VBD", "VBN") and (
            root.lemma_ in ("be", "sound", "seem", "look") or root in approved or root.pos_ in ("INTJ", "ADP") or
            (approved[0] == ws[0] and len(ws) <= 3)):
        # (not "the cake was good": a view of the past; not "ok emoji vote: ...": a marker opening a longer say)
        return True
    # "do it", "go for it", "go ahead", "let's do it": a go-ahead with no subject
    if _go_ahead(first):
        return True
    # "30 does it yes", "the 9th, yes": a short clause closed by a word of assent, the option its subject
    if len(ws) <= 6 and ws[-1].lower_ in _YES and len(ws) > 1 and (subj is None or _the_option(subj)) and not any(
            w.lower_ in ("no", "not", "maybe", "perhaps", "if") for w in ws):  # ("maybe yes", "fri no sat yes")
        return True
    # "I'm in", "count me in", "same here", "me too"
    if any(t.lower_ == "in" and t.dep_ in ("prt", "advmod", "prep", "acomp") and t.i == first.end - 1 -
           (1 if first[-1].is_punct else 0) for t in first) and len(ws) <= 4:
        return True
    if len(ws) <= 2 and ws[0].lower_ in ("same", "me") and (len(ws) == 1 or ws[1].lower_ in ("here", "too")):
        return True
    return any(_no_objection(t) for t in first)


def _conditional(span: Any) -> bool:
    """A yes on a condition ("works if Jo can make it", "fine unless it rains"): not yet a yes."""
    return any(t.lower_ in ("if", "unless") and t.dep_ == "mark" for t in span)


def _go_ahead(sent: Any) -> bool:
    """"do it", "go for it", "go ahead", "let's do it": a go-ahead with no subject of its own."""
    root = sent.root
    let = root.lemma_.lower() == "let"
    go = next((c for c in root.children if c.dep_ in ("ccomp", "xcomp") and c.tag_ == "VB"), None) if let else root
    if go is None or go.tag_ != "VB" or any(c.dep_ == "neg" for x in (root, go) for c in x.children) or \
            any(t.lower_ == "if" for t in sent):  # ("let's do it if Bo comes")
        return False
    subj = next((c for c in go.children if c.dep_ in ("nsubj", "expl")), None)
    if subj is not None and not (let and subj.lower_ in ("us", "'s", "’s")):
        return False
    if not let and any(c.dep_ in ("nsubj", "expl") for c in root.children):
        return False
    return (go.lemma_ == "do" and any(c.dep_ == "dobj" and c.lower_ in ("it", "that") for c in go.children)) or \
        (go.lemma_ == "go" and any(c.lower_ in ("ahead", "for") for c in go.children))


def _approves_named(text: str, value: str) -> bool:
    """"Seville fine by me", "Lisbon works", "the 9th suits": a short reply that names the option put forward and
    approves of it (a word of approval or a verb of suiting beside the name), objecting to nothing."""
    doc = parsed(text)
    if len(_words(doc)) > MAX_WORDS or text.rstrip().endswith("?") or _but_not(doc) or objects(text) or \
            _conditional(doc):
        return False
    named = {w.lower() for w in re.findall(r"\w+", value)} - {"the", "a", "an", "of", "in", "on", "at"}
    if not named or not named <= {t.lower_ for t in doc}:
        return False
    return any(t.lower_ not in named and (_approving(t.lemma_.lower()) or (
        t.pos_ in ("VERB", "NOUN") and _suits(t.lower_))) for t in doc)


def _suits(word: str) -> bool:
    """A form of a verb of suiting or assenting, however tagged ("works", "suits")."""
    v = lex.wordnet().morphy(word, "v")
    return bool(v) and lex.verb_in_senses(v, ASSENT_VERBS, first=4, exact=True)


def _no_objection(t: Any) -> bool:
    """"no objection", "no complaints from me", "not a problem": "no" before a noun for objecting."""
    return t.lower_ in ("no", "not") and t.dep_ in ("det", "neg") and lex.noun_in_senses(
        t.head.lemma_.lower(), OBJECTING, first=3, exact=True)


def _the_option(subj: Any) -> bool:
    """A subject that can be what was put forward: "it", "that", a date, a sum, a name ("Friday works")."""
    if subj.lower_ in ("it", "that", "this", "either", "both") or subj.like_num:
        return True
    words = [t for t in subj.subtree]
    return any(t.like_num for t in words) or any(t.lower_ in timeexpr.WEEKDAYS or t.lower_.rstrip("s") in
                                                 timeexpr.WEEKDAYS for t in words)


def _to_me(sent: Any) -> bool:
    """"works for me", "suits me", "fine by us": said of the speaker's own plans."""
    return any(t.lower_ in ("me", "us") for t in sent)


def _but_not(doc: Any) -> bool:
    """"sounds good but I can't do friday": a yes taken back after "but"."""
    but = next((t.i for t in doc if t.lower_ == "but"), None)
    return but is not None and any(t.dep_ == "neg" or t.lower_ in ("no", "not") for t in doc[but:])


_NO = ("no", "nope", "nah")


def _refuses(sent: Any) -> bool:
    """"nope, ...", "not for me", "can't do that weekend": a refusal opening the reply or negating its main
    clause (not "fine if we're not doing anything fancy")."""
    ws = _words(sent)
    if any(_no_objection(t) for t in sent) or (len(ws) > 1 and ws[0].lower_ == "no" and
                                                lex.noun_in_lexfile(ws[1].lemma_.lower(), ("noun.feeling",
                                                                                          "noun.cognition"))):
        return False  # "no objection", "no worries"
    if ws and ws[0].lower_ in (*_NO, "not"):
        return True
    # (not "I don't mind", "can't wait": a negated objection or impatience is a yes)
    return any(c.dep_ == "neg" for c in sent.root.children) and sent.root.lemma_.lower() not in ("mind", "wait")


# "find enjoyable or agreeable", "be fond of", "have a great affection or liking for"
_LIKE_SENSES = ("like.v.02", "like.v.03", "love.v.01")


@lru_cache(maxsize=20_000)
def likes_it(text: str) -> bool:
    """A short reply whose first sentence says the speaker likes what was just put forward ("ooh I like that",
    "love it", "I love that idea"): a verb of liking, said by the speaker or with no subject, whose object is "it" or
    a demonstrative (not a person: "I like him"), with no "but", "or" or "when" after it and not asked."""
    doc = parsed(text)
    sents = [s for s in doc.sents if _words(s)]
    if not sents or len(_words(doc)) > MAX_WORDS or sents[0].text.rstrip().endswith("?"):
        return False
    first = sents[0]
    if any(t.lower_ in ("but", "or", "when", "though") for t in doc):
        return False  # ("I like it but it's too pricey", "love it or hate it", "I love it when ...")
    for t in first:
        if t.pos_ != "VERB" or not lex.verb_in_senses(t.lemma_.lower(), _LIKE_SENSES, first=3) or \
                any(c.dep_ == "neg" or c.lower_ in ("would", "'d", "’d") for c in t.children) or \
                t.dep_ in ("xcomp", "ccomp", "advcl"):
            continue  # (not "I'd like it if ...": a wish)
        subj = next((c for c in t.children if c.dep_ == "nsubj"), None)
        obj = next((c for c in t.children if c.dep_ == "dobj"), None)
        pointed = obj is not None and (obj.lower_ in ("it", "that", "this") or any(
            c.dep_ == "det" and c.lower_ in ("that", "this") for c in obj.children))
        if (subj is None or subj.lower_ in ("i", "we")) and pointed:
            return True
    return False


@lru_cache(maxsize=20_000)
def objects(text: str) -> bool:
    """A short reply that turns down what was just put forward ("nope, can't do that weekend", "not for me")."""
    doc = parsed(text)
    words = _words(doc)
    sents = [s for s in doc.sents if _words(s)]
    if not sents or len(words) > MAX_WORDS or sents[0].text.rstrip().endswith("?"):
        return False
    return _refuses(sents[0])


# a noun for a matter, not an option for it ("budget?", "the amount", "real question"): what a proposal names
# must be more than this
_MATTER_LEXNAMES = ("noun.possession", "noun.quantity", "noun.communication", "noun.cognition", "noun.attribute",
                    "noun.feeling", "noun.state", "noun.relation", "noun.motive")


@lru_cache(maxsize=20_000)
def concrete(value: str) -> bool:
    """An option one can settle on: a date, a sum or a number, a name, or a thing, place or activity ("the
    farmhouse", "laser tag"); not a word for the matter itself ("budget", "the amount", "a question")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    if not value or value.lower() in STOP_WORDS:  # "him", "then", "something"
        return False
    if any(ch.isdigit() for ch in value) or value_kind(value) in ("date", "amount"):
        return True
    words = [w for w in value.split() if w.isalpha()]
    if any(w[:1].isupper() for w in words[1:]) or (words and words[0][:1].isupper() and words[0].lower() not in
                                                    ("the", "a", "an", "our", "my")):
        return True
    head = words[-1].lower() if words else ""
    return bool(head) and not lex.noun_in_lexfile(head, _MATTER_LEXNAMES)


@lru_cache(maxsize=20_000)  # (a writer reads each message again in the next window's look-back)
def proposal_in_question(text: str) -> tuple[str, str | None] | None:
    """The value a question puts forward for the group: "shall we say Friday the 9th?", "should we go for the
    farmhouse?", "could we move it to the 17th?", "would everyone be ok raising the budget to £150?"."""
    for sent in parsed(text).sents:
        if (about := _what_about(sent)) is not None:
            return about, None  # "what about the Lamb." asks, whatever its punctuation
        if not sent.text.rstrip().endswith("?"):
            continue
        # asked of the listener ("is your flight on 12 June?", "did you move the car?"): no proposal to the group
        if any(t.lower_ in ("you", "your", "u", "ur") for t in sent):
            continue
        # ("... the first half of Sept. could we do Oct 3-9 instead?": the splitter may keep a stop after an
        # abbreviation inside the question; the dates asked are in its last part)
        asking = re.split(r"(?<=[.!])\s+(?=[a-z])", sent.text)[-1]
        # ("12-14 Sept, i.e. the long weekend?": no dates in the last part, the whole question's)
        if span := timeexpr.date_span(asking) or timeexpr.date_span(sent.text):  # "fri 4 to sun 6 june?": offered
            return span, None
        for t in sent:  # a change to a value: "moving it to the 17th", "raising the amount to £150"
            v = t.head.head
            if t.dep_ != "pobj" or t.head.lower_ not in ("to", "at", "up") or v.pos_ != "VERB":
                continue
            value = re.sub(r"^to\s+", "", sent.doc[t.left_edge.i:t.i + 1].text) if t.like_num else phrase(t)
            # what is changed names the matter ("bump the kitty to £45": the kitty)
            obj = group.changed_object(v, t)
            topic = noun_name(obj) if obj is not None else None  # ("choir practices": "choir practice")
            # a change to a value ("raising the amount to £150"), or a thing put at a date or a sum ("push it to
            # the 19th", "setting the kitty at £30")
            if (t.head.lower_ == "to" and lex.verb_in_senses(v.lemma_.lower(), group.CHANGE_SENSES, first=3,
                                                             exact=True)) or (any(
                    c.dep_ == "dobj" for c in v.children) and (lex.verb_in_lexfile(v.lemma_.lower(), ("verb.change",))
                                                              or value_kind(value) in ("date", "amount"))):
                return value, topic
        root = sent.root
        # (a name the tagger took for a verb counts: capitalised, no verb to WordNet)
        named = root.pos_ in ("PROPN", "NOUN", "NUM") or (root.text[:1].isupper() and not lex._synsets(root.lower_, "v"))
        if named and not any(t.pos_ in ("VERB", "AUX") and t.i != root.i for t in sent) and \
                any(t.lower_ == "instead" for t in sent) and len(_words(sent)) <= 6:
            return phrase(root), None  # "Seville instead?": the thing named, put forward in place of another
        subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
        if subj is not None and subj.pos_ in ("NOUN", "PROPN") and lex.verb_in_senses(
                root.lemma_.lower(), ASSENT_VERBS, first=4, exact=True):
            return phrase(subj), None  # "would the last Friday of the month suit?", "does Ravenhill work?"
        we = any(c.dep_ == "nsubj" and c.lower_ == "we" for c in root.children)
        modal = any(c.dep_ == "aux" and c.lower_ in ("shall", "should", "could", "can") for c in root.children)
        # "shall we say X", "should we go for X", "could we do X", "shall we book X" (a light verb of choosing;
        # "can we bring back games night" asks for a thing to happen, its option comes after)
        choosing = root.lemma_.lower() in ("say", "do", "go", "try") or lex.verb_in_senses(
            root.lemma_.lower(), _CHOOSE, first=2, exact=True)
        if we and modal and root.pos_ == "VERB" and choosing:
            # (a day named on its own, "shall we say Friday?", not "can we talk tomorrow?")
            obj = next((c for c in root.children if (c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN", "NUM")) or (
                c.dep_ == "npadvmod" and c.pos_ in ("PROPN", "NUM"))), None)
            if obj is None:
                obj = next((p for c in root.children if c.dep_ == "prep" and c.lower_ in ("for", "with")
                            for p in c.children if p.dep_ == "pobj"), None)
            if obj is not None and obj.lower_ not in ("it", "that", "this", "something", "anything"):
                return phrase(obj), None
    return None


def _what_about(sent: Any) -> str | None:
    """"what about blue moon", "how about Fox and Hound": the thing put forward after a wh-word and "about" that
    open the sentence (not a person, not the listener: "what about you", "what about Sam, is he coming?")."""
    ws = [t for t in sent if not t.is_punct]
    if len(ws) < 3 or ws[0].lower_ not in ("what", "how") or ws[1].lower_ != "about" or \
            any(t.lower_ in ("you", "your", "u", "ur") for t in sent):
        return None
    obj = next((c for c in ws[1].children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN", "NUM")), None)
    if obj is None or obj.ent_type_ == "PERSON":
        return None
    words = [t for t in obj.subtree if not t.is_punct]
    # a thing already known, pointed to ("what about the wasps", "what about parking", "what about dad") raises a
    # concern; an option is named: a name, a number, or words that make a name ("blue moon")
    named = any(t.text[:1].isupper() or t.like_num or not lex.known_noun(t.lemma_.lower()) for t in words
                if t.pos_ in ("NOUN", "PROPN", "NUM")) or any(c.dep_ in ("amod", "compound") for c in obj.children)
    if not named:
        return None
    # ("the Fox and Hound": a name joined by "and" is one name)
    span = obj.doc[obj.left_edge.i:obj.right_edge.i + 1].text
    return span if any(c.dep_ == "conj" for c in obj.children) and len(span.split()) <= 6 else phrase(obj)


@lru_cache(maxsize=20_000)
def proposed(text: str) -> frozenset[str]:
    """The options a message puts forward in so many words: "I propose we move to X", "I suggest X", "we
    propose X" (a verb of proposing, in the present, said by the speaker or the group; not "she suggested");
    not a phrase beside it ("I suggest we rent that. Bigger screen for less.")."""
    verbs = [t for t in parsed(text) if t.pos_ == "VERB" and t.tag_ in ("VBP", "VB") and
             not t.sent.text.rstrip().endswith("?") and
             (lex.verb_in_senses(t.lemma_.lower(), group.PROPOSE_SENSES, first=3) or _wished(t)) and
             any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in t.children)]
    if not verbs or any(_against(c) for v in verbs for c in v.children if c.dep_ in ("ccomp", "xcomp")):
        return frozenset()  # ("I propose we cancel the trip", "... we don't book the Swan": no option chosen)
    return frozenset(a.value for a in group.read(text) if a.act == "proposal" and a.value and
                     a.value.lower() not in ("it", "that", "this"))


def _wished(v: Any) -> bool:
    """"I'd like X", "we would prefer X": a wish for the plan, said with "would"; "I reckon X": an opinion whose
    object is a thing (group.read takes its value only then)."""
    return group.wishes(v) or (group.opines(v) and any(c.dep_ == "dobj" for c in v.children))


_AGAINST = ("cancel.v.01", "avoid.v.01", "postpone.v.01", "skip.v.01", "abandon.v.01", "drop.v.06")


def _against(v: Any) -> bool:
    """The proposed clause turns something down: negated, or a verb of cancelling, avoiding or putting off."""
    return any(c.dep_ == "neg" for c in v.children) or lex.verb_in_senses(v.lemma_.lower(), _AGAINST, first=3)


WINDOW = 8  # messages after a proposal in which assents to it count
ASSENTS = 2  # members besides the proposer who must assent


@dataclass
class Pending:
    value: str
    topic: str | None
    proposer: str
    seq: int
    message_id: str
    text: str
    assent: dict[str, str] = field(default_factory=dict)  # member -> the message they assented in


class Follower:
    """Follows a chat message by message: the proposal the talk is on and who has assented to it."""

    def __init__(self) -> None:
        self.pending: Pending | None = None

    def step(self, text: str, message_id: str, speaker: str, seq: int,
             put: list[tuple[str, str | None]]) -> Pending | None:
        """One message (`put`: the options the tracker read in it); the proposal it settles (its second assent
        from members other than the proposer, nobody having refused in between), else None."""
        p = self.pending
        if p is not None and seq - p.seq > WINDOW:
            p = self.pending = None
        # an assent first: "yesss thursdays" assents, though it names the option again
        if p is None or speaker == p.proposer or not (assents(text) or _approves_named(text, p.value)):
            asked = proposal_in_question(text)
            span = timeexpr.date_span(text)
            for value, topic in [*([asked] if asked else []), *put]:
                if span and not any(ch.isdigit() for ch in value) and lex.noun_is(value.split()[-1].lower(), "time"):
                    value = span  # "what about the weekend of 10-12 July?": the dates, not "the weekend"
                # a new proposal: the talk is now about it (an option read from a statement only when it is a
                # date or a sum; a common noun or a name only when a question puts it forward)
                if concrete(value) and (asked is not None and value == asked[0] or (
                        value_kind(value) in ("date", "amount") and len(value.split()) <= 6) or
                                        value in proposed(text)):
                    self.pending = Pending(value, topic, speaker, seq, message_id, text)
                    return None
            if p is not None and speaker != p.proposer and objects(text):
                self.pending = None
            return None
        p.assent[speaker] = message_id
        if len(p.assent) < ASSENTS:
            return None
        self.pending = None
        return p
