"""History answers: what a person held before a change (a home, a job), read from their own lines where no
statement of theirs says it; and the last resort of where someone lives now, a place their latest lines name.

Functions take the Answerer as `self`.
"""

from __future__ import annotations

from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.models import parsed
from polymem.language.statements_context import passing, shown
from polymem.retrieval.extract_base import StateHit, same_value, when


def named_value(question: str, attribute: str | None, roster: Any) -> str | None:
    """A place (for a home) or a trade (for a job) the question itself names: "before she moved to Valletta",
    "Ana moved to Lisbon from which city?"; not the noun it asks by ("remi's previous employer?", "which
    trade"). For a job also a firm or a place named after the word that dates the past ("before Berlin")."""
    names = {w.lower() for w in roster.name_words()}
    doc = parsed(question)
    mark = next((t.i for t in doc if t.lower_ in _BEFORE_WORDS), None)
    for t in doc:
        if t.lower_ in names or not t.is_alpha:
            continue
        if attribute == "city" and t.text[:1].isupper() and t.i > 0 and lex.is_place_name(t.lower_):
            return t.text
        asked_by = any(c.dep_ == "poss" or c.tag_ in ("WDT", "WP", "WP$") for c in t.children)
        if attribute == "job" and t.pos_ == "NOUN" and lex.is_occupation(t.lemma_.lower()) and not asked_by:
            return t.text
        if attribute == "job" and mark is not None and t.i > mark and t.pos_ == "PROPN" and not (
                t.i > 0 and doc[t.i - 1].pos_ == "PROPN"):
            # a firm or a place ("before Berlin": the job held until the move), the whole name ("Art House
            # Films"); not a holiday or an event ("the job before Christmas")
            end = t.i
            while end + 1 < len(doc) and doc[end + 1].pos_ == "PROPN":
                end += 1
            name = doc[t.i:end + 1]
            if not all(lex.noun_in_lexfile(x.lower_, ("noun.time", "noun.event")) for x in name):
                return name.text
    return None


_BEFORE_WORDS = ("before", "until", "till", "prior")


def shown_before(self: Any, pid: str, hits: list[StateHit], head: StateHit | None,
                  changed_at: tuple | None) -> StateHit | None:
    """The home or job pid's own lines stated or showed in passing (language/statements_context: never a
    statement, only history) last before the change the question asks about: before the change it names in other
    words ("before the bakery": `changed_at`, from `_changed_at`), else before the value it names, else before
    the latest value."""
    q = self.plan.question.lower()
    end = changed_at
    named = [h for h in hits if h.value and h.value.lower() in q]
    if end is None and (named or head is not None):
        end = (named[-1] if named else head).when  # type: ignore[union-attr]
    value = named_value(self.plan.question, self.plan.attribute, self.roster)
    if end is None and value:
        # no statement of the change was read ("we're off to X in June" in a long line): their first line naming
        # the value the question names dates it
        said = sx.whole_word(value.lower())
        end = min((when(m) for m in self.msgs.values() if m["speaker"] == pid and said.search((m["text"] or "").lower())),
                  default=None)
    if end is None:
        return None  # no change to date "before" by
    newer = [h.value for h in hits if h.when >= end and h.value] + ([value] if value else [])
    # (by the time of the message, not of what it states: "started at X on Monday", said after the change the
    # question names, is no value before it)
    for m in sorted((m for m in self.msgs.values() if m["speaker"] == pid and when(m) < end), key=when,
                    reverse=True):
        read = [st for st in self.statements(m) if st.owner == pid and st.attribute == self.plan.attribute
                and st.polarity]
        st = read[0] if read else shown(self.reader, parsed(self.reader.cased(m["text"] or "")), pid,
                                         self.plan.attribute, m["id"])
        if st is None or st.value.lower() in q or any(same_value(st.value, v) for v in newer):
            continue
        return StateHit(m["id"], st.value, when(m), [m["id"]], "message")
    return named_before(self, pid, end, newer)


def in_passing(h: StateHit, attribute: str | None) -> str:
    """A value only named in passing, said so; a workplace or trade with the sentence it was named in (what the
    work was shows around it: "off shift at the tannery"), a place alone (its sentence may name others)."""
    if h.said and attribute != "city":
        return f'{h.value} (named in passing: "{h.said}")'
    return f"{h.value} (named in passing)"


def named_before(self: Any, pid: str, end: tuple, newer: list[str], latest: bool = False) -> StateHit | None:
    """The last resort of a question about what pid held before a change, when none of their lines says or shows
    it plainly: a place (or a trade or place of work) their own lines before the change named at all
    (`statements_context.passing`), the one named in most of them, the earliest of equals; with the sentence it
    was named in, since nothing but that line says it was theirs."""
    q = self.plan.question.lower()
    attr = self.plan.attribute
    seen: dict[str, tuple[int, StateHit]] = {}  # value -> (lines naming it, the line to quote)
    # (the message of the change too: "keys to the flat in X, Y was too big for us")
    for m in sorted((m for m in self.msgs.values() if m["speaker"] == pid and when(m) <= end), key=when):
        named: set[str] = set()
        text = m["text"] or ""
        # (a line answering another's names that other's things: "X!! congrats" to "we're off to X")
        said_to = " ".join((self.msgs.get(i) or {}).get("text") or "" for i in [*(m.get("reply_to") or []),
                                                                              *(m.get("prev_ids") or [])]
                           if (self.msgs.get(i) or {}).get("speaker") not in (None, pid)).lower()
        for _, value, sent, _ in passing(self.reader, parsed(self.reader.cased(text)), attr or "", text):
            key = value.lower()
            if key in named or key in q or any(same_value(value, v) for v in newer) or (attr == "city" and any(
                    lex.place_in(value, v) or lex.part_of_city(value, v) for v in newer)) or key in said_to:
                continue
            named.add(key)
            hit = StateHit(m["id"], value, when(m), [m["id"]], "passing", sent.text.strip())
            n, first = seen.get(key, (0, hit))
            # (the line quoted: the first naming it; for where they are now, the latest)
            seen[key] = (n + 1, hit if latest else first)
    if not seen:
        return None
    # (of equals the earliest: a person's first lines say where they are; later ones, where they go; `latest`: for
    # where they are now, the latest)
    # a town WordNet knows before one only GeoNames lists (a brand or a nickname can name a small town somewhere too)
    return max(seen.values(), key=lambda x: (x[0], not lex.gazetteer_only(x[1].value or ""),
                                             x[1].when[0] if latest else -x[1].when[0]))[1]


def named_now(self: Any, pid: str) -> StateHit | None:
    """Where pid lives now when nothing of theirs is stated or recorded: the place their own latest lines name in
    passing (`named_before` over all their lines, the latest of equals)."""
    return named_before(self, pid, (float("inf"),), [], latest=True)
