"""Everyone who backed an option ("who voted for X?", "who went along with Y's idea?"): the members who took up the
line that put it forward, read from the talk after it.

The option's line is the first held message naming the most of the option's words (by the member the question
names as its author, where it names one). Its backers are the other members who, in the talk after it, name the
option without asking about it or turning it down ("X for me", "X. sorry Y"), or assent in a short reply
(`consensus.assents`: "same", "fine by me"; "I like that") to a line of the option: its own, a restatement or poll
by its author, or another backer's. A line announcing the outcome ("X it is") is the decision, nobody's backing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from polymem.language import concluding, consensus
from polymem.language import lexical as lex
from polymem.language.chains import against
from polymem.language.models import parsed
from polymem.language.question_backing import BACK_SENSES
from polymem.retrieval.extract_base import Extract, Msg, term_re, when

if TYPE_CHECKING:
    from polymem.retrieval.extract import Answerer

NAMED = 0.5  # share of the option words' weight a line must hold to name it
# adverbs of contrast: a line with one puts another option forward ("Y instead", "I'd rather", "actually Y")
_RIVAL = ("instead", "rather", "actually")
# the speaker's choosing, preferring or backing ("I'd go for X", "I pick X", "X, I vote")
_CHOOSE = (*BACK_SENSES, "choose.v.01", "choose.v.02", "prefer.v.01", "accept.v.03")
SPAN = 40  # lines of the chat after the option's line in which backing is looked for (a vote may come later)


def _weights(a: Answerer, words: list[str]) -> dict[str, float]:
    """How much each option word says which option it is: its inverse document frequency over the held lines
    ("practice" in every other line, "wednesdays" in three); words no held line uses are dropped."""
    texts = [(m["text"] or "").lower() for m in a.msgs.values()]
    out = {}
    for w in dict.fromkeys(words):
        df = sum(1 for t in texts if term_re(w).search(t))
        if df:
            out[w] = math.log(1 + len(texts) / df)
    return out


def _share(weights: dict[str, float], text: str) -> float:
    low = text.lower()
    total = sum(weights.values())
    return sum(v for w, v in weights.items() if term_re(w).search(low)) / total if total else 0.0


def _option_line(a: Answerer, weights: dict[str, float]) -> Msg | None:
    by = [p for p in a.plan.mentioned if p in a.roster.by_id]
    best: tuple[tuple[bool, float, float], Msg] | None = None
    for m in a.msgs.values():
        share = _share(weights, m["text"] or "")
        if share < NAMED or consensus.assents(m["text"] or ""):
            continue
        key = (m.get("speaker") in by, share, -when(m)[0])  # (the earliest of the best: the line that put it forward)
        if best is None or key > best[0]:
            best = (key, m)
    return best[1] if best else None


def _rival(sent: Any) -> bool:
    """A sentence putting another option forward: an adverb of contrast in the speaker's own say or a question
    ("I'd like Y actually?", "Y instead"), not in news of someone ("he actually climbs up to say hello")."""
    if not any(t.lower_ in _RIVAL for t in sent):
        return False
    subj = next((c for c in sent.root.children if c.dep_ in ("nsubj", "expl")), None)
    return sent.text.rstrip().endswith("?") or subj is None or subj.lower_ in ("i", "we")


def _option_tokens(sent: Any, weights: dict[str, float]) -> list[Any]:
    return [t for t in sent if any(term_re(w).match(t.lower_) for w in weights)]


def _takes_it(sent: Any, weights: dict[str, float]) -> bool:
    """A sentence naming the option that takes it up: a bare fragment ("X 👍", "ugh fine X", "X, my Mondays are
    full"), an assent ("X is fine by me"), or the speaker's choosing, voting or backing ("I'd go for X", "X gets
    my vote"); not the option as a rival's loser ("Y over X"), nor a remark about it ("X is always rammed")."""
    toks = _option_tokens(sent, weights)
    if not toks or any(t.head.lower_ in ("over", "than") or (t.head.head.lower_ == "instead") for t in toks):
        return False
    words = [t for t in sent if t.is_alpha]
    said = sent.text.strip()
    if len(words) <= 4:
        return not consensus.objects(said)
    if against(said) or consensus.objects(said) or _negated(said):
        return False
    # the option opening the sentence, cut off from the rest by punctuation or an emoji
    last = toks[0]
    while last.i + 1 < sent.end and last.nbor().i in {t.i for t in toks}:
        last = last.nbor()
    if toks[0].i == words[0].i and last.i + 1 < sent.end and not last.nbor().is_alpha and not last.nbor().is_space:
        return True
    if consensus.assents(said):
        return True
    return any((t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), _CHOOSE, first=4) and
                all(c.lower_ in ("i", "we") for c in t.children if c.dep_ == "nsubj")) or
               (t.lemma_.lower() == "vote" and t.pos_ == "NOUN" and any(c.lower_ == "my" for c in t.children))
               for t in sent)


