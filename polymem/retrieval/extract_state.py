"""State answers: a person's current/previous value, at a time or a moment, everyone's value (the group's decisions
are in extract_group.py).

Functions take the Answerer as `self` (they are bound as its methods).
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from polymem.language import answer_kind, question_group, question_views
from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.models import parsed
from polymem.language.pet_keeping import polar
from polymem.language.pets import unknown_kind
from polymem.language.statement_types import BEFORE
from polymem.language.statements_job import role_and_place
from polymem.language.statements_pet import dies
from polymem.retrieval import extract_pets as pets
from polymem.retrieval.extract_at import _pick_at
from polymem.retrieval.extract_base import (
    NOT_IN_MEMORY,
    Extract,
    StateHit,
    coverage,
    same_value,
    when,
)
from polymem.retrieval.extract_history import in_passing, named_now, named_value, shown_before
from polymem.retrieval.extract_work import work_line
from polymem.retrieval.system2 import asks_before, asks_home_now

if TYPE_CHECKING:
    from polymem.retrieval.extract import Answerer



def _before_ids(self: Any, pid: str) -> set[str]:
    row = self.s2.get(pid, {})
    return {i.id for i in row.get("current", []) + row.get("past", []) if BEFORE in (i.text or "")}


def _over(h: StateHit, before: set[str]) -> bool:
    """A statement of a state said to be over: read as past, or a record written from one (`before`:
    `_before_ids`)."""
    return h.kind == "past" or h.id in before


def _record_hits(self: Any, pid: str, attr: str | None) -> list[StateHit]:
    out = []
    row = self.s2.get(pid, {})
    kept: set[str] = set()  # attributes of heads on the issue: their superseded versions are the same matter
    for item in row.get("current", []) + row.get("past", []):
        key = f"{item.attribute or ''} {item.event or ''}".lower()
        on_chain = item.version == "superseded" and (item.attribute or "") in kept
        # (a record's attribute is its attribute: a pet named "Mexico City" has no "city" to give)
        if attr and (item.attribute.lower() != attr if item.attribute else attr not in key):
            continue
        if not attr and self.plan.issue and coverage(self.plan.issue, f"{key} {item.text}") == 0 and not on_chain:
            continue
        if item.version != "superseded":
            kept.add(item.attribute or "")
        t = item.time.timestamp() if item.time else 0.0
        out.append(StateHit(item.id, item.value or item.text, (t, 0, item.id), item.message_ids, "record"))
    return out


def person_state(self: Answerer, pid: str, attr: str | None) -> list[StateHit]:
    """Statements of pid's state, oldest first: what the language layer reads in the candidate messages
    (own statements and reports by others) plus the System 2 records the writer made from the same
    statements."""
    hits: list[StateHit] = []
    weak: list[StateHit] = []
    if attr is not None:
        self.prefetch([m for m in self.msgs.values() if self.may_tell_of(m, pid)])
    for m in self.msgs.values():
        if attr is None:  # no attribute: messages of pid's on the issue
            if m["speaker"] == pid and self.plan.issue and coverage(self.plan.issue, m["text"]) >= 0.5:
                hits.append(StateHit(m["id"], m["text"], when(m), [m["id"]]))
            continue
        if not self.may_tell_of(m, pid):
            continue
        seen: set[str] = set()  # one value per message and tense, the first, as the writer keeps it
        for st in self.statements(m):
            if st.owner != pid or st.attribute != attr or not st.polarity or st.tense in seen:
                continue
            seen.add(st.tense)
            t = when(m)
            if st.tense == "past":  # "I've left Derby": held before this message
                t = (t[0] - 1.0, *t[1:])
            (weak if st.weak else hits).append(StateHit(m["id"], st.value, t, [m["id"]],
                                                        "past" if st.tense == "past" else "message"))
    # a record the writer started from a passing mention ("my street in X") is as weak as the mention: a later
    # mention of another place may still say where the person lives now
    weak_ids = {w.id for w in weak} - {h.id for h in hits} if attr not in MULTI_VALUED else set()
    for r in _record_hits(self, pid, attr):
        (weak if r.message_ids and set(r.message_ids) <= weak_ids else hits).append(r)
    hits.sort(key=lambda h: h.when)
    before = _before_ids(self, pid)  # records written from a state said to be over

    def past(h: StateHit) -> bool:
        return _over(h, before)

    def history_first(hits: list[StateHit], stated: set[int] | None = None) -> None:
        for h in [h for h in hits if past(h)]:
            # "I'm not in Zwolle anymore" after "she moved to Tartu": the place left was held before the new
            # one was first stated, never after it (a stated value left is put before values read from context
            # only if it was read from context too: "tax auditor life", then "handed in my notice at X", is one job)
            newer = [x for x in hits if not past(x) and x.when < h.when and not same_value(x.value, h.value)
                     and (stated is None or id(x) in stated or id(h) not in stated)
                     and not any(same_value(y.value, h.value) for y in hits if x.when < y.when < h.when
                                 and not past(y))]
            if newer:
                h.when = (newer[0].when[0] - 1.0, *newer[0].when[1:])
        hits.sort(key=lambda h: h.when)

    history_first(hits)
    # read from context, not stated: only where nothing is stated, or as history before the first statement
    # (a place said to be left is no statement of where one lives: a passing mention after it may say that)
    first = next((h.when for h in hits if not past(h)), None)
    # a country named in passing ("Estonia is lovely today") is where one goes, not the town one lives in
    weak = [w for w in weak if w.kind == "record" or attr != "city" or not lex.is_country(w.value or "")]
    stated = {id(h) for h in hits}
    held = [h for h in hits if h.kind != "past"]
    # every value stated is said to be over ("already quit X" after "junior pilot, port authority, based in Y"): a reading
    # from context after the last of them is the best word on what came next
    gone = attr not in MULTI_VALUED and bool(held) and all(
        past(h) or any(x.kind == "past" and same_value(x.value, h.value) and x.when >= h.when for x in hits)
        for h in held)
    last = max(h.when for h in held) if held else None
    quits = [h.when[0] for h in hits if h.kind == "past"]

    def news(w: StateHit) -> bool:  # told after the last value held, within a day before one was said to be over
        return gone and last is not None and w.when > last and any(0 <= q - w.when[0] <= NEWS_DAY_S for q in quits)
    hits = sorted([w for w in weak if first is None or w.when < first or news(w)] + hits, key=lambda h: h.when)
    history_first(hits, stated)  # (a place left, read from context, is history too: "one move from X to Y was enough")
    for prev, h in pairwise(hits):  # "handed my notice in at Westfield" after "PE teacher at Westfield":
        if h.kind == "past" and same_value(h.value, prev.value) and len(prev.value or "") > len(h.value or ""):
            h.value = prev.value  # the same job left, named as fully as it was before
    return hits


def _changed_at(self: Any, pid: str) -> tuple | None:
    """When the person's change the question names happened: their first message said with its words."""
    from polymem.language.models import parsed

    change = _change_words(self.plan.question)
    if not change:
        return None
    said = [when(m) for m in self.msgs.values() if m["speaker"] == pid and change & {
        w for t in parsed(m["text"]) for w in (t.lemma_.lower(), t.lower_)}]
    return min(said) if said else None


