"""The no-LLM Writer: explicit statements only, turned into Add/Update/Noop by attribute keys.

Facts come from `extract.py`; this module decides the operation: a single-valued attribute
(city, job, pet, decision:<topic>, opinion per source) with a current head becomes an Update of
that head (or a Noop when the value did not change); anything else is an Add (or a Noop when the
same value is already recorded).
"""

from __future__ import annotations

from dataclasses import dataclass

from polymem.ingest.writer.extract import Extractor, Fact
from polymem.ingest.writer.window import Window
from polymem.schema.records import (
    AddOp,
    NoopOp,
    UpdateOp,
    add_id,
    is_single_valued,
    update_id,
)

Op = AddOp | UpdateOp | NoopOp


def norm_value(v: str | None) -> str:
    v = " ".join((v or "").lower().replace("’", "'").split()).strip(" .!?,")
    for art in ("the ", "a ", "an "):
        if v.startswith(art):
            v = v[len(art):]
    return v


@dataclass
class _Head:
    id: str
    owner: str
    attribute: str | None
    source: str
    event: str
    value: str | None


class RuleWriter:
    """Deterministic Writer over the System 1 graph (messages, speakers, ADDRESSES edges)."""

    name = "rules"

    def __init__(self) -> None:
        self.llm_calls = 0
        self.llm_failures = 0

    def propose(self, window: Window) -> list[Op]:
        heads = [_Head(r.id, r.owner, r.attribute, r.source, r.event, r.value) for r in window.heads]
        ex = Extractor(window)
        ops: list[Op] = []
        for m in window.messages:
            for fact in ex.facts(m):
                op = self._decide(window.space, fact, heads)
                ops.append(op)
                if isinstance(op, AddOp):
                    fact.record_id = add_id(window.space, op)
        return ops

    def _decide(self, space: str, f: Fact, heads: list[_Head]) -> Op:
        keyed = is_single_valued(f.attribute)

        def same_key(h: _Head) -> bool:
            if h.owner != f.owner or h.attribute != f.attribute:
                return False
            if f.attribute == "opinion":  # one current opinion per (source, owner)
                return h.source == f.source
            return keyed or h.event == f.event

        same = [h for h in heads if same_key(h)]
        if any(norm_value(h.value) == norm_value(f.value) for h in same):
            return NoopOp(reason=f"{f.attribute} of {f.owner} already recorded as {f.value!r}")
        head = same[-1] if same else None
        if head is not None and f.weak:
            return NoopOp(reason=f"weak mention of {f.attribute} for {f.owner}; records kept")
        if head is not None and keyed:
            op = UpdateOp(entry_id=head.id, content=f.content, value=f.value, from_ids=f.from_ids,
                          source=f.source if f.source != head.source else None)
            heads.remove(head)
            heads.append(_Head(update_id(space, op), head.owner, head.attribute, f.source, head.event, f.value))
            return op
        op_add = AddOp(layer=f.layer, owner=f.owner, source=f.source, event=f.event, attribute=f.attribute,
                       value=f.value, content=f.content, from_ids=f.from_ids, involves=f.involves, related=f.related)
        heads.append(_Head(add_id(space, op_add), f.owner, f.attribute, f.source, f.event, f.value))
        return op_add
