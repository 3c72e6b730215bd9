"""Decisions said the way a chat closes a discussion rather than with a verb of deciding: an option named after
a word of assent ("fine. Casa Lupo."), money allotted ("the grant goes to new hoses"), a plan said to be
the goal ("ok, the spring date is the goal"), "alright, let's do the port", a decision overturned by name
("reversing the decision."), and a change verb the tagger read as a plural noun ("drill moves to thursdays").

Each reading takes a spaCy sentence (and, where the words before it matter, the message's sentences) and
returns the value it settles on, or None. The decision tracker (polymem.language.decisions) asks them next to
its verb-based readings.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from spacy.lang.en.lex_attrs import _ordinal_words

from polymem.language import group as group_acts
from polymem.language import lexical as lex
from polymem.language import timeexpr
from polymem.language.syntax import noun_name

# the closed class of English discourse markers that accept or conclude ("ok", "right", "so"); other
# interjections ("ooh", "ugh", "wow") react to something and settle nothing
_MARKERS = {"so", "right", "then", "well", "alright", "ok", "okay", "k", "yes", "yeah", "yep", "sure", "fine",
            "great", "cool", "done"}
GOAL_SENSES = ("goal.n.01", "plan.n.01", "target.n.01", "purpose.n.01")
HEDGES = {"could", "might", "should", "may", "would"}  # modals that put forward, not set


def _words(sent: Any) -> list[Any]:
    return [t for t in sent if not (t.is_punct or t.is_space or (not t.is_alpha and not t.like_num and
                                                                  not t.text[:1].isalnum()))]


def marker(t: Any) -> bool:
    return t.lower_.strip(".!") in _MARKERS


def _assent_only(sent: Any) -> bool:
    """"fine.", "great!", "ok", "ok ok", "ah fine": a sentence that is only words of assent, discourse markers
    or interjections other than a refusal."""
    ws = _words(sent)
    return 1 <= len(ws) <= 3 and all(marker(w) or (w.pos_ == "INTJ" and w.lower_ not in _REFUSALS) for w in ws) and \
        any(marker(w) for w in ws)


_REFUSALS = {"no", "nope", "nah", "never"}


def opened(sent: Any) -> bool:
    """The sentence opens with a discourse marker ("ok, ...", "alright — ...") or follows a sentence of the
    message that is only one ("fine. Casa Lupo.")."""
    ws = _words(sent)
    if ws and marker(ws[0]) and len(ws) > 1:
        return True
    before = [s for s in sent.doc.sents if s.end <= sent.start]
    # ("fine. not selling. X", "ok, not selling. X": an option refused in passing between the assent and the choice)
    while before and _refused_only(before[-1]):
        if _words(before[-1])[0].i != after_markers(before[-1])[0].i:
            return True  # (the assent opens the refusal's own sentence)
        before = before[:-1]
    return bool(before) and _assent_only(before[-1])


TALKED_WORDS = 4  # the most words of a phrase taken as the choice because the talk said it


def talked_phrase(sent: Any, talked: Any) -> str | None:
    """"fine. X, and we look again in spring": after a word of assent, the phrase up to a clause that goes on
    from it, where `talked(value, whole=False)` says the talk just before said all of it (every content word in
    one line; `whole`: word for word). A short run of words that opens with no verb or pronoun (the tagger may
    read a noun of it as a verb: "holiday let") and holds none but its own nouns' words."""
    ws = after_markers(sent)
    if not ws or not opened(sent):
        return None
    comma = next((t for t in sent if t.i > ws[0].i and t.text in (",", ";", "—", "-")), None)
    if comma is not None and any(t.pos_ in ("VERB", "AUX", "PRON") for t in ws if t.i > comma.i):
        ws = [t for t in ws if t.i < comma.i]
    # (a gerund before a noun names a kind of it: "camping van", however tagged; a capitalised word no dictionary
    # has as an adverb is a name, whatever the tagger made of it)
    gerund = bool(ws) and ws[0].tag_ == "VBG" and len(ws) > 1 and ws[1].pos_ in ("NOUN", "PROPN")

    def name(t: Any) -> bool:
        return t.text[:1].isupper() and t.is_alpha and not lex._synsets(t.lower_, "r")
    if not ws or len(ws) > TALKED_WORDS or (ws[0].pos_ not in ("NOUN", "PROPN", "ADJ", "NUM", "DET") and not gerund and
                                            not name(ws[0])) or \
            any(t.pos_ in ("AUX", "PRON", "ADP", "CCONJ", "SCONJ", "PART", "INTJ", "ADV") and not name(t) for t in ws) or \
            not _set_off(sent, ws[0]) or lex.is_person_noun(ws[-1].lower_, senses=1):
        return None  # (not "yes chef", "ok boss": a word of assent said to someone)
    value = sent.doc[ws[0].i:ws[-1].i + 1].text
    if ws[-1].pos_ in ("ADJ", "ADV", "DET") and not name(ws[-1]):
        return None  # (a phrase ends on what it names: not "fine. big", "ok. very")
    if ws[0].pos_ == "ADJ" and not name(ws[0]) and not talked(value, whole=True):
        return None  # ("yes. awful weather" after "the weather is awful": a judgement agreed with, no option)
    if timeexpr.date_span(value) or any(timeexpr.is_time_word(t.text) for t in ws):
        return None  # ("ok. thursday. fine." to a deadline asked of the speaker: a day agreed to, no choice)
    return value if talked(value) else None


def _set_off(sent: Any, first: Any) -> bool:
    """The phrase starting at `first` is set off from the words of assent before it: by punctuation, or by
    being a sentence of its own after one that is only assent ("fine. X")."""
    if first.i == sent.start or not first.doc[first.i - 1].is_punct:
        return first.i == sent.start or any(not marker(t) for t in sent.doc[sent.start:first.i] if t.is_alpha)
    return True


def _refused_only(sent: Any) -> bool:
    """"not selling.", "no hotel.": a short sentence that only turns something down (after any words of
    assent), with no subject."""
    ws = after_markers(sent)
    return 1 < len(ws) <= 3 and ws[0].lower_ in ("not", "no") and not any(t.dep_ in ("nsubj", "expl") for t in sent)


def after_markers(sent: Any) -> list[Any]:
    ws = _words(sent)
    while ws and marker(ws[0]):
        ws = ws[1:]
    return ws