def _event_time(self: Any) -> tuple | None:
    """When the event of a question's "when"-clause was said ("... when the group voted for X"): the earliest
    read message holding most of the clause's words, each weighted by how few read messages use it; None
    without such a clause, or when no message holds half its weight. A clause about the chat's own start or
    end is read elsewhere (`at`)."""
    import math

    doc = parsed(self.plan.question)
    mark = next((t for t in doc if t.lower_ in ("when", "while") and t.i > 0 and t.dep_ in ("advmod", "mark")
                 and t.head.dep_ == "advcl"), None)
    if mark is None or mark.head.tag_ not in ("VBD", "VBN"):
        return None  # "where will she live when she moves?" asks about the move itself
    clause = [t for t in mark.head.subtree if t.i > mark.i and t.is_alpha and not t.is_stop
              and t.pos_ in ("NOUN", "PROPN", "VERB", "ADJ", "NUM")]
    words = {t.lemma_.lower() for t in clause}
    # a name in the clause is its most telling part ("voted for X"): the event's message names it
    names = {t.lower_ for t in clause if t.pos_ == "PROPN" and not self.roster.find(t.text)}
    lemmas = {m["id"]: {w for t in parsed(m["text"] or "") for w in (t.lemma_.lower(), t.lower_)}
              for m in self.msgs.values()}
    msgs = [m for m in self.msgs.values() if names <= lemmas[m["id"]]]
    if not words or not msgs:
        return None
    weight = {w: math.log(1 + len(lemmas) / (1 + sum(w in ls for ls in lemmas.values()))) for w in words}
    total = sum(weight.values())
    scored = [(sum(weight[w] for w in words if w in lemmas[m["id"]]), when(m)) for m in msgs]
    best = max(sc for sc, _ in scored)
    if best < total / 2 and not names:
        return None
    return min(t for sc, t in scored if sc == best)


