"""A member's work when no statement of it was read: the latest of their own lines (or a line naming them) that
talks of work, quoted. "opening a sourdough place with my cousin, lease signed" or "offer came through this
morning. backend dev" say what someone does in words no reading of posts caught; quoting the line answers with
them. Only lines that name an occupation, a word for a job or a verb of working count."""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language.group import CHANGE_SENSES
from polymem.language.models import parsed
from polymem.retrieval.extract_base import Extract, quoted, when

# words for a post or for the business one runs ("job", "role", "business", "contract")
# (a word for a post, exactly: a kind of task, "lesson", is none; any kind of business is one: "a bakery")
_POST_NOUNS = ("job.n.01", "position.n.06", "occupation.n.01", "career.n.01", "employment.n.01")
_BUSINESS_NOUNS = ("business.n.01", "commercial_enterprise.n.02")
_WANT = ("desire.v.01", "want.v.02", "need.v.01", "search.v.01", "look_for.v.01", "seek.v.01")


def talks_of_work(text: str, own: bool = True) -> bool:
    """The line names an occupation ("illustrator", "data engineer"), a word for a post or a business that is
    the speaker's, or says where they work ("I work at ..."); a question does not tell."""
    doc = parsed(text)
    if text.rstrip().endswith("?"):
        return False
    for t in doc:
        lemma = t.lemma_.lower()
        if t.sent.text.rstrip().endswith("?"):
            continue  # a question names no work of the speaker's ("Lessons in Chemistry?")
        # (a post counted is a chore: "two jobs: the dinner and the present")
        # (a trade as a modifier describes a thing: "the most designer sentence")
        if t.pos_ == "NOUN" and t.dep_ != "compound" and (lex.is_occupation(lemma) or lex.clipped_occupation(t.lower_) or (
                lex.noun_in_senses(lemma, _POST_NOUNS, first=2, exact=True) and
                not any(c.dep_ == "nummod" for c in t.children)) or (
                lex.noun_in_senses(lemma, _BUSINESS_NOUNS, first=1) and not lex.noun_in_lexfile(lemma, ("noun.act",))
                and any(c.dep_ in ("det", "poss") for c in t.children))) and _own(t, own):
            return True
        # (the verb "work" itself, placed: "I work at X", "we work for Y"; a verb whose doer may be a trade is too
        # common for this: "I tell you", "we'll run a stall")
        if t.pos_ == "VERB" and lemma == "work" and t.tag_ != "VBD" and any(
                c.dep_ == "prep" and c.lower_ in ("at", "for", "as", "in", "with") for c in t.children) and any(
                c.dep_ == "nsubj" and ((c.lower_ in ("i", "we")) if own else c.pos_ == "PROPN") for c in t.children) and \
                not any(c.dep_ == "prt" for c in t.children):
            return True  # ("I teach at ...", not "the shower works" nor "I work out")
    return False


def work_line(self: Any, pid: str, before: bool = False, skip: tuple[str, ...] = ()) -> Extract | None:
    """The latest retrieved line about work by pid, or naming pid, or replying to a line that names pid; with
    `before`, the earliest of two or more such lines (what they did before), none of the messages in `skip`
    (those the post held now was read from)."""
    def about(m: dict[str, Any]) -> bool:
        if m.get("speaker") == pid:
            return True
        if any(p.pid == pid for p in self.roster.find(m["text"] or "")):
            return True
        return any(any(p.pid == pid for p in self.roster.find((self.msgs.get(i) or {}).get("text") or ""))
                   for i in m.get("reply_to") or [])

    q = parsed(self.plan.question)
    if any(t.pos_ == "NOUN" and lex.is_person_noun(t.lemma_.lower()) and any(c.dep_ == "poss" for c in t.children)
           for t in q):
        return None  # "what does Dmitri's wife do?": someone of theirs, not the member
    if not before and any(t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), CHANGE_SENSES, first=2, exact=True)
                          for t in q):
        return None  # "where does she work now that she changed jobs?": the line must follow a change unseen
    lines = [m for m in self.msgs.values() if about(m) and m["id"] not in skip and
             talks_of_work(m["text"] or "", own=m.get("speaker") == pid)]
    if not lines or (before and len(lines) + len(skip) < 2):
        return None
    m = min(lines, key=when) if before else max(lines, key=when)
    return Extract(quoted(m), participant=pid, cited=[m["id"]], confidence=0.6)


def _own(t: Any, speaker: bool = True) -> bool:
    """The post is the speaker's or a named member's: no "the" or someone else's on it ("the plumber came"), and
    its sentence has no subject, or "I"/"we", or a name ("my sister is a nurse" is the sister's); not praise ("good
    job everyone!"), a post wanted ("I need a new job") or an idiom of business ("none of my business")."""
    doc = t.doc
    before = [x for x in doc[t.sent.start:t.i] if not x.is_punct]
    if before and before[-1].pos_ == "ADJ" and (len(before) == 1 or before[-2].pos_ not in ("DET", "PRON")) and \
            not any(x.pos_ in ("VERB", "AUX") for x in t.sent) and lex.noun_in_senses(t.lemma_.lower(), ("job.n.01",),
                                                                                      first=2):
        return False  # "good job everyone!", "great job on the cake": praise, with no verb
    up = t
    for _ in range(3):  # "I need a new job": a post wanted, however the parser hung it
        up = up.head
        if up.pos_ == "VERB" and lex.verb_in_senses(up.lemma_.lower(), _WANT, first=3):
            return False
        if up.head.i == up.i:
            break
    if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.lower_ in ("none", "nothing"):
        return False
    if any(c.dep_ in ("det", "poss") and c.lower_ not in ("a", "an", "my", "our") for c in t.children):
        return False
    if any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in t.children):
        return True  # "my call centre job is killing me"
    # (the post itself, or a thing, as subject leaves it the speaker's: "new job starts monday")
    subjects = [x for x in t.sent if x.dep_ in ("nsubj", "nsubjpass") and x.i != t.i and (
        x.pos_ in ("PRON", "PROPN") or lex.is_person_noun(x.lemma_.lower()))]
    # (the speaker's own line: "I", "we" or no subject; another's line about them: a name, "he" or "she", never
    # the other's "I": "I'm a vet nurse" in a line to them is the writer's)
    if speaker:
        return not subjects or any(x.lower_ in ("i", "we") for x in subjects) and \
            not any(x.pos_ == "PROPN" for x in subjects)
    return any(x.pos_ == "PROPN" or x.lower_ in ("he", "she") for x in subjects)
