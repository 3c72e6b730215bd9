"""The sentence-level readings behind decision chains (polymem.language.decisions): whether a sentence
settles something (`is_final`), what it settles on (`value_of`), what it turns down (`dropped`), the matter it
names (`topic_of`). Read from the parse and WordNet senses."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import Any

from spacy.lang.en.lex_attrs import like_num
from spacy.lang.en.stop_words import STOP_WORDS

from polymem.language import concluding, sums_set, timeexpr
from polymem.language import group as group_acts
from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.models import parsed
from polymem.language.value_kind import value_kind

FINAL_SENSES = ("official.a.01", "official.s.03", "officially.r.01", "formally.r.01", "final.s.02",
                "final.s.03", "settled.a.01", "confirmed.a.02", "consentaneous.s.01", "definite.s.02")
DROP_SENSES = group_acts.CANCEL_SENSES + ("ditch.v.01", "chuck.v.02", "dump.v.02", "overrule.v.01", "revoke.v.02")
GIVE_UP_SENSES = ("discontinue.v.01", "discard.v.01", "abandon.v.02")
PLAN_SENSES = ("need.v.01", "necessitate.v.01", "choose.v.01", "decide.v.01", "find.v.03", "book.v.01",
               "reserve.v.04", "organize.v.05", "sort_out.v.01", "decide.v.02", "settle.v.03")
# stretches of clock and calendar time ("for the weekend", "for the night"), unlike occasions ("the picnic")
CLOCK = ("time_unit.n.01", "day.n.04", "day_of_the_week.n.01", "calendar_month.n.01", "weekend.n.01",
         "time_of_day.n.01", "night.n.01", "season.n.02", "year.n.01")
DECISION_NOUNS = ("decision.n.01", "decision.n.02", "choice.n.02")
LABEL_NOUNS = (*DECISION_NOUNS, "consensus.n.01")  # before a colon: "consensus: we self-publish"
IDEA_SENSES = ("idea.n.01", "suggestion.n.01", "proposal.n.01", "option.n.02", "plan.n.01")
_NEG_DET = {"no", "not"}


def norm(v: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", re.sub(r"^(?:the|a|an|our|my)\s+", "", v.lower())).strip()


@lru_cache(maxsize=8192)
def _singular(v: str) -> str:
    """Each word of a normed value in its singular (WordNet's noun base form)."""
    return " ".join((lex.wordnet().morphy(w, "n") or w) if len(w) > 3 and w.endswith("s") else w for w in v.split())


def same(a: str, b: str) -> bool:
    x, y = norm(a), norm(b)
    if not x or not y:
        return False
    ra, rb = ({re.sub(r"[.:]00$", "", n) for n in re.findall(r"\d+(?:[.:]\d+)?", v)} for v in (a, b))
    if ra and rb and any(ch in n for n in ra ^ rb for ch in ".:"):
        return False  # "9.45" is not "9", "£20.50" not "£20": a time or a sum with its fraction is another value
    if x == y or f" {x} " in f" {y} " or f" {y} " in f" {x} ":
        return True
    if _singular(x) == _singular(y):
        return True  # "thursdays" and "thursday", "the long tables" and "long table"
    nx, ny = ({w for w in v.split() if any(ch.isdigit() for ch in w) or like_num(w)} for v in (x, y))
    if nx and ny and nx != ny:
        return False  # "March 3" is not "March 8"
    la, lb = a.split()[-1:], b.split()[-1:]
    if la and lb and la[0][:1].isupper() and lb[0][:1].isupper() and la[0].lower() != lb[0].lower() and \
            len(a.split()) > 1 and len(b.split()) > 1:
        return False  # "Loch Arkaig" is not "Loch Morlich": two names that differ in their last word
    # (not function words: "from", "with"; a month or a number is none: "may", "three")
    xs, ys = ({w for w in v.split() if len(w) >= 3 and (w not in STOP_WORDS or timeexpr.is_time_word(w) or
                                                          like_num(w))} for v in (x, y))
    if xs - ys and ys - xs and all(timeexpr.is_time_word(w) for w in (xs - ys) | (ys - xs)):
        return False  # "June Next Fest" is not "October Next Fest"
    if any(lex.is_colour(w) for w in xs - ys) and any(lex.is_colour(w) for w in ys - xs):
        return False  # "teal sails" is not "ochre sails": the same thing in two colours
    cx, cy = ({w for w in v if not timeexpr.is_time_word(w)} for v in (xs, ys))
    if cx and cy and not cx & cy:
        return False  # "Ghent, 9 August" is not "Leuven, 9 August": only their date is shared
    return bool(xs and ys) and len(xs & ys) / min(len(xs), len(ys)) >= 0.5


_TROUBLE = ("problem.n.01", "trouble.n.01", "difficulty.n.03", "hitch.n.01", "news.n.01")


def trouble_word(t: Any) -> bool:
    """A noun that flags a trouble: a problem, a hitch, a difficulty, or news when bad ("bad news")."""
    if t.pos_ != "NOUN" or not lex.noun_in_senses(t.lemma_.lower(), _TROUBLE, first=2) or \
            any(c.lower_ in ("no", "zero", "not", "never") for c in t.children) or \
            any(x.lower_ in ("not", "never", "no", "zero") for x in t.doc[max(t.sent.start, t.i - 3):t.i]):
        return False  # ("no problem", "not a problem", "never a problem", "zero problems": assent)
    # (the adjective right before it, however the parser hung it: "ok but bad news")
    before = [t.doc[t.i - 1]] if t.i > 0 and t.doc[t.i - 1].pos_ == "ADJ" else []
    return not lex.noun_in_senses(t.lemma_.lower(), ("news.n.01",), first=1) or any(
        (c.dep_ == "amod" or c in before) and any(x.name() in ("bad.a.01", "unfortunate.a.01") or any(
            y.name() in ("bad.a.01", "unfortunate.a.01") for y in x.similar_tos()) for x in lex._synsets(c.lower_, "a")[:3])
        for c in [*t.children, *before])


def in_senses(tok: Any, senses: tuple[str, ...]) -> bool:
    """A word in one of its first senses, read as an adjective or adverb whatever the tagger said ("it's
    official" comes out as a noun)."""
    if tok.pos_ in ("VERB", "AUX") or not tok.is_alpha:
        return False
    names = {s.name() for pos in ("a", "r") for s in lex._synsets(tok.lower_, pos)[:4]}
    return bool(names & set(senses))


def nominal(t: Any) -> bool:
    """A noun, a name, or a word the tagger mislabelled in lower-case chat that WordNet knows as a place or
    does not know at all ("we meet in zadar")."""
    if t.pos_ in ("NOUN", "PROPN"):
        return True
    return t.is_alpha and t.pos_ in ("ADV", "ADJ", "VERB", "X") and (
        lex.is_place_name(t.lower_) or not lex.known_word(t.lower_))


def phrase(tok: Any) -> str:
    """A value as written: the noun phrase a token heads with what follows it up to the next comma ("Sunday
    the 17th at Quayside Grill in Kinsale"), or the bare noun phrase when that runs long."""
    left = []
    for t in reversed([t for t in tok.subtree if t.i < tok.i]):  # the modifiers right before the head
        if t.i != (left[0].i if left else tok.i) - 1 or t.dep_ not in (
                "compound", "amod", "det", "nummod", "poss", "flat", "nmod", "case", "punct") or t.lower_ in _NEG_DET:
            break
        left.insert(0, t)
    first = left[0] if left else tok
    if first.i > 0 and tok.pos_ == "PROPN" and (p := tok.doc[first.i - 1]).pos_ == "PROPN" and p.dep_ == "npadvmod":
        left.insert(0, p)  # "ok, June Next Fest is ...": a name's first word the parser hung elsewhere
    toks = [*(t for t in left if not t.is_punct or t.text in ("-", "'s")), tok] + [t for t in tok.subtree if t.i > tok.i]
    cut = next((i for i, t in enumerate(toks) if t.i > tok.i and (
        (t.is_punct and t.text != "&") or t.dep_ in ("relcl", "acl", "mark", "advcl") or t.pos_ in ("VERB", "AUX") or t.lower_ == "instead" or
        (t.dep_ == "prep" and t.lower_ in ("for", "as")) or (
            t.dep_ == "cc" and not any(c.dep_ == "conj" and c.pos_ == "PROPN" for c in t.head.children)))),
        len(toks))  # "Pride and Prejudice" is one title; "X because Y fell through" stops at "because"
    toks = toks[:cut]
    if tok.pos_ == "PROPN" and toks[-1].i + 1 < len(tok.doc):  # "moving to October Next Fest": a name's last
        run = []  # words the parser hung elsewhere
        for t in tok.doc[toks[-1].i + 1:toks[-1].i + 4]:
            if t.pos_ != "PROPN" or t.sent != tok.sent or timeexpr.is_time_word(t.text):
                break
            run.append(t)
        if run and run[-1].dep_ in ("npadvmod", "appos", "compound") and run[-1].head not in toks:
            toks += run
    # as written between neighbours ("£95", "10-litre"), a space where a token was left out
    span = "".join(t.text + ((t.whitespace_ or "") if n.i == t.i + 1 else " ")
                   for t, n in pairwise(toks)) + toks[-1].text
    v = span if len(span.split()) <= 10 else group_acts._np(tok)
    v = re.sub(r"\s+('s|’s)", r"\1", v)
    return v.strip(" ,.!:;-–—'\"")


def _with_shared_subject(v: Any) -> list[Any]:
    """A verb's dependents plus, for the second verb of "we're dropping X and going with Y", the subject it
    shares with the first."""
    kids = list(v.children)
    if v.dep_ == "conj" and not any(c.dep_ in ("nsubj", "nsubjpass") for c in kids):
        kids += [c for c in v.head.children if c.dep_ in ("nsubj", "nsubjpass")]
    return kids


def is_final(sent: Any) -> bool:
    if any(t.pos_ == "VERB" and t.tag_ in ("VBP", "VB") and lex.verb_in_senses(
            t.lemma_.lower(), group_acts.PROPOSE_SENSES, first=3) and any(
            c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in t.children) for t in sent):
        return False  # "I suggest a formal vote", "I propose we go with X": a proposal, not yet a decision
    for t in sent:
        if in_senses(t, FINAL_SENSES) and not (t.dep_ == "amod" and any(
                c.dep_ == "poss" for c in t.head.children)) and not _own_state(t.head):
            return True  # "it's official", "officially: X"; not "my official title"
        if t.pos_ == "NOUN" and (
                (t.dep_ in ("ROOT", "nsubj", "nsubjpass", "appos") and
                 lex.noun_in_senses(t.lemma_.lower(), DECISION_NOUNS, first=2, exact=True)) or
                (_labels(t) and lex.noun_in_senses(t.lemma_.lower(), LABEL_NOUNS, first=2, exact=True))) and \
                not any(c.lower_ in _NEG_DET for c in t.children):
            return True  # "Decision made: X", "consensus-ish: X"
        if t.pos_ == "VERB" and settles(t):
            return True
        if t.lemma_ == "go" and any(c.dep_ == "prep" and c.lower_ == "with" for c in t.children) and (any(
                c.lower_ == "we" and c.dep_ == "nsubj" for c in _with_shared_subject(t)) or t.head.lemma_ == "let" or
                dropped_we_going_with(t) is not None) and not \
                any(c.dep_ == "aux" and c.lower_ in ("could", "might", "should", "may") for c in t.children):
            return True  # "we'll go with X", "we're going with X", "let's go with X": "go with" is to choose
        if t.lemma_ == "do" and t.pos_ == "VERB" and not any(c.dep_ == "mark" and c.lower_ != "so" for c in t.children) \
                and \
                any(c.lower_ == "we" and c.dep_ == "nsubj" for c in t.children) \
                and any(c.dep_ == "aux" and (c.lemma_ == "be" or c.lower_ in ("will", "'ll", "’ll")) for c in t.children) \
                and any(c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") for c in t.children):
            return True  # "we're doing Falcon Trail": the group's plan, said as settled
    if _settled_as(sent) is not None:
        return True  # "menu confirmed as tapas"
    if concluding.it_is(sent) is not None or concluding.wins(sent) is not None or concluding.then_value(sent) or \
            concluding.closed(sent) or concluding.bare_participle(sent):
        return True
    if concluding.tally(sent) or concluding.verdict_after(sent) or concluding.fixed_label(sent) or \
            concluding.summary(sent):
        return True  # "5 to 1 for X", "X, done.", "locked: X", "so: X, sunday 3 may"
    if concluding.allotted(sent) or concluding.moved_noun(sent) or concluding.goal(sent) is not None or \
            concluding.lets_after_marker(sent) is not None or concluding.decision_overturned(sent, DECISION_NOUNS):
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
        if t.pos_ == "VERB" and any(c.lower_ == "we" and c.dep_ == "nsubj" for c in t.children) and any(
                c.dep_ == "aux" and c.lower_ in ("will", "'ll", "’ll", "shall") for c in t.children) and any(
                c.dep_ == "advmod" and c.lower_ == "instead" for c in t.children) and (
                _at_place(t) is not None or any(c.dep_ == "dobj" and nominal(c) and c.pos_ != "PRON" for c in t.children)):
            return True  # "we will hold the quiz at St Aidan's instead": a plan changed, said as what happens now
        if t.pos_ == "NOUN" and (t.dep_ == "ROOT" or t.i + 1 < len(t.doc) and t.doc[t.i + 1].text == ":") and \
                lex.noun_in_senses(t.lemma_.lower(), ("plan.n.01",), first=2, exact=True) \
                and any(c.dep_ in ("amod", "compound") for c in t.children) and ":" in sent.text:
            return True  # "new plan: the brass clock", "new plan: the picnic's at X" (the label hung on the verb)
    verbs = [t for t in sent if t.pos_ in ("VERB", "AUX")]
    if group_acts.kept(verbs, set()) is not None or group_acts.got_us(verbs, set()) is not None:
        return True  # "let's keep £8 for now", "found us a room at X instead"
    # "our novel is now Middlemarch since Dune fell through", "we moved the picnic to the dunes": a reversal
    # counts when it names what it drops or uses a verb of changing, not on "now" or "anymore" alone
    act = group_acts.sentence_act(sent)
    return act is not None and act.act == "reversal" and (
        bool(turned_down(sent.as_doc())) or _moved(sent, set()) is not None or any(
            settles(t) for t in sent if t.pos_ == "VERB") or (
            act.topic is not None and any(t.lower_ == "instead" for t in sent)))  # "the picnic is now X instead"


def dropped_we_going_with(t: Any) -> Any | None:
    """"ok going with "Long Harbour" as the closer": chat drops the "we" of "we're going with X"; what is gone
    with must be a named option (a name, a number or a quoted title), not "going with the flow"."""
    if t.lemma_ != "go" or t.tag_ != "VBG" or t.dep_ != "ROOT" or any(c.dep_ in ("nsubj", "aux") for c in t.children):
        return None
    p = next((p for c in t.children if c.dep_ == "prep" and c.lower_ == "with" for p in c.children
              if p.dep_ == "pobj"), None)
    if p is None:
        return None
    quoted = p.left_edge.i > 0 and p.doc[p.left_edge.i - 1].text in ('"', "“", "'", "‘")
    return p if quoted or p.like_num or any(x.text[:1].isupper() for x in p.subtree) else None


def _own_state(v: Any) -> bool:
    """"we're officially Glaswegians", "I'm officially unemployed": what the speakers now are, not a plan settled
    (a copula whose subject is a person and whose complement describes them: a person noun, a people or an
    adjective)."""
    if v.lemma_ != "be":
        return False
    subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
    comp = next((c for c in v.children if c.dep_ in ("attr", "acomp")), None)
    if subj is None or comp is None:
        return False
    if comp.dep_ == "attr" and comp.pos_ == "NOUN" and lex.is_person_noun(comp.lemma_.lower(), 1):
        return True  # "our sam is officially a city boy now": a plan is never a person
    if subj.lower_ not in ("i", "we", "he", "she", "they"):
        return False
    return comp.pos_ == "ADJ" or comp.ent_type_ == "NORP" or lex.is_person_noun(comp.lemma_.lower())


def _labels(t: Any) -> bool:
    """The word is one of the first three before a colon in its sentence ("ok — consensus-ish: ..."): a label
    for what follows, whatever the parser made of it."""
    colon = next((x for x in t.sent if x.text == ":" and x.i > t.i), None)
    return colon is not None and sum(1 for x in t.sent[:colon.i - t.sent.start] if x.is_alpha) <= 3


class _Nobody:
    """A reader that knows no member (a place phrase read without a roster)."""

    @staticmethod
    def person_in(text: str) -> None:
        return None


_NOBODY = _Nobody()


def settles(v: Any) -> bool:
    """A verb of deciding, booking or moving a plan, said as done by the group: "we decided", "the open day is
    moved", "the committee has decided", or a bare "decided: X" / "booked!"; not "as agreed at the AGM"
    (a reference) nor "the caterer double-booked" (somebody else's act)."""
    lemma = v.lemma_.lower()
    if lemma.startswith("re") and not lex._synsets(lemma, "v") and lex._synsets(lemma[2:], "v"):
        lemma = lemma[2:]  # "rebooked", "rescheduled" where WordNet lacks the word: booked, scheduled again
    decide = lex.verb_in_senses(lemma, group_acts.DECIDE_SENSES, first=3, exact=True) or fixed_for_a_day(v) or \
        appointed_for(v)
    change = lex.verb_in_senses(lemma, group_acts.CHANGE_SENSES, first=2, exact=True)
    # (a clause of result still settles: "the lodge has space, so I've switched us there")
    if not (decide or change) or any(c.dep_ == "mark" and c.lower_ != "so" for c in v.children):
        return False
    if any(c.dep_ == "prep" and c.lower_ in ("in", "into") for c in v.children) and lex.verb_is(lemma, "reside"):
        return False  # "just settled in Gdansk": a home, not a decision
    if not lex.verb_in_senses(lemma, group_acts.BOOK_SENSES, first=3) and any(
            c.dep_ == "prep" and c.lower_ == "with" and any(p.dep_ == "pobj" and p.lower_ not in _ALL and (
                p.pos_ == "PRON" or (p.pos_ == "NOUN" and lex.is_person_noun(p.lemma_.lower(), 1))) for p in c.children)
            for c in v.children):
        return False  # "checked it with their agent", "agreed with him": checked or sided with someone
    if any(c.dep_ == "prt" and c.lower_ == "in" for c in v.children) and \
            lex.verb_in_senses(lemma, group_acts.BOOK_SENSES, first=3) and not any(
                c.lower_ in ("we", "us") for c in v.children) and sx.place_obj(v, _NOBODY, ("at",)) is None \
            and not any(p.pos_ == "PROPN" for c in v.children if c.dep_ == "prep" and c.lower_ == "at"
                        for p in c.children):
        return False  # "the dog's booked in next week": an appointment, not the group's plan
    done = v.tag_ in ("VBD", "VBN") or any(c.dep_ in ("aux", "auxpass") and c.lemma_ in ("be", "have")
                                           for c in v.children)
    subj = next((c for c in v.children if c.dep_ == "nsubj"), None)
    passive = next((c for c in v.children if c.dep_ == "nsubjpass"), None)
    to = any(c.dep_ == "prep" and c.lower_ == "to" for x in _with_from(v) for c in x.children)
    if subj is not None and subj.lower_ == "i" and done and _for_the_group(v, lemma, change):
        return True  # "I've switched us to the lodge", "I booked the Brass Lantern": one member acting for all
    if subj is not None and subj.lower_ == "we" and done and _home_moved(v):
        return False  # "we've moved over to X": a household's new home, news rather than a plan
    if subj is not None and subj.lower_ == "we" and lex.moving_verb(lemma) and not any(
            c.dep_ == "dobj" or (c.dep_ == "prep" and c.lower_ in ("to", "into")) for c in v.children):
        return False  # "we moved on 3 March": a household moved house, nothing of the group's moved
    if subj is not None:
        collective = subj.pos_ == "NOUN" and lex.noun_in_senses(subj.lemma_.lower(), ("social_group.n.01",))
        # "rehearsals move to wednesdays", "drill moves to thursdays": a plan changed, said in the present
        return done and (subj.lower_ in ("we", "us", "everyone", "everybody") or collective) or (
            change and subj.pos_ == "NOUN" and not lex.is_person_noun(subj.lemma_.lower()) and (
                v.tag_ == "VBG" or (v.tag_ in ("VBZ", "VBP") and to)))
    if passive is not None:
        # ("my knee's booked for the 3rd": somebody's own appointment, not the group's plan)
        return not lex.is_person_noun(passive.lemma_.lower()) and passive.lower_ not in ("i", "he", "she", "they") \
            and not any(c.dep_ == "poss" and c.lower_ in ("my", "his", "her") for c in passive.children)
    # "ok, switching to the cook-off then", "right, moving to the October date": a change with no subject,
    # concluding a talk (a discourse marker before it or "then" after it), not a personal update
    # ("done, moved to the 28th": a word closing the talk before the verb counts as a marker too)
    concluding = any(t.pos_ == "INTJ" or t.lower_ in ("so", "right", "alright") or (
        t.i == v.sent.start and t.nbor(1).is_punct and t.pos_ in ("ADJ", "VERB", "ADV"))
                     for t in v.sent[:v.i - v.sent.start]) or \
        any(t.lower_ == "then" and t.i > v.i for t in v.sent)
    return (decide and v.dep_ in ("ROOT", "advcl", "ccomp", "parataxis", "conj") and v.tag_ in ("VBD", "VBN")) or (
        change and v.tag_ in ("VBG", "VBD", "VBN") and (v.dep_ in ("ROOT", "conj", "parataxis") or
                                                       v.head.pos_ == "INTJ") and to and concluding)


_ALL = ("everyone", "everybody", "all", "us")  # ("agreed with everyone": the group itself)


def _with_from(v: Any) -> list[Any]:
    """The verb and its "from" phrases: where the parser may hang the "to" of a move ("moves from 3 May to 10 May")."""
    return [v, *(c for c in v.children if c.dep_ == "prep" and c.lower_ == "from")]


def appointed_for(v: Any) -> bool:
    """"X is appointed for the chapel roof": a verb of appointing "for" a work (a thing, not a person or a post),
    its subject no person ("Lem was appointed head of department" is news of a post)."""
    if not lex.verb_in_senses(v.lemma_.lower(), group_acts.APPOINT_SENSES, first=3, exact=True):
        return False
    subj = next((c for c in v.children if c.dep_ in ("nsubjpass", "nsubj")), None)
    if subj is not None and (subj.pos_ == "PRON" or lex.is_person_noun(subj.lemma_.lower(), 1)):
        return False
    return any(c.dep_ == "prep" and c.lower_ == "for" and any(
        p.dep_ == "pobj" and p.pos_ == "NOUN" and not lex.is_person_noun(p.lemma_.lower(), 1) and
        not lex.is_occupation(p.lemma_.lower()) for p in c.children) for c in v.children)


def fixed_for_a_day(v: Any) -> bool:
    """"fixed for 12 September", "set for the 9th": a verb of fixing definitely with a day after "for" or "on"."""
    return lex.verb_in_senses(v.lemma_.lower(), group_acts.FIX_SENSES, first=3, exact=True) and any(
        c.dep_ == "prep" and c.lower_ in ("for", "on") and any(
            timeexpr.date_span(p.doc[p.left_edge.i:p.right_edge.i + 1].text) for p in c.children if p.dep_ == "pobj")
        for c in v.children)


def _home_moved(v: Any) -> bool:
    """A verb of moving house with no object, gone to a town a gazetteer knows ("moved up to X")."""
    if not lex.moving_verb(v.lemma_.lower()) or any(c.dep_ == "dobj" or (c.dep_ == "prep" and c.lower_ == "for")
                                                    for c in v.children):
        return False  # ("we moved to X for the reunion": the event moved there)
    heads = [v, *(c for c in v.children if c.dep_ in ("prt", "advmod"))]
    return any(p.dep_ == "pobj" and (p.ent_type_ == "GPE" or lex.is_place_name(p.lower_)) and
               not timeexpr.calendar_name(p.lower_)
               for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children)


def _for_the_group(v: Any, lemma: str, change: bool) -> bool:
    """What a member did in the first person is the group's when it books or changes something of everyone's: a
    booking of a thing no one owns ("I booked the lodge", not "I booked my flights"), or a change with us as its
    object or a thing moved to a new value ("I've switched us there", "I moved the dinner to Friday"); "I moved
    to Leeds", "I changed my mind" are one person's."""
    obj = next((c for c in v.children if c.dep_ == "dobj"), None)
    if obj is None or any(c.dep_ == "poss" and c.lower_ in ("my", "his", "her") for c in obj.children) or \
            lex.is_person_noun(obj.lemma_.lower()) or obj.lower_ in ("me", "myself", "mind"):
        return False
    if obj.lower_ in ("us", "everyone", "everybody"):
        return change or lex.verb_in_senses(lemma, group_acts.BOOK_SENSES, first=3)
    if lex.verb_in_senses(lemma, group_acts.BOOK_SENSES, first=3):
        return obj.pos_ in ("PROPN", "NOUN") and obj.lower_ not in ("it", "that", "this")
    return change and any(c.dep_ == "prep" and c.lower_ in ("to", "for") for c in v.children)


def _at_place(be: Any) -> Any | None:
    return next((p for c in be.children if c.dep_ == "prep" and c.lower_ in ("at", "in") for p in c.children
                 if p.dep_ == "pobj" and p.pos_ in ("PROPN", "NOUN")), None)


_FEELING_LEXFILES = ("noun.feeling", "noun.state", "noun.cognition", "noun.communication", "noun.motive")


def _feeling(t: Any) -> bool:
    """"no worries", "no whining", "no idea": a lower-case noun whose first sense is a feeling, state or
    thought is said, not a thing turned down."""
    return t.text.islower() and lex.noun_in_lexfile(t.lemma_.lower(), _FEELING_LEXFILES)


def turned_down(doc: Any) -> list[tuple[str, Any]]:
    """What a message turns down: "no tablet", "not split", "the pier café is off", "ditching Dune",
    "lake district is cancelled", "instead of the van"."""
    out: list[tuple[str, Any]] = []
    for t in doc:
        if not nominal(t) or t.dep_ == "compound":
            continue
        neg = (any(c.lower_ in _NEG_DET and c.dep_ in ("det", "neg", "advmod") for c in t.children) or (
            t.i > 0 and doc[t.i - 1].lower_ == "not")) and not _feeling(t)
        head = t.head
        verb = head.lemma_.lower()
        for c in head.children:  # "fell through": the phrasal verb WordNet knows, whatever the parser's label
            if c.dep_ in ("prt", "advmod") and lex._synsets(f"{verb}_{c.lower_}", "v"):
                verb = f"{verb}_{c.lower_}"
                break
        dropped_by_verb = t.dep_ in ("dobj", "nsubjpass", "nsubj") and head.pos_ in ("VERB", "ADJ", "NOUN") and (
            lex.verb_in_senses(verb, DROP_SENSES, first=3) or head.lower_ == "cancelled") and (
            t.dep_ != "nsubj" or head.tag_ == "VBN" or not (lex.is_person_noun(t.lemma_.lower()) or t.pos_ == "PRON"))
        # "we're dropping X", "let's scrap X": with the group as subject any sense of giving up counts
        # (alone, "drop" is first to let fall)
        dropped_by_group = t.dep_ == "dobj" and head.pos_ == "VERB" and (
            head.head.lemma_ == "let" or any(c.dep_ == "nsubj" and c.lower_ in ("we", "us")
                                             for c in _with_shared_subject(head))) and \
            lex.verb_in_senses(verb, GIVE_UP_SENSES, first=8)
        off = (t.dep_ == "nsubj" and head.pos_ == "AUX" and any(c.lower_ == "off" for c in head.children)) or \
            any(c.lower_ == "off" and c.dep_ in ("advmod", "prt") for c in t.children) or (
                t.dep_ == "nsubj" and head.lower_ == "off")  # "mixer's off", however the parser attaches it
        instead = head.dep_ == "prep" and head.lower_ in ("of", "than") and head.head.lower_ in ("instead", "rather")
        if neg or dropped_by_verb or dropped_by_group or off or instead:
            # what is turned down, without the word that turns it down ("no Hamburg" drops Hamburg)
            out.append((re.sub(r"(?i)^(?:(?:no|not)\s+)+", "", group_acts._np(t)), t))
    for sent in doc.sents:  # "RIP the old name": a thing mourned is gone
        ws = [t for t in sent if not t.is_space]
        if len(ws) > 1 and ws[0].lower_.replace(".", "") == "rip":
            run = []
            for t in ws[1:]:
                if t.is_punct or t.pos_ in ("VERB", "AUX", "ADP", "CCONJ") or len(run) == 4:
                    break
                run.append(t)
            if run and any(nominal(t) for t in run):
                out.append((" ".join(t.text for t in run), run[-1]))
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
            # "moved the supper club to Quayside Hall": the parser may hang "to X" on the object
            heads = [v, obj] if obj is not None else [v]
            to = next((p for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ == "to"
                       for p in c.children if nominal(p) and p.i not in drops), None)
            if obj is not None and to is not None:
                return obj, to
    return None


def _settled_label(sent: Any) -> Any | None:
    """The noun of a label a word of settling modifies, before a colon ("Final guest list: ...", "agreed venue:
    ..."), when it is a thing, not a person or a word any decision is ("final decision / answer / verdict: ...")."""
    for t in sent:
        if t.pos_ == "NOUN" and t.dep_ == "ROOT" and t.i + 1 < len(t.doc) and t.doc[t.i + 1].text == ":" and \
                any(c.dep_ == "amod" and in_senses(c, FINAL_SENSES) for c in t.children) and \
                not lex.is_person_noun(t.lemma_.lower(), 1) and \
                not lex.noun_in_senses(t.lemma_.lower(), _VERDICTS, first=2, exact=True):
            return t
    return None


# nouns any decision is, which name no matter of their own: "final decision / answer / verdict / choice / plan"
_VERDICTS = (*DECISION_NOUNS, "answer.n.01", "solution.n.02", "verdict.n.01", "choice.n.01", "plan.n.01",
             "result.n.03", "consequence.n.01")


def topic_of(sent: Any) -> str | None:
    """An explicit matter: "for the open day", "the dinner is now ...", "refreshments: ..."."""
    topic = _topic_of(sent)
    # ("lets go with X": the tagger's noun is "let's" without its apostrophe, no matter)
    return None if topic and any(sx.lets(t) and topic.split()[-1] == t.lemma_.lower() for t in sent) else topic


def _topic_of(sent: Any) -> str | None:
    if (goal := concluding.goal_parts(sent)) is not None:
        # "X is the goal": the goal is no matter of its own; "X is the new quiz night": the quiz night is
        return concluding.renewed_matter(goal)
    if (tok := _settled_as(sent)) is not None:  # "theme confirmed as eighties music": the theme
        subj = next((c for c in tok.head.head.children if c.dep_ in ("nsubj", "nsubjpass") and _common(c)), None)
        if subj is not None:
            return " ".join([c.lower_ for c in subj.lefts if c.dep_ == "compound"] + [subj.lemma_.lower()])
    m = re.search(r"(?i):[^,.;!?]*?\s(?:for|as)\s+(?:the|our)\s+([a-z]+(?:\s[a-z]+)?)\s*[.!]*\s*$", sent.text)
    if m:  # "Final: 3 October for the gala."
        return m.group(1).lower()
    for reading in (concluding.allotted, concluding.moved_noun, sums_set.amount_changed):  # "the grant goes to X"
        if (hit := reading(sent)) is not None:
            return hit[0]
    label = _settled_label(sent)
    if label is not None:  # "Final seating: two tables": the labelled noun names the matter
        return " ".join([c.lower_ for c in label.lefts if c.dep_ == "compound"] + [label.lemma_.lower()])
    if (clause := concluding.concluded_clause(sent)) is not None and clause[0]:
        return clause[0]  # "Then the spring meetings are at X": the meetings
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
    root = sent.root  # "our trail book for this year is X": the group's thing named as subject
    subj = next((c for c in root.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"), None)
    if root.lemma_ == "be" and subj is not None and any(c.dep_ == "poss" and c.lower_ == "our" for c in subj.children):
        return " ".join([c.lower_ for c in subj.lefts if c.dep_ == "compound"] + [subj.lemma_.lower()])
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


def subordinate(sent: Any, value: str) -> bool:
    """The value is said inside a subordinate clause (`group.in_subordinate`)."""
    first = norm(value).split()[:1]
    toks = [t for t in sent if first and norm(t.text) == first[0]]
    # (every time the value is said: "since the Swan has parking, the Swan" settles on its second mention)
    return bool(toks) and all(group_acts.in_subordinate(t) for t in toks)


_INSTEAD_PREPS = ("at", "to", "in", "on", "for", "with")


def instead_value(sent: Any, drops: set[int]) -> Any | None:
    """The value in the clause "instead" marks as the replacement ("so we're at the Heron instead, we've got the
    back room from 8": the Heron, not the room; "let's move the quiz to Friday instead": Friday, not the quiz),
    not in a clause that only adds detail to it: of the nouns the clause names before "instead" (its object,
    complement, or the object of at/to/in/on/for/with), the one said last, right before it. "instead of X"
    names what is dropped, not the value."""
    for t in sent:
        if t.lower_ != "instead" or t.dep_ != "advmod":
            continue
        if t.head.lower_ in ("of", "than") or any(c.lower_ in ("of", "than") for c in t.children):
            # "we're going to the Heron instead of the Swan": the noun right before "instead" (its phrase's
            # head), never the one after "of"
            prev = sent.doc[t.i - 1] if t.i > sent.start else None
            if prev is not None and nominal(prev) and prev.pos_ != "PRON" and prev.i not in drops:
                return prev
            continue

        def before(x: Any, at: int = t.i) -> bool:  # said before "instead", in its clause (the parser may hang
            # it on the next verb: "we're watching X tonight instead, sam's got the projector")
            return x.i < at and x.i not in drops and not any(y.is_punct for y in sent.doc[x.i:at])
        head = t.head
        if head.pos_ in ("NOUN", "PROPN") and before(head):
            return head  # "the Heron instead"
        kids = list(head.children)
        cands = [c for c in kids if c.dep_ in ("dobj", "attr", "oprd")] + [
            p for c in kids if c.dep_ == "prep" and c.lower_ in _INSTEAD_PREPS for p in c.children if p.dep_ == "pobj"]
        cands = [c for c in cands if nominal(c) and c.pos_ != "PRON" and before(c)]
        return max(cands, key=lambda c: c.i) if cands else None
    return None


def _common(t: Any) -> bool:
    """A common noun, or a word the tagger took for a name only because it opens the sentence ("Menu confirmed")."""
    return t.pos_ == "NOUN" or (t.pos_ == "PROPN" and t.i == t.sent.start and lex.known_noun(t.lower_))


def _settled_as(sent: Any) -> Any | None:
    """"Theme confirmed as eighties music", "the date is fixed as the 9th": a verb of deciding with "as" names the
    value there; its subject is the matter."""
    for v in sent:
        if v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True) \
                and any(c.dep_ in ("nsubj", "nsubjpass") and _common(c) for c in v.children):
            p = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "as" for p in c.children
                      if p.dep_ == "pobj" and nominal(p)), None)
            if p is not None:
                return p
    return None


def _there(sent: Any, drops: set[int]) -> Any | None:
    """A verb of settling or changing pointed "there" or "here" with no place of its own: what it settles on is the
    last name the message gave before it."""
    for v in sent:
        if v.pos_ == "VERB" and settles(v) and any(c.dep_ == "advmod" and c.lower_ in ("there", "here")
                                                    for c in v.children):
            named = [t for t in sx.names_before(v) if t.i not in drops]
            return named[-1] if named else None
    return None


def value_of(doc: Any, sent: Any, drops: set[int], known: list[str]) -> str | None:
    text = sent.text
    # "decided: photo frame, no tablet", "officially switching: PICOS DE EUROPA, 7-11 august" (not the colon of an
    # hour: "mondays 18:30 then")
    colon = re.search(r":(?!\d)|(?<!\d):", text)
    if colon:
        after = text[colon.end():]
        first = re.split(r"[,.;!]|\s+-\s+|\s+(?:not|no|instead)(?:\s+|$)", after.strip(), maxsplit=1)[0].strip()
        tokens = [t for t in sent if t.idx >= sent.start_char + colon.start()]
        chunk = [t for t in tokens if t.idx < sent.start_char + colon.start() + 1 + len(after) - len(
            after.lstrip()) + len(first)]
        first = re.split(r"(?i)\s+(?:for|as)\s+(?:the|our)\s+", first, maxsplit=1)[0]  # "X for the gala"
        # "consensus: we self-publish, ...": what the group will do, said as a bare verb
        we_do = re.match(r"(?i)^we\s+(?!(?:will|shall|should|could|might|may|can|are|were|have|had|need|must)\b)"
                         r"(\w+(?:-\w+)?(?:\s+\w+)?)$", first)
        if we_do and not any(t.pos_ in ("PRON", "AUX", "ADP") for t in chunk[2:]):
            return we_do.group(1)
        # "Decision: the choir hires the upright piano": a clause after the label says what the group does
        verbs = [t for t in chunk if t.pos_ in ("VERB", "AUX") and t.head not in chunk or t.head == t]
        if verbs and (hit := concluding.concluded_verb(verbs[0])) is not None and hit[1].i not in drops:
            return phrase(hit[1])
        if verbs and (named := next((c for c in verbs[0].children if c.dep_ == "nsubj" and c.pos_ == "PROPN"
                                     and c.i not in drops), None)) is not None:
            return phrase(named)  # "Agreed then: the Old Forge hosts the quiz": the one named does it for us
        if first and len(first.split()) <= 8 and any(t.pos_ in ("NOUN", "PROPN", "NUM") for t in chunk) \
                and not any(t.pos_ in ("VERB", "AUX") and t.tag_ != "VBN" for t in chunk) \
                and not re.match(r"(?i)^(?:we|i|you|they|it|no|not)\b", first):
            return first + _terms(after.strip()[len(first):]) if after.strip().startswith(first) else first
    for reading in (concluding.tally, concluding.verdict_after):  # "5 to 1 for X", "X, done."
        if (v := reading(sent)) is not None:
            return v
    if (changed := sums_set.amount_changed(sent)) is not None:
        return changed[1]  # "the fee goes up to £4 from april": the sum alone
    if (tok := _settled_as(sent)) is not None and tok.i not in drops:
        return phrase(tok)  # "theme confirmed as eighties music", "the venue is confirmed as the Forge"
    if (tok := _there(sent, drops)) is not None:
        return phrase(tok)  # "the lodge has space, so I've switched us there": the place named before "there"
    if (tok := instead_value(sent, drops)) is not None:
        return phrase(tok)  # "so we're at the Heron instead, we've got the back room": the clause that replaces
    for reading in (concluding.allotted, concluding.moved_noun):  # "the grant goes to new hoses"
        if (hit := reading(sent)) is not None and hit[1].i not in drops:
            return phrase(hit[1])
    if (tok := concluding.goal(sent)) is not None and tok.i not in drops:
        # "ok, €150 is the new budget, we'll manage": not what the clause after it does (its currency sign kept)
        sign = tok.doc[tok.i - 1].text if tok.i > 0 and tok.doc[tok.i - 1].pos_ == "SYM" else ""
        said = phrase(tok)
        return said if said.startswith(sign) else sign + said
    if (clause := concluding.concluded_clause(sent, now=False)) is not None and clause[1].i not in drops:
        return phrase(clause[1])  # "Then rehearsals are at the church hall"
    for reading in (concluding.goal, concluding.lets_after_marker):  # "ok, X is the goal", "alright, let's do X"
        if (tok := reading(sent)) is not None and tok.i not in drops:
            return phrase(tok)
    for v in sent:  # "the committee has decided that Millbrook is our supplier"
        if v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True):
            for c in v.children:
                if c.dep_ == "ccomp":
                    subj = next((x for x in c.children if x.dep_ in ("nsubj", "nsubjpass")), None)
                    if subj is not None and subj.i not in drops and nominal(subj) and subj.pos_ != "PRON":
                        return phrase(subj)
    if (v := concluding.then_value(sent)) is not None:
        return v
    if (v := concluding.bare_participle(sent)) is not None:
        return v
    for t in sent:
        if (p := dropped_we_going_with(t)) is not None and p.i not in drops:
            return phrase(p)  # "ok going with X as the opener"
        if t.lemma_ == "go" and not any(c.lower_ == "with" or c.dep_ == "mark" for c in t.children) and (p := next((
                p for c in t.children if c.dep_ == "prep" and c.lower_ == "for"
                for p in c.children if p.dep_ == "pobj" and p.i not in drops), None)):
            return phrase(p)  # "going for bowling"
        if t.lemma_ == "make" and re.search(r"(?i)\bmake\s+it\b", sent.text):
            m = re.search(r"(?i)\bmake\s+it\s+(?P<v>[^,.;!?]+?)(?:\s+instead|\s+then)?\s*(?:[,.;!?]|$)", sent.text)
            if m:
                return m.group("v").strip()  # "let's make it £20 each instead"
        if t.lemma_ == "be" and any(c.lower_ == "we" and c.dep_ == "nsubj" for c in t.children) and \
                (p := _at_place(t)) is not None and p.i not in drops:
            return phrase(p)  # "we're at the Lantern instead"
    if concluding.it_is(sent) is not None:  # "Fine by me, Thursday the 9th it is": the phrase since the comma
        # the "it is" that closes a clause ("... thank god it's refundable, and Seville it is!!" names Seville)
        # (a colon or point between digits is part of a time or a sum: "6:15 it is")
        m = re.search(r"((?:[^,;:.!?]|(?<=\d)[:.](?=\d))+?)\s+it(?:\s+is|'s|’s)(?:\s+then)?(?=\s*[^\w\s]|\s*$|\s\s)",
                      sent.text)
        # from the last clause boundary (an emoji, "and", "but") on
        v = re.split(r"\s{2,}|\s+(?:and|but|so)\s+", m.group(1).strip())[-1] if m else ""
        v = re.sub(r"(?i)^(?:and|but|so|then)\s+", "", v)
        if v and len(v.split()) <= 8:
            return v.strip()
    if (t := concluding.it_is(sent)) is not None or (t := concluding.wins(sent)) is not None:
        return re.sub(r"\s+it$", "", phrase(t).split(" it ")[0])
    for v in sent:  # "Ostreria Blu is booked for Saturday": the booked thing, not the day
        subj = next((c for c in v.children if c.dep_ == "nsubjpass"), None)
        if subj is None and any(c.dep_ == "auxpass" for c in v.children):  # the parser lost the subject
            subj = next((t for t in reversed(list(sent)[:max(0, v.i - sent.start)]) if t.i >= v.i - 4 and
                         t.pos_ in ("NOUN", "PROPN") and t.dep_ != "compound"), None)
        if v.pos_ == "VERB" and subj is not None and subj.i not in drops and nominal(subj) and \
                (lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True) or appointed_for(v)):
            return group_acts._np(subj)  # (which keeps a name joined by "&" whole: "Pellham & Sons are appointed")
    if (moved := _moved(sent, drops)) is not None:
        return phrase(moved[1])
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
    if (clause := concluding.concluded_clause(sent)) is not None and clause[1].i not in drops:
        return phrase(clause[1])  # "the tombola is now for the lifeboats" (after the readings that keep a day with it)
    for v in sent:  # "the reunion is moving to Paramaribo", "the open day is moved to Sunday 21 June"
        if v.pos_ == "VERB" and lex.verb_in_senses(v.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True):
            to = next((p for h in _with_from(v) for c in h.children if c.dep_ == "prep" and c.lower_ == "to"
                       for p in c.children if nominal(p) and p.i not in drops), None)
            if to is not None:
                return phrase(to)
    root = sent.root  # "the reunion is Valletta": a matter, then what it is
    subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
    attr = next((c for c in root.children if c.dep_ == "attr"), None)
    if root.lemma_ == "be" and subj is not None and attr is not None and subj.pos_ == "NOUN" and \
            attr.pos_ in ("PROPN", "NOUN") and attr.i not in drops and not lex.is_person_noun(subj.lemma_.lower()) \
            and not any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in attr.children):
        return phrase(attr)
    for v in sent:
        if v.pos_ != "VERB":
            continue
        subj = next((c for c in _with_shared_subject(v) if c.dep_ in ("nsubj", "nsubjpass")), None)
        passive_final = subj is not None and subj.dep_ == "nsubjpass" and subj.i not in drops and \
            lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3)
        if passive_final and subj.pos_ in ("NOUN", "PROPN"):
            return phrase(subj)  # "Ostreria Blu is booked for ..."
        if any(c.dep_ == "mark" for c in v.children):
            continue  # "before we go round in circles for another month": a subordinate clause settles nothing
        if subj is not None and subj.lower_ in ("we", "us") or v.head.lemma_ == "let":
            for c in v.children:  # "we'll go with X", "we're switching to X", "we meet in X", "we'll have X"
                cands = [c] if c.dep_ in ("dobj", "attr") else [p for p in c.children if not p.is_punct] \
                    if c.dep_ == "prep" and c.lower_ in ("with", "to", "in", "at", "for", "on") else []
                for p in cands:
                    if nominal(p) and p.i not in drops and \
                            not lex.noun_is(p.lemma_.lower(), "time", senses=1):
                        return phrase(p)
    if (listed := _verbless_list(sent)) is not None:
        return listed  # "ok so Ostrava, 14-16 Aug": a name and the dates or sums that go with it
    low = text.lower()
    if (day := timeexpr.date_span(text)) and re.search(r"(?i)\b(?:on|for|to)\s+" + re.escape(day), text):
        return day  # "the open day will be held on Saturday 13 June"
    for k in sorted(known, key=len, reverse=True):  # an option proposed earlier, named again without a drop
        # (not a word of deciding or assent the option reader took for a name: "Agreed.")
        if k and not all(concluding.marker(t) or t.is_punct or lex.verb_in_senses(
                t.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True) for t in parsed(k)) and \
                sx.whole_word(k.lower()).search(low) and \
                not any(same(k, phrase(doc[i])) for i in drops):
            return k
    return None


