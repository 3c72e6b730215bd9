"""Deterministic validation of Writer operations before anything is written.

An operation is checked against the roster, the window and the graph's current heads. Invalid
ones come back with a reason (counted and logged by the run loop); valid ones are returned typed,
with names resolved to participant ids.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from polymem.graph.records import RecordRepository
from polymem.ingest.addressee import NameIndex
from polymem.ingest.writer.window import Window
from polymem.schema.records import LAYER_SCOPE, AddOp, NoopOp, Operation, UpdateOp, update_id

_OP = TypeAdapter(Operation)
_GROUP_WORDS = {"group", "the group", "everyone", "all", "we", "us"}


def resolve(who: Any, group: str, people: set[str], index: NameIndex) -> str | None:
    """A participant id, the group id, or None. Accepts ids, names and aliases."""
    if who is None:
        return None
    w = str(who).strip().lstrip("@")
    if w == group or w.lower() in _GROUP_WORDS or w.upper() == group:
        return group
    if w in people:
        return w
    pid = index.lookup(w)
    return pid if pid in people else None


class Invalid(Exception):
    """An operation that must not be written; `reason` is short and stable enough to count."""

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}" if detail else reason)


def _short(e: ValidationError) -> str:
    err = e.errors()[0]
    return f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}"


class Validator:
    def __init__(self, window: Window, repo: RecordRepository) -> None:
        self.w = window
        self.repo = repo
        self.people = {p.id for p in window.roster}
        self.index = NameIndex(window.roster)
        self.window_ids = window.ids
        self.new_ids = {m.id for m in window.messages}
        # Known records (id -> state/owner/layer): prefetched in one read per window, then kept up
        # to date with the ops accepted in this batch (an Update may cite an Add of the same batch).
        self.known: dict[str, dict[str, Any]] = {}

    def prefetch(self, ids: list[str]) -> None:
        missing = [i for i in set(ids) if i not in self.known]
        if missing:
            self.known.update(self.repo.existing(self.w.space, missing))

    def lookup(self, rid: str) -> dict[str, Any] | None:
        if rid not in self.known:
            self.prefetch([rid])
        return self.known.get(rid)

    def accept(self, rid: str, owner: str, layer: str, entry_id: str | None = None) -> None:
        """Record an op accepted into this batch: its id is now known, its head superseded."""
        self.known[rid] = {"id": rid, "state": "current", "owner": owner, "layer": layer}
        if entry_id and entry_id in self.known:
            self.known[entry_id] = {**self.known[entry_id], "state": "superseded"}

    def resolve(self, who: str | None) -> str | None:
        return resolve(who, self.w.group, self.people, self.index)

    def parse(self, raw: Any) -> AddOp | UpdateOp | NoopOp:
        if isinstance(raw, AddOp | UpdateOp | NoopOp):
            return raw
        if not isinstance(raw, dict):
            raise Invalid("not an object", repr(raw)[:80])
        data = {k: v for k, v in raw.items() if v not in (None, "", [])}
        data["op"] = str(data.get("op", "")).lower().strip()
        if data["op"] == "add" and not data.get("event"):
            data["event"] = data.get("attribute") or "general"
        try:
            return _OP.validate_python(data)
        except ValidationError as e:
            raise Invalid("schema", _short(e)) from e

    def check(self, raw: Any) -> AddOp | UpdateOp | NoopOp:
        op = self.parse(raw)
        if isinstance(op, NoopOp):
            return op
        if not op.content.strip():
            raise Invalid("empty content")
        self._check_provenance(op.from_ids)
        if isinstance(op, AddOp):
            return self._check_add(op)
        return self._check_update(op, raw)

    def _check_provenance(self, ids: list[str]) -> None:
        if not ids:
            raise Invalid("no provenance (from_ids empty)")
        outside = [i for i in ids if i not in self.window_ids]
        if outside:
            raise Invalid("from_ids outside the window", ", ".join(map(str, outside[:5])))
        if not set(ids) & self.new_ids:
            raise Invalid("from_ids cite only earlier context, no new message")

    def _check_add(self, op: AddOp) -> AddOp:
        owner, source = self.resolve(op.owner), self.resolve(op.source)
        if owner is None:
            raise Invalid("unknown owner", op.owner)
        if source is None:
            raise Invalid("unknown source", op.source)
        scope = LAYER_SCOPE[op.layer]
        if scope == "PERSON" and owner == self.w.group:
            raise Invalid("layer not valid for scope", f"{op.layer} is PERSON but owner is the group")
        if scope == "GROUP" and owner != self.w.group:
            raise Invalid("layer not valid for scope", f"{op.layer} is GROUP but owner is {owner}")
        involves = []
        for who in op.involves:
            pid = self.resolve(who)
            if pid is None or pid == self.w.group:
                raise Invalid("unknown person in involves", who)
            involves.append(pid)
        return op.model_copy(update={"owner": owner, "source": source, "involves": involves})

    def _check_update(self, op: UpdateOp, raw: Any) -> UpdateOp:
        if self.lookup(update_id(self.w.space, op)):
            return op  # this very version was appended by an earlier run: the loop counts it as done
        head = self.lookup(op.entry_id)
        if head is None:
            raise Invalid("update of unknown record", op.entry_id)
        if head["state"] != "current":
            raise Invalid("update of a superseded record (not a head)", op.entry_id)
        claimed = raw.get("owner") if isinstance(raw, dict) else None
        if claimed and self.resolve(claimed) != head["owner"]:
            raise Invalid("update names another owner than the head's", f"{claimed} vs {head['owner']}")
        source = op.source
        if source is not None:
            source = self.resolve(source)
            if source is None or source == self.w.group:
                raise Invalid("unknown source", str(op.source))
        return op.model_copy(update={"source": source})

    def head(self, entry_id: str) -> dict[str, Any]:
        return self.lookup(entry_id) or {}
