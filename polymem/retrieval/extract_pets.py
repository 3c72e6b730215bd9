"""Pets in answers: a pet by the name a question uses ("What kind of creature is Noodle?") and a pet as an
answer, its kind with its name ("bearded dragon called Noodle")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from polymem.language import lexical
from polymem.language.animal_talk import (
    FOLLOW,
    Line,
    animals,
    emoji,
    keeper,
    kinds_of,
    names_in,
    names_in_question,
    uses,
)
from polymem.language.creatures import names_beside
from polymem.language.models import parsed
from polymem.language.pet_keeping import keeper_in, kind_keeper_in
from polymem.language.pets import animal_sense, asks_breed, breed_in, unknown_kind
from polymem.retrieval.extract_base import NOT_IN_MEMORY, Extract, StateHit, coverage, walk, when


def pet_by_name(self: Any, rows: list[Any], pets_of: Callable[[str], list[StateHit]]) -> Extract:
    """"What kind of creature is Noodle?": the pet a statement or record calls by a name the question uses
    (`pets_of(member)`: that member's pet statements and records, oldest first)."""
    words = {w.lower() for w in re.findall(r"[A-Za-z][\w'-]+", self.plan.question)} - {
        w.lower() for w in self.roster.name_words()}
    for r in rows:
        found = [h for h in pets_of(r.id) if called(self, h) & words]
        if found:
            h = found[-1]
            if unknown_kind(h.value) and \
                    not re.search(r"(?i)\bwho(?:se|m)?\b", self.plan.question):
                # only "a pet" is known of it: its kind or breed is not in memory (whose it is, is)
                return Extract(NOT_IN_MEMORY, abstained=True)
            # "what sort of animal is Biscuit?" -> "whippet called Biscuit, a dog": the everyday kind too
            kind = lexical.everyday_kind((h.value or "").split()[-1]) if h.value else None
            text = pet_text(self, h)
            extra = f", a {kind}" if kind and kind not in text.lower() else ""
            return Extract(f"{text}{extra} ({self.name(r.id)}'s)", participant=r.id, cited=h.message_ids,
                           confidence=1.0, rows={r.id: ([h], [])})
    return Extract(NOT_IN_MEMORY, abstained=True)


def pet_text(self: Any, h: StateHit) -> str:
    """A pet as an answer: its kind and, when known, its name ("corgi called Pudding")."""
    name = pet_name(self, h)
    kind = h.value or ""
    # a word for a young animal names the grown kind too ("kitten (cat)"): the kitten is a cat now or soon
    grown = lexical.young_of(kind.split()[-1].lower()) if kind else None
    if grown and grown not in kind.lower():
        kind = f"{kind} ({grown})"
    if kind and asks_breed(parsed(self.plan.question)):  # "what breed is her dog?": the narrower kind its lines name
        breed = next((b for m in h.message_ids if m in self.msgs
                      if (b := breed_in(parsed(self.msgs[m]["text"] or ""), grown or kind.split()[-1]))), None)
        if breed and breed not in kind.lower():
            kind = f"{breed} ({kind})"
    return f"{kind} called {name}" if name and kind and name.lower() not in kind.lower() else kind


def distinct_pets(self: Any, hits: list[StateHit], same_value: Callable[[str | None, str | None], bool],
                  gone: Callable[[StateHit], bool]) -> list[StateHit]:
    """One hit per animal kept now, newest first. Named animals are told apart by name alone (two cats, or one
    dog said to be a collie later), each by its newest word: left out when that word says it is gone (`gone`:
    it died). A mention without a name stands for an animal of its kind only where no named one of that kind
    is known, and is left out when its kind's newest unnamed word says it is gone."""
    newest = list(reversed(hits))
    names = {h.id: pet_name(self, h).lower() for h in newest}
    out: list[StateHit] = []
    done: set[str] = set()
    renamed_kinds: set[str] = set()  # ("renamed the dog X": the dog told of before by another name is X)
    for h in newest:
        name = names[h.id]
        if not name or name in done or (h.value and h.value.split()[-1].lower() in renamed_kinds):
            continue
        done.add(name)
        if (was := renamed_from(self, h)) == "*" and h.value:
            renamed_kinds.add(h.value.split()[-1].lower())
        elif was:
            done.add(was.lower())  # "renamed Nibs to Tansy": Nibs is this animal, told of before
        mine = [x for x in newest if names[x.id] == name]
        if gone(mine[0]):
            continue
        # its kind as said most exactly ("collie", not "pet"; "standard poodle", not "dog")
        known = [x for x in mine if not unknown_kind(x.value)]
        out.append(max(known, key=lambda x: sum(lexical.falls_under(x.value or "", y.value or "") and
                                                not lexical.falls_under(y.value or "", x.value or "") for y in known))
                   if known else mine[0])
    named_kinds = [x.value for x in newest if names[x.id]]
    kinds: list[str | None] = []
    for h in newest:
        if names[h.id] or any(same_value(h.value, k) for k in kinds):
            continue
        kinds.append(h.value)
        # ("got a dog!! ... a standard poodle, X": the unnamed word names the named one more loosely)
        if not gone(h) and not any(same_value(h.value, k) or lexical.falls_under(k or "", h.value or "")
                                   for k in named_kinds):
            out.append(h)
    return out


def renamed_from(self: Any, h: StateHit) -> str:
    """The name a pet hit's own lines say its animal had before a renaming ("renamed Nibs to Tansy": "Nibs"; "*"
    where only its kind is said), else ""."""
    return next((st.renames for mid in h.message_ids if mid in self.msgs for st in self.statements(self.msgs[mid])
                 if st.attribute == "pet" and st.renames), "")


def pet_name(self: Any, h: StateHit) -> str:
    return next(iter(_names(self, h)), "")


def called(self: Any, h: StateHit) -> set[str]:
    """The words of every name a pet hit gives its animal, lower-cased, for matching a question."""
    return {w.lower() for n in _names(self, h) for w in n.split()}


# how a pet record names its animal ("Ana has a budgie (pet, called Salsa and Merengue).")
_CALLED = re.compile(r"called ([^)]+)\)")


def _records(self: Any) -> list[Any]:
    """Every System 2 record the answerer read, current and superseded."""
    return [i for row in self.s2.values() for i in row.get("current", []) + row.get("past", [])]


def _names(self: Any, h: StateHit) -> list[str]:
    """The names a pet hit gives its animal: a record's "called X", the names of its message's statements."""
    if h.kind == "record":
        item = next((i for i in _records(self) if i.id == h.id), None)
        m = _CALLED.search(item.text) if item is not None else None
        if m:
            return [m.group(1).strip()]
    named = [st.name for mid in h.message_ids if mid in self.msgs for st in self.statements(self.msgs[mid])
             if st.attribute == "pet" and st.value == h.value and st.name]
    # the writer read the whole chat around the message ("Kevin" named on the next line): its record says so
    named += [m.group(1).strip() for i in _records(self)
              if (i.attribute or "") == "pet" and set(i.message_ids) & set(h.message_ids)
              and (m := _CALLED.search(i.text))]
    if named or not h.value:
        return named
    # no statement named it: a name the message gives beside the animal word ("a PARROT, Biscuit will ...")
    kind = h.value.split()[-1]
    return [n for mid in h.message_ids if mid in self.msgs
            for n in names_beside(self.msgs[mid]["text"] or "", kind, lambda w: bool(self.roster.find(w)))]


def issue_aliases(self: Any, hits_of: Callable[[str], list[StateHit]]) -> dict[str, set[str]]:
    """A question about one member's animal ("what became of Ana's cat?") is answered by lines that call the
    animal by its name or by another word for it ("Biscuit is going to live with my mum", "all four hens"): each
    issue term naming a kind of animal takes, as aliases, the names and kind words of that member's pets of
    that kind."""
    people = [r.id for r in self.plan.rows if r.kind == "PERSON"]
    if len(people) != 1:
        return {}
    out: dict[str, set[str]] = {}
    pets = None
    for term in self.plan.issue:
        singular = lexical.wordnet().morphy(term, "n") or term
        if not (animal_sense(singular) or lexical.generic_pet(singular)):  # ("chickens": an animal in a later sense)
            continue
        pets = hits_of(people[0]) if pets is None else pets
        kin = [h for h in pets if h.value and lexical.falls_under(h.value, singular)]
        words = {w.lower() for h in kin for n in _names(self, h) for w in n.split() if len(w) > 2}
        words |= {w.lower() for h in kin for w in (h.value or "").split()[-1:]}
        if words - {term}:
            out[term] = words - {term}
    return out


def animal_line_score(self: Any) -> Callable[[dict[str, Any]], float]:
    """A line's score for a question about one member's animal: its coverage of the issue (through the aliases),
    then, among lines covering as much, the member's own newest (a bonus under any step of coverage, over the fused
    rank's tie-break)."""
    owner = next((r.id for r in self.plan.rows if r.kind == "PERSON"), None)
    times = [when(x)[0] for x in self.msgs.values()] or [0.0]
    first, span = min(times), (max(times) - min(times)) or 1.0

    def score(m: dict[str, Any]) -> float:
        own = 0.12 + 0.06 * (when(m)[0] - first) / span if m["speaker"] == owner else 0.0
        return coverage(self.plan.issue, m["text"], self.aliases) + own + 0.01 / (1 + self.rank.get(m["id"], 999))
    return score



def question_names(self: Any) -> list[str]:
    """Words the question may call an animal by (language/animal_talk.names_in_question)."""
    return names_in_question(self.plan.question, lambda w: bool(self.roster.find(w)))


def pet_from_talk(self: Any, names: list[str], owner: str | None) -> Extract:
    """"What kind of animal is Ana's Rufus?" where no statement read Rufus as an animal: the kind the talk that
    uses the name gives it (each line naming it and the two after it; the retriever fetched them), and whose it
    is when the question does not say."""
    for name in names:
        talk = _talk(self, name)
        kinds = kinds_of(name, talk)
        if not kinds:
            continue
        kind = kinds[0]
        who = owner or keeper(name, talk, lambda w: _person_in(self, w))
        of = f" ({self.name(who)}'s)" if who else ""
        cited = list(dict.fromkeys([*kind.message_ids, *(line.id for line, _ in talk)]))
        return Extract(f"{kind.phrase} called {name}{of}", participant=who, cited=cited, confidence=0.8)
    return Extract(NOT_IN_MEMORY, abstained=True)


def _person_in(self: Any, word: str) -> str | None:
    """The member a word names, if any."""
    return next((x.pid for x in self.roster.find(word)), None)


def _line(m: dict[str, Any]) -> Line:
    return Line(m["id"], m.get("speaker") or "", m.get("text") or "")


def name_from_talk(self: Any, pid: str, category: str | None) -> Extract:
    """"What's Ana's gecko called?" where no statement named it: a name said in or beside a line of Ana's (or
    about her) that tells of an animal of the kind asked, whose talk gives it that kind and nobody else as
    keeper (language/animal_talk.py reads both)."""
    found = [a for a in talk_animals(self, category, pid) if a[2] in (pid, None)]
    if not found:
        return Extract(NOT_IN_MEMORY, abstained=True)
    # names put forward for one animal ("my vote: X" - "call her Y" - "ok, Y it is"): the one settled last
    settled = _settled_names(self, [a[0] for a in found])
    found = [a for a in found if a[0] == settled] or found
    name, kind, _, cited = max(found, key=lambda a: a[1].weight)
    return Extract(f"{kind.phrase} called {name}", participant=pid, cited=cited, confidence=0.8)


def _settled_names(self: Any, names: list[str]) -> str | None:
    """Of the names talked of, the last one a line settles ("ok ok Y it is"), as the language layer's decision
    tracker reads the held lines in chat order."""
    from polymem.language.decisions import DecisionTracker

    if len(names) < 2:
        return None
    tracker = DecisionTracker(by_kind=False, animal_names=True)
    last = None
    for m in sorted(self.msgs.values(), key=when):
        for d in tracker.feed(m.get("text") or "", m["id"], m.get("speaker") or "", m.get("time")):
            last = next((n for n in names if n.lower() == (d.value or "").strip().lower()), last)
    return last


def talk_animals(self: Any, category: str | None, pid: str | None = None) -> list[tuple[str, Any, str | None, list[str]]]:
    """Animals the held lines tell of by name, (name, kind, keeper, cited lines): candidates are capitalised
    names in or beside a line that tells of an animal of the category (in that line or the next; only lines by
    or about `pid` when given), kept when their own talk gives them a kind of the category."""
    def fits(phrase: str) -> bool:
        return not category or lexical.generic_pet(category) or lexical.falls_under(phrase, category)

    def member(w: str) -> bool:
        return bool(self.roster.find(w))

    cands: list[str] = []
    for m in self.msgs.values():
        if pid is not None and m.get("speaker") != pid and not self.roster.mentions(m.get("text") or "", pid):
            continue
        before, after = ([self.msgs[i] for i in m.get(f) or [] if i in self.msgs] for f in ("prev_ids", "next_ids"))
        # the animal told of in the line or the one after it ("X stole my toast" / "that whippet is a menace")
        if not any(fits(phrase) for x in (m, *after) for text in [x.get("text") or ""]
                   for phrase in [*(p for _, p, _ in animals(parsed(text))), *(w for w, _ in emoji(text))]):
            continue
        cands += [w for x in (m, *before, *after) for w in names_in(x.get("text") or "", member, chat=True)]
    out = []
    for name in dict.fromkeys(cands):
        talk = _talk(self, name)
        kinds = kinds_of(name, talk)
        # the kind the talk gives it most must be of the category (not a cat's name beside a dog's line)
        if not kinds or not fits(kinds[0].phrase):
            continue
        who = keeper(name, talk, lambda w: _person_in(self, w))
        out.append((name, kinds[0], who, list(dict.fromkeys([*kinds[0].message_ids, *(ln.id for ln, _ in talk)]))))
    return out


def _talk(self: Any, name: str) -> list[tuple[Line, list[Line]]]:
    """Each held line using the name, with the lines after it (FOLLOW of them, where held)."""
    return [(_line(m), [_line(a) for a in walk(self.msgs, m, FOLLOW, "next_ids")])
            for m in sorted((m for m in self.msgs.values() if uses(name, m.get("text") or "")), key=when)]


def pet_keeper(self: Any, pets_of: Callable[[str], list[StateHit]]) -> Extract:
    """"Who's minding Ana's gecko now?", "where does her cat live now?": the keeper the latest retrieved line
    that hands the animal to someone names (language/pet_keeping.keeper_in). The animal is known by the
    question's own words for it (its kind, its name) and, for one member's animal, by the names and kind words
    of that member's pets of that kind. None found: the best-matching line, as for any question."""
    q = parsed(self.plan.question)
    words = {t.lemma_.lower() for t in q if t.pos_ in ("NOUN", "PROPN") and (
        animal_sense(t.lemma_.lower()) or lexical.generic_pet(t.lemma_.lower()))}
    words |= {w.lower() for w in question_names(self)}
    people = [r.id for r in self.plan.rows if r.kind == "PERSON"]
    kept: list[StateHit] = []  # the member's pets the question may mean
    if len(people) == 1:
        for h in pets_of(people[0]):
            if not words & {w for w in (h.value or "").lower().split()} and not unknown_kind(h.value):
                if not any(lexical.falls_under(h.value or "", w) for w in words):
                    continue
            kept.append(h)
            words |= {w.lower() for n in _names(self, h) for w in n.split() if len(w) > 2}
            words |= {w for w in (h.value or "").lower().split()[-1:]}
    words -= {"pet", "animal"}
    if not words:
        return self._generic()
    found = None
    for m in sorted(self.msgs.values(), key=when):
        text = m.get("text") or ""
        if not words & {w.lower().strip(".,!?'’") for w in text.split()} and not any(
                lexical.wordnet().morphy(w.lower().strip(".,!?"), "n") in words for w in text.split()):
            continue
        holder = keeper_in(parsed(text), words, _first_name(self, m))
        if holder:
            found = (holder, m)
    if found is None:
        return self._generic()
    holder, m = found
    # the animal as memory knows it ("budgie called Zeca"), then where it is now
    named = next((pet_text(self, h) for h in reversed(kept) if pet_name(self, h)), None)
    return Extract(f"{named}: with {holder}" if named else f"with {holder}", cited=[m["id"]], confidence=0.8)


def someone_elses(self: Any, pid: str, category: str) -> Extract | None:
    """"Does Ana have a snake?" with no snake of hers known: the newest retrieved line that says whose a snake
    is, when that is someone else ("my flatmate's corn snake", "my neighbour keeps peacocks")."""
    kind = lexical.wordnet().morphy(category.lower(), "n") or category.lower()
    mine = {w.lower() for w in self.name(pid).split()} | {pid.lower()}
    for m in sorted(self.msgs.values(), key=when, reverse=True):
        text = m.get("text") or ""
        if kind not in text.lower():
            continue
        who = kind_keeper_in(parsed(text), kind, _first_name(self, m))
        if who and not set(who.lower().split()) <= mine:  # ("Ana's snake" is hers; "Ana's flatmate's" is not)
            return Extract(f"No: the {kind} belongs to {who}", cited=[m["id"]], confidence=0.8)
    return None


def _first_name(self: Any, m: dict[str, Any]) -> str:
    """The speaker's first name, how "my" in their line is read ("my sister" -> "Ana's sister")."""
    return self.name(m["speaker"]).split()[0] if m.get("speaker") else ""
