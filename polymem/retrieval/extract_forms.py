"""Answers for the question forms the language layer recognises: category ("Does anyone have a dog?"),
lists ("What has the group decided so far?", "Who has moved?"), dates ("When did X move to Y?"), the
announcer of a decision, and activity ("Who is the most active?", "Who does X talk to most?").

Each reads the same statements the writer writes (records) plus the language layer's reading of the
candidate messages, and cites the messages it rests on.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from polymem.language import fields, lexical, timeexpr
from polymem.language.models import parsed
from polymem.language.past_day import past_day
from polymem.retrieval import extract_pets
from polymem.retrieval.answer import EvidenceItem
from polymem.retrieval.extract_at import day_planned, lines_near, said_times, same_instant
from polymem.retrieval.extract_base import (
    NOT_IN_MEMORY,
    Extract,
    StateHit,
    coverage,
    message_time,
    same_value,
)
from polymem.retrieval.extract_state import distinct, person_state

if TYPE_CHECKING:
    from polymem.retrieval.extract import Answerer


def category(a: Answerer) -> Extract:
    """Every person whose value (pet, job, city) falls under the category word (WordNet)."""
    attr, cat = a.plan.attribute, a.plan.category or ""
    parts, cited, rows = [], [], {}
    for r in a.plan.rows:
        hits = person_state(a, r.id, attr)
        vals = distinct(hits) if attr == "pet" else distinct(hits)[:1]
        # (a job in a field by meaning where WordNet does not say it: "speech therapist" in healthcare)
        # (a town asked by is matched by name: "who lives in Accra?")
        match = [h for h in vals if lexical.falls_under(h.value or "", cat) or
                 (attr == "job" and fields.works_in(h.value or "", cat)) or
                 (attr == "city" and cat.lower() in (h.value or "").lower().split(", ")[0])]
        if match:
            # (an animal with its name where the chat gives one: "ferret called Rascal")
            said = [extract_pets.pet_text(a, h) if attr == "pet" else h.value or "" for h in match]
            parts.append(f"{r.name or r.id} ({', '.join(said)})")
            cited += [m for h in match for m in h.message_ids]
            rows[r.id] = (match, [])
    if not parts:
        return Extract(NOT_IN_MEMORY, abstained=True)
    return Extract("; ".join(parts), cited=cited, confidence=1.0, rows=rows)


def list_moved(a: Answerer) -> Extract:
    """People whose city (or, asked so, job) changed: two different values in their history, the new one
    named."""
    attr = a.plan.attribute if a.plan.attribute in ("city", "job") else "city"
    parts, cited, rows = [], [], {}
    for r in a.plan.rows:
        hits = [h for h in person_state(a, r.id, attr) if h.value]
        if len(distinct(hits)) < 2 and not (attr == "city" and hits and _said_moving(a, r.id, hits)):
            continue
        head = hits[-1]
        before = [h for h in hits if not same_value(h.value, head.value)]
        parts.append(f"{r.name or r.id} ({'moved to' if attr == 'city' else 'now'} {head.value})")
        cited += head.message_ids + (before[-1].message_ids if before else [])
        rows[r.id] = ([head], before[-1:])
    if not parts:
        return Extract(NOT_IN_MEMORY, abstained=True)
    return Extract("; ".join(parts), cited=cited, confidence=1.0, rows=rows)


def _said_moving(a: Answerer, pid: str, hits: list[StateHit]) -> bool:
    """The one home a person is known by was said as a move ("we're moving to Poznań in May"): they have moved,
    though the chat never said from where."""
    return any(st.owner == pid and st.attribute == "city" and st.tense != "past" and not st.weak and
               same_value(st.value, h.value) and lexical.moving_sentence(st.sentence)
               for h in hits for mid in h.message_ids if (m := a.msgs.get(mid)) is not None for st in a.statements(m))


def list_decisions(a: Answerer) -> Extract:
    """The group's current decisions, one per topic (records whose attribute is decision:<topic>)."""
    heads = [it for it in a.s2.get("GROUP", {}).get("current", [])
             if (it.attribute or "").startswith("decision:") and it.value]
    if not heads:
        return Extract(NOT_IN_MEMORY, abstained=True)
    heads.sort(key=lambda it: it.time or datetime.min)
    parts = [f"{(it.attribute or '').split(':', 1)[1]}: {it.value}" for it in heads]
    cited = [m for it in heads for m in it.message_ids]
    hits = [StateHit(it.id, it.value, (0.0, 0, it.id), it.message_ids, "record") for it in heads]
    return Extract("; ".join(parts), cited=cited, confidence=1.0, rows={"GROUP": (hits, [])})