MULTI_VALUED = {"pet"}  # attributes that accumulate (a second pet does not replace the first)


def _split(hits: list[StateHit], question: str, newer: str | None = None,
           changed_at: tuple | None = None) -> tuple[StateHit | None, StateHit | None]:
    """Head = the latest statement; past = the latest earlier one with a different value.

    When the question names the new value ("until the move to Tartu"), anchor on that statement instead; when
    it names the change in other words ("before he went into teaching"), on the first message of the person's
    said with those words (`changed_at`, its time).
    """
    hits = _coarser_dropped(hits)
    if not hits:
        return None, None
    head = hits[-1]
    q = question.lower()
    anchors = [h for h in hits if h.value and h.value.lower() in q]
    if not anchors and newer:  # "before Harlow Transit" after "dispatcher at Harlow Transit" (whole words)
        named = sx.whole_word(newer.lower())
        anchors = [h for h in hits if h.value and named.search(h.value.lower())]
    if not anchors and newer and (inside := [h for h in hits if h.value and lex.place_in(h.value, newer)]):
        # "before the Netherlands" after homes in Stirling, then Groningen: the region holds the newer home
        before = [h for h in hits if h.when < inside[-1].when and not lex.place_in(h.value or "", newer)
                  and (h.value or "").lower() not in q]
        return head, (before[-1] if before else None)
    if not anchors and changed_at is not None:
        # never the value that holds now: a record of the new value may be dated before the message that
        # announced it ("started at X on Monday", said on Wednesday)
        before = [h for h in hits if h.when < changed_at and not same_value(h.value, head.value)]
        if before and len(before) < len(hits):
            return head, _latest_kept(before)
    if not anchors and newer and not any(same_value(h.value, newer) for h in hits) and (
            lex.is_place_name(newer.lower()) or lex.is_occupation(newer.lower())):  # (not a firm never read of)
        # "where did she live before she moved to Valletta?" and no statement of the move was read: the
        # value named is the newest, so the latest value read is the one before it
        return head, next((h for h in reversed(hits) if (h.value or "").lower() not in q), None)
    anchor = anchors[-1] if anchors else head
    before = [h for h in hits if h.when < anchor.when and not same_value(h.value, anchor.value)
              and (h.value or "").lower() not in q]
    return head, (_latest_kept(before) if before else None)


def _coarser_dropped(hits: list[StateHit]) -> list[StateHit]:
    """Without the homes that only name the country or state an earlier home of the same person lies in ("Aarhus"
    then "Denmark": still Aarhus, said coarser), which would otherwise read as a move."""
    out: list[StateHit] = []
    for h in hits:
        kept = [e for e in out if e.value and e.kind != "past"]
        # (only the home held just before: "Lyon", "London", then "France" is a move back)
        if h.value and h.kind != "past" and kept and not same_value(kept[-1].value, h.value) and \
                lex.place_in(kept[-1].value or "", h.value):
            continue
        out.append(h)
    return out