def bare_option(sent: Any, options: list[str], same: Any) -> str | None:
    """"fine. Casa Lupo.", "ok, Brinebound.": after a word of assent, a bare phrase naming an option the
    group put forward is the group's choice."""
    ws = after_markers(sent)
    if not ws or len(ws) > 6 or not opened(sent):
        return None
    # (a colour the tagger read as an adjective is a thing named too: "fine. navy.")
    if any(t.pos_ in ("AUX", "PRON", "VERB") and not t.text[:1].isupper() for t in ws) or \
            not any(t.pos_ in ("NOUN", "PROPN", "NUM") or (t.pos_ in ("ADJ", "INTJ") and _mostly_noun(t)) for t in ws):
        return None
    start = ws[0].i - 1 if ws[0].i > sent.start and sent.doc[ws[0].i - 1].is_currency else ws[0].i  # "fine, €45"
    # ("ok. the Iron Kettle from spring": when it starts is no part of the option's name)
    cut = next((t for t in ws[1:] if t.pos_ == "ADP" and t.lower_ in ("from", "starting", "until", "till")), None)
    if cut is not None and any(t.pos_ in ("NOUN", "PROPN", "NUM") for t in ws if t.i < cut.i):
        ws = [t for t in ws if t.i < cut.i]
    value = sent.doc[start:ws[-1].i + 1].text
    # the fragment is the option, not a remark that names it ("ok, awkward news about Edinburgh")
    mine = {t.lower_ for t in ws if t.is_alpha or t.like_num} - {"the", "a", "an", "our"}

    def covers(o: str) -> bool:
        theirs = set(re.findall(r"\w+", o.lower()))  # ("€45 a head" holds the word "45")
        return bool(mine) and len(mine & theirs) / len(mine) >= 0.5
    hit = next((o for o in options if same(value, o) and covers(o)), None)
    if hit is None:
        return None
    # "yep 60": a bare number stands for the sum put forward ("$60 NZD a head")
    return re.sub(r"(?<=[^\w\s])\s+(?=\d)", "", hit) if all(t.like_num for t in ws) and len(hit.split()) <= 4 \
        else value  # ("€ 40" as the parser's tokens joined it: "€40")


