"""A ruling said as a list of phrases with no verb, the way whoever runs a discussion closes it: "Fridays,
6-8, from 3rd March.", "£20 adults, £10 kids.", "Ok, £35 a year, students half.", "Same day,
4th, 7pm, the library." The first phrase that names an option the talk put forward (or, after a
word of assent, a sum or a date where the talk weighed several of that kind) is what the group settles on; the
phrases after it are the details it is settled with.

A list that names two options still open ("the Mill, the Old Forge, the Barn") weighs them and settles nothing;
an option already settled, named again, is a restatement beside the new choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from polymem.language import lexical as lex
from polymem.language.concluding import marker, opened
from polymem.language.decision_clauses import IDEA_SENSES
from polymem.language.models import parsed
from polymem.language.value_kind import sums_named, value_kind

_SEPARATORS = {",", ";", "—"}
_REMARK = {"but", "tho", "though", "although", "another"}  # a list that goes on to weigh or defer is no ruling
_DASHES = {"–", "-"}  # separators only with a space before them ("7 - 9", not "get-outs", "20-22")
MAX_WORDS = 6  # a phrase longer than this is a clause, not a value


def segments(sent: Any) -> list[list[Any]]:
    """The sentence's phrases between separators, words only, discourse markers at its start left out."""
    out: list[list[Any]] = [[]]
    for t in sent:
        if t.is_punct and (t.text in _SEPARATORS or (t.text in _DASHES and t.i > 0 and t.doc[t.i - 1].whitespace_)):
            out.append([])
        elif t.text == ":":
            out[-1] = []  # "final: the Mill": what comes before the colon labels the phrase
        elif not (t.is_punct or t.is_space):
            out[-1].append(t)
    while out and out[0] and all(marker(t) for t in out[0]):
        out.pop(0)  # "Ok," / "Right,"
    if out and out[0] and marker(out[0][0]):
        out[0] = out[0][1:]
    return [s for s in out if s]


def _verbless(sent: Any) -> bool:
    # (a capitalised word the tagger took for a verb is most often a name: "The Tap Room")
    return not any(t.pos_ in ("VERB", "AUX") and not t.text[:1].isupper() for t in sent) and \
        not sent.text.rstrip().endswith("?") and not any(t.lower_ in ("or", "if", "maybe") for t in sent)


def _remark(p: list[Any]) -> bool:
    """A phrase that names nothing: no noun, name or number, and no date or sum ("ouch", "so good")."""
    return not any(t.pos_ in ("NOUN", "PROPN", "NUM") for t in p) and \
        value_kind(p[0].doc[p[0].i:p[-1].i + 1].text) not in ("date", "amount")


def _asks_what(text: str) -> bool:
    """A question for information ("when's the match?", "how much was it?"), not one putting a thing forward."""
    sents = list(parsed(text).sents)
    return bool(sents) and sents[-1].text.rstrip().endswith("?") and \
        any(t.tag_ in ("WRB", "WP", "WDT") for t in sents[-1])


def _candidate(p: list[Any]) -> bool:
    """A phrase that can be a value: it holds a noun, a name or a number, and is no greeting, no person and
    no "same X" (what stays as it was)."""
    return any(t.pos_ in ("NOUN", "PROPN", "NUM") for t in p) and p[0].pos_ != "INTJ" and \
        not any(t.text == "=" for t in p) and \
        p[0].lower_ != "same" and not any(t.ent_type_ == "PERSON" for t in p)


def ruled_phrase(sent: Any, talk: list[tuple[str, str]], settled: list[str], options: list[str],
                 same: Callable[[str, str], bool], names: Callable[[str, str], bool]) -> str | None:
    """The value a verbless list of phrases settles on, or None. `talk`: the messages just before, as (speaker,
    text), the speaker of this one last; `settled`: what the group's matters hold now; `options`: what the talk
    put forward."""
    # ("fine i'll phone them. the boathouse, 3rd may, 1pm": the parser keeps a lower-case sentence after a full
    # stop in the one before; the list is the last of them)
    stops = [t.i for t in sent if t.text == "." and t.i < sent.end - 1]
    if stops:
        sent = sent.doc[stops[-1] + 1:sent.end]
    if not _verbless(sent) or not talk:
        return None
    me = talk[-1][0]
    before = talk[:-1]
    if before and before[-1][0] != me and _asks_what(before[-1][1]):
        return None  # the answer to a question just asked ("when's the match?" "the match, sat 3pm")
    parts = segments(sent)
    if len(parts) < 2 or any(len(p) > MAX_WORDS for p in parts):
        return None  # one bare phrase is a reply or a proposal, not a ruling
    if any(p[0].pos_ == "INTJ" or any(t.lower_ in _REMARK for t in p) or _remark(p) for p in parts[1:]):
        return None  # a remark closes the list ("the spa, £90 each, ouch", "the noodle bar, £20, but ...")
    if any(lex.noun_in_senses(t.lemma_.lower(), IDEA_SENSES, first=1, exact=True) for t in sent if t.pos_ == "NOUN"):
        return None  # "Proposal: the Mill, 3 May" puts forward, it does not rule
    texts = [sent.doc[p[0].i:p[-1].i + 1].text for p in parts]
    cands = [k for k, p in enumerate(parts) if _candidate(p) and not any(same(texts[k], s) for s in settled)]
    # weighed by the talk: put forward as an option, or named by two other members ("friday suits me" /
    # "fridays please"), not merely mentioned
    talked = [k for k in cands if any(same(texts[k], o) for o in options) or
              len({who for who, x in before if who != me and names(texts[k], x)}) >= 2]
    things = [k for k in talked if value_kind(texts[k]) == "thing"]
    if len(things) > 1:
        return None  # two things the talk weighed, listed side by side: a tally or a list, not a choice
    # the first phrase the talk named; but a thing chosen is the news and the dates beside it its details
    # ("same day, 4th, 7pm, the library")
    first = next((k for k in talked if not (things and value_kind(texts[k]) == "date")), None)
    if first is None and opened(sent) and cands and value_kind(texts[cands[0]]) == "amount" and \
            sum(sums_named(x) for _, x in before) >= 2:
        first = cands[0]  # "ok, £35 a year": a sum between the ones the talk weighed (a compromise)
    if first is None:
        return None
    kind = value_kind(texts[first])
    if not any(value_kind(x) in ("amount", "date") for k, x in enumerate(texts) if k != first) and \
            (kind == "thing" or not opened(sent)):
        # no date, time or sum said with it (nor, for a sum or a date, a word of assent before it): a remark on
        # something named ("sound, cheers tunde")
        return None
    # "£20 adults, £10 kids": the phrases right after it of its own kind belong to the value
    end = first + 1
    while end < len(texts) and kind != "thing" and value_kind(texts[end]) == kind:
        end += 1
    return ", ".join(texts[first:end])