def _latest_kept(before: list[StateHit]) -> StateHit:
    """The latest earlier value, except a job or home said to be left by a common noun alone ("he quit the
    restaurant") where an earlier value said what it was ("sous chef at a noodle bar"): that version names more.
    (Preferring System 2's versions over every value only read from the lines was tried: it fixed a place visited
    read as a home and lost a move the Writer had not recorded, one each on the read sets.)"""
    def generic_left(h: StateHit) -> bool:
        return h.kind == "past" and not any(w[:1].isupper() for w in (h.value or "").split())

    named = [h for h in before if not generic_left(h)]
    return named[-1] if named and generic_left(before[-1]) else before[-1]


def _change_words(question: str) -> set[str]:
    """Content lemmas of the clause a question dates its past by ("before he went into teaching" -> teach)."""
    from polymem.language import lexical as lex
    from polymem.language.models import parsed

    out: set[str] = set()
    for t in parsed(question):
        if t.lower_ in ("before", "until") and t.dep_ in ("mark", "prep"):
            clause = t.head if t.dep_ == "mark" else t
            for x in clause.subtree:
                # a light verb of many senses ("go", "move") dates nothing; "teaching", "relocate" do
                if x.i > t.i and x.is_alpha and not x.is_stop and (x.pos_ == "NOUN" or (
                        x.pos_ == "VERB" and len(lex._synsets(x.lemma_.lower(), "v")) <= 12)):
                    out |= {x.lemma_.lower(), x.lower_}
    return out


NEWS_DAY_S = 86_400  # a new post and the old one left, told within a day, are one piece of news
SAME_TALK_S = 3600  # lines this close are one talk: a pet's name in one and its kind in another are one animal


def state(self: Any) -> Extract:
    is_member = lambda w: bool(self.roster.find(w))  # noqa: E731
    q = parsed(self.plan.question)
    if self.plan.attribute and question_views.of_someone_elses(q, is_member):
        # "where does X's sister live?": memory keeps members' homes, jobs and animals; X's own is not the answer
        return Extract(NOT_IN_MEMORY, abstained=True)
    ex = _state(self)
    focus = answer_kind.asked_focus(q) if self.plan.attribute == "job" and not ex.abstained else None
    # (a post asked by a noun of its own needs no name: "what position", "his job title")
    if focus is not None and focus.named and focus.noun not in ("name", "title") and \
            not lex.noun_is(focus.noun, "job") and not _names_workplace(ex.text, focus.noun, q):
        # "which hospital is X working at?" answered by a post alone ("staff nurse"): the hospital is not said
        return Extract(NOT_IN_MEMORY, abstained=True, rows=ex.rows)
    return ex


def _names_workplace(value: str, noun: str, question: Any) -> bool:
    """A job's value names a workplace of the asked kind: a name (a capitalised word, or one no dictionary has,
    that the question does not use), or the asked noun or a kind of it ("the county hospital", "an infirmary")."""
    asked = {t.lower_ for t in question}
    words = [w for w in re.findall(r"[\w'&.-]+", value) if w.lower() not in asked]
    return any(w[:1].isupper() or not lex.known_word(w.lower()) for w in words) or \
        answer_kind.says_noun(value, noun) or answer_kind.names_kind(value, noun)