def when(a: Answerer) -> Extract:
    """The date a person's state became what the question names (or their latest change): the time the
    statement gives ("yesterday", "last Friday"), resolved against its message's timestamp."""
    rows = [r for r in a.plan.rows if r.kind == "PERSON"]
    if not rows:
        return Extract(NOT_IN_MEMORY, abstained=True)
    pid = rows[0].id
    attrs = [a.plan.attribute] if a.plan.attribute else ["city", "job", "pet"]
    q = a.plan.question.lower()
    best: tuple[int, StateHit] | None = None
    ranked: list[tuple[int, StateHit]] = []
    names = [t.text for t in parsed(a.plan.question) if t.pos_ == "PROPN"]
    for attr in attrs:
        hits = person_state(a, pid, attr)
        for i, h in enumerate(hits):
            named = bool(h.value and (h.value.lower() in q or any(w in q for w in h.value.lower().split()
                                                                 if len(w) > 3) or (attr == "city" and any(
                lexical.place_in(h.value, n) for n in names))))
            changed = i > 0 and not same_value(h.value, hits[i - 1].value)
            rank = 2 * named + changed
            ranked.append((rank, h))
            if rank and (best is None or rank > best[0] or (rank == best[0] and h.when >= best[1].when)):
                best = (rank, h)
    if best is None or (best[0] < 2 and _names_a_value(a)):
        # no recorded change of home, work or pet, or none of the one the question names ("when did Tobi start at
        # Quillworks?" where no post there was read): an event, found by search
        return a._generic()
    h = best[1]
    # (the value the question names may come up in several lines: the change's day is the one a line tells, a day
    # told as past before one planned, not the day of the first line that named it)
    if best[0] >= 2 and (told := _told_day(a, [x for r, x in ranked if r >= 2 and x.value and (
            r == best[0] or same_value(x.value, h.value))])) is not None:
        h, day = told
        text = f"{day.strftime('%-d %B %Y')} ({day.date().isoformat()}): {rows[0].name or pid} -> {h.value}"
        return Extract(text, participant=pid, cited=h.message_ids, confidence=1.0, rows={pid: ([h], [])})
    day = a.statement_time(h)
    sent = said_times(a, h.message_ids)
    if day is None or any(same_instant(day, t) for t in sent):
        # the statement says no day of its own: the message may, in another clause ("She's in Porto!! ...
        # took the night train on Monday", "my first shift there was yesterday")
        day = _day_told(a, pid, h.message_ids, sent) or day_planned(a, pid, h.message_ids, sent, value=h.value) or day
    day = day or (datetime.fromtimestamp(h.when[0]) if h.when and h.when[0] else None)
    if day is None:
        return Extract(NOT_IN_MEMORY, abstained=True, cited=h.message_ids)
    text = f"{day.strftime('%-d %B %Y')} ({day.date().isoformat()}): {rows[0].name or pid} -> {h.value}"
    return Extract(text, participant=pid, cited=h.message_ids, confidence=1.0, rows={pid: ([h], [])})


def _names_a_value(a: Answerer) -> bool:
    """The question names a place or a firm (a proper noun or a word no dictionary knows, not a member's name nor
    a word of the calendar): the value whose day is asked."""
    members = {w.lower() for w in a.roster.name_words()}
    return any(t.i > 0 and t.is_alpha and not t.is_stop and (t.pos_ == "PROPN" or (
        t.pos_ == "NOUN" and lexical.unknown_word(t.lower_))) and t.lower_ not in members and
        not timeexpr.calendar_name(t.lower_) for t in parsed(a.plan.question))