def _names_option(text: str, weights: dict[str, float]) -> bool:
    """The line takes the option up in the sentence naming it (`_takes_it`), that sentence asks nothing, and no
    sentence of it puts another option forward ("I'd like Y actually?")."""
    doc = parsed(text)
    if any(_rival(sent) for sent in doc.sents):
        return False
    for sent in doc.sents:
        if _share(weights, sent.text) >= NAMED:
            return not sent.text.rstrip().endswith("?") and _takes_it(sent, weights)
    return False


def _negated(text: str) -> bool:
    """A negation in the first sentence ("saturday is no good for me"): no assent, whatever words of approval."""
    first = next(iter(parsed(text).sents), None)
    return first is not None and any(t.dep_ == "neg" or t.lower_ == "no" for t in first)


def _concludes(text: str) -> bool:
    """A line announcing the outcome ("X it is", "X wins 6-1", "X then"): the group's decision, nobody's backing."""
    return any(concluding.it_is(s) or concluding.wins(s) or concluding.then_value(s) or concluding.tally(s)
               for s in parsed(text).sents)


def backers(a: Answerer, words: list[str]) -> Extract | None:
    """The members who backed the option `words` names, or None where no line puts it forward or nobody took it
    up (the caller answers as for an agreement then)."""
    # a member the question names is whose option it was ("who sided with Ana?"), not a word of it
    names = {w.lower() for pid in a.plan.mentioned if (x := a.roster.by_id.get(pid)) for n in x.names()
             for w in n.split()}
    words = [w for w in words if w not in names] or [w for w in a.plan.issue if w not in names]
    if not words:
        return None
    weights = _weights(a, words)
    p = _option_line(a, weights)
    if p is None:
        return None
    start = p.get("seq") or 0
    talk = sorted((m for m in a.msgs.values() if start < (m.get("seq") or 0) <= start + SPAN), key=when)
    backed: dict[str, str] = {}  # speaker -> the line that backs
    lines = {p["id"]}  # the option's line, the proposer's restatements and the backers' lines
    prev: Msg = p
    for m in talk:
        text, who = m["text"] or "", m.get("speaker")
        if who == p.get("speaker"):
            if _names_option(text, weights) and not _concludes(text):
                lines.add(m["id"])  # (a poll or a restatement by the one who put it forward)
        elif who and who not in backed and not _concludes(text):
            # a short assent to a line of the option: replying to it, or right after it with no reply marked
            to = set(m.get("reply_to") or [])
            after = prev["id"] in lines and (prev.get("seq") or 0) == (m.get("seq") or 0) - 1
            assent = (consensus.assents(text) or consensus.likes_it(text)) and not _negated(text)
            if _names_option(text, weights) or (assent and (to & lines or (not to and after))):
                backed[who] = m["id"]
                lines.add(m["id"])
        prev = m
    if not backed:
        return None
    people = [a.name(x) or x for x in backed]
    said = people[0] if len(people) == 1 else f"{', '.join(people[:-1])} and {people[-1]}"
    return Extract(said, participant=next(iter(backed)), cited=[p["id"], *backed.values()], confidence=1.0)