def _state(self: Any) -> Extract:
    rows = [r for r in self.plan.rows if r.kind == "PERSON"]
    if self.plan.attribute == "pet" and len(rows) > 1 and "a pet by its name" in self.plan.notes:
        found = pets.pet_by_name(self, rows, lambda pid: person_state(self, pid, "pet"))
        if not found.abstained and _asks_variety(self.plan.question) and all(
                lex.basic_kind((h.value or "").split()[-1]) for hs, _ in found.rows.values() for h in hs if h.value):
            return Extract(NOT_IN_MEMORY, abstained=True)  # "what breed is Mo?": "a cat" names no breed
        if found.abstained and not _asks_name(self.plan.question) and (names := pets.question_names(self)):
            # "what sort of creature is Rufus?" with no statement reading Rufus as an animal: the talk using it
            talk = pets.pet_from_talk(self, names, None)
            if not talk.abstained:
                return talk
        if found.abstained and _asks_variety(self.plan.question):
            # "what breed is Biscotti?" with no pet read under that name: a message that names an animal
            # beside it may still say (the answer-kind check wants a kind of animal in it)
            return self._generic()
        if found.abstained and question_group.over_members(parsed(self.plan.question)) and \
                not _asks_name(self.plan.question) and not _names_something(self):
            # "does anyone have a pet?", "what animals do people keep?" (not "who has a pet called Mo?", nor
            # "what kind of animal is Mo, anyone know?": an animal asked by a name none is known by stays unknown)
            return _keepers(self, rows)
        return found
    if not rows:  # an attribute of someone outside the roster is not in memory
        return Extract(NOT_IN_MEMORY, abstained=True) if self.plan.attribute else self._generic()
    pid = rows[0].id
    hits = person_state(self, pid, self.plan.attribute)
    if self.plan.attribute == "pet" and not _asks_name(self.plan.question) and \
            (names := pets.question_names(self)) and \
            not any(w.lower() in pets.called(self, h) for h in hits for w in names):
        # "what kind of animal is Ana's Rufus?" where none of Ana's animals is known by that name
        talk = pets.pet_from_talk(self, names, pid)
        if not talk.abstained:
            return talk
    if self.plan.attribute == "pet" and self.plan.category and self.plan.intent == "state":
        # "What's the name of Tunde's corgi?": only a corgi answers, not whatever pet Tunde has
        kind = [h for h in hits if h.value and lex.falls_under(h.value, self.plan.category)]
        # none of that kind: an animal of theirs whose kind was never said may be the one asked of, when it is
        # the only one ("what's Jo's cat called?" after "pickle hissed at my phone")
        vague = [h for h in hits if unknown_kind(h.value)]
        named = {pets.pet_name(self, h).lower() for h in vague} - {""}
        if kind and len(named) == 1 and not any(pets.pet_name(self, h) for h in kind) and _asks_name(self.plan.question):
            # "what's Ana's gecko called?": the gecko was told of unnamed, her one animal of unknown kind by name,
            # within the hour (the name and the kind said in lines the writer read apart): one animal, its kind and
            # its name
            v, k = next(h for h in vague if pets.pet_name(self, h)), kind[-1]
            if abs(v.when[0] - k.when[0]) <= SAME_TALK_S:
                kind = [StateHit(v.id, k.value, max(v.when, k.when), v.message_ids + k.message_ids, v.kind)]
        hits = kind or (vague if len({pets.pet_text(self, h) for h in vague}) == 1 else [])
        if not kind and polar(parsed(self.plan.question)) and \
                (other := pets.someone_elses(self, pid, self.plan.category)) is not None:
            return other  # "does Ana have a snake?": the snake talked of is her flatmate's
    if self.plan.attribute == "pet" and _asks_name(self.plan.question) and \
            not any(pets.pet_name(self, h) for h in hits):
        # "what's Ana's gecko called?" where no statement named it: a name the talk around her animal gives it
        named = pets.name_from_talk(self, pid, self.plan.category)
        if not named.abstained:
            return named
    if (self.plan.at or self.plan.month) and hits:
        return _state_at(self, pid, hits)
    if hits and self.plan.mode == "head" and (event := _event_time(self)) is not None:
        # "which city was she in when the group booked the cottage?": the value held when that was said
        held = [h for h in hits if h.when <= event] or hits[:1]
        pick = held[-1]
        return Extract(pick.value or "", participant=pid, cited=pick.message_ids, confidence=1.0,
                       rows={pid: ([pick], [])})
    if hits and self.plan.attribute not in MULTI_VALUED and question_views.asks_every_value(parsed(self.plan.question)):
        return _every_value(pid, hits)  # "which firms has X worked for?"
    if hits and self.plan.attribute in MULTI_VALUED and _asks_death(self.plan.question):
        # "which of Ana's animals died?": the pets whose latest word says they are gone
        kept, every = _pets_kept(self, pid, hits)
        gone = [h for h in every if not any(k.id == h.id for k in kept)]
        if not gone:  # none of their animals is said to have died
            return Extract(NOT_IN_MEMORY, abstained=True)
        return Extract("; ".join(pets.pet_text(self, h) for h in gone), participant=pid,
                       cited=[m for h in gone for m in h.message_ids], confidence=1.0, rows={pid: ([], gone)})
    changed_at = _changed_at(self, pid) if self.plan.mode == "full" else None
    head, past = _split(hits, self.plan.question, named_value(self.plan.question, self.plan.attribute, self.roster)
                        if self.plan.mode == "full" else None, changed_at)
    out = Extract(NOT_IN_MEMORY, abstained=True, rows={pid: (hits[-1:], [past] if past else [])})
    if self.plan.mode == "full":
        if past is None:  # "I'm leaving Leeds" with no new home named: the value said to be over is the past
            past = next((h for h in reversed(hits) if h.kind == "past"), None)
        if past is None and asks_before(self.plan):  # nothing told before the change: what their lines showed
            past = shown_before(self, pid, hits, head, changed_at)
            out.rows = {pid: (hits[-1:], [past] if past else [])}
        if past is None and self.plan.attribute == "job" and asks_before(self.plan) and \
                (line := work_line(self, pid, before=True, skip=tuple(head.message_ids) if head else ())) is not None:
            return line  # no earlier post read: their earliest line about work, when they spoke of work again since
        if past is None:
            return out
        anchor = head if head else past
        text, role = job_text(self, past) if self.plan.attribute == "job" else home_text(hits, past, self.plan.attribute), None
        if past.kind == "passing":  # only named in their line: the line says the rest
            text = in_passing(past, self.plan.attribute)
        elif self.plan.attribute == "job" and " at " not in text and not _names_role(text):
            role = _role_before(hits, past)  # "handed in my notice at X" after "tax auditor life": the role at X
        if role is not None:
            text = f"{role.value} at {text}"
        cited = past.message_ids + anchor.message_ids + (role.message_ids if role is not None else [])
        return Extract(text, participant=pid, cited=list(dict.fromkeys(cited)), confidence=1.0, rows=out.rows)
    if head is None and asks_home_now(self.plan):
        # nothing of theirs stated or recorded at all: a place their own latest lines name in passing
        now = named_now(self, pid)
        if now is not None:
            return _passing_answer(self, pid, now)
    if head is None and self.plan.attribute == "job" and (line := work_line(self, pid)) is not None:
        return line  # no post read at all: their latest line about work says it in its own words
    if head is not None and head.kind == "past" and self.plan.attribute not in MULTI_VALUED:
        # "junior pilot now" then "already quit X": the value told after X began and before it was said to
        # be over is what followed it
        began = max((h.when for h in hits if h.kind != "past" and same_value(h.value, head.value)), default=None)
        # (only what was told within a day of its leaving, as one piece of news)
        since = max(began[0] if began is not None else float("-inf"), head.when[0] - NEWS_DAY_S)
        before_ids = _before_ids(self, pid)
        after = [h for h in hits if h.when[0] > since and h.kind != "past" and
                 not same_value(h.value, head.value) and not _over(h, before_ids)]
        head = after[-1] if after else head
    if head is None or (self.plan.attribute not in MULTI_VALUED and _over(head, _before_ids(self, pid))):
        return out  # ("grew up in X", "I've left X" and nothing since: where they are now is not said)
    if self.plan.attribute in MULTI_VALUED:
        vals, every = _pets_kept(self, pid, hits)
        if not vals:  # every animal told of is gone: say which, as of the past
            vals = every
            return Extract("; ".join(f"{pets.pet_text(self, v)} (no longer)" for v in vals), participant=pid,
                           cited=[m for v in vals for m in v.message_ids], confidence=1.0, rows={pid: ([], vals)})
        return Extract("; ".join(pets.pet_text(self, v) for v in vals), participant=pid,
                       cited=[m for v in vals for m in v.message_ids], confidence=1.0, rows={pid: (vals, [])})
    text = job_text(self, head) if self.plan.attribute == "job" else home_text(hits, head, self.plan.attribute,
                                                                                  finer_home(self, pid, head))
    return Extract(text, participant=pid, cited=head.message_ids, confidence=1.0, rows=out.rows)