def _told_day(a: Answerer, hits: list[StateHit]) -> tuple[StateHit, datetime] | None:
    """Of the hits naming the asked value, the one whose statement tells a day of its own (not its message's
    timestamp), with that day: the earliest day told as past ("got the keys on Sunday"), else the latest day told
    as still to come ("moving on Sunday 12 April", the last word on a plan that may have been moved)."""
    past: list[tuple[datetime, StateHit]] = []
    ahead: list[tuple[datetime, StateHit]] = []
    for h in hits:
        day = a.statement_time(h)
        sent = said_times(a, h.message_ids)
        if day is None or not sent or any(same_instant(day, t) for t in sent):
            continue
        said = max(sent)
        naive = (day.replace(tzinfo=None), said.replace(tzinfo=None))
        (past if naive[0] <= naive[1] else ahead).append((day, h))
    if past:
        day, h = min(past, key=lambda x: x[0].replace(tzinfo=None))
        return h, day
    if ahead:
        day, h = max(ahead, key=lambda x: x[1].when[0] or 0)
        return h, day
    return None


def _day_told(a: Answerer, pid: str, ids: list[str], sent: list[datetime]) -> datetime | None:
    """The day the change's own messages tell, else one told within the hour around them by the person or
    naming them ("Kit: Ada drove the last boxes over on Sunday" / "Ada: yes, officially a Porto local now")."""
    own = [a.msgs[mid] for mid in ids if mid in a.msgs]
    near = lines_near(a, ids, sent, lambda m: m.get("speaker") == pid or
                      any(x.pid == pid for x in a.roster.find(m.get("text") or "")))
    for n, m in enumerate(own + near):
        t = message_time(m.get("time"))
        # (a line other than the change's own tells its day only with a verb of going or starting: "drove
        # down with the last boxes on Saturday", not "the cat threw up on Monday")
        if t is not None and (d := past_day(m.get("text") or "", t, change=n >= len(own))) is not None:
            return d
    return None


def who_announced(a: Answerer) -> Extract:
    """Who announced a group decision: the source of the decision record on the question's topic or value
    (not whoever proposed it first)."""
    items = [it for part in ("current", "past") for it in a.s2.get("GROUP", {}).get(part, [])
             if (it.attribute or "").startswith("decision:")]
    q = a.plan.question.lower()

    def score(it: EvidenceItem) -> float:
        v = (it.value or "").lower()
        topic = (it.attribute or "").split(":", 1)[-1]
        return 2.0 * bool(v and v in q) + coverage(a.plan.issue, f"{topic} {v} {it.text}")

    scored = sorted(((score(it), it) for it in items), key=lambda x: -x[0])
    if scored and scored[0][0] > 0 and scored[0][1].source:
        it = scored[0][1]
        return Extract(a.name(it.source) or it.source, participant=it.source, cited=it.message_ids,
                       confidence=1.0)
    return a.fallback_who_said()


def most_active(a: Answerer) -> Extract:
    people = [x for x in a.activity if x.get("speaker") in a.roster.by_id]
    if not people:
        return Extract(NOT_IN_MEMORY, abstained=True)
    top = people[0]
    # the answer names one person: a runner-up named beside them reads as a second answer
    lead = f", {top['n'] - people[1]['n']} more than anyone else" if len(people) > 1 else ""
    return Extract(f"{a.name(top['speaker'])} ({top['n']} messages{lead})", participant=top["speaker"],
                   cited=list(top.get("sample") or []), confidence=1.0)


def talks_most(a: Answerer) -> Extract:
    people = [x for x in a.activity if x.get("target") in a.roster.by_id]
    if not people:
        return Extract(NOT_IN_MEMORY, abstained=True)
    top = people[0]
    return Extract(f"{a.name(top['target'])} (addressed in {top['n']} messages)",
                   participant=top["target"], cited=list(top.get("sample") or []), confidence=1.0)