def _verbal(t: Any) -> bool:
    """A verb, not a weekday the tagger took for one (a lone "Tuesdays")."""
    return t.pos_ in ("VERB", "AUX") and t.lower_.removesuffix("s") not in timeexpr.WEEKDAYS


def _verbless_list(sent: Any) -> str | None:
    """A sentence with no verb, after its words of assent, that lists a name and then dates or sums: the name with
    its terms ("right then, Ostrava, 14-16 Aug"), whichever of them was put forward before."""
    body = [t for t in sent if not t.is_space]
    while body and (concluding.marker(body[0]) or body[0].is_punct):
        body = body[1:]
    if not body or any(_verbal(t) for t in body):
        return None
    text = re.sub(r"(?i)\s+(?:then|so)$", "", sent.doc[body[0].i:body[-1].i + 1].text.rstrip(" .!"))
    first, comma, rest = text.partition(",")
    head = [t for t in body if t.idx < body[0].idx + len(first)]
    if not comma or not first.strip() or len(first.split()) > 5 or value_kind(first) != "thing" or \
            not any(t.pos_ == "PROPN" or (t.pos_ == "NOUN" and t.text[:1].isupper()) for t in head):
        return None
    terms = _terms(comma + rest)
    return first.strip() + terms if terms else None


def _terms(rest: str) -> str:
    """The sums and dates listed after a labelled choice, which are part of it: "decided: a swap, £25 limit"."""
    out = ""
    # (a comma inside a sum is no list's: "£1,500"; a bare number is no term: "the barn, 2")
    for seg in re.split(r",(?!\d{3}\b)", rest)[1:] if rest.startswith(",") else []:
        seg = seg.strip(" .!;")
        if not seg or len(seg.split()) > 4 or value_kind(seg) not in ("amount", "date") or \
                not re.search(r"[^\d\s.,]", seg) or any(_verbal(t) for t in parsed(seg)):
            break
        out += f", {seg}"
    return out