def _names_role(value: str) -> bool:
    word = (value.split() or [""])[-1].lower()
    return lex.is_occupation(word) or lex.clipped_occupation(word)


def _role_before(hits: list[StateHit], place: StateHit) -> StateHit | None:
    """The role alone said last before a workplace left, with no other workplace between: the post held there."""
    for h in reversed([h for h in hits if h.when < place.when]):
        value = h.value or ""
        if " at " not in value and _names_role(value):
            return h if h.kind != "past" else None  # (a role given up before is no post at the place)
        if not same_value(value, place.value):
            return None  # another job between
    return None


def job_text(self: Any, hit: StateHit) -> str:
    """A job read as a role or a workplace alone, with the other half its message gives ("head brewer at a cider
    mill"): what a question about someone's work expects either half of."""
    value = hit.value or ""
    if self.plan.attribute != "job":
        return value
    for mid in hit.message_ids:
        text = (self.msgs.get(mid) or {}).get("text") or ""
        if text and (full := role_and_place(text, value)):
            return full
    return value


def _keepers(self: Any, rows: list[Any]) -> Extract:
    """Every member who keeps an animal now, with their animals (of the asked kind, when one is asked)."""
    cat = self.plan.category or ""
    parts, cited, found = [], [], {}
    for r in rows:
        kept, _ = _pets_kept(self, r.id, person_state(self, r.id, "pet"))
        if cat and not lex.generic_pet(cat):
            kept = [h for h in kept if lex.falls_under(h.value or "", cat)]
        if kept:
            parts.append(f"{r.name or r.id} ({', '.join(pets.pet_text(self, h) for h in kept)})")
            cited += [m for h in kept for m in h.message_ids]
            found[r.id] = (kept, [])
    if not parts:
        return Extract(NOT_IN_MEMORY, abstained=True)
    return Extract("; ".join(parts), cited=cited, confidence=1.0, rows=found)