def allotted(sent: Any) -> tuple[str, Any] | None:
    """"the grant goes to hose replacement", "budget goes back to the camera": money said to go to something
    (WordNet's "be awarded; be allotted" sense of go, which only a possession takes). Returns the matter
    (the money) and the token of what it goes to."""
    for v in sent:
        if v.lemma_ != "go" or v.pos_ != "VERB" or any(c.dep_ == "aux" and c.lower_ in HEDGES for c in v.children):
            continue
        subj = next((c for c in v.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"), None)
        if subj is None or not lex.noun_in_lexfile(subj.lemma_.lower(), ("noun.possession",)):
            continue
        heads = [v, *(c for c in v.children if c.dep_ == "advmod")]  # "goes back to X": "to" may hang on "back"
        to = next((p for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ == "to"
                   for p in c.children if p.dep_ == "pobj" and p.pos_ in ("NOUN", "PROPN")), None)
        if to is not None:
            return subj.lemma_.lower(), to
    return None


def moved_noun(sent: Any) -> tuple[str, Any] | None:
    """"drill moves to thursdays": lower-case chat makes the tagger read the verb as a plural noun with the
    matter as its compound. A plural noun whose verb reading is a verb of changing, with "to X" on it and a
    noun before it, is that verb."""
    for t in sent:
        if t.tag_ != "NNS" or not t.lower_.endswith("s") or t.i == sent.start:
            continue
        prev = sent.doc[t.i - 1]
        if prev.pos_ not in ("NOUN", "PROPN") or lex.is_person_noun(prev.lemma_.lower()):
            continue
        stem = t.lower_[:-2] if t.lower_.endswith("es") and lex._synsets(t.lower_[:-2], "v") else t.lower_[:-1]
        if not lex.verb_in_senses(stem, group_acts.CHANGE_SENSES, first=2, exact=True):
            continue
        to = next((p for c in t.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                   if p.dep_ == "pobj"), None)
        if to is not None:
            return prev.lemma_.lower(), to
    return None


def goal(sent: Any) -> Any | None:
    """"June Next Fest is the goal", "the lake it is... the cabin is the plan": a thing said to be the plan or
    goal (with "the", not "a goal"), or the new one of a matter ("ok, €150 is the new budget, we'll manage",
    "Thursday is the new quiz night"), is what the group settled on. Returns its token."""
    parts = goal_parts(sent)
    return parts[0] if parts is not None else None


def renewed_matter(parts: tuple[Any, Any, bool]) -> str | None:
    """The matter a "<value> is the new <matter>" names ("the new quiz night": the quiz night), from `goal_parts`."""
    _, attr, renewed = parts
    if not renewed:
        return None
    return " ".join([c.lower_ for c in attr.lefts if c.dep_ == "compound"] + [attr.lemma_.lower()])


def goal_parts(sent: Any) -> tuple[Any, Any, bool] | None:
    """(the value, the noun it is said to be, whether that noun is "the new" one), for `goal`."""
    if sent.text.rstrip().endswith("?"):
        return None
    for be in (t for t in sent if t.lemma_ == "be" and (t.dep_ in ("ROOT", "ccomp") or t.i == sent.root.i)):
        if any(c.dep_ == "neg" or c.lower_ in HEDGES for c in be.children):
            continue
        # (the tagger may take a weekday before "is" for a time adverb: "Thursday is the new quiz night")
        # (or a currency sign the parser heads the sum with: "£40 is the new kitty")
        subj = next((c for c in be.children if (c.dep_ == "nsubj" and (c.pos_ in ("NOUN", "PROPN", "NUM") or (
            c.pos_ == "SYM" and any(x.dep_ == "nummod" for x in c.children)))) or (
            c.dep_ == "npadvmod" and c.i < be.i and c.pos_ == "PROPN")), None)
        attr = next((c for c in be.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        if subj is None or attr is None or not any(c.dep_ == "det" and c.lower_ == "the" for c in attr.children):
            continue
        # ("my neighbour is the new manager", "this cafe is the new favourite": news or a view, not a settling;
        # a sum or a day said to be the new one of a matter, or a settling opened by a marker, is one)
        renewed = any(c.dep_ == "amod" and c.lower_ == "new" for c in attr.children) and \
            not lex.is_person_noun(attr.lemma_.lower(), 2) and (
                subj.pos_ in ("NUM", "SYM") or timeexpr.calendar_name(subj.text) or opened(sent))
        if renewed or (be.i == sent.root.i and subj.dep_ == "nsubj" and subj.pos_ != "NUM" and
                       lex.noun_in_senses(attr.lemma_.lower(), GOAL_SENSES, first=2, exact=True)):
            return subj, attr, renewed
    return None


def lets_after_marker(sent: Any) -> Any | None:
    """"alright, let's do the port": "let's" with a thing to do, opening with a marker of conclusion, closes
    the talk (without one it puts the thing forward). Verbs of talking and thinking ("let's discuss X") do not
    settle anything. Returns the thing's token."""
    if not opened(sent):
        return None
    for v in sent:
        if v.pos_ != "VERB" or v.head.lemma_ != "let" and not any(c.lower_ in ("let", "let's") for c in v.children):
            continue
        ss = lex._synsets(v.lemma_.lower(), "v")
        if ss and ss[0].lexname() in ("verb.communication", "verb.cognition", "verb.perception"):
            continue
        obj = next((c for c in v.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")), None)
        if obj is not None:
            return obj
    return None


def decision_overturned(sent: Any, decision_nouns: tuple[str, ...]) -> bool:
    """"reversing the self-publish decision", "we're overturning the vote": a verb of changing or revoking with
    the decision itself as object (what replaces it comes in the next sentence)."""
    for v in sent:
        if v.pos_ != "VERB" or not lex.verb_in_senses(v.lemma_.lower(), ("change.v.01", "revoke.v.02",
                                                                         "overrule.v.01"), first=3):
            continue
        if any(c.dep_ == "dobj" and c.pos_ == "NOUN" and lex.noun_in_senses(c.lemma_.lower(), decision_nouns,
                                                                            first=2, exact=True)
               for c in v.children):
            return True
    return False


# ("X for now": settled until the group says otherwise)
_THEN = re.compile(r"^\W*(?:(?:ok(?:ay)?|right|so|fine|great|cool|alright)\W+)*(?P<v>(?:[^,.;:!?]|(?<=\d)[:.](?=\d)){1,40}?)"
                   r"(?P<comma>\s*,)?\s+(?:then|for\s+now)\b\s*(?:[,.;!]|$)", re.I)


_OUTCOME_LEXFILES = ("noun.attribute", "noun.quantity", "noun.state")


def then_value(sent: Any) -> str | None:
    """"Amélie then.", "30th then, I've sent the invite", "£15 each then": a bare phrase concluded with
    "then" is the group's conclusion (a verb phrase is not: "going for bowling then" is read elsewhere)."""
    m = _THEN.match(sent.text)
    if not m:
        return None
    v = m.group("v").strip()
    start = m.start("v")
    if start > 0 and unicodedata.category(sent.text[start - 1]) == "Sc":
        v = sent.text[start - 1] + v  # "€45 then": the currency sign the pattern's leading \W took
    toks = [t for t in sent if t.idx - sent.start_char < m.end("v")]
    if all(t.pos_ == "INTJ" or t.is_punct for t in toks):
        return None  # "well then.": a marker, not a value
    # a verb or pronoun makes it a clause ("settled then, ..."), except a name the tagger took for a verb
    # (a day, or a noun no dictionary knows as a verb, is a thing the tagger misread: "teal for now", "mondays
    # 18:30 then"; a word no dictionary knows at all is chat, "cya then")
    # (a title in capitals is a name, whatever its words' grammar: "Keep the Lights On then.")
    if not v or not _title(toks) and any((t.pos_ in ("AUX", "PRON") and t.lower_ != "each") or
                    (t.pos_ == "VERB" and not timeexpr.day_phrase(t.text) and (
                        t.text[:1].islower() and not lex.known_noun(t.lower_) or
                        lex._synsets(t.lower_, "v") or lex._synsets(t.lemma_.lower(), "v"))) for t in toks):
        return None
    if re.search(r"(?i)\bfor\s+now\b", sent.text[m.end("v"):m.end()]) and \
            not any(t.pos_ in ("NOUN", "PROPN", "NUM") or timeexpr.day_phrase(t.text) or
                    (t.pos_ in ("ADJ", "INTJ", "VERB") and _mostly_noun(t)) for t in toks):
        return None  # "good for now", "quiet for now": how things are, no value settled
    heads = [t for t in toks if t.pos_ in ("NOUN", "PROPN", "NUM") and t.dep_ != "compound"]
    if m.group("comma") and not heads:
        return None  # "€45 from the spring, then" names a thing; "bye for now, then" does not
    if heads and not any(t.like_num or t.text[:1].isupper() and t.pos_ == "PROPN" for t in toks) and all(
            lex.noun_in_lexfile(t.lemma_.lower(), _OUTCOME_LEXFILES) for t in heads):
        return None  # "Clear majority then", "consensus then": how it was settled, not what
    return v


def _title(toks: list[Any]) -> bool:
    """Words set as a title: three or more, each capitalised but the small words between ("Paper Moon Club",
    "Back to the Garden"), no pronoun among them, not in a line typed all in capitals."""
    words = [t for t in toks if t.is_alpha and t.lower_ != "then"]
    big = [t for t in words if t.text[:1].isupper() and not t.text.isupper()]
    # (three words at least, none a pronoun: "Going Home Then.", "See You Saturday Then." sign off)
    return len(big) >= 3 and all(t.text[:1].isupper() or t.is_stop for t in words) and \
        words[-1].text[:1].isupper() and not any(t.pos_ == "PRON" for t in words)


# verbs of completing or arranging: "done", "sorted" close a talk the way "decided" does
CLOSE_SENSES = ("complete.v.01", "finish.v.01", "sort_out.v.01", "settle.v.04", "arrange.v.01")
# verbs of fixing a thing for good ("locked: X", "set: X", "sealed: X")
FIX_SENSES = ("specify.v.02", "determine.v.03", "lock.v.06", "seal.v.03", "finalize.v.01", "fix.v.06")


def closed(sent: Any) -> bool:
    """"great, done." / "sorted.": a sentence that only says a thing is settled (a verb of completing or
    arranging, no subject, no object)."""
    root = sent.root
    if root.pos_ not in ("VERB", "ADJ") or root.tag_ not in ("VBN", "VBD", "JJ"):
        return False
    if any(c.dep_ not in ("intj", "punct", "advmod", "amod", "cc") for c in root.children):
        return False
    return lex.verb_in_senses(root.lemma_.lower(), CLOSE_SENSES, first=8)


def _closing(t: Any, completing: bool = True, progressive: bool = False) -> bool:
    """A participle of deciding or fixing ("agreed", "locked"; with `progressive` also "locking"), or of completing
    ("done", "sorted") unless `completing` is off: a task is done as often as a plan is."""
    if t.tag_ not in ("VBN", "VBD", "JJ") and not (progressive and t.tag_ == "VBG"):
        return False
    lemma = lex.wordnet().morphy(t.lower_, "v") or t.lemma_.lower()
    return (completing and lex.verb_in_senses(lemma, CLOSE_SENSES, first=8)) or \
        lex.verb_in_senses(lemma, group_acts.DECIDE_SENSES, first=3, exact=True) or \
        lex.verb_in_senses(lemma, FIX_SENSES, first=6, exact=True)


def _put_forward(value: str | None, options: list[str] | None, same: Any) -> str | None:
    """The value, when it names an option the group put forward (a plain "X, done." may close a task)."""
    return value if value and options and same is not None and any(same(value, o) for o in options) else None


def _unknown_word(t: Any) -> bool:
    """A word no dictionary knows: a name, whatever the tagger made of it."""
    return not t.is_stop and lex.unknown_word(t.text)


def _lead_phrase(toks: list[Any]) -> str | None:
    """The noun phrase a sentence opens with, up to its first comma or stop ("the mill at Ashby, 3 May"), when
    it is a phrase and not a clause. A word no dictionary knows counts as a name, whatever the tagger made of
    it (a café's name in lower case is often read as an adjective)."""
    out: list[Any] = []
    for t in toks:
        if t.text in (",", ".", ";", "!", "?", ":", "—", "–"):
            break
        out.append(t)
    while out and (marker(out[0]) or out[0].pos_ in ("INTJ", "DET", "CCONJ")):
        out = out[1:]

    def name(t: Any) -> bool:
        return t.pos_ in ("NOUN", "PROPN") or _unknown_word(t)
    if not out or len(out) > 8 or not (out[0].pos_ in ("NOUN", "PROPN", "ADJ", "NUM") or name(out[0])) or \
            not any(name(t) for t in out) or \
            any(t.tag_ in ("VBZ", "VBP", "MD") or t.pos_ in ("AUX", "PRON") for t in out):
        return None
    text = out[0].doc[out[0].i:out[-1].i + 1].text
    # "X for the appeal": the option, its matter said after it in lower case
    return m.group(1) if (m := _FOR_MATTER.match(text)) else text


_FOR_MATTER = re.compile(r"^([A-Z][^\n]*?)\s+for\s+(?:the|our)\s+[a-z][a-z -]*$")


def verdict_after(sent: Any, options: list[str] | None = None, same: Any = None) -> str | None:
    """"the 14th, agreed", "minibus from the station, done.": a phrase, a comma, then a lone participle of
    deciding as the sentence's last word settles the phrase; one of completing only when the phrase is an
    option the group put forward ("the report, done." closes a task)."""
    # (a stop the splitter left inside the sentence parts the phrase from the word as a comma does: "the river
    # walk ❤️ done." reads "the river walk . done.")
    words = [t for t in sent if not (t.is_punct and t.text not in (",", "—", "–", ".")) and not t.is_space]
    while words and words[-1].text == ".":
        words.pop()
    words = [t for k, t in enumerate(words) if t.text != "." or k + 2 == len(words)]
    if len(words) < 3 or not _closing(words[-1]) or words[-2].text not in (",", "—", "–", "."):
        return None
    if any(c.dep_ in ("aux", "auxpass", "neg", "dobj") for c in words[-1].children):
        return None  # "..., we have agreed", "..., not agreed"
    value = _lead_phrase(words[:-2])
    return value if _closing(words[-1], completing=False) else _put_forward(value, options, same)


def fixed_label(sent: Any) -> bool:
    """"locked: the ridge walk, sun 3 may", "set: 9pm at the hall": a participle of fixing or deciding is the
    label before a colon (with at most a particle and discourse markers beside it), and what follows names a
    day, an hour or a name."""
    parts = _labelled(sent)
    if parts is None:
        return False
    label, after = parts
    # ("done: sent the invoices" closes a task; "done: X, 15-18 June, £200", a list with no verb, closes the plan)
    # ("locking it: X, 8-11 June": fixing it, as it is said)
    # (a list closed by "done:" is a plan only with its terms: a day, an hour or a sum, not "done: Ana, Bo, Cy")
    termed = bool(timeexpr.date_span(after.text) or timeexpr.CLOCK.search(after.text) or
                  any(t.tag_ == "$" or t.pos_ == "SYM" for t in after))
    listed = termed and not any(t.pos_ in ("VERB", "AUX") for t in after)
    # (a progressive of fixing or deciding over the plan's terms, "locking it: X, 8-11 June", not "locking up:",
    # "finishing: X, then Y")
    verbs = [t for t in label if _closing(t, completing=listed) or (
        t.tag_ == "VBG" and _closing(t, completing=False, progressive=True) and termed and
        not any(c.dep_ == "prt" for c in t.children))]
    if not verbs and _changed_to_list(label, after):
        return True
    # (what follows names a day, an hour or a name: "fixed: the leak under the sink" mends a thing)
    return 1 <= len(label) <= 3 and len(verbs) == 1 and all(
        t is verbs[0] or marker(t) or t.pos_ in ("ADP", "PART", "ADV") or t.lower_ in ("it", "this", "that")
        for t in label) and bool(
        timeexpr.date_span(after.text) or timeexpr.CLOCK.search(after.text) or
        any(t.pos_ == "PROPN" or _unknown_word(t) for t in after))


def _changed_to_list(label: Any, after: Any) -> bool:
    """"ok changing it: ochre sails, bronze cleats": a progressive of changing the matter spoken of ("it"), not
    negated, then a list with no verb of at least two words that names a thing by a name, a day, an hour or a
    colour ("changing it: typo", "changing it: wrong date, oops" correct a line)."""
    verbs = [t for t in label if t.tag_ == "VBG" and not any(c.dep_ == "neg" for c in t.children) and
             lex.verb_in_senses(t.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True) and
             any(c.dep_ == "dobj" and c.lower_ in ("it", "this", "that") for c in t.children)]
    words = [t for t in after if t.is_alpha or t.like_num]
    return len(verbs) == 1 and 2 <= len(label) <= 3 and \
        all(t is verbs[0] or marker(t) or t.lower_ in ("it", "this", "that") for t in label) and \
        len(words) >= 2 and not any(t.pos_ in ("VERB", "AUX") for t in after) and \
        any(t.pos_ in ("NOUN", "PROPN") for t in after) and bool(
            timeexpr.date_span(after.text) or timeexpr.CLOCK.search(after.text) or
            any(t.pos_ == "PROPN" or lex.is_colour(t.lower_) for t in after))


def summary(sent: Any) -> bool:
    """"so: the ridge walk, sunday 3 may, 9:30 start": a discourse marker of concluding is the only label
    before a colon, and what follows names the day or the hour it is set for (the plan summed up)."""
    parts = _labelled(sent)
    if parts is None or sent.text.rstrip().endswith("?"):
        return False
    label, after = parts
    # (a marker that concludes, "so" or "then", not one of assent: "yes: free saturday 9 may" answers)
    return 1 <= len(label) <= 3 and all(marker(t) for t in label) and \
        any(t.lower_ in ("so", "then") for t in label) and bool(
            timeexpr.date_span(after.text) or timeexpr.CLOCK.search(after.text))


def _labelled(sent: Any) -> tuple[list[Any], Any] | None:
    """The words of a label before the sentence's first colon, and the span after it; None without one."""
    colon = next((t for t in sent if t.text == ":"), None)
    if colon is None or colon.i + 1 >= sent.end:
        return None
    return [t for t in sent if t.i < colon.i and t.is_alpha], sent.doc[colon.i + 1:sent.end]


def tally(sent: Any) -> str | None:
    """"that's 5 to 1 for the lake", "4-3 to the cabin": a vote counted with the winning count first settles on
    what it is for (a span of hours or numbers, "from 5 to 7 for dinner", is no count)."""
    for t in sent:
        m = re.fullmatch(r"(\d{1,2})\s*[-–—]\s*(\d{1,2})", t.text)
        if m:
            a, b, nxt = int(m.group(1)), int(m.group(2)), t.i + 1
        elif t.text.isdigit() and t.i + 2 < sent.end and t.nbor(1).lower_ in ("to", "-", "–", "—") and \
                t.nbor(2).text.isdigit():  # ("4-3" is split into three tokens)
            a, b, nxt = int(t.text), int(t.nbor(2).text), t.i + 3
        else:
            continue
        if a <= b or (t.i > sent.start and t.nbor(-1).lower_ in ("from", "between", "at", "till", "until", "by")):
            continue
        if nxt < sent.end and t.doc[nxt].lower_ in ("for", "to") and nxt + 1 < sent.end:
            toks = []
            for x in t.doc[nxt + 1:sent.end]:
                if x.is_punct or x.pos_ in ("VERB", "AUX", "CCONJ", "SCONJ", "INTJ", "PRON", "ADP") or x.lower_ == "then":
                    break
                toks.append(x)
            while toks and toks[0].pos_ == "DET":
                toks = toks[1:]
            if toks and len(toks) <= 6 and any(x.pos_ in ("NOUN", "PROPN", "NUM", "ADJ") for x in toks):
                return t.doc[toks[0].i:toks[-1].i + 1].text
    return None


def it_is(sent: Any) -> Any | None:
    """"the Cretan villa it is", "Carcassonne it is then": a noun phrase, then "it is"."""
    # an emoji comes out of the normaliser as a space: a boundary like a comma ("grill night it is 🔥 adding ...")
    toks = [t for t in sent if (t.is_alpha or t.like_num or any(c.isdigit() for c in t.text) or t.is_space or
                                t.text in (",", ";", "—", "–")) and t.lower_ not in ("then", "so")]  # ("6:15")
    for i in range(1, len(toks) - 1):
        # "it is" closing the sentence or a clause of it ("the Julian Alps it is, decision made")
        if toks[i].lower_ == "it" and toks[i + 1].lemma_ == "be" and (
                i + 2 >= len(toks) or toks[i + 2].is_punct or toks[i + 2].is_space or _hedge_of_time(toks[i + 2:])):
            prev = toks[i - 1]
            while prev.dep_ in ("nummod", "compound", "pobj", "prep") and prev.head.i < toks[i].i and \
                    prev.head.i != prev.i:
                prev = prev.head  # "March 3 it is", "the cabin by the lake it is": the phrase's head
            # "Heat it is": a capitalised title the tagger read as an imperative verb is still the phrase
            # and a word WordNet knows as a noun ("trains it is"), or one word alone ("tapas it is"): no verb
            # stands before "it is"
            # (an adjective after its noun, as in a borrowed name, closes that noun's phrase: "the hotel central it is")
            if prev.pos_ == "ADJ" and prev.i > sent.start and prev.doc[prev.i - 1].pos_ in ("NOUN", "PROPN") and \
                    prev.doc[prev.i - 1].dep_ != "amod" and not _mostly_noun(prev):
                prev = prev.doc[prev.i - 1]
            if prev.pos_ in ("NOUN", "PROPN", "NUM") or (prev.pos_ == "VERB" and (
                    prev.text[:1].isupper() or lex._synsets(prev.lower_, "n") or prev.i == _first_word(sent))) or \
                    (prev.pos_ in ("INTJ", "ADJ", "X", "ADV") and _mostly_noun(prev)) or \
                    (prev.pos_ in ("ADJ", "X") and _unknown_word(prev) and not marker(prev)):
                return prev  # (a word no dictionary knows is a name, whatever the tagger made of it; not "yep")
    return None


def _mostly_noun(t: Any) -> bool:
    """A word the tagger read as an interjection or an adjective that WordNet knows more as a noun ("orange it
    is then", where "fine it is" and "great it is" stay words of assent)."""
    low = t.lower_
    # (a colour is a thing chosen as well: "navy it is")
    return not marker(t) and not t.is_stop and (len(lex._synsets(low, "n")) > len(lex._synsets(low, "a")) or
                                                lex.is_colour(low, first=1))


def wins(sent: Any) -> Any | None:
    for t in sent:
        # (a score is no object: "green wins 3 to 1")
        # (nor a word after a full stop the parser hung on the verb: "green wins. sorry al")
        if t.lemma_ == "win" and t.pos_ == "VERB" and not any(
                c.dep_ == "dobj" and c.pos_ != "NUM" and not any(x.text in (".", "!", "?") for x in t.doc[t.i:c.i])
                for c in t.children) and not _contest_rule(t):
            subj = next((c for c in t.children if c.dep_ == "nsubj"), None)
            if subj is not None and subj.pos_ in ("NOUN", "PROPN") and not lex.is_person_noun(subj.lemma_.lower()):
                return subj
            # "green wins 3 to 1": a colour or a name typed in lower case, which the tagger hangs on the verb as a
            # modifier
            lead = next((c for c in t.children if c.i == t.i - 1 and c.dep_ in ("amod", "compound", "npadvmod")), None)
            if subj is None and lead is not None and _option_word(lead):
                return lead
        # "green wins, ...": the tagger may read the verb as a plural noun and the option as its compound
        if t.lower_ == "wins" and t.pos_ == "NOUN" and t.i > sent.start and t.dep_ in ("ROOT", "dep") and \
                not any(x.text == ":" for x in sent) \
                and not any(c.dep_ in ("det", "poss", "nummod") for c in t.children):
            subj = t.doc[t.i - 1]
            if subj.dep_ in ("compound", "amod") and subj.head.i == t.i and _option_word(subj) and \
                    not any(c.dep_ in ("amod", "compound") and c.i != subj.i for c in t.children):
                return subj
    return None


def _contest_rule(win: Any) -> bool:
    """"first one over the line wins", "fastest time wins": who wins a contest by its rule, no option chosen
    (an ordinal or a superlative on the verb or its subject)."""
    subj = next((c for c in win.children if c.dep_ == "nsubj"), None)
    start = subj.left_edge.i if subj is not None else win.i
    heads = {win.i, *([subj.i] if subj is not None else [])}
    # (a modifier of the subject, of the verb or of "one": not of a phrase put in between, "the barn, easily the
    # best option, wins")
    return any((t.lower_ in _ordinal_words or t.tag_ in ("JJS", "RBS")) and t.dep_ in ("advmod", "amod", "npadvmod")
               and (t.head.i in heads or t.head.lower_ == "one") for t in win.doc[start:win.i])


def _option_word(t: Any) -> bool:
    """A word the tagger hung on "wins" that can name the option winning: a noun or a name, or a word it read as
    an adjective that WordNet knows more as a noun or as a colour; never a word for a person."""
    return (t.pos_ in ("NOUN", "PROPN") or _mostly_noun(t)) and not lex.is_person_noun(t.lemma_.lower())


_THING_ENTS = ("ORG", "FAC", "GPE", "LOC", "PRODUCT", "EVENT", "WORK_OF_ART", "DATE", "TIME", "MONEY", "QUANTITY")


def bare_participle(sent: Any) -> str | None:
    """"€45 a head agreed", "Sunday 9 August confirmed", "agreed, Sunday 9 August": a bare participle of deciding
    next to a thing settles that thing (the passive with its auxiliary dropped). A person before it agrees
    ("Ana agreed"), so only a sum, a date, an ordinary noun or a name the tagger knows as no person counts."""
    for v in sent:
        if v.dep_ != "ROOT" or v.tag_ not in ("VBD", "VBN") or any(c.dep_ in ("aux", "auxpass", "neg") for c in
                                                                     v.children) or \
                not lex.verb_in_senses(v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True):
            continue
        if any(c.dep_ == "prep" and c.lower_ == "with" for c in v.children) and not any(
                c.i < v.i and timeexpr.day_phrase(c.text) for c in v.children):
            continue  # "the total agreed with the receipts": to match, not to settle ("friday confirmed with the
            # school" settles the day)
        before = [c for c in v.children if c.i < v.i and c.dep_ in ("nsubj", "npadvmod", "nmod", "dobj")]
        after = [c for c in v.children if c.i > v.i and c.dep_ in ("npadvmod", "dobj", "appos", "attr")]
        if before:
            head = before[0]
            if all(not _thing(t) for t in head.subtree if t.i < v.i and not t.is_punct):
                continue
            toks = [t for t in sent if head.left_edge.i <= t.i < v.i]
        elif after and v.i == _first_word(sent) and any(t.text == "," for t in sent if v.i < t.i < after[0].i):
            toks = [t for t in sent if after[0].left_edge.i <= t.i <= after[-1].right_edge.i]
            # "agreed, harvest supper fixed for 9 May": the matter, then what it is fixed for
            fixed = next((p for a in after[0].children if a.dep_ == "acl" and a.tag_ == "VBN" and
                          (lex.verb_in_senses(a.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True) or
                           lex.verb_in_senses(a.lemma_.lower(), group_acts.FIX_SENSES, first=3, exact=True))
                          for c in a.children if c.dep_ == "prep" and c.lower_ in ("for", "on", "as")
                          for p in c.children if p.dep_ == "pobj"), None)
            if fixed is not None:
                toks = [t for t in sent if fixed.left_edge.i <= t.i <= fixed.right_edge.i]
        else:
            continue
        while toks and (toks[0].is_punct or marker(toks[0]) or toks[0].pos_ in ("INTJ", "DET", "CCONJ")):
            toks = toks[1:]
        while toks and toks[-1].is_punct:
            toks = toks[:-1]
        if toks and len(toks) <= 8:
            return sent.doc[toks[0].i:toks[-1].i + 1].text
    return None


def announced(final: Any, nxt: Any, options: list[str] | None = None, same: Any = None) -> str | None:
    """"BOOKED. the mill at Ashby, 3 May.": a sentence that is only a word of deciding announces what the next
    one names first (its leading noun phrase, up to a comma), when that one is a phrase, not a clause."""
    # (the part after a full stop the sentence splitter missed: "Not at all, Mama. Decided then?")
    stops = [t.i for t in final[:-1] if t.text in (".", "!")]
    tail = final.doc[stops[-1] + 1:final.end] if stops else final
    # ("Booked!" is tagged an interjection; "done" is a marker and a word of completing both)
    # (a word of completing alone, "done", settles only an option put forward: "the report. done." closes a task)
    words = [t for t in tail if not t.is_punct and (not marker(t) or _closing(t))]
    if len(words) != 1:
        return None
    if lex.verb_in_senses(words[0].lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True) or \
            _closing(words[0], completing=False):
        return _lead_phrase(list(nxt))
    return _put_forward(_lead_phrase(list(nxt)), options, same) if _closing(words[0]) else None


def fragment(sent: Any) -> str | None:
    """A sentence that is only a noun phrase ("street fair, sun 9 august."): its leading phrase, up to a comma;
    None for a clause, a question or a word of assent."""
    # (a day's short name the tagger reads as a verb, "sun 9 august", is no verb)
    if sent.text.rstrip().endswith("?") or any(t.pos_ in ("VERB", "AUX") and t.tag_ != "VBN" and
                                               not _day_short(t) for t in sent):
        return None
    toks: list[Any] = []
    for t in sent:
        if t.text in (",", ".", ";", "!", ":"):
            break
        toks.append(t)
    while toks and (marker(toks[0]) or toks[0].pos_ in ("INTJ", "DET", "CCONJ")):
        toks = toks[1:]
    if not toks or len(toks) > 8 or not any(t.pos_ in ("NOUN", "PROPN") for t in toks) or \
            any(t.pos_ == "PRON" for t in toks):
        return None
    return sent.doc[toks[0].i:toks[-1].i + 1].text


def _day_short(t: Any) -> bool:
    """"sun 9 august", "wed the 4th": a weekday's short name before a day's number."""
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    return nxt is not None and (nxt.like_num or nxt.lower_ == "the") and len(t.text) <= 5 and \
        timeexpr.weekday_name(t.lower_)


def _first_word(sent: Any) -> int:
    ws = [t for t in sent if not t.is_punct and not marker(t) and t.pos_ != "INTJ"]
    return ws[0].i if ws else -1


def _thing(t: Any) -> bool:
    # (a day or an hour however tagged: "friday 18:30 confirmed")
    if t.like_num or t.pos_ in ("SYM", "NUM") or t.ent_type_ in _THING_ENTS or timeexpr.day_phrase(t.text) or \
            timeexpr.CLOCK.fullmatch(t.text):
        return True
    if t.pos_ == "NOUN":
        return not lex.is_person_noun(t.lemma_.lower())
    return False


_CONCLUDING_OPENERS = ("then", "so", "therefore")
# a matter is, stays, returns or moves, or (an event) begins or takes place somewhere ("the tour opens in X")
_BEING = ("be.v.01", "stay.v.01", "remain.v.01", "return.v.01", "move.v.02", "change.v.01", "switch.v.01",
          "revise.v.01", "shift.v.01", "begin.v.02", "begin.v.06", "open.v.04", "happen.v.01")


def concluded_clause(sent: Any, now: bool = True) -> tuple[str | None, Any] | None:
    """"Then rehearsals are at the church hall", "Very well. The fee stays at €12", "So we hire the
    telescope": a clause that draws the conclusion of a talk (opened by "then"/"so" or after a word of
    assent; with `now`, also one said to hold from now on) and says, in the present or future, what a matter
    is or what the group does. Returns the matter (the subject's lemma; None when the subject is the group)
    and the token of the value (the complement, the object, or the object of the first preposition of place,
    time or direction). A past ("then we went home"), a hedge ("then we could ...") or a question is no
    conclusion."""
    ws = _words(sent)
    if not ws or sent.text.rstrip().endswith("?"):
        return None
    first = ws[0]
    before = [s for s in sent.doc.sents if s.end <= sent.start]
    opened = first.lower_ in _CONCLUDING_OPENERS or (marker(first) and len(ws) > 2) or \
        bool(before and _assenting(before[-1]))
    root = sent.root  # "The fee stays at €12; the rise is dropped": each clause of the sentence
    if lex.verb_in_senses(root.lemma_.lower(), group_acts.PROPOSE_SENSES, first=3):
        return None  # "I suggest we meet at X": what is proposed, not yet concluded
    for verb in [root, *(c for c in root.children if c.dep_ in ("ccomp", "conj") and c.pos_ in ("VERB", "AUX"))]:
        # "the tombola is now for the lifeboats", "from June, rehearsals go back to the chapel": a matter said to hold
        # from now on concludes as an opener does (not the group's own state: "from May we're in Leeds")
        if not opened and not (now and _from_now(verb)):
            continue
        if (hit := concluded_verb(verb)) is not None and (opened or hit[0] is not None or not (
                verb.lemma_ == "be" or lex.verb_is(verb.lemma_.lower(), "reside"))):
            return hit
    return None


_OWN_CLAUSE_STOP = ("relcl", "advcl", "ccomp", "acl", "xcomp", "conj")


def from_now_on(verb: Any) -> bool:
    """"from now on" written as three words in the clause `verb` heads, wherever the parser hung them ("X is
    treasurer from now on", "from now on, rehearsals are at the chapel"); not in a clause under it ("because the
    park is shut from now on") and not "a week from now"."""
    for t in verb.sent:
        if t.lower_ != "from" or t.i + 2 >= len(t.doc) or [x.lower_ for x in t.doc[t.i + 1:t.i + 3]] != ["now", "on"]:
            continue
        h = t
        while h.i != verb.i and h.dep_ not in _OWN_CLAUSE_STOP and h.head.i != h.i:
            h = h.head
        if h.i == verb.i:
            return True
    return False


def _role_given(verb: Any, subj: Any) -> str | None:
    """"Ysella is treasurer from now on": a person given a post the group has one of (a bare role noun, no article:
    not "she is a nurse now", a person's own job) in a clause that concludes; the post is the matter, the person
    its value."""
    if verb.lemma_ not in ("be", "become") or subj.pos_ not in ("PROPN", "NOUN") or (
            subj.pos_ == "NOUN" and not _unknown_word(subj)) or not from_now_on(verb):
        return None  # ("Dev is nurse now": news of a job, not a post given)
    attr = next((c for c in verb.children if c.dep_ == "attr" and c.pos_ == "NOUN" and c.tag_ == "NN"), None)
    # (no article, or the group's own: "our treasurer"; not "my boss", "a nurse")
    if attr is None or any(c.dep_ in ("det", "nummod") or (c.dep_ == "poss" and c.lower_ != "our")
                           for c in attr.children) or not lex.is_person_noun(attr.lemma_.lower(), 1):
        return None
    return attr.lemma_.lower()


def _from_now(verb: Any) -> bool:
    """The clause says its state holds from now or from a time on: "now" on the verb ("is now", "now opens";
    not "right now", a moment), "from now on" anywhere in the verb's own clause, or "from" a time before the verb
    ("from June, X goes back to ..."; not the source of a move, "move it from Tuesday to Friday")."""
    if from_now_on(verb):
        return True
    for c in verb.children:
        if c.lower_ == "now" and c.dep_ == "advmod" and not any(x.dep_ == "advmod" for x in c.children):
            return True
        if c.dep_ == "prep" and c.lower_ in ("from", "starting") and c.i < verb.i:  # ("move it from May to June")
            obj = next((p for p in c.children if p.dep_ in ("pobj", "advmod")), None)
            if obj is not None and (obj.ent_type_ in ("DATE", "TIME") or lex.noun_is(obj.lemma_.lower(), "time", senses=2)):
                return True
    return False


def _assenting(sent: Any) -> bool:
    """"Fine.", "Very well.", "I agree.", "Agreed.": a sentence that only assents."""
    ws = _words(sent)
    if _assent_only(sent) or (ws and len(ws) <= 2 and all(marker(w) or w.lower_ == "very" for w in ws)):
        return True
    root = sent.root
    return len(ws) <= 3 and lex.verb_in_senses(root.lemma_.lower(), ("agree.v.01",), first=2, exact=True) and \
        not any(c.dep_ in ("dobj", "ccomp", "xcomp", "prep") for c in root.children)


def _owned(t: Any) -> bool:
    """"in my hand", "at her place": a person's own thing is no value the group settles."""
    return any(c.dep_ == "poss" and c.lower_ in ("my", "your", "his", "her", "their") for c in t.children)


_JUDGED = ("noun.state", "noun.feeling", "noun.attribute", "noun.cognition")  # "a nightmare", "a joy", "a mess"


def concluded_verb(verb: Any) -> tuple[str | None, Any] | None:
    """The matter and value a present or future clause headed by `verb` states (see `concluded_clause`)."""
    if verb.pos_ not in ("VERB", "AUX") or verb.tag_ in ("VBD", "VBG") and not any(
            c.dep_ in ("aux", "auxpass") for c in verb.children):
        return None
    if any(c.dep_ in ("aux", "auxpass") and (c.lower_ in HEDGES or c.tag_ == "VBD") for c in verb.children) or \
            any(c.dep_ == "neg" for c in verb.children):
        return None
    # (the subject nearest the verb: "decision made: the quiz trophy is now X" has the trophy as its subject)
    subj = max((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), key=lambda c: (c.i < verb.i, c.i),
               default=None)
    if subj is None:
        return None
    if (role := _role_given(verb, subj)) is not None:
        return role, subj
    group = subj.lower_ in ("we", "us") or (subj.pos_ == "NOUN" and lex.noun_is(subj.lemma_.lower(), "group_noun", 1))
    # "Harvest Day is now ...": a name whose last word is a common noun of a thing, with words before it, names an
    # occasion or a place (not a person: "Nonna", "Aunt Mae")
    # (every word of it a dictionary noun and none a person's: not "Ana Rose", "Uncle Ben")
    parts = [c for c in subj.lefts if c.dep_ == "compound"]
    titled = subj.pos_ == "PROPN" and bool(parts) and all(
        lex.known_noun(w.lower_) and not lex.is_person_noun(w.lower_, 1) for w in [*parts, subj])
    # a matter is a thing the dictionary knows ("dues", "the meetings"), not a person or a word it does not
    # know, which in chat is most often a name ("so Nonna stays at ..."); or someone's ordinal, a birthday
    # ("Papa's 75th is ...")
    owned_ordinal = subj.like_num and subj.lower_[-2:] in ("st", "nd", "rd", "th") and any(
        c.dep_ == "poss" for c in subj.children)
    # (a lower-case word the dictionary lacks, after "the", is a thing, not a name: "the awayday is now ..."; after
    # "our" it may be a person: "our kit is at the Heron too")
    determined = subj.text.islower() and any(c.dep_ == "det" and c.lower_ == "the" for c in subj.children)
    # ("the quiz night is ...": the quiz night, not any night)
    name = " ".join([w.lower_ for w in parts] + [subj.lower_]) if titled else noun_name(subj)
    if not group and not owned_ordinal and not titled and (subj.pos_ != "NOUN" or lex.is_person_noun(subj.lemma_.lower(), 1) or
                                            not (lex.known_noun(subj.lemma_.lower()) or determined)):
        return None
    if not group and not lex.verb_in_senses(verb.lemma_.lower(), _BEING, first=4):
        return None  # "then the bus leaves at 6": a matter only is, stays, returns or moves
    if group:
        obj = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN", "NUM")), None)
        to = next((p for c in verb.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                   if p.dep_ == "pobj" and p.pos_ in ("NOUN", "PROPN", "NUM")), None)
        if obj is not None and to is not None and lex.verb_in_senses(verb.lemma_.lower(), group_acts.CHANGE_SENSES,
                                                                     first=2):
            return obj.lemma_.lower(), to  # "we switch the opener to X": the matter, then its new value
        if obj is not None:
            return None, obj
    else:
        attr = next((c for c in verb.children if c.dep_ in ("attr", "acomp") and c.pos_ in ("NOUN", "PROPN", "NUM")),
                    None)
        if attr is not None and owned_ordinal and lex.noun_in_lexfile(attr.lemma_.lower(), _JUDGED):
            return None  # "Grandad's 90th is a nightmare to plan": a judgement of the occasion, not what it is
        if attr is not None and attr.pos_ == "NOUN" and titled:
            return None  # "the Spring Show is the goal": what a named occasion is for, not its new value
        if attr is not None:
            return name, attr
    topic = None if subj.pos_ == "PRON" else name
    # ("the walk is for the hospice": what a matter is for, said with "be")
    # in the order said ("now starts in Ghent on 9 August": the place, then its date), a source ("from") last; a
    # verb of changing or moving names its new value after "to" wherever it stands ("moves on Friday to X")
    preps = ("to", "at", "on", "in", "with", *(("for",) if verb.lemma_ == "be" else ()))
    moving = lex.verb_in_senses(verb.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True)
    for c in sorted((c for c in verb.children if c.dep_ == "prep" and c.lower_ in (*preps, "from")),
                    key=lambda c: (c.lower_ == "from", not (moving and c.lower_ == "to"), c.i)):
        obj = next((p for p in c.children if p.dep_ == "pobj" and p.pos_ in ("NOUN", "PROPN", "NUM")), None)
        if obj is not None and not _owned(obj):
            return topic, obj
    return None


def _hedge_of_time(rest: list[Any]) -> bool:
    """"X it is for now", "X it is again": what follows "it is" only says for how long, up to the clause's end."""
    words: list[str] = []
    for t in rest:
        if t.is_punct or t.is_space:
            break
        words.append(t.lower_)
    return bool(words) and " ".join(words) in ("for now", "now", "again", "for the moment", "for the time being")


_CHECK = ("CHECK MARK", "BALLOT BOX WITH CHECK")


def ticked(text: str) -> bool:
    """A check mark in the message ("✅", "✔", "☑"): Unicode names the sign a chat uses to mark a thing done."""
    return any(ord(ch) > 0x2000 and any(n in unicodedata.name(ch, "") for n in _CHECK) for ch in text)
