"""A question asked in two parts, made one: "Somebody asked Ada to bring the ladder. Who?" is "Who asked Ada
to bring the ladder?"; "Bath was pitched as an alternative. Whose idea was that?" is "Whose idea was Bath?";
"Who was it that booked the hall?" is "Who booked the hall?".

Read from the parse: the part that asks is the last clause opened by a wh-word after a sentence break or a
dash; an indefinite pronoun of the context ("somebody", "someone") takes the place of the wh-word, and a
pronoun of the asking part ("it", "that", "she") takes the context's subject. Nothing here knows a word of
any question set but the closed classes of English (wh-words, indefinite and personal pronouns).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from polymem.language import lexical as lex
from polymem.language.models import nlp
from polymem.language.pets import animal_sense

_WH = r"(?:who|whom|whose|which|what|where|when|how)\b"
# the break before the asking part: a sentence end, a colon / semicolon, or a dash between spaces
_BREAK = re.compile(r"(?:[.!?;:]\s+|\s*[\u2014\u2013]\s*|\s+-{1,2}\s+)(?=" + _WH + ")", re.I)
# "X needed someone to Y, who did he ask?": a comma, then "who" and an auxiliary opening a question of its own
# (not "..., what is it?", which asks again what the clause before it named)
_COMMA_BREAK = re.compile(r",\s+(?=(?:who|whom)\s+(?:did|does|do|was|were|is|are|has|have|had|will|would|can|could)\b)",
                          re.I)
# a request opening the line: "list ...", "pls tell us ...", before a wh-word
_REQUEST = re.compile(r"^\s*(?:(?:please|pls|plz)\s+)?([A-Za-z]+)(?:\s+(?:me|us))?\s+(?=" + _WH + ")", re.I)
_TIME_PREPS = ("before", "after", "since", "until", "till", "during", "prior", "as")  # prepositions of time
# a phrase before the question proper: up to a comma, then a wh-word or an auxiliary opening the question
_FRONTED = re.compile(r"^\s*(?:(?:and|so|but|also|ok|okay|well)\b,?\s+)?([^,?;.!]{3,80}),\s+(?=" + _WH +
                      r"|(?:did|does|do|is|was|were|are|has|have|had)\b)", re.I)
_CLEFT = re.compile(r"\b(who|whom|which\s+\w+)\s+(?:was|is)\s+it\s+(?:that|who)\s+", re.I)
_INDEFINITE = {"somebody", "someone", "anybody", "anyone"}
_THING_INDEFINITE = {"something": "what", "somewhere": "where", "sometime": "when"}
_CONTENT = ("NOUN", "PROPN", "VERB", "ADJ", "NUM")
_THING_PRONOUNS = {"it", "that", "this"}
_PERSON_PRONOUNS = {"he", "she", "they", "him", "her", "them"}
# possessives of a person ("his", "her") or of a thing ("its"); an animal takes either, "their" anything
_POSSESSIVE = {"his": True, "her": True, "their": True, "its": False}


@dataclass(frozen=True)
class QuestionParts:
    text: str  # the question as one sentence where the parts could be merged, else as asked
    asking: str  # the part that asks, pronouns taken from the context; the whole question when in one part
    context: str  # what came before the asking part ("" for a one-part question)


@lru_cache(maxsize=4096)
def _doc(text: str) -> Any:
    return nlp()(text)


def split_question(question: str, is_person: Callable[[str], bool] | None = None) -> QuestionParts:
    """`is_person`: whether a phrase names a member (the planner passes its roster); without it, a name the
    tagger calls a PERSON entity."""
    q = _CLEFT.sub(lambda m: m.group(1) + " ", question.strip())  # "Who was it that X" -> "Who X"
    q = _request_dropped(q)
    # (a phrase of time fronted before the question is read at its end, where the parser takes it as part of the
    # question; the question's words stay as asked, its topic read from the part that asks, as before)
    if (moved := _fronted_last(q)) != q:
        return QuestionParts(q, moved, "")
    breaks = list(_BREAK.finditer(q)) or list(_COMMA_BREAK.finditer(q))
    if not breaks:
        return QuestionParts(q, q, "")
    cut = breaks[-1]
    context, asking = q[:cut.start()].strip(), q[cut.end():].strip()
    if not context or not re.search(r"[A-Za-z]", context):
        return QuestionParts(q, q, "")
    ctx, ask = _doc(context), _doc(asking)
    content = [t for t in ask if t.pos_ in _CONTENT and t.lemma_ not in ("be", "do")]
    merged = None
    if not content:
        merged = _indefinite_asked(ctx, ask)  # "Somebody did X. Who (was that)?"
    elif len(content) == 1 and content[0].pos_ != "PROPN" and all(
            t.pos_ in ("PRON", "AUX", "PUNCT") or t.i == content[0].i for t in ask):
        # "Dmitri wanted someone to X. Who did he ask?": the act from the asking part, the task from the context
        merged = _indefinite_asked(ctx, ask, verb=content[0].lemma_.lower())
    if merged:
        return QuestionParts(merged, merged, "")
    resolved = _resolve_pronouns(ask, ctx, is_person)
    return QuestionParts(q, resolved, context)


def _request_dropped(q: str) -> str:
    """"list where everyone works", "name who offered to drive": a request to tell, opening the line, is
    dropped to the question it asks (the tagger reads a bare "list" as a noun and the question as its clause).
    Only a verb whose first sense is one of telling (WordNet's verb.communication)."""
    m = _REQUEST.match(q)
    senses = lex._synsets(m.group(1).lower(), "v") if m is not None else []
    if not senses or senses[0].lexname() != "verb.communication":
        return q
    rest = q[m.end():].strip()
    return rest if rest.endswith("?") else rest.rstrip(" .!") + "?"


def _fronted_last(q: str) -> str:
    """"And before the move, where was Ana?" is "where was Ana before the move?": a phrase opened by a preposition
    of time and put before the question after a comma goes back to the end, where the parser reads it as part of the
    question (fronted, it takes the question for a clause of its own)."""
    m = _FRONTED.match(q)
    if m is None:
        return q
    phrase = m.group(1).strip()
    doc = _doc(phrase)
    # (a phrase, not a clause: "once the coach fell through, who ..." sets a scene the question is read against;
    # and a phrase of time: "out of interest, ...", "for a laugh, ..." say how the question is meant)
    if doc[0].pos_ != "ADP" or doc[0].lower_ not in _TIME_PREPS or re.search(_WH, phrase, re.I) or \
            any(t.pos_ in ("VERB", "AUX") for t in doc):
        return q
    return f"{q[m.end():].rstrip(' ?')} {phrase[:1].lower()}{phrase[1:]}?"  # (its preposition no longer opens)


def _wh(ask: Any) -> str:
    return next((t.lower_ for t in ask if t.tag_ in ("WP", "WP$", "WDT", "WRB")), "who")


def _indefinite_asked(ctx: Any, ask: Any, verb: str | None = None) -> str | None:
    """The context with its indefinite person in the wh-word's place, as a question; None without one.
    `verb`: the asking part's own verb, put in place of the context's ("wanted someone to" -> "ask")."""
    words = [t.text_with_ws for t in ctx]
    wh = _wh(ask)
    thing = next((t for t in ctx if _THING_INDEFINITE.get(t.lower_) == wh), None)
    if thing is not None and verb is None:  # "the money went to something else - what?": asked in place
        words[thing.i] = wh + thing.whitespace_
        if thing.i + 1 < len(ctx) and ctx[thing.i + 1].lower_ == "else":
            words[thing.i + 1] = ""
        return _sentence("".join(words))
    ind = next((t for t in ctx if t.lower_ in _INDEFINITE), None)
    if ind is None or wh not in ("who", "whom"):
        return None
    if verb is None and ind.dep_ in ("nsubj", "nsubjpass", "pobj"):  # "lent to someone" -> "lent to whom"
        words[ind.i] = ("who" if ind.dep_ != "pobj" else "whom") + ind.whitespace_
        if ind.i + 1 < len(ctx) and ctx[ind.i + 1].lower_ == "else":  # "someone else" is just "who"
            words[ind.i + 1] = ""
        return _sentence("".join(words))
    head = ind.head
    subj = next((c for c in head.children if c.dep_ == "nsubj"), None)
    if ind.dep_ in ("dobj", "dative") and subj is not None and head.tag_ in ("VBD", "VBZ", "VBP") and \
            subj.i < head.i < ind.i:
        aux = {"VBD": "did", "VBZ": "does"}.get(head.tag_, "do")
        subject = "".join(t.text_with_ws for t in subj.subtree).strip()
        between = "" if verb else "".join(t.text_with_ws for t in ctx[head.i + 1:ind.i]).strip()
        rest = "".join(t.text_with_ws for t in ctx[ind.i + 1:]).strip()
        return _sentence(" ".join(w for w in ("whom", aux, subject, verb or head.lemma_, between, rest) if w))
    return None


def _resolve_pronouns(ask: Any, ctx: Any, is_person: Callable[[str], bool] | None) -> str:
    """The asking part with "it / that" as the context's subject phrase and "she / they" as its named
    subject: "Whose idea was that?" after "Bath was pitched ..." is "Whose idea was Bath?"."""
    root = next((t for t in ctx if t.dep_ == "ROOT"), None)
    subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None) if root is not None else None
    if subj is None and root is not None and root.pos_ in ("NOUN", "PROPN"):
        subj = root  # a topic heading the question: "The switch to Zadar: who put that forward?"
    if subj is None or subj.lower_ in _INDEFINITE or subj.pos_ == "PRON":
        return ask.text
    phrase = "".join(t.text_with_ws for t in subj.subtree).strip()
    named = is_person(phrase) if is_person is not None else subj.ent_type_ == "PERSON"
    animate = not named and subj.pos_ == "NOUN" and animal_sense(subj.lemma_.lower())
    # "Ana got a new pet in May - what's its name?": a thing's "its" after a member's doing is what they got
    got = next((c for c in root.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None) if named else None
    got_phrase = " ".join(t.text for t in got.subtree if t.i <= got.i and t.dep_ not in ("det", "poss")) \
        if got is not None else ""
    out = []
    for t in ask:
        low = t.lower_
        if low in _THING_PRONOUNS and t.pos_ == "PRON" and t.dep_ in ("dobj", "nsubj", "attr", "pobj") and not named:
            out.append(phrase + t.whitespace_)
        elif low in _PERSON_PRONOUNS and (named or animate) and t.dep_ in ("nsubj", "dobj", "pobj"):
            out.append(phrase + t.whitespace_)
        elif low == "its" and t.dep_ == "poss" and got_phrase:
            out.append(_possessive(f"{_possessive(phrase)} {got_phrase}") + t.whitespace_)
        elif t.tag_ == "PRP$" and t.dep_ == "poss" and low in _POSSESSIVE and (
                low == "their" or _POSSESSIVE[low] == named or animate):
            # "Nell's rabbit - what's her name?": the possessive asks after the topic
            out.append(_possessive(phrase) + t.whitespace_)
        else:
            out.append(t.text_with_ws)
    return "".join(out)


def _possessive(phrase: str) -> str:
    return phrase + ("'" if phrase.endswith("s") and not phrase.endswith("'s") else "'s")


def _sentence(text: str) -> str:
    text = re.sub(r"[\s.!?;:,\u2014\u2013-]+$", "", text.strip())
    return text[:1].upper() + text[1:] + "?"