def _pets_kept(self: Any, pid: str, hits: list[StateHit]) -> tuple[list[StateHit], list[StateHit]]:
    """(the animals pid keeps now, every animal told of), one hit each: gone is a past statement or a record
    written as over."""
    before = _before_ids(self, pid)
    return (pets.distinct_pets(self, hits, same_value, lambda h: h.kind == "past" or h.id in before),
            pets.distinct_pets(self, hits, same_value, lambda h: False))


def _asks_death(question: str) -> bool:
    """The question asks which one died (a verb of dying: "died", "passed away")."""
    return any(t.pos_ == "VERB" and dies(t) for t in parsed(question))


def _names_something(self: Any) -> bool:
    """The question names something by a capitalised word that is no member's name and does not open it."""
    members = {w.lower() for w in self.roster.name_words()}
    return any(t.is_alpha and t.text[:1].isupper() and t.i > 0 and t.lower_ not in members and t.text != "I"
               for t in parsed(self.plan.question))


def _asks_name(question: str) -> bool:
    """The question asks what something is called ("what's her gecko called?", "the name of his dog")."""
    return any(t.lemma_.lower() in ("call", "name") and t.pos_ in ("VERB", "NOUN") for t in parsed(question))


def _asks_variety(question: str) -> bool:
    from polymem.language.answer_kind import asked_focus, of_animals

    focus = asked_focus(parsed(question))
    return focus is not None and of_animals(focus.noun)


def distinct(hits: list[StateHit], newest: bool = True) -> list[StateHit]:
    """Each value once, held by its newest hit, newest first (or by its oldest, oldest first)."""
    out: list[StateHit] = []
    for h in reversed(hits) if newest else hits:
        if h.value and not any(same_value(h.value, o.value) for o in out):
            out.append(h)
    return out


def _every_value(pid: str, hits: list[StateHit]) -> Extract:
    """Each value a person's attribute has taken, oldest first, each once."""
    vals = distinct(hits, newest=False)
    return Extract("; ".join(v.value or "" for v in vals), participant=pid,
                   cited=[m for v in vals for m in v.message_ids], confidence=1.0, rows={pid: (vals[-1:], vals[:-1])})


DISTRICT_S = 2 * 86400.0  # a district named this soon after a city is a part of it ("moved to X" / "my flat in Y")


