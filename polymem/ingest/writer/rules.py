"""The no-LLM Writer: explicit statements only, turned into Add/Update/Noop by attribute keys.

Facts come from `extract.py`; a decision policy (policy/, default: these rules) picks the operation: a single-valued attribute
(city, job, pet, decision:<topic>, opinion per source) with a current head becomes an Update of
that head (or a Noop when the value did not change); anything else is an Add (or a Noop when the
same value is already recorded).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from polymem.ingest.writer.extract import Extractor, Fact
from polymem.ingest.writer.policy import NOOP, UPDATE, Candidate, DecisionPolicy, Head, History, RulesPolicy
from polymem.ingest.writer.policy.features import observe
from polymem.ingest.writer.window import Window, WindowMessage
from polymem.language import lexical as lex
from polymem.language.pets import kind_of, unknown_kind
from polymem.language.statement_types import BEFORE
from polymem.schema.records import (
    AddOp,
    NoopOp,
    UpdateOp,
    add_id,
    is_single_valued,
    pet_name_key,
    update_id,
)

Op = AddOp | UpdateOp | NoopOp


def norm_value(v: str | None) -> str:
    v = " ".join((v or "").lower().replace("’", "'").split()).strip(" .!?,")
    for art in ("the ", "a ", "an "):
        if v.startswith(art):
            v = v[len(art):]
    return v


class RuleWriter:
    """Deterministic Writer over the System 1 graph (messages, speakers, ADDRESSES edges).

    The operation of each candidate is chosen by a `DecisionPolicy` (default: the rules; a trained small
    policy via `policy=`); the op is then built here and validated by the run loop as always. `trace`, when a
    list, receives each window's starting heads and candidates (the writer's RL training reads them)."""

    def __init__(self, policy: DecisionPolicy | None = None) -> None:
        self.policy: DecisionPolicy = policy or RulesPolicy()
        self.name = "rules" if self.policy.name == "rules" else f"rules+{self.policy.name}"
        self.llm_calls = 0
        self.llm_failures = 0
        self.history: dict[str, History] = {}  # per speaker, over the run
        self.trace: list[dict[str, Any]] | None = None

    def propose(self, window: Window) -> list[Op]:
        heads = [Head(r.id, r.owner, r.attribute, r.source, r.event, r.value, BEFORE in (r.content or ""))
                 for r in window.heads]
        rec: dict[str, Any] | None = None
        if self.trace is not None:
            rec = {"heads": [asdict(h) for h in heads], "people": len(window.roster), "candidates": []}
            self.trace.append(rec)
        ex = Extractor(window)
        ops: list[Op] = []
        for m in window.messages:
            for fact in ex.facts(m):
                if rec is not None:
                    rec["candidates"].append({"message": m.id, "speaker": m.speaker, "addressees": list(m.addressees),
                                              "fact": {k: v for k, v in asdict(fact).items() if k != "record_id"}})
                op = self._decide(window, m, fact, heads)
                ops.append(op)
                if isinstance(op, AddOp):
                    fact.record_id = add_id(window.space, op)
        return ops

    def _decide(self, window: Window, m: WindowMessage, f: Fact, heads: list[Head]) -> Op:
        c = candidate(f, m.speaker, m.addressees, heads, self.history.setdefault(m.speaker, History()),
                      window.group, len(window.roster))
        choice = self.policy.decide(c)
        observe(c)
        return build(window.space, f, c, choice, heads)


def same_key(f: Fact, h: Head) -> bool:
    if h.owner != f.owner or h.attribute != f.attribute:
        return False
    if f.attribute == "opinion":  # one current opinion per (source, owner)
        return h.source == f.source
    if f.attribute == "pet":
        # a named pet is the record of that name; an unnamed mention is any record of its kind (so it adds
        # nothing beside a named one), and a name never merges into an unnamed record of its kind
        mine, theirs = pet_name_key(f.event), pet_name_key(h.event)
        if mine:
            return mine == theirs
        # ("iguana" said of a pet known as a lizard: one animal, said more exactly; not "a dog" after "a collie",
        # which may be a new one)
        return norm_value(h.value) == norm_value(f.value) or kind_of(f.value, h.value)
    return is_single_valued(f.attribute) or h.event == f.event


def candidate(f: Fact, speaker: str, addressees: tuple[str, ...] | list[str], heads: list[Head], history: History,
              group: str, people: int) -> Candidate:
    same = [h for h in heads if same_key(f, h)]
    # a passing mention never replaces a stated value, but does replace one only said to be over, and gives its
    # kind to a pet known only as a pet ("Comet" read as an animal by what he does, then "racing greyhound")
    vague = f.attribute == "pet" and bool(same) and not unknown_kind(f.value) and \
        all((unknown_kind(h.value) or kind_of(f.value, h.value)) and not h.before for h in same)
    # nor does it replace a home known only by its country or state, but it does name the town in it ("moving
    # to Denmark", later "greetings from Aarhus"): the same home, said more exactly
    within = f.attribute == "city" and any(not h.before for h in same) and all(
        h.before or (lex.is_region(h.value) and lex.place_in(f.value, h.value)) for h in same)
    weak = f.weak and not (same and all(h.before for h in same)) and not vague and not within
    # one pet of theirs, now said more exactly ("an iguana" of the lizard Pebble): that record, updated
    exact = f.attribute == "pet" and len(same) == 1 and kind_of(f.value, same[0].value) and not same[0].before
    ended = BEFORE in f.content
    # a pet known by its name has one current record: a later word on it (it died, it was rehomed) replaces it
    return Candidate(owner=f.owner, source=f.source, attribute=f.attribute, value=f.value, event=f.event,
                     content=f.content, weak=weak, keyed=is_single_valued(f.attribute) or exact or (
                         f.attribute == "pet" and (bool(pet_name_key(f.event)) or ended)),
                     same=same, agrees=any(norm_value(h.value) == norm_value(f.value) and
                                           (f.attribute != "pet" or h.before == ended) for h in same),
                     addressees=tuple(addressees), group=group, history=history, people=people)


def build(space: str, f: Fact, c: Candidate, choice: str, heads: list[Head]) -> Op:
    """The operation for the chosen decision; `heads` follows it (an Update replaces its head)."""
    if choice not in c.allowed():
        raise ValueError(f"{choice!r} is not allowed for this candidate ({c.allowed()})")
    if choice == NOOP:
        if c.agrees:
            return NoopOp(reason=f"{f.attribute} of {f.owner} already recorded as {f.value!r}")
        if c.same and f.weak:
            return NoopOp(reason=f"weak mention of {f.attribute} for {f.owner}; records kept")
        return NoopOp(reason=f"{f.attribute} of {f.owner} not written (policy)")
    if choice == UPDATE:
        head = c.same[-1]
        content = f.content
        if f.attribute == "pet" and (name := pet_name_key(head.event)) and "(pet)" in content:
            content = content.replace("(pet)", f"(pet, called {name.title()})")  # the kind said more exactly
        op = UpdateOp(entry_id=head.id, content=content, value=f.value, from_ids=f.from_ids,
                      source=f.source if f.source != head.source else None)
        heads.remove(head)
        heads.append(Head(update_id(space, op), head.owner, head.attribute, f.source, head.event, f.value))
        return op
    op_add = AddOp(layer=f.layer, owner=f.owner, source=f.source, event=f.event, attribute=f.attribute,
                   value=f.value, content=f.content, from_ids=f.from_ids, involves=f.involves, related=f.related)
    heads.append(Head(add_id(space, op_add), f.owner, f.attribute, f.source, f.event, f.value, BEFORE in f.content))
    return op_add