def finer_home(self: Any, pid: str, head: StateHit) -> str | None:
    """For a home read only as a country or a state ("we're England-based now"), a town in it that the person's
    own latest lines name in passing, else None."""
    if self.plan.attribute != "city" or not head.value or not lex.is_region(head.value):
        return None
    now = named_now(self, pid)
    return now.value if now is not None and now.value and lex.place_in(now.value, head.value) else None


def home_text(hits: list[StateHit], head: StateHit, attribute: str | None, finer: str | None = None) -> str:
    """The value of a hit (the current one, or a past one); for a home named by a district, with the city the same
    person named as home before it: a place the gazetteer puts inside that city ("Walthamstow, London"), or a
    district or street no gazetteer knows, named shortly after the city ("my flat in X": "X, <city>")."""
    value = head.value or ""
    if attribute != "city" or not value:
        return value
    if finer:
        return f"{finer}, {value}"
    if lex.is_place_name(value.lower().replace(" ", "_")):
        city = next((h.value for h in reversed(hits) if h is not head and h.value and h.kind != "past"
                     and h.when[0] <= head.when[0] and not same_value(h.value, value)
                     and lex.part_of_city(value, h.value)), None)
        return f"{value}, {city}" if city else value
    city = next((h.value for h in reversed(hits) if h is not head and h.value and h.kind != "past"
                 and h.when[0] <= head.when[0]
                 and head.when[0] - h.when[0] <= DISTRICT_S and not same_value(h.value, value)
                 and lex.is_place_name(h.value.lower().replace(" ", "_"))), None)
    return f"{value}, {city}" if city else value


def everyone(self: Any) -> Extract:
    parts, cited, rows = [], [], {}
    for r in self.plan.rows:
        hits = person_state(self, r.id, self.plan.attribute) if self.plan.attribute else []
        head, past = _split(hits, "")
        rows[r.id] = (hits[-1:], [past] if past else [])
        if head is None and asks_home_now(self.plan) and \
                (now := named_now(self, r.id)) is not None:
            # nothing of theirs stated or recorded: a place their own latest lines name in passing
            parts.append(f"{r.name or r.id}: {in_passing(now, self.plan.attribute)}")
            cited += now.message_ids
            rows[r.id] = ([now], [])
            continue
        if head is None or (self.plan.attribute not in MULTI_VALUED and _over(head, _before_ids(self, r.id))):
            parts.append(f"{r.name or r.id}: not mentioned")
            continue
        if self.plan.attribute in MULTI_VALUED:  # every animal kept, with its name ("pet called Bix")
            kept, every = _pets_kept(self, r.id, hits)
            vals = kept or every or [head]  # (every animal told of gone: each as no longer kept)
            gone = "" if kept else " (no longer)"
            parts.append(f"{r.name or r.id}: {', '.join(pets.pet_text(self, v) + gone for v in vals)}")
            cited += [m for v in vals for m in v.message_ids]
            continue
        parts.append(f"{r.name or r.id}: {home_text(hits, head, self.plan.attribute, finer_home(self, r.id, head))}")
        cited += head.message_ids
    return Extract("; ".join(parts), cited=cited, confidence=1.0 if cited else 0.0,
                   abstained=not cited, rows=rows)


def _state_at(self: Answerer, pid: str, hits: list[StateHit]) -> Extract:
    """The value that held at a time: the first one ("at the beginning"), the last ("in the end"), or the
    latest one stated before the end of a named month (of the year the conversation is in)."""
    pick = _pick_at(self, hits, pid)
    if pick is None or not pick.value:
        return Extract(NOT_IN_MEMORY, abstained=True)
    if pick.kind == "passing":
        return _passing_answer(self, pid, pick)
    return Extract(pick.value, participant=pid, cited=pick.message_ids, confidence=1.0, rows={pid: ([pick], [])})


def _passing_answer(self: Any, pid: str, hit: StateHit) -> Extract:
    """A value only named in passing (kind "passing") as pid's answer, at half confidence."""
    return Extract(in_passing(hit, self.plan.attribute), participant=pid, cited=hit.message_ids, confidence=0.5,
                   rows={pid: ([hit], [])})
